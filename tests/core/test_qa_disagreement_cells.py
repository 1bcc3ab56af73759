"""The disagreements list's texts and the widest text a column is sized by (no Qt)."""

from __future__ import annotations

import pickle

from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.disagreement_cells import (
    ELLIPSIS,
    WIDEST_CHARS,
    fixed_cells,
    number,
    widest,
)


def test_widest_is_the_longest_text_cut_to_the_limit() -> None:
    assert widest([]) == ""
    assert widest(["ab", "abcd", "abc"]) == "abcd"
    long = "r" * (WIDEST_CHARS + 40)
    cut = widest(["short", long])
    assert len(cut) == WIDEST_CHARS and cut.endswith(ELLIPSIS)
    assert widest(["short", long], limit=None) == long  # item ids are never cut


def test_an_items_fixed_cells_read_as_qt_shows_numbers() -> None:
    d = ItemDisagreement(item_id="s1", raters=("alice", "bob"), verdict_spread=3.0,
                         score_spreads={0: {"tc": 1.5, "fa": None}, 1: {"aip": 2.0}},
                         claim_clusters=())
    assert fixed_cells(d, "standard") == ("s1", "standard", "alice, bob", "3", "2", "0", "5")
    assert number(None) == "\u2013" and number(8.5, decimals=1) == "8.5"


def test_an_items_figures_are_made_with_it_and_travel_with_it() -> None:
    # The window's sort, filter and charts read them for each of 2,000 items in one turn:
    # made once in the worker process that builds the state (and pickled with the item),
    # they are attribute reads there, not a walk over the spreads (issue 22).
    d = ItemDisagreement(item_id="s2", raters=("a", "b"), verdict_spread=None,
                         score_spreads={0: {"tc": None}, 1: {"fa": 1.0}}, claim_clusters=())
    assert {"max_score_spread", "claim_conflicts", "score"} <= set(vars(d))
    copy = pickle.loads(pickle.dumps(d))
    assert (copy.max_score_spread, copy.claim_conflicts, copy.score) == (1.0, 0, 1.0)
    assert copy == d and "max_score_spread" not in repr(d)
