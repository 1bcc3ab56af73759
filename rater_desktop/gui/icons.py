"""SVG icons from ``resources/icons`` (crisp at any device pixel ratio)."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QIconEngine, QPainter, QPixmap

from rater_desktop.paths import resource_file

STATUS_ICON_NAMES = {
    "not_started": "status-not-started",
    "in_progress": "status-in-progress",
    "complete": "status-complete",
    "flagged": "status-flagged",
}


@cache
def icon(name: str) -> QIcon:
    """The icon ``resources/icons/<name>.svg``; an empty icon if the file is missing."""
    path = resource_file("icons", f"{name}.svg")
    return QIcon(str(path)) if path.is_file() else QIcon()


def status_icon(state: str, backing: str | None = None) -> QIcon:
    """The item state's icon; with ``backing`` (a colour name), on a selected row it is
    drawn as it is on a disc of that colour: Qt's selected mode tinted it toward the
    selection (1.3:1 on the dark theme's blue), the current item's state unreadable."""
    name = STATUS_ICON_NAMES.get(state, "status-not-started")
    return icon(name) if backing is None else _on_disc(name, backing)


@cache
def _on_disc(name: str, backing: str) -> QIcon:
    return QIcon(_OnDisc(icon(name), QColor(backing)))


class _OnDisc(QIconEngine):
    """Paints ``plain`` untinted; in the selected mode on a disc of ``backing``."""

    def __init__(self, plain: QIcon, backing: QColor) -> None:
        super().__init__()
        self._plain = plain
        self._backing = backing

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        if mode == QIcon.Mode.Selected:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self._backing)
            painter.drawEllipse(QRectF(rect))
            painter.restore()
            mode = QIcon.Mode.Normal
        self._plain.paint(painter, rect, Qt.AlignmentFlag.AlignCenter, mode, state)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)  # Qt's default leaves it uninitialised
        painter = QPainter(pixmap)
        self.paint(painter, QRect(QPoint(0, 0), size), mode, state)
        painter.end()
        return pixmap

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State,  # noqa: N802
                     scale: float) -> QPixmap:
        pixmap = self.pixmap(size * scale, mode, state)  # crisp on a scaled screen
        pixmap.setDevicePixelRatio(scale)
        return pixmap

    def clone(self) -> QIconEngine:
        return _OnDisc(self._plain, self._backing)
