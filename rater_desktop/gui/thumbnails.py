"""Screenshot thumbnails that decode only when they first become visible."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.icons import icon
from rater_desktop.gui.image_loader import THUMB_SIDE, ImageLoader
from rater_desktop.response_frames import Frame

CAPTION_LINES = 3
# A cell's thumbnail (16:10, like the screenshots); its caption is as wide as the image.
CELL_THUMB = (168, 105)


class ThumbnailButton(QFrame):
    """A clickable thumbnail; placeholder until the image is decoded in the background."""

    clicked = Signal()
    contextRequested = Signal(QPoint)  # global position: the owner builds the menu

    def __init__(self, loader: ImageLoader, path: str | None, *, size: QSize,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self._path = path
        self._pixmap: QPixmap | None = None
        self._error = ""
        self._requested = False
        self._generation = loader.generation
        self.setFixedSize(size)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setProperty("thumbnail", True)
        if path is None:
            self._error = "no screenshot"

    @property
    def is_loaded(self) -> bool:
        return self._pixmap is not None

    @property
    def path(self) -> str | None:
        return self._path

    def set_path(self, path: str | None) -> None:
        """Show another screenshot in this button (reused across items)."""
        if path == self._path and not self._error and \
                self._generation == self._loader.generation:
            return  # same image of the same batch: keep it
        self._generation = self._loader.generation
        self._path = path
        self._pixmap = None
        self._requested = False
        self._error = "" if path is not None else "no screenshot"
        self.setToolTip("")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._requested and self._path is not None and self.isEnabled():
            # Requested on first paint, so only thumbnails scrolled into view decode; not
            # while a cover hides the pane (it is disabled then, CF-1): at start-up those
            # decodes competed with making the rating panel usable. Enabling repaints.
            self._requested = True
            path = self._path
            self._loader.request(path, THUMB_SIDE,
                                 lambda image, error: self._on_image_for(path, image, error))
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

    def _on_image_for(self, path: str, image: QImage | None, error: str) -> None:
        if path == self._path:  # else the button shows another screenshot by now
            self._on_image(image, error)

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

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        event.accept()
        self.contextRequested.emit(event.globalPos())


class _Cell(QWidget):
    """One thumbnail with its caption; kept and refilled when the item changes."""

    def __init__(self, loader: ImageLoader) -> None:
        super().__init__()
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        self.thumb = ThumbnailButton(loader, None, size=QSize(*CELL_THUMB))
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setProperty("role", "caption")
        self.caption.setFixedWidth(self.thumb.minimumWidth())
        self.caption.setWordWrap(True)
        metrics = self.caption.fontMetrics()
        self.caption.setMaximumHeight(metrics.lineSpacing() * CAPTION_LINES + 2)
        column.addWidget(self.thumb)
        column.addWidget(self.caption)

    def fill(self, frame: Frame, index: int, side: str) -> None:
        thumb = self.thumb
        thumb.set_path(frame.path)
        thumb.setObjectName(f"screenshotThumb{side}{index}")
        thumb.setAccessibleName(f"Response {side} screenshot {index + 1}: {frame.caption}")
        thumb.setToolTip(frame.caption)
        # At most CAPTION_LINES lines: cut long captions rather than clip a half line.
        room = self.caption.width() * CAPTION_LINES - 40
        self.caption.setText(self.caption.fontMetrics().elidedText(
            frame.caption, Qt.TextElideMode.ElideRight, room))


class ScreenshotStrip(QScrollArea):
    """A horizontal strip of screenshot thumbnails with captions.

    The cells are reused from item to item (only more are added when an item has more
    screenshots): rebuilding them cost a few milliseconds of every item switch.
    """

    frameActivated = Signal(int)
    frameContextRequested = Signal(int, QPoint)  # screenshot index, global position

    def __init__(self, loader: ImageLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loader = loader
        self.thumbnails: list[ThumbnailButton] = []
        self._cells: list[_Cell] = []
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.viewport().setProperty("role", "paneContent")
        self._content = QWidget()
        self._content.setProperty("role", "paneContent")
        self._row = QHBoxLayout(self._content)
        self._row.setContentsMargins(0, 2, 0, 2)
        self._row.setSpacing(10)
        self._row.addStretch(1)
        self.setWidget(self._content)

    def set_frames(self, frames: Sequence[Frame], *, side: str) -> None:
        while len(self._cells) < len(frames):
            cell = _Cell(self._loader)
            index = len(self._cells)
            cell.thumb.clicked.connect(lambda i=index: self.frameActivated.emit(i))
            cell.thumb.contextRequested.connect(
                lambda pos, i=index: self.frameContextRequested.emit(i, pos))
            self._row.insertWidget(index, cell)
            self._cells.append(cell)
        for index, cell in enumerate(self._cells):
            if index < len(frames):
                cell.fill(frames[index], index, side)
            cell.setVisible(index < len(frames))
        self.thumbnails = [cell.thumb for cell in self._cells[:len(frames)]]
        self.horizontalScrollBar().setValue(0)
        self.setFixedHeight(self._content.sizeHint().height() + 16)
