"""Figures that group many judgments, computed by the database (SQLite or PostgreSQL).

At import each judgment of a kept file becomes one ``qa_judgments`` row
(``judgment_rows``); these queries group the judgments of the files that count (trusted
now, the latest export per rater: ``QaSession.used_files``), so a store with 50 raters x 2,000 items answers without parsing any
document. The same SQL runs on both backends and the results are plain integers and sums
of values given with 2 decimals at most, so they agree exactly; tests check them against
the Python figures of ``rater_desktop.qa``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rater_desktop.qa.agreement import VERDICT_CATEGORIES
from rater_desktop.qa.scoreboard import Record

if TYPE_CHECKING:
    from sqlalchemy import Engine


# Complete standard judgments of the chosen files (the statistics' input).
_USED = "FROM qa_judgments WHERE file_id IN ({ids}) AND complete = :yes"
VERDICTS = (
    "SELECT verdict_true, COUNT(*) " + _USED + " AND kind = 'standard' "
    "AND verdict_true IS NOT NULL GROUP BY verdict_true ORDER BY verdict_true"
)
RECORDS = (
    "SELECT model, SUM(win), SUM(tie), SUM(loss) FROM ("
    " SELECT model_first AS model, CASE WHEN verdict_true < 0 THEN 1 ELSE 0 END AS win,"
    "  CASE WHEN verdict_true = 0 THEN 1 ELSE 0 END AS tie,"
    "  CASE WHEN verdict_true > 0 THEN 1 ELSE 0 END AS loss " + _USED + " AND kind = 'standard'"
    "  AND verdict_true IS NOT NULL AND model_first <> model_second"
    " UNION ALL"
    " SELECT model_second, CASE WHEN verdict_true > 0 THEN 1 ELSE 0 END,"
    "  CASE WHEN verdict_true = 0 THEN 1 ELSE 0 END,"
    "  CASE WHEN verdict_true < 0 THEN 1 ELSE 0 END " + _USED + " AND kind = 'standard'"
    "  AND verdict_true IS NOT NULL AND model_first <> model_second"
    ") games GROUP BY model ORDER BY model"
)
PER_RATER = (
    "SELECT rater_id, COUNT(*), COUNT(seconds), COALESCE(SUM(seconds), 0) "
    + _USED
    + " GROUP BY rater_id ORDER BY rater_id"
)
TOTALS = "SELECT COUNT(*), COUNT(DISTINCT item_id) " + _USED
# How often each value occurs per unit (item and true side; -1: the per-item verdict).
_COLLAPSED = "CASE WHEN verdict_true < 0 THEN -1 WHEN verdict_true > 0 THEN 1 ELSE 0 END"
UNIT_VALUES = (
    "SELECT item_id, side, value, COUNT(*) FROM ({parts}) v "
    "GROUP BY item_id, side, value ORDER BY item_id, side, value"
)
_PART = (
    "SELECT item_id, {side} AS side, {value} AS value "
    + _USED
    + (" AND kind = 'standard' AND {value} IS NOT NULL")
)
DIMENSION_LEVELS = {
    "tc": "ordinal", "fa": "ordinal", "aip": "ordinal", "verdict": "ordinal",
    "verdict_collapsed": "nominal",
}  # fmt: skip


@dataclass(frozen=True)
class StoreFigures:
    """The grouped figures of a batch's trusted judgments (latest export per rater)."""

    file_ids: tuple[int, ...]
    judgments: int
    items_judged: int
    verdict_distribution: dict[int, int]
    records: dict[str, Record]
    per_rater: dict[str, tuple[int, int, float]]  # judgments, with a time, total seconds
    agreement: dict[str, tuple[float | None, float | None, int]]  # alpha, percent, units


def store_figures(
    engine: Engine, *, file_ids: Sequence[int], agreement: bool = True
) -> StoreFigures:
    """Every grouped figure over the judgments of ``file_ids`` (``agreement`` False: without
    the per-dimension alpha, which the report computes from its own unit counts)."""
    from sqlalchemy import text

    ids = ",".join(str(int(i)) for i in file_ids) or "NULL"  # ints only: safe to inline
    params = {"yes": True}
    with engine.connect() as conn:
        verdicts: dict[int, int] = {
            int(v): int(n) for v, n in conn.execute(text(VERDICTS.format(ids=ids)), params)
        }
        records = {
            str(model): Record(int(w), int(t), int(lo))
            for model, w, t, lo in conn.execute(text(RECORDS.format(ids=ids)), params)
        }
        per_rater = {
            str(r): (int(n), int(timed), round(float(total), 6))
            for r, n, timed, total in conn.execute(text(PER_RATER.format(ids=ids)), params)
        }
        judgments, items = conn.execute(text(TOTALS.format(ids=ids)), params).one()
        found = {d: _agreement(conn, ids, d) for d in DIMENSION_LEVELS} if agreement else {}
    return StoreFigures(
        file_ids=tuple(file_ids),
        judgments=int(judgments),
        items_judged=int(items),
        verdict_distribution={v: int(verdicts.get(v, 0)) for v in VERDICT_CATEGORIES},
        records=records,
        per_rater=per_rater,
        agreement=found,
    )


def _unit_parts(dimension: str, ids: str) -> str:
    if dimension == "verdict":
        return _PART.format(side=-1, value="verdict_true", ids=ids)
    if dimension == "verdict_collapsed":
        return _PART.format(side=-1, value=_COLLAPSED, ids=ids)
    return " UNION ALL ".join(
        _PART.format(side=side, value=f"{dimension}{side}", ids=ids) for side in (0, 1)
    )


def _agreement(conn: Any, ids: str, dimension: str) -> tuple[float | None, float | None, int]:
    """Krippendorff's alpha and mean pairwise percent agreement from per-unit value counts
    grouped by the database (the matrix of raters x units is never built)."""
    from collections import defaultdict

    from sqlalchemy import text

    from rater_desktop.qa.agreement import (
        COLLAPSED_CATEGORIES,
        Level,
        add_unit,
        alpha_from_coincidences,
    )
    from rater_desktop.qa_review.figures import SCORE_CATEGORIES

    units: dict[tuple[str, int], dict[float, int]] = defaultdict(dict)
    query = text(UNIT_VALUES.format(parts=_unit_parts(dimension, ids)))
    for item_id, side, value, count in conn.execute(query, {"yes": True}):
        units[(str(item_id), int(side))][float(value)] = int(count)
    matrix: dict[tuple[float, float], float] = defaultdict(float)
    shares = []
    for counts in units.values():
        add_unit(matrix, counts)
        m = sum(counts.values())
        if m >= 2:
            agree = sum(n * (n - 1) for n in counts.values())
            shares.append(agree / (m * (m - 1)))
    categories = {"verdict": VERDICT_CATEGORIES, "verdict_collapsed": COLLAPSED_CATEGORIES}
    level: Level = "nominal" if DIMENSION_LEVELS[dimension] == "nominal" else "ordinal"
    alpha = alpha_from_coincidences(
        matrix, level=level, categories=categories.get(dimension, SCORE_CATEGORIES)
    )
    return alpha, (sum(shares) / len(shares) if shares else None), len(shares)
