"""Agreement per dimension and the other figure groups, assembled from ``qa`` functions.

Units of agreement: TC, FA and AIP are rated per response, so one unit is one (item,
true side) of a ``standard`` item; the verdict has one unit per standard item. Ordinal
alpha uses the scale's full category list (1..5, -3..+3); the collapsed verdict is nominal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rater_desktop.qa.agreement import (
    COLLAPSED_CATEGORIES,
    VERDICT_CATEGORIES,
    Level,
    RaterAgreement,
    collapse_verdict,
)
from rater_desktop.qa.agreement_counts import (
    UnitCounts,
    alpha_from_counts,
    leave_one_out_counts,
    percent_from_counts,
)
from rater_desktop.qa.count_arrays import CellCodes
from rater_desktop.qa.inputs import SCORE_NAMES, RaterJudgment

SCORE_CATEGORIES = (1, 2, 3, 4, 5)
DIMENSIONS = (
    ("tc", "Task completion (TC)", "ordinal"),
    ("fa", "Factual accuracy (FA)", "ordinal"),
    ("aip", "AI performance (AIP)", "ordinal"),
    ("verdict", "Verdict, 7-point", "ordinal"),
    ("verdict_collapsed", "Verdict, A / same / B", "nominal"),
)


@dataclass(frozen=True)
class DimensionAgreement:
    """Agreement on one dimension: alpha, mean pairwise percent agreement, per rater."""

    dimension: str
    label: str
    level: str
    alpha: float | None
    percent: float | None
    units: int
    per_rater: tuple[RaterAgreement, ...]


def dimension_cells(
    judgments: Sequence[RaterJudgment], dimension: str
) -> dict[tuple[str, tuple[str, int]], float]:
    """(rater, (item, side)) -> value; side is -1 for the per-item verdict dimensions."""
    cells: dict[tuple[str, tuple[str, int]], float] = {}
    for j in judgments:
        if j.kind != "standard":
            continue
        if dimension in ("verdict", "verdict_collapsed"):
            if j.verdict_true is not None:
                value = j.verdict_true
                if dimension == "verdict_collapsed":
                    value = collapse_verdict(value)
                cells[(j.rater_id, (j.item_id, -1))] = float(value)
            continue
        for side, scores in j.scores.items():
            score = scores.get(dimension)
            if score is not None:
                cells[(j.rater_id, (j.item_id, side))] = float(score)
    return cells


Tables = dict[str, UnitCounts]


def dimension_tables(judgments: Sequence[RaterJudgment]) -> Tables:
    """Every dimension's unit counts (``dimension_cells`` per dimension, grouped): what
    alpha, kappa and AC are computed from. The cells go straight into coded arrays
    (``count_arrays``), one pass per score (the verdicts share one): no tuple per cell, and
    one dimension's cells at a time."""
    standard = [j for j in judgments if j.kind == "standard"]
    verdict, collapsed = CellCodes(), CellCodes()
    for j in standard:
        if j.verdict_true is not None:
            unit = (j.item_id, -1)
            verdict.add(j.rater_id, unit, float(j.verdict_true))
            collapsed.add(j.rater_id, unit, float(collapse_verdict(j.verdict_true)))
    tables = {"verdict": UnitCounts(*verdict.grouped()),
              "verdict_collapsed": UnitCounts(*collapsed.grouped())}  # fmt: skip
    del verdict, collapsed
    for name in SCORE_NAMES:
        found = CellCodes()
        for j in standard:
            for side, scores in j.scores.items():
                score = getattr(scores, name)
                if score is not None:
                    found.add(j.rater_id, (j.item_id, side), float(score))
        tables[name] = UnitCounts(*found.grouped())
    return {dimension: tables[dimension] for dimension, _, _ in DIMENSIONS}


def dimension_categories(dimension: str) -> tuple[int, ...]:
    """The scale's full category list of a dimension (ordinal alpha needs every one)."""
    if dimension == "verdict":
        return VERDICT_CATEGORIES
    if dimension == "verdict_collapsed":
        return COLLAPSED_CATEGORIES
    return SCORE_CATEGORIES


def agreement_by_dimension(
    judgments: Sequence[RaterJudgment], tables: Tables | None = None,
    raters: list[str] | None = None,
) -> list[DimensionAgreement]:
    """TC, FA, AIP, verdict (ordinal) and collapsed verdict (nominal), standard items; from
    grouped value counts (``qa.agreement_counts``), never a raters x units matrix.
    ``tables``: ``dimension_tables(judgments)`` and ``raters``: those of the standard
    judgments, when the caller has them already."""
    if raters is None:
        raters = standard_raters(judgments)
    tables = tables if tables is not None else dimension_tables(judgments)
    result = []
    for dimension, label, level_name in DIMENSIONS:
        level: Level = "nominal" if level_name == "nominal" else "ordinal"
        table = tables[dimension]
        categories = dimension_categories(dimension)
        percent, pairable = percent_from_counts(table)
        result.append(
            DimensionAgreement(
                dimension=dimension,
                label=label,
                level=level,
                alpha=alpha_from_counts(table, level=level, categories=categories)
                if raters else None,
                percent=percent,
                units=pairable,
                per_rater=tuple(leave_one_out_counts(
                    table, level=level, categories=categories, rater_ids=raters)),
            )
        )
    return result


def standard_raters(judgments: Iterable[RaterJudgment]) -> list[str]:
    """The raters of the standard judgments, sorted (one pass)."""
    return sorted({j.rater_id for j in judgments if j.kind == "standard"})


def verdict_distribution(judgments: Sequence[RaterJudgment]) -> dict[int, int]:
    """How often each true-order verdict (-3..+3) was given on standard items."""
    counts = Counter(
        j.verdict_true for j in judgments if j.kind == "standard" and j.verdict_true is not None
    )
    return {score: counts.get(score, 0) for score in VERDICT_CATEGORIES}


class ThresholdError(ValueError):
    """The batch's SD-4 override cannot score qualification (never replaced silently)."""


def sd4_threshold(rubric: object) -> tuple[int, int]:
    """The qualification threshold of the batch rubric's SD-4 (default 8 of 10).

    An override the rubric refuses (11 of 10, 0 of 0, a string) raises ThresholdError:
    scoring with another threshold than the batch names would mislead the reviewer."""
    from rater_desktop.rating.rubric import Rubric, RubricError

    own = {"SD-4": rubric["SD-4"]} if isinstance(rubric, dict) and "SD-4" in rubric else None
    try:
        parsed = Rubric.from_overrides(own)
    except RubricError as exc:
        raise ThresholdError(
            f"the batch's rubric cannot score qualification: {exc}. Fix batch.json "
            "(rater-desktop validate lists the problem)."
        ) from None
    return int(parsed.param("SD-4", "pass_threshold")), int(parsed.param("SD-4", "out_of"))
