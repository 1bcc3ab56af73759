"""The report's Items section: every judged item with each rater's rows, true A/B.

A rater's rows depend on their file only, so the import renders them once
(``rater_rows_html``, kept per judgment) and a report joins them per item; the QA decision
is the only part drawn at every report.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from rater_desktop.batch.model import Verdict
from rater_desktop.qa_review.decision_record import StoredAdjudication, reviewer_label
from rater_desktop.qa_review.rater_text import canonical_text, claims_evidence
from rater_desktop.qa_review.views import ItemComparison, RaterColumn

HEADERS = ("Rater", "Response", "TC", "FA", "AIP", "TC justification", "Fact-check evidence",
           "Verdict", "Verdict justification / case file")  # fmt: skip
INTRO = ("<h2>Items</h2><p>A and B are the batch file's order, whatever each rater saw. "
         "A rater who saw them swapped wrote their text with the labels they saw; the file "
         "side follows each label in brackets.</p>")  # fmt: skip
_HEAD = "<table><thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in HEADERS) + "</tr></thead>"


def _rater_rows(column: RaterColumn) -> list[list[str]]:
    rows: list[list[str]] = []
    seconds = "" if column.seconds is None else f"{column.seconds:.0f} s"
    order = column.display_order
    for side in column.sides:
        first = side.side == 0
        rows.append(
            [
                f"{column.rater_id} ({column.status}, {seconds})" if first else "",
                f"{'AB'[side.side]} ({side.identity}), seen as {side.shown_as}",
                *(str(v) if v is not None else "-" for v in (side.tc, side.fa, side.aip)),
                canonical_text(side.tc_justification, order, note=False),
                claims_evidence(side.claims) or "no objective claims",
                column.verdict_label if first else "",
                canonical_text(column.verdict_justification, order)
                if first else f"Goal: {column.case_file.main_goal}",
            ]
        )
    return rows


# Join a row's cells, and the rows, before one escape (html.escape leaves both as they are).
_CELL, _ROW, _NUL = "\x00", "\x01", "\ufffd"


def rater_rows_html(column: RaterColumn) -> str:
    """One rater's two table rows (escaped), as the Items table shows them."""
    return rows_html(_rater_rows(column))


def rows_html(rows: list[list[str]]) -> str:
    """Table rows of text cells, escaped."""
    text = _ROW.join(_CELL.join(row) for row in rows)
    cells = sum(len(row) - 1 for row in rows)
    if text.count(_CELL) != cells or text.count(_ROW) != len(rows) - 1:
        # a cell holds one of the separators: escape cell by cell (a NUL, which no HTML
        # and no PostgreSQL text may hold, shown as U+FFFD)
        return "".join("<tr>" + "".join(f"<td>{escape(cell.replace(_CELL, _NUL))}</td>"
                                        for cell in row) + "</tr>" for row in rows)  # fmt: skip
    # One escape per rater instead of one per cell: ~18 calls per judgment at import.
    return ("<tr><td>" + escape(text).replace(_CELL, "</td><td>")
            .replace(_ROW, "</td></tr><tr><td>") + "</td></tr>") if rows else ""


@dataclass(frozen=True)
class ItemBlock:
    """One item of the Items section without its QA decision (drawn at each report)."""

    item_id: str
    summary: str  # <summary> and prompt
    table: str


def item_block(*, item_id: str, kind: str, identities: tuple[str, str], prompt: str,
               rater_html: Iterable[str]) -> ItemBlock:  # fmt: skip
    summary = (f"<summary>{escape(item_id)} ({escape(kind)}): {escape(identities[0])} vs "
               f"{escape(identities[1])}</summary><p>{escape(prompt)}</p>")  # fmt: skip
    return ItemBlock(item_id, summary, _HEAD + "<tbody>" + "".join(rater_html) + "</tbody></table>")


def blocks_from_comparisons(comparisons: Sequence[ItemComparison]) -> list[ItemBlock]:
    """The blocks of comparisons read from documents (a session without stored rows)."""
    return [
        item_block(item_id=c.item_id, kind=c.kind, identities=c.identities, prompt=c.prompt,
                   rater_html=(rater_rows_html(column) for column in c.raters))
        for c in comparisons
    ]  # fmt: skip


def decision_text(decision: StoredAdjudication) -> str:
    """The decision in the words of the QA panel, by whom ("unknown reviewer": a decision
    an older store holds without one), with the corrected verdict (file order)."""
    # accept / needs_fix / reject read as the panel's Accept / Needs fix / Reject (the
    # Decision enum's labels: importing it here would close an import circle).
    parts = [f"QA decision: {decision.decision.replace('_', ' ').capitalize()}"]
    parts.append(f" by {reviewer_label(decision.reviewer_id)}")
    if decision.corrected_verdict:
        try:
            verdict = Verdict(decision.corrected_verdict).label
        except ValueError:
            verdict = decision.corrected_verdict
        parts.append(f"; corrected verdict: {verdict} (file order)")
    parts.append(".")
    if decision.note:
        parts.append(f" {decision.note}")
    return "".join(parts)


def items_parts(
    blocks: Iterable[ItemBlock], decisions: Mapping[str, StoredAdjudication]
) -> Iterator[str]:
    """The section piece by piece (a report written to a file never holds all of it);
    each decided item carries its decision above the table."""
    yield INTRO
    for block in blocks:
        decision = decisions.get(block.item_id)
        note = ""
        if decision is not None:
            note = (f'<p data-key="decision-{escape(block.item_id)}">'
                    f"{escape(decision_text(decision))}</p>")
        yield f"<details>{block.summary}{note}{block.table}</details>"


def items_section(
    blocks: Iterable[ItemBlock], decisions: Mapping[str, StoredAdjudication]
) -> str:
    """The whole section as one text."""
    return "".join(items_parts(blocks, decisions))
