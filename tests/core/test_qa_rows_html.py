"""The Items table's rater rows: one escape per rater gives what escaping each cell gives
(a NUL shown as U+FFFD)."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest

from rater_desktop.qa_review import report_items


def _reference(rows: list[list[str]]) -> str:
    # A NUL (no HTML, no PostgreSQL text may hold one) is shown as U+FFFD.
    return "".join("<tr>" + "".join(f"<td>{escape(c.replace(chr(0), chr(0xFFFD)))}</td>"
                                    for c in row) + "</tr>" for row in rows)  # fmt: skip


@pytest.mark.parametrize("rows", [
    [["r1 (complete, 40 s)", "A (m), seen as B", "3", "-", "5", "<b>&'\"", "", "A", "x"],
     ["", "B (n), seen as A", "1", "2", "3", "a & b", "no claims", "", "Goal: <g>"]],
    [["a\x00b", "c"], ["\x01", "d\x00\x01"]],  # text holding the separators themselves
    [["only", "one row"]],
    [],
])  # fmt: skip
def test_rows_equal_cell_by_cell_escape(monkeypatch: Any, rows: list[list[str]]) -> None:
    monkeypatch.setattr(report_items, "_rater_rows", lambda column: rows)
    assert report_items.rater_rows_html(None) == _reference(rows)  # type: ignore[arg-type]
