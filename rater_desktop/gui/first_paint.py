"""Run work only once the window has painted, so the rater sees it at once.

A zero-timer after ``show()`` fires *before* the first paint; heavy imports there
(SQLAlchemy, the step panel) would keep the screen empty for a second.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

# If no paint arrives (a hidden or minimised window), start anyway after this long.
FALLBACK_MS = 1500


class _FirstPaintWatcher(QObject):
    def __init__(self, window: QWidget, callbacks: list[Callable[[], None]]) -> None:
        super().__init__(window)
        self._callbacks = callbacks
        self._fired = False
        window.installEventFilter(self)
        QTimer.singleShot(FALLBACK_MS, self._fire)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Paint, QEvent.Type.UpdateRequest):
            # The paint happens while this event is handled; start right after it.
            QTimer.singleShot(0, self._fire)
        return False

    def _fire(self) -> None:
        if self._fired:
            return
        self._fired = True
        parent = self.parent()
        if isinstance(parent, QWidget):
            parent.removeEventFilter(self)
        for callback in self._callbacks:
            callback()


def after_first_paint(window: QWidget, *callbacks: Callable[[], None]) -> None:
    """Call ``callbacks`` in order on the UI thread once ``window`` has painted."""
    _FirstPaintWatcher(window, list(callbacks))
