"""Flat export: one row per item x rater x response (true file order), as CSV or JSONL.

Columns are documented in docs/qa-report.md. CSV text cells that a spreadsheet would read
as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return) get a
leading apostrophe; JSONL keeps every value exactly.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rater_desktop.batch.model import verdict_from_score
from rater_desktop.qa_review.adjudication import Adjudication
from rater_desktop.qa_review.rater_text import claims_evidence, is_swapped
from rater_desktop.qa_review.views import ItemComparison, RaterColumn, SideView

COLUMNS = (
    "batch_id", "batch_sha256", "item_id", "item_kind", "rater_id", "results_sha256",
    "response", "identity", "other_identity", "shown_as", "tc", "fa", "aip",
    "main_goal_met", "tc_justification", "fa_justification", "aip_justification",
    "claims", "claims_accurate", "claims_inaccurate", "claims_cca", "claims_subjective",
    "claim_evidence", "labels_swapped", "verdict", "verdict_score", "preference", "verdict_justification", "expected_verdict",
    "seconds", "status", "qa_decision", "qa_note", "qa_corrected_verdict", "qa_reviewer",
    "rater_ability", "rater_shown_first_share", "item_difficulty", "item_check_guideline",
)  # fmt: skip
STUDY_COLUMNS = COLUMNS[-4:]  # from ``study_figures``: filled by the report, else empty
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FILE_SIDES = ("A", "B")


def _claim_counts(side: SideView) -> dict[str, int]:
    counts = {"accurate": 0, "inaccurate": 0, "cca": 0, "subjective": 0}
    for claim in side.claims:
        if claim.objective is False or claim.rating is None:
            counts["subjective"] += 1
        else:
            counts[claim.rating.value] += 1
    return counts


def rater_fields(
    column: RaterColumn, side: SideView, identities: tuple[str, str]
) -> dict[str, Any]:
    """The fields of one row that come from the rater's file (kept per judgment at import)."""
    counts = _claim_counts(side)
    score = column.verdict_score
    return {
        "rater_id": column.rater_id,
        "results_sha256": column.file_sha256,
        "response": FILE_SIDES[side.side],
        "identity": side.identity,
        "other_identity": identities[1 - side.side],
        "shown_as": side.shown_as,
        "tc": side.tc,
        "fa": side.fa,
        "aip": side.aip,
        "main_goal_met": side.main_goal_met,
        "tc_justification": side.tc_justification,
        "fa_justification": side.fa_justification,
        "aip_justification": side.aip_justification,
        "claims": len(side.claims),
        "claims_accurate": counts["accurate"],
        "claims_inaccurate": counts["inaccurate"],
        "claims_cca": counts["cca"],
        "claims_subjective": counts["subjective"],
        # One line per objective claim: its rating, URL sources and cited screenshots/steps.
        "claim_evidence": claims_evidence(side.claims),
        # The rater saw file A as "Response B": labels in their own text mean the other side.
        "labels_swapped": is_swapped(column.display_order),
        "verdict": None if column.verdict is None else column.verdict.value,
        "verdict_score": score,
        # +3: this response much better than the other, whichever side it is.
        "preference": None if score is None else (score if side.side == 1 else -score),
        "verdict_justification": column.verdict_justification,
        "seconds": column.seconds,
        "status": column.status,
    }


def full_row(
    own: dict[str, Any],
    *,
    item: tuple[str, str, int | None],
    batch: tuple[str, str],
    decision: Adjudication | None,
) -> dict[str, Any]:
    """A whole row: the rater's fields, the item's (id, kind, expected verdict), the batch's
    and the QA decision's."""
    item_id, kind, expected = item
    return {
        "batch_id": batch[0],
        "batch_sha256": batch[1],
        "item_id": item_id,
        "item_kind": kind,
        **own,
        "expected_verdict": None if expected is None else verdict_from_score(expected).value,
        "qa_decision": None if decision is None else decision.decision.value,
        "qa_note": None if decision is None else decision.note,
        "qa_corrected_verdict": None
        if decision is None or decision.corrected_verdict is None
        else decision.corrected_verdict.value,
        # None also for a decision an older store holds without a reviewer: never a guess
        "qa_reviewer": None if decision is None else decision.reviewer_id.strip() or None,
    }


def export_rows(
    *,
    comparisons: Sequence[ItemComparison],
    adjudications: Mapping[str, Adjudication],
    batch_id: str,
    batch_sha256: str,
) -> list[dict[str, Any]]:
    """Rows in batch order, raters by id, response A then B."""
    return [
        full_row(rater_fields(column, side, c.identities),
                 item=(c.item_id, c.kind, c.expected_verdict),
                 batch=(batch_id, batch_sha256), decision=adjudications.get(c.item_id))
        for c in comparisons
        for column in c.raters
        for side in column.sides
    ]  # fmt: skip


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if isinstance(value, float) else str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def rows_to_csv(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_csv_cell(row.get(name)) for name in columns])
    return out.getvalue()


def rows_to_jsonl(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> str:
    return "".join(
        json.dumps({name: row.get(name) for name in columns}, ensure_ascii=False, allow_nan=False)
        + "\n"
        for row in rows
    )
