"""The disagreements list's cell texts, made without Qt: one tuple of strings per item (the
table model makes it once and keeps it, so painting a cell is a lookup) and each column's
widest text, which the window measures once to size the column instead of Qt measuring
every row through the model (issue 22: 2,000 rows' ``ResizeToContents``, ~37 ms)."""

from __future__ import annotations

from collections.abc import Iterable

from rater_desktop.qa.disagreement import ItemDisagreement

COLUMNS = ("Item", "Kind", "Raters", "Verdict spread", "Score spread", "Claim conflicts",
           "Disagreement", "Where they differ", "QA decision")
ITEM_COLUMN, RATERS_COLUMN, WHERE_COLUMN, DECISION_COLUMN = 0, 2, 7, 8
NUMBER_COLUMNS = frozenset((3, 4, 5, 6))
# A column is as wide as its widest text up to this many characters; a longer text is
# elided, whole in its tooltip (50 raters' names in one cell are ~450 characters).
WIDEST_CHARS = 32
ELLIPSIS = "\u2026"


def number(value: float | None, *, decimals: int = 0) -> str:
    """A figure as Qt shows a number: 9.0 is "9", 8.5 is "8.5"; none is a dash."""
    if value is None:
        return "\u2013"
    return format(round(float(value), decimals), "g") if decimals else str(int(round(value)))


def fixed_cells(d: ItemDisagreement, kind: str) -> tuple[str, ...]:
    """The texts of an item's columns that only a new state changes (the columns before
    "Where they differ")."""
    return (d.item_id, kind, ", ".join(d.raters), number(d.verdict_spread),
            number(d.max_score_spread), number(d.claim_conflicts), number(d.score, decimals=1))


def widest(texts: Iterable[str], limit: int | None = WIDEST_CHARS) -> str:
    """The longest of ``texts`` by characters ("" for none), cut to ``limit`` characters
    with an ellipsis (None: never cut, as item ids): what a column must fit."""
    longest = max(texts, key=len, default="")
    if limit is None or len(longest) <= limit:
        return longest
    return longest[:limit - 1] + ELLIPSIS
