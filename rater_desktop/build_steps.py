"""A build cut into parts: a generator that yields between its parts (issue 22).

A window that spreads a build over event-loop turns calls ``step`` once a turn; anything
that needs the result before the last turn calls ``finish``, which runs the parts left at
once. Either way each part runs exactly once, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Parts = Callable[[], Iterator[None]]


class Steps:
    """Runs the parts of ``build`` (a generator function) one ``step`` at a time."""

    def __init__(self, build: Parts) -> None:
        self._build = build
        self._parts: Iterator[None] | None = None
        self.done = False

    def step(self) -> None:
        """Run the next part (``done`` after the last)."""
        if not self.done:
            if self._parts is None:
                self._parts = self._build()
            self.done = next(self._parts, StopIteration) is StopIteration

    def finish(self) -> None:
        """Run every part left now."""
        while not self.done:
            self.step()
