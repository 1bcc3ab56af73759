"""Which responses the rater had on screen for the open item (compact window: one at a
time), the note under the choice and the once-per-item question before completing."""

from __future__ import annotations

from rater_desktop.viewed_sides import (
    ViewedSides,
    before_complete,
    side_to_follow,
    sides_on_screen,
    unseen_note,
    viewed_after,
)


def test_side_by_side_both_are_on_screen_tabbed_only_the_current() -> None:
    assert sides_on_screen(tabbed=False, current="A") == {"A", "B"}
    assert sides_on_screen(tabbed=False, current="B") == {"A", "B"}
    assert sides_on_screen(tabbed=True, current="A") == {"A"}
    assert sides_on_screen(tabbed=True, current="B") == {"B"}


def test_seen_sides_add_up_per_item_and_a_new_item_starts_afresh() -> None:
    viewed = viewed_after(ViewedSides(), item_id="i1", on_screen={"A"})
    assert viewed.unseen() == ("B",)
    viewed = viewed_after(viewed, item_id="i1", on_screen={"B"})
    assert viewed.unseen() == ()
    viewed = viewed_after(viewed, item_id="i1", on_screen={"A"})  # back to A: B stays seen
    assert viewed.unseen() == ()
    viewed = viewed_after(viewed, item_id="i2", on_screen={"B"})  # next item, tab left on B
    assert viewed.seen == {"B"} and viewed.unseen() == ("A",)
    assert viewed_after(viewed, item_id=None, on_screen={"A", "B"}).unseen() == ()


def test_the_note_names_the_unseen_response_and_its_key() -> None:
    only_a = viewed_after(ViewedSides(), item_id="i1", on_screen={"A"})
    note = unseen_note(only_a, chosen=True, complete=False, switch_key="F6")
    assert note.startswith("Response B was not viewed") and "F6" in note
    # Nothing to say: no choice yet, both seen, or a complete item looked at again.
    assert unseen_note(only_a, chosen=False, complete=False, switch_key="F6") == ""
    assert unseen_note(only_a, chosen=True, complete=True, switch_key="F6") == ""
    both = viewed_after(only_a, item_id="i1", on_screen={"B"})
    assert unseen_note(both, chosen=True, complete=False, switch_key="F6") == ""
    wide = viewed_after(ViewedSides(), item_id="i1", on_screen={"A", "B"})
    assert unseen_note(wide, chosen=True, complete=False, switch_key="F6") == ""


def test_completing_with_a_side_unseen_asks_once_per_item() -> None:
    only_b = viewed_after(ViewedSides(), item_id="i1", on_screen={"B"})
    first = before_complete(only_b, would_complete=True)
    assert first.ask and first.side == "A"
    again = before_complete(first.viewed, would_complete=True)
    assert not again.ask  # "Complete anyway" was offered once for this item
    following = viewed_after(first.viewed, item_id="i2", on_screen={"B"})
    assert before_complete(following, would_complete=True).ask  # a new item asks again
    # Not asked when completing would not happen now, nor with both seen.
    assert not before_complete(only_b, would_complete=False).ask
    assert not before_complete(only_b, would_complete=False).viewed.asked
    both = viewed_after(only_b, item_id="i1", on_screen={"A"})
    assert not before_complete(both, would_complete=True).ask


def test_the_pane_follows_a_rating_of_the_side_not_on_screen() -> None:
    assert side_to_follow("B", frozenset({"A"})) == "B"
    assert side_to_follow("A", frozenset({"B"})) == "A"
    assert side_to_follow("B", frozenset({"B"})) is None  # already there
    assert side_to_follow("B", frozenset({"A", "B"})) is None  # side by side
    assert side_to_follow(None, frozenset({"A"})) is None  # a field of neither side
