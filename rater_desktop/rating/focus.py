"""Where the keyboard goes after the rater moves (no Qt): typing right after a move must
land in the field the rater looks at, never on a button and never in front of their text.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from rater_desktop.rating.change import Change
from rater_desktop.rating.model import Claim, ClaimRating, Step
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.steps import step_of_field


class FocusAim(StrEnum):
    FIRST_FIELD = "first_field"  # the top of the step, where the eye lands
    FIRST_UNANSWERED = "first_unanswered"  # the next question of a step just reached


def focus_aim(*, kind: str, accepted: bool, focus_kept: bool) -> FocusAim | None:
    """The field a change sends the focus to, or None to leave it where it is.

    Opening an item (Alt+Left/Right, the item list's Enter) goes to the current step's
    first field: a returning rater goes on where the page starts, not at a field further
    down that happens to be empty. Moving to a step goes to its first unanswered question.
    An item opened from the item list (``focus_kept``) leaves the focus there.
    """
    if not accepted:
        return None
    if kind == "open":
        return None if focus_kept else FocusAim.FIRST_FIELD
    if kind == "step":
        return FocusAim.FIRST_UNANSWERED
    return None



def created_to_focus(change: Change) -> str | None:
    """The id of what an accepted change created (a claim from Ctrl+M or a suggestion's
    Add): its card takes the keyboard, so O/S answer it at once."""
    return change.created_id if change.accepted else None


def step_in_group(index: int, count: int, *, forward: bool) -> int:
    """The option an arrow key moves to in a single-choice group of ``count`` options
    (Down/Right forward, Up/Left back; it stops at either end). The arrow chooses it too,
    as a radio group does elsewhere: Tab moves between questions, arrows within one."""
    if count <= 0:
        return index
    return max(0, min(count - 1, index + (1 if forward else -1)))


def sources_optional(claim: Claim) -> bool:
    """A fact check's empty source box is no question left to answer (Ctrl+Shift+R and a
    step reached skip it) when a cited screenshot or step already proves the claim or
    the claim is rated Cannot Confidently Assess: FC-6 asks for no web address then."""
    return bool(claim.shown_evidence) or claim.rating is ClaimRating.CCA


def blocked_fields(results: Iterable[RuleResult], step: Step) -> list[str]:
    """The fields of ``step`` a blocking rule still holds up, answered or not (a
    justification too short): Ctrl+Shift+R's next question may be one of them."""
    return [r.field for r in results if r.blocking and step_of_field(r.field) is step]
