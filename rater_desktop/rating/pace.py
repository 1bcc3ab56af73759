"""Session pace and "what next": plain functions the window's status bar and the
"complete and go to the next unfinished item" key use."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median


def next_unfinished(ids: Sequence[str], current: str | None,
                    state_of: Callable[[str], str]) -> str | None:
    """The first item after ``current`` (wrapping around) whose state is not complete."""
    if not ids:
        return None
    start = ids.index(current) + 1 if current in ids else 0
    for offset in range(len(ids)):
        item_id = ids[(start + offset) % len(ids)]
        if item_id != current and state_of(item_id) != "complete":
            return item_id
    return None


def completed_in_session(done: frozenset[str], *, item_id: str, kind: str,
                         complete: bool) -> frozenset[str]:
    """Items completed in this session after a change of ``kind`` to ``item_id``.

    Opening an item found complete (done in an earlier session) adds nothing: after a
    restart the first item opened was counted and the pace read "60.0 items/h" with
    nothing done. A change that completes an item adds it; one that reopens it drops it.
    """
    if kind == "open":
        return done
    return done | {item_id} if complete else done - {item_id}


@dataclass(frozen=True)
class Pace:
    """Items completed per hour in this session and the median active minutes per item."""

    per_hour: float | None
    median_minutes: float | None

    def text(self) -> str:
        rate = f"{self.per_hour:.1f} items/h" if self.per_hour is not None else "\u2013 items/h"
        typical = (f"median {per_item_text(self.median_minutes)}/item"
                   if self.median_minutes is not None else "median \u2013")
        return f"Pace {rate} \u00b7 {typical}"


def per_item_text(minutes: float) -> str:
    """Minutes with one decimal; under a minute in whole seconds ("0.0 min" said nothing)."""
    if minutes < 1.0:
        return f"{max(1, round(minutes * 60))} s"
    return f"{minutes:.1f} min"


def session_pace(*, completed: int, started_at: float, now: float,
                 active_seconds: Sequence[float]) -> Pace:
    """``completed`` items in this session since ``started_at``; ``active_seconds`` of
    every completed item of the batch (the rated time, idle time left out)."""
    hours = max(now - started_at, 60.0) / 3600.0  # no wild rates in the first minute
    per_hour = completed / hours if completed else None
    minutes = [s / 60.0 for s in active_seconds if s > 0]
    return Pace(per_hour, median(minutes) if minutes else None)
