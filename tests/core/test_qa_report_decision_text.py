"""The report's line for a QA decision reads as the QA panel does: the decision's label,
the reviewer ("unknown reviewer" when an older store holds none), the corrected verdict
(it was left out) and the note."""

from __future__ import annotations

from rater_desktop.qa_review.decision_record import StoredAdjudication
from rater_desktop.qa_review.report_items import ItemBlock, items_section


def _decision(**changes: str | None) -> StoredAdjudication:
    fields: dict[str, str | None] = {
        "decision": "needs_fix", "note": "@bob [verdict_justification] cite the file",
        "corrected_verdict": "B_better", "reviewer_id": "lead"}
    fields.update(changes)
    return StoredAdjudication(batch_sha256="0" * 64, item_id="s1", decided_at="2026-12-02T10:00:00Z",
                              **fields)  # type: ignore[arg-type]


def _line(decision: StoredAdjudication) -> str:
    html = items_section([ItemBlock(item_id="s1", summary="<summary>s1</summary>",
                                    table="<table></table>")], {"s1": decision})
    return html[html.index('<p data-key="decision-s1">'):].split("</p>")[0]


def test_the_corrected_verdict_is_in_the_report() -> None:
    assert _line(_decision()) == (
        '<p data-key="decision-s1">QA decision: Needs fix by lead; corrected verdict: '
        "B better (file order). @bob [verdict_justification] cite the file")


def test_a_decision_without_reviewer_name_or_note_has_no_dangling_words() -> None:
    line = _line(_decision(reviewer_id="", note="", corrected_verdict=None, decision="reject"))
    assert line == '<p data-key="decision-s1">QA decision: Reject by unknown reviewer.'
