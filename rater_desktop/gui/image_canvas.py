"""A zoomable, pannable screenshot with the step's click point and target box drawn on it."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from rater_desktop.batch.model import Box, Point

ZOOM_STEP = 1.25
MIN_ZOOM = 0.05
MAX_ZOOM = 16.0
CLICK_RADIUS = 14.0


def overlay_scale(image_width: int, source_width: int) -> float:
    """Factor from step coordinates (screenshot file pixels) to the decoded, maybe smaller,
    image."""
    return image_width / source_width if source_width > 0 else 1.0


class ImageCanvas(QGraphicsView):
    """Shows one image; wheel zooms around the cursor, dragging pans."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewerCanvas")
        self.setAccessibleName("Screenshot")
        self._scene = QGraphicsScene(self)
        self.setScene(self._scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pixmap_item = QGraphicsPixmapItem()
        self._pixmap_item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._scene.addItem(self._pixmap_item)
        self._message = QGraphicsSimpleTextItem()
        self._scene.addItem(self._message)
        self._overlay: list[QGraphicsEllipseItem | QGraphicsRectItem] = []
        self.overlay_visible = True
        self.fit_mode = True

    @property
    def has_image(self) -> bool:
        return not self._pixmap_item.pixmap().isNull()

    @property
    def zoom(self) -> float:
        return float(self.transform().m11())

    def show_message(self, text: str) -> None:
        """Clear the image and show ``text`` (loading, missing, failed)."""
        self._pixmap_item.setPixmap(QPixmap())
        self._clear_overlay()
        self._message.setText(text)
        self._message.setBrush(self.palette().text())
        self._message.setVisible(True)
        self._scene.setSceneRect(self._message.boundingRect())
        self.resetTransform()
        self.centerOn(self._message)

    def set_image(self, image: QImage) -> None:
        self._message.setVisible(False)
        self._pixmap_item.setPixmap(QPixmap.fromImage(image))
        self._scene.setSceneRect(QRectF(0, 0, image.width(), image.height()))
        self._clear_overlay()
        if self.fit_mode:
            self.fit()

    def set_overlay(self, *, click: Point | None, bbox: Box | None, scale: float) -> None:
        """Draw the target box and click point (in image pixels after ``scale``)."""
        self._clear_overlay()
        accent = QColor("#e5484d")
        if bbox is not None:
            rect = QGraphicsRectItem(bbox.x * scale, bbox.y * scale,
                                     bbox.width * scale, bbox.height * scale)
            # Amber stands out on the blues and greens most web pages use.
            pen = QPen(QColor("#f59e0b"), 2, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            rect.setPen(pen)
            rect.setBrush(QColor(245, 158, 11, 45))
            self._overlay.append(rect)
        if click is not None:
            r = CLICK_RADIUS * max(scale, 0.5)
            dot = QGraphicsEllipseItem(click.x * scale - r, click.y * scale - r, 2 * r, 2 * r)
            pen = QPen(accent, 3)
            pen.setCosmetic(True)
            dot.setPen(pen)
            dot.setBrush(QColor(229, 72, 77, 60))
            self._overlay.append(dot)
        for item in self._overlay:
            item.setZValue(10)
            item.setVisible(self.overlay_visible)
            self._scene.addItem(item)

    def overlay_item_count(self) -> int:
        return len(self._overlay)

    def set_overlay_visible(self, visible: bool) -> None:
        self.overlay_visible = visible
        for item in self._overlay:
            item.setVisible(visible)

    def _clear_overlay(self) -> None:
        for item in self._overlay:
            self._scene.removeItem(item)
        self._overlay = []

    def set_zoom(self, factor: float) -> None:
        factor = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        self.fit_mode = False
        self.setTransform(self.transform().fromScale(factor, factor))

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP)

    def actual_size(self) -> None:
        self.set_zoom(1.0)

    def zoom_to(self, x: float, y: float, width: float, height: float) -> None:
        """Show the rectangle (scene pixels) large, with room around it to see where it is."""
        margin = max(width, height) * 0.6
        self.fit_mode = False
        self.fitInView(QRectF(x - margin, y - margin, width + 2 * margin, height + 2 * margin),
                       Qt.AspectRatioMode.KeepAspectRatio)

    def fit(self) -> None:
        self.fit_mode = True
        if self.has_image:
            self.fitInView(self._pixmap_item, Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta == 0:
            return
        self.set_zoom(self.zoom * (ZOOM_STEP if delta > 0 else 1 / ZOOM_STEP))
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit_mode:
            self.fit()
