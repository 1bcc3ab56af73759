"""Which of Response A and B the rater has had on screen for the open item.

A narrow window shows the two responses one at a time (tabs, F6 switches), so a rater
can choose between them having read only one. A side counts as viewed the moment its
pane is on screen for the open item: both while they stand side by side, the current
tab while they take turns. No minimum time: a glance is not measured, and a rule the
rater cannot see ("at least 3 s") would only puzzle; what the note catches is the side
that was never shown at all. Sides are display labels (what the rater reads as "A").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

SIDES = ("A", "B")
# The Qt property naming the response (display label) a rating block rates.
SIDE_PROPERTY = "responseSide"


def sides_on_screen(*, tabbed: bool, current: str) -> frozenset[str]:
    """The sides shown now: both side by side, only ``current`` while they take turns."""
    return frozenset({current}) if tabbed else frozenset(SIDES)


def side_to_follow(focus_side: str | None, shown: frozenset[str]) -> str | None:
    """The response to bring forward as the focus moves into a rating field of
    ``focus_side`` (None: a field of neither side), or None to leave the panes as they
    are. Taking turns, rating Response B beside Response A's text (F6 forgotten) judges B
    from A's words; side by side both already show."""
    if focus_side not in SIDES or focus_side in shown:
        return None
    return focus_side


@dataclass(frozen=True)
class ViewedSides:
    """The sides seen of one item, and whether the rater was already asked about it."""

    item_id: str | None = None
    seen: frozenset[str] = frozenset()
    asked: bool = False

    def unseen(self) -> tuple[str, ...]:
        """The sides never on screen for this item, A before B."""
        if self.item_id is None:
            return ()
        return tuple(side for side in SIDES if side not in self.seen)


def viewed_after(viewed: ViewedSides, *, item_id: str | None,
                 on_screen: Iterable[str]) -> ViewedSides:
    """``viewed`` once ``on_screen`` showed for ``item_id`` (another item starts afresh)."""
    shown = frozenset(side for side in on_screen if side in SIDES)
    if item_id != viewed.item_id:
        return ViewedSides(item_id=item_id, seen=shown if item_id is not None else frozenset())
    return ViewedSides(item_id=item_id, seen=viewed.seen | shown, asked=viewed.asked)


def unseen_note(viewed: ViewedSides, *, chosen: bool, complete: bool, switch_key: str) -> str:
    """The line under the choice: which response was not viewed and how to view it ("" when
    nothing is to say: no choice yet, both viewed, or the item already complete)."""
    unseen = viewed.unseen()
    if not chosen or complete or not unseen:
        return ""
    if len(unseen) == len(SIDES):
        return f"Neither response was viewed: press {switch_key} to switch between them."
    side = unseen[0]
    return (f"Response {side} was not viewed: press {switch_key} or click its tab "
            f"to view it before completing.")


@dataclass(frozen=True)
class CompleteQuestion:
    """What completing should do: ``ask`` about ``side`` first, or go on."""

    ask: bool
    side: str = ""
    viewed: ViewedSides = field(default_factory=ViewedSides)


def before_complete(viewed: ViewedSides, *, would_complete: bool) -> CompleteQuestion:
    """Completing with a side never viewed asks once per item; not when the item would not
    be completed now (complete already, or a rule blocks: the panel says why)."""
    unseen = viewed.unseen()
    if not would_complete or viewed.asked or not unseen:
        return CompleteQuestion(ask=False, viewed=viewed)
    return CompleteQuestion(ask=True, side=unseen[0],
                            viewed=ViewedSides(viewed.item_id, viewed.seen, asked=True))
