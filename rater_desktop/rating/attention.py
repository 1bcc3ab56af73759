"""When a failing rule speaks: rules talk after the rater acts.

A rule about a field the rater has not reached yet is a neutral to-do (what is needed, no
red). It speaks with its severity ("Must fix", "Check") once the rater visited that field
(typed in it or focused it, then moved on), or tried to move past its step, or tried to
complete the item. What the footer and ``can_complete`` say is not changed by this: only
how loud a badge is.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Set
from dataclasses import dataclass, field
from enum import StrEnum

from rater_desktop.rating.model import ItemRating, ItemStatus, Step
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.steps import STEP_ORDER, furthest_reached, step_of_rule


class Voice(StrEnum):
    TODO = "todo"  # neutral: what is still needed
    SPEAK = "speak"  # shown with its severity


def covers(visited: str, result_field: str) -> bool:
    """A visited field covers its own results, its parts' (``case_file.checklist`` covers
    ``case_file.checklist.2``, a list covers its span results ``responses.0.claims@3-9``)
    and its parent's (a visited sub-request speaks for "the sub-requests")."""
    return (visited == result_field or visited.startswith(result_field + ".")
            or any(result_field.startswith(visited + sep) for sep in (".", "@")))


def rule_voice(*, result_field: str, step: Step | None, visited_fields: Collection[str],
               insisted_steps: Collection[Step], acknowledged: bool = False) -> Voice:
    """The decision for one failing result (a kept warning was acted on: it speaks)."""
    if acknowledged or step is None or step in insisted_steps:
        return Voice.SPEAK
    if any(covers(v, result_field) for v in visited_fields):
        return Voice.SPEAK
    return Voice.TODO


def steps_left_before(rating: ItemRating) -> set[Step]:
    """Steps the rater has already moved past (saved with the rating, so after a restart
    the earlier steps still speak); every step once the item was complete."""
    if rating.status is ItemStatus.COMPLETE:
        return set(STEP_ORDER)
    furthest = STEP_ORDER.index(furthest_reached(rating))
    return {s for s in STEP_ORDER if STEP_ORDER.index(s) < furthest}


@dataclass
class FocusTrail:
    """Where the keyboard focus left from, across helpers: focus going into a helper (the
    find bar, the screenshot viewer, a dialog, the practice tour) has not moved on from the
    field: a rater searching the responses for the goal is still on "Main goal"."""

    held: frozenset[str] = frozenset()  # the fields focus was in when a helper took it

    def move(self, left: Set[str], entered: Set[str], *, into_helper: bool) -> set[str]:
        """The fields moved on from when focus goes from ``left``'s widget to ``entered``'s
        (none while a helper has it; the held fields once it goes to another field)."""
        if into_helper:
            self.held |= left
            return set()
        gone, self.held = (self.held | left) - entered, frozenset()
        return set(gone)


@dataclass
class Attention:
    """What the rater has acted on in one open item (kept for the session)."""

    visited: set[str] = field(default_factory=set)
    insisted: set[Step] = field(default_factory=set)
    complete_tried: bool = False

    @classmethod
    def for_rating(cls, rating: ItemRating) -> Attention:
        return cls(insisted=steps_left_before(rating),
                   complete_tried=rating.status is ItemStatus.COMPLETE)

    @property
    def moved_on(self) -> bool:
        """The rater tried to leave a step or to complete: "Cannot complete yet" is red."""
        return self.complete_tried or bool(self.insisted)

    def visit(self, fields: Iterable[str]) -> bool:
        """Record visited fields; True if anything new was recorded."""
        new = set(fields) - self.visited
        self.visited |= new
        return bool(new)

    def insist(self, step: Step) -> bool:
        new = step not in self.insisted
        self.insisted.add(step)
        return new

    def try_complete(self) -> None:
        self.complete_tried = True
        self.insisted |= set(STEP_ORDER)

    def field_voice(self, field: str, step: Step) -> Voice:
        """A field's own inline problem (a source that is not a web address) speaks when a
        rule about it would: after the rater left the field, moved past its step or tried
        to complete; never while the first characters are being typed."""
        return rule_voice(result_field=field, step=step, visited_fields=self.visited,
                          insisted_steps=self.insisted)

    def voice(self, result: RuleResult, *, acknowledged: bool = False) -> Voice:
        return rule_voice(result_field=result.field, step=step_of_rule(result.rule_id),
                          visited_fields=self.visited, insisted_steps=self.insisted,
                          acknowledged=acknowledged)
