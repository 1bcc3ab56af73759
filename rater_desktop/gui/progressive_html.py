"""A long document shown a part at a time, so no event-loop turn lays it all out.

Qt lays out a text document on the window's thread: 20,000 characters in hundreds of
lines take it 50-100 ms. :func:`html_parts` cuts the HTML between top-level blocks (and
a paragraph of many ``<br/>`` lines into zero-margin paragraphs of a few lines, which
look the same); :class:`ProgressiveFill` sets the first part and appends the others one
per event-loop turn.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QTextEdit

from rater_desktop.html_parts import html_parts


class ProgressiveFill(QObject):
    """Fills one QTextEdit; a new ``show`` replaces a fill still in progress."""

    def __init__(self, editor: QTextEdit, *, filled: Callable[[], None] | None = None) -> None:
        super().__init__(editor)
        self._editor = editor
        self._parts: list[str] = []
        self._replace = False  # the next part replaces the editor's text (show(now=False))
        self._filled = filled
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)

    @property
    def busy(self) -> bool:
        return bool(self._parts)

    def cancel(self) -> None:
        self._parts = []
        self._timer.stop()

    def show(self, html: str, *, now: bool = True) -> None:
        """Show ``html``: its first part at once, or with ``now=False`` in the next turn
        too (HTML arriving from a worker joins no other work of the turn it lands in)."""
        parts = html_parts(html)
        if not now:
            self._parts, self._replace = list(parts), True
            self._timer.start()
            return
        self._replace = False
        self._editor.setHtml(parts[0])
        self._parts = list(parts[1:])
        if self._parts:
            self._timer.start()
        elif self._filled is not None:
            self._filled()

    def _next(self) -> None:
        if not self._parts:
            return
        if self._replace:
            self._replace = False
            self._editor.setHtml(self._parts.pop(0))
        else:
            cursor = QTextCursor(self._editor.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertBlock()
            cursor.insertHtml(self._parts.pop(0))
        if self._parts:
            self._timer.start()
        elif self._filled is not None:
            self._filled()
