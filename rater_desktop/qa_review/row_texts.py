"""A judgment's Items rows and CSV/JSONL fields, made when asked for (schema v7, issue 22).

Up to v6 an import rendered both for every judgment and stored them (``html``,
``export_fields``): 0.16x of the import's read + hash + verify floor, for texts a report
reads once and a CSV once per export. Since v7 a row keeps only the texts they are made
from that no other column holds (``texts``: the status, the rater's justifications, the
case file's goal, each side's claim evidence; scores, models and the verdict are columns,
claims, step times and the display order are in ``facts``), and this module renders the
same two texts from a stored row: one item's 50 raters in about a millisecond.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from rater_desktop.batch.model import verdict_from_score
from rater_desktop.qa_review.rater_text import canonical_text
from rater_desktop.qa_review.report_items import rows_html

# The columns a rendering reads, in this order (``RenderRow``): a query selects them so.
RENDER_COLUMNS = ("rater_id, model_first, model_second, verdict_true, tc0, fa0, aip0, tc1, "
                  "fa1, aip1, facts, texts")  # fmt: skip
RenderRow = Sequence[Any]
FILE_SIDES = ("A", "B")
_SCORE_TEXT: dict[int | None, str] = {None: "-", **{n: str(n) for n in range(1, 6)}}
# texts: [status, verdict justification, main goal, then per true side (A, B): the TC, FA
# and AIP justifications, main goal met, the claims' evidence]
_SIDE, _PER_SIDE = 3, 5
_SWAPPED = "BA"


def texts_values(status: str, verdict_justification: str, main_goal: str,
                 sides: Sequence[Any], evidence: tuple[str, str]) -> list[Any]:  # fmt: skip
    """What ``texts`` holds (before JSON), from a rating's two responses (true order)."""
    return [status, verdict_justification, main_goal,
            *(value for side, r in enumerate(sides)
              for value in (r.tc_justification, r.fa_justification, r.aip_justification,
                            r.main_goal_met, evidence[side]))]  # fmt: skip


def _seconds(facts: dict[str, Any]) -> float | None:
    """What the row's judgment shows as its time (``RaterColumn.seconds``)."""
    total, steps = facts["t"], facts["s"]
    seconds = total if total is not None else float(sum(steps.values())) if steps else None
    return None if seconds is None or not math.isfinite(seconds) else seconds


def rater_html(row: RenderRow) -> str:
    """The rater's two rows of the Items table (escaped), as v6 stored them in ``html``
    ("" for a row without texts, as for a v6 row without ``html``)."""
    if row[11] is None:
        return ""
    rater_id, first, second, verdict_true, *scores = row[:10]
    facts, texts = json.loads(row[10]), json.loads(row[11])
    order = facts["o"]
    status, justification, goal = texts[0], texts[1], texts[2]
    shown = _seconds(facts)
    seconds_text = "" if shown is None else f"{shown:.0f} s"
    identities = (first, second)
    cells = []
    for side in (0, 1):
        at = _SIDE + _PER_SIDE * side
        cells.append([
            f"{rater_id} ({status}, {seconds_text})" if side == 0 else "",
            f"{'AB'[side]} ({identities[side]}), seen as {order[side]}",
            *(_SCORE_TEXT[s] for s in scores[3 * side:3 * side + 3]),
            canonical_text(texts[at], order, note=False),
            texts[at + 4] or "no objective claims",
            ("" if verdict_true is None else verdict_from_score(verdict_true).label)
            if side == 0 else "",
            canonical_text(justification, order) if side == 0 else f"Goal: {goal}",
        ])  # fmt: skip
    return rows_html(cells)


def _claim_counts(found: Sequence[Sequence[Any]]) -> tuple[int, int, int, int]:
    """(accurate, inaccurate, cca, subjective) of one side's stored claims."""
    counts = {"accurate": 0, "inaccurate": 0, "cca": 0, "subjective": 0}
    for claim in found:
        counts[claim[3] or "subjective"] += 1
    return counts["accurate"], counts["inaccurate"], counts["cca"], counts["subjective"]


def rater_export_fields(row: RenderRow, file_sha256: str) -> list[dict[str, Any]]:
    """The rater's fields of the item's two CSV/JSONL rows (``rows.rater_fields``' values,
    A then B), as v6 stored them in ``export_fields`` (none for a row without texts)."""
    if row[11] is None:
        return []
    rater_id, first, second, score, *scores = row[:10]
    facts, texts = json.loads(row[10]), json.loads(row[11])
    order, claims = facts["o"], facts["c"]
    status, justification = texts[0], texts[1]
    seconds = _seconds(facts)
    identities = (first, second)
    verdict = None if score is None else verdict_from_score(score).value
    fields = []
    for side in (0, 1):
        at = _SIDE + _PER_SIDE * side
        found = claims.get(str(side), ())
        accurate, inaccurate, cca, subjective = _claim_counts(found)
        fields.append({
            "rater_id": rater_id, "results_sha256": file_sha256, "response": FILE_SIDES[side],
            "identity": identities[side], "other_identity": identities[1 - side],
            "shown_as": order[side], "tc": scores[3 * side], "fa": scores[3 * side + 1],
            "aip": scores[3 * side + 2], "main_goal_met": texts[at + 3],
            "tc_justification": texts[at], "fa_justification": texts[at + 1],
            "aip_justification": texts[at + 2],
            "claims": len(found), "claims_accurate": accurate,
            "claims_inaccurate": inaccurate, "claims_cca": cca,
            "claims_subjective": subjective, "claim_evidence": texts[at + 4],
            "labels_swapped": order == _SWAPPED, "verdict": verdict, "verdict_score": score,
            "preference": None if score is None else (score if side == 1 else -score),
            "verdict_justification": justification, "seconds": seconds, "status": status,
        })  # fmt: skip
    return fields


_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_PLAIN = json.JSONEncoder(ensure_ascii=False).encode
_KEYS = ("tc_justification", "fa_justification", "aip_justification", "main_goal_met",
         "claim_evidence")  # fmt: skip
_ROW_END = "</td></tr>"


def texts_from_v6(row: RenderRow, html: str, export_fields: str, file_sha256: str) -> str | None:
    """``texts`` for a row a v4-v6 import stored with its rendered ``html`` and
    ``export_fields`` (``row``: ``RENDER_COLUMNS`` without ``texts``): read back from those
    two, and kept only if rendering from it gives both again exactly; None otherwise (the
    row is then filled from its signed document, as rows of earlier versions are)."""
    from html import unescape

    try:
        fields = json.loads(export_fields)
        start = html.rfind("<td>")
        goal = unescape(html[start + 4:-len(_ROW_END)]) if html.endswith(_ROW_END) else ""
        if start < 0 or not goal.startswith("Goal: ") or len(fields) != 2:
            return None
        texts = _COMPACT([fields[0]["status"], fields[0]["verdict_justification"], goal[6:],
                          *(f[key] for f in fields for key in _KEYS)])  # fmt: skip
    except (ValueError, TypeError, KeyError, IndexError):  # not what v4-v6 wrote
        return None
    full = (*row[:11], texts)
    if rater_html(full) != html or _PLAIN(rater_export_fields(full, file_sha256)) != export_fields:
        return None
    return texts
