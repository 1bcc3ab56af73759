"""Active time per item and per step (SD-3), with an injectable monotonic clock.

Time counts between inputs; a gap longer than the idle threshold only counts up to the
threshold (the rater stepped away). ``touch()`` on every input, ``pause()`` when the item
is left or the window loses the rater.
"""

from __future__ import annotations

from collections.abc import Callable

from rater_desktop.rating.model import TimeSpent

Clock = Callable[[], float]
IDLE_THRESHOLD_SECONDS = 120.0


class ItemTimer:
    """Accumulates active seconds into a :class:`TimeSpent` record."""

    def __init__(
        self,
        *,
        clock: Clock,
        step: str,
        spent: TimeSpent | None = None,
        idle_threshold: float = IDLE_THRESHOLD_SECONDS,
    ) -> None:
        self._clock = clock
        self._step = step
        self.spent = spent if spent is not None else TimeSpent()
        self.idle_threshold = idle_threshold
        self._last: float | None = None

    @property
    def step(self) -> str:
        return self._step

    @property
    def running(self) -> bool:
        return self._last is not None

    def _account(self, now: float) -> None:
        if self._last is None:
            return
        gap = max(0.0, now - self._last)
        counted = min(gap, self.idle_threshold)
        self.spent.active_seconds += counted
        steps = self.spent.step_seconds
        steps[self._step] = steps.get(self._step, 0.0) + counted

    def touch(self) -> None:
        """An input happened now. The first touch after a pause starts a new session."""
        now = self._clock()
        if self._last is None:
            self.spent.sessions += 1
        else:
            self._account(now)
        self._last = now

    def switch_step(self, step: str) -> None:
        """Time up to now goes to the old step; from now on to ``step``."""
        self.touch()
        self._step = step

    def pause(self) -> None:
        """Count up to now (capped by the idle threshold) and stop counting."""
        self._account(self._clock())
        self._last = None

    def to_dict(self) -> dict[str, object]:
        return {
            "active_seconds": self.spent.active_seconds,
            "step_seconds": dict(self.spent.step_seconds),
            "sessions": self.spent.sessions,
            "step": self._step,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object], *, clock: Clock) -> ItemTimer:
        from rater_desktop.rating.serialize import _read_timing, _Reader

        reader = _Reader(data, "timing")
        return cls(clock=clock, step=reader.text("step", "case_file"), spent=_read_timing(reader))
