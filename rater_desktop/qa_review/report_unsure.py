"""The report's Unsure section (both protocols): per rater how many judged items they
marked unsure, and every unsure item with its reason; and ``--unsure-only``, which keeps
only the judgments a rater marked unsure (results 2.3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from rater_desktop.learning.unsure import UnsureShare

UNSURE_COLUMN = "unsure"  # the CSV/JSONL column: the rater's reason ("" when not unsure)


def unsure_section(shares: Sequence[UnsureShare],
                   items: Iterable[tuple[str, str, str]]) -> str:
    """HTML: the per-rater figure (``data-key="unsure-RATER"``) and the unsure items."""
    rows = "".join(
        f'<tr><td>{escape(s.rater_id)}</td><td class="num" data-key="unsure-'
        f'{escape(s.rater_id)}">{escape(s.text())}</td></tr>' for s in shares)
    listed = "".join(f"<tr><td>{escape(item_id)}</td><td>{escape(rater)}</td>"
                     f"<td>{escape(reason)}</td></tr>" for item_id, rater, reason in items)
    body = (f"<table><tr><th>Rater</th><th>Marked unsure (of judged items)</th></tr>{rows}"
            "</table>") if rows else "<p class='muted'>No rater.</p>"
    if listed:
        body += ("<table><tr><th>Item</th><th>Rater</th><th>Reason</th></tr>"
                 f"{listed}</table>")
    else:
        body += "<p class='muted'>No item was marked unsure.</p>"
    return ("<h2>Unsure</h2><p class='muted'>Items raters completed but marked unsure, "
            "with their reason. A flag for review, not a verdict.</p>" + body)


def mark_rows(rows: list[dict[str, Any]], marks: Mapping[str, Mapping[str, str]], *,
              unsure_only: bool) -> list[dict[str, Any]]:
    """Each row with its rater's reason in ``unsure``; only the unsure ones if asked."""
    for row in rows:
        row[UNSURE_COLUMN] = marks.get(str(row.get("rater_id")), {}).get(str(row.get("item_id")),
                                                                          "")
    return [r for r in rows if r[UNSURE_COLUMN]] if unsure_only else rows


def only_unsure_documents(documents: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Results documents with only the items their rater marked unsure."""
    return [{**document, "items": [i for i in document.get("items") or []
                                   if isinstance(i, Mapping) and isinstance(i.get("unsure"),
                                                                            Mapping)]}
            for document in documents]
