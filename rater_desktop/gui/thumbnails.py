"""Screenshot thumbnails that decode only when they first become visible."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QImage, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.frames import Frame
from rater_desktop.gui.icons import icon
from rater_desktop.gui.image_loader import THUMB_SIDE, ImageLoader

CAPTION_LINES = 3


class ThumbnailButton(QFrame):
    """A clickable thumbnail; placeholder until the image is decoded in the background."""

    clicked = Signal()

    def __init__(self, loader: ImageLoader, path: str | None, *, size: QSize,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self._path = path
        self._pixmap: QPixmap | None = None
        self._error = ""
        self._requested = False
        self.setFixedSize(size)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setProperty("thumbnail", True)
        if path is None:
            self._error = "no screenshot"

    @property
    def is_loaded(self) -> bool:
        return self._pixmap is not None

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._requested and self._path is not None:
            # Requested on first paint, so only thumbnails scrolled into view decode.
            self._requested = True
            self._loader.request(self._path, THUMB_SIDE, self._on_image)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        area = self.contentsRect().adjusted(3, 3, -3, -3)
        if self._pixmap is not None:
            scaled = self._pixmap.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
            target = QRect(0, 0, scaled.width(), scaled.height())
            target.moveCenter(area.center())
            painter.drawPixmap(target, self._pixmap)
        else:
            name = "image-broken" if self._error else "image-placeholder"
            icon(name).paint(painter, area.adjusted(area.width() // 3, area.height() // 3,
                                                    -area.width() // 3, -area.height() // 3))
        painter.end()

    def _on_image(self, image: QImage | None, error: str) -> None:
        if image is not None:
            self._pixmap = QPixmap.fromImage(image)
        else:
            self._error = error
            self.setToolTip(f"Screenshot could not be shown: {error}")
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
                event.position().toPoint()):
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.clicked.emit()
            return
        super().keyPressEvent(event)


class ScreenshotStrip(QScrollArea):
    """A horizontal strip of screenshot thumbnails with captions."""

    frameActivated = Signal(int)

    def __init__(self, loader: ImageLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self.thumbnails: list[ThumbnailButton] = []
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.viewport().setProperty("role", "paneContent")

    def set_frames(self, frames: Sequence[Frame], *, side: str) -> None:
        content = QWidget()
        content.setProperty("role", "paneContent")
        row = QHBoxLayout(content)
        row.setContentsMargins(0, 2, 0, 2)
        row.setSpacing(10)
        self.thumbnails = []
        for index, frame in enumerate(frames):
            row.addWidget(self._cell(frame, index, side))
        row.addStretch(1)
        self.setWidget(content)
        self.setFixedHeight(content.sizeHint().height() + 16)

    def _cell(self, frame: Frame, index: int, side: str) -> QWidget:
        cell = QWidget()
        column = QVBoxLayout(cell)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        thumb = ThumbnailButton(self._loader, frame.path, size=QSize(168, 105))
        thumb.setObjectName(f"screenshotThumb{side}{index}")
        thumb.setAccessibleName(f"Response {side} screenshot {index + 1}: {frame.caption}")
        thumb.setToolTip(frame.caption)
        thumb.clicked.connect(lambda i=index: self.frameActivated.emit(i))
        self.thumbnails.append(thumb)
        caption = QLabel()
        caption.setTextFormat(Qt.TextFormat.PlainText)
        caption.setProperty("role", "caption")
        caption.setFixedWidth(168)
        caption.setWordWrap(True)
        metrics = caption.fontMetrics()
        # At most CAPTION_LINES lines: cut long captions rather than clip a half line.
        caption.setText(metrics.elidedText(frame.caption, Qt.TextElideMode.ElideRight,
                                           168 * CAPTION_LINES - 40))
        caption.setMaximumHeight(metrics.lineSpacing() * CAPTION_LINES + 2)
        column.addWidget(thumb)
        column.addWidget(caption)
        return cell
