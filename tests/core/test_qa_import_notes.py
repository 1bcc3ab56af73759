"""The lines above the Results files table stop at a handful and say where the rest is."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rater_desktop.qa_review.import_notes import SHOWN_NOTES, shown_notes


def test_a_few_notes_are_shown_whole() -> None:
    lines = ["a.results.json: unknown key", "b.results.json: changed after signing"]
    assert shown_notes(lines) == lines


def test_fifty_unknown_keys_are_three_lines_and_where_the_rest_is() -> None:
    lines = [f"rater{n:03d}.results.json: not in the roster" for n in range(50)]
    shown = shown_notes(lines)
    assert shown[:3] == lines[:3]
    assert shown[3] == ("\u2026 and 47 more: select a file in the table to see what "
                        "verification found.")
    assert len(shown) == SHOWN_NOTES


@given(st.lists(st.text(min_size=1, max_size=5), max_size=80))
def test_never_more_than_the_limit_and_nothing_dropped_silently(lines: list[str]) -> None:
    shown = shown_notes(lines)
    assert len(shown) <= SHOWN_NOTES
    if len(lines) <= SHOWN_NOTES:
        assert shown == lines
    else:
        named = int(shown[-1].split(" and ")[1].split(" more")[0])
        assert len(shown) - 1 + named == len(lines)
