"""A status bar whose messages shorten with an ellipsis instead of being cut off.

A message ("Ratings backed up to /a/long/path…") shares the bar with the permanent labels
(batch fingerprint, save state, progress, pace); in a narrow window Qt cuts it wherever the
labels begin. Here it is shortened in the middle (a path keeps its start and file name), the
whole text is the bar's tooltip, and it is fitted again when the window is resized.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QMainWindow, QStatusBar, QWidget

GAP = 12  # between the message and the first permanent label


class ElidingStatusBar(QStatusBar):
    """``showMessage`` fits the message to the room the permanent labels leave."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._timeout = 0
        self._shown = QElapsedTimer()
        self.messageChanged.connect(self._message_changed)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:  # noqa: N802
        self._full = text
        self._timeout = timeout or 0
        self._shown.start()
        self._show_fitted(self._timeout)

    def currentMessage(self) -> str:  # noqa: N802 - Qt's name
        """The whole message being shown (what the bar shows may be shortened)."""
        return self._full if super().currentMessage() else ""

    def shown_message(self) -> str:
        """The message as the bar shows it, shortened to its room."""
        return super().currentMessage()

    def room(self) -> int:
        """Width left of the permanent labels (the message's part of the bar)."""
        lefts = [child.x() for child in self.findChildren(
                     QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
                 if child.isVisible() and not child.isWindow() and child.x() > 0]
        return max(0, min(lefts, default=self.width()) - GAP)

    def _show_fitted(self, timeout: int) -> None:
        fitted = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle,
                                               self.room())
        super().showMessage(fitted, timeout)
        self.setToolTip(self._full if fitted != self._full else "")

    def _message_changed(self, text: str) -> None:
        if not text:  # timed out or cleared
            self._full = ""
            self.setToolTip("")

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:  # noqa: N802
        super().addPermanentWidget(widget, stretch or 0)
        widget.installEventFilter(self)  # a label shown later takes room from the message

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.Move):
            self._refit()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._refit()

    def _refit(self) -> None:
        if not self._full or not self.shown_message():
            return
        left = 0
        if self._timeout > 0:
            left = self._timeout - int(self._shown.elapsed())
            if left <= 0:
                return
        self._show_fitted(left)


def install_status_bar(window: QMainWindow) -> QStatusBar:
    """Give ``window`` an eliding status bar (before any label is added to it)."""
    bar = ElidingStatusBar(window)
    window.setStatusBar(bar)
    return bar
