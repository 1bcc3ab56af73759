"""The Change record every RatingService write returns and broadcasts."""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.rating.rules.base import RuleResult


@dataclass(frozen=True)
class Change:
    """What one call changed. ``accepted`` is False when the call was refused.

    ``fields`` names the touched parts (e.g. ``responses.1.tc``, ``case_file.main_goal``,
    ``*`` for a freshly opened item); ``results`` are all rule results after the call.
    """

    item_id: str
    kind: str  # open, edit, undo, redo, step, status, batch, rules (a worker's results)
    fields: tuple[str, ...] = ()
    results: tuple[RuleResult, ...] = ()
    accepted: bool = True
    reasons: tuple[str, ...] = ()
    created_id: str | None = None
    notice: str = ""  # a side effect the rater must see (e.g. the item was reopened)

    @property
    def refused(self) -> bool:
        return not self.accepted
