"""Run work only once the window has painted, so the rater sees it at once.

A zero-timer after ``show()`` fires *before* the first paint; heavy imports there
(SQLAlchemy, the step panel) would keep the screen empty for a second.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

# If no paint arrives (a hidden or minimised window), start anyway after this long.
FALLBACK_MS = 1500


class _FirstPaintWatcher(QObject):
    def __init__(self, window: QWidget, callbacks: list[Callable[[], None]]) -> None:
        super().__init__(window)
        self._callbacks = callbacks
        self._fired = False
        window.installEventFilter(self)
        QTimer.singleShot(FALLBACK_MS, self, self._fire)  # dies with the window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Paint, QEvent.Type.UpdateRequest):
            # The paint happens while this event is handled; start right after it.
            QTimer.singleShot(0, self, self._fire)
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


def settle_layout(rounds: int = 3) -> None:
    """Run the layout passes that widgets just filled have asked for, before the next paint.

    Opening the first item after the first paint leaves the prompt header at a transitional
    height (its text wraps at a width not yet laid out) and the window painted that state
    for a frame or two at start (seen under Xvfb). Each round may ask for another (a header
    fitting its text); a round with nothing to do costs nothing.
    """
    for _ in range(rounds):
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
