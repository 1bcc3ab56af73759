"""Work on the QA window's thread done a part per event-loop turn (issue 22): a tab's first
build, Compare's raters' answers table, the Dashboard's charts and tables. Between two
parts the window paints and answers input, so no turn holds it for the whole job.

Each part runs from a 0 ms QTimer, as ``second_turn`` and ``progressive_html`` do: a turn
of its own, not a queued call that may share the turn it was posted in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QTimer

Part = Callable[[], None]


class InParts(QObject):
    """A queue of parts, one run per turn; ``start`` replaces a job still in progress."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._parts: list[Part] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next)
        self.turns = 0  # parts run since the last start (tests)

    @property
    def pending(self) -> bool:
        """Parts still wait for their turn."""
        return bool(self._parts)

    def start(self, parts: Iterable[Part]) -> None:
        """Run ``parts`` one per turn from the next turn on, instead of any still waiting."""
        self._parts = list(parts)
        self.turns = 0
        if self._parts:
            self._timer.start()
        else:
            self._timer.stop()

    def add(self, part: Part) -> None:
        """Run ``part`` after the parts already waiting."""
        self._parts.append(part)
        if not self._timer.isActive():
            self._timer.start()

    def finish(self) -> None:
        """Run every waiting part now (a caller needs the job done)."""
        self._timer.stop()
        while self._parts:
            self._run_one()

    def cancel(self) -> None:
        self._parts = []
        self._timer.stop()

    def _next(self) -> None:
        if self._parts:
            self._run_one()
        if self._parts:
            self._timer.start()

    def _run_one(self) -> None:
        part = self._parts.pop(0)
        self.turns += 1
        part()
