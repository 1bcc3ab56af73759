"""Inter-rater agreement: Krippendorff's alpha, pairwise percent agreement, leave-one-out.

Reliability data is a raters x units matrix; ``None`` (or NaN) marks a missing value.
Alpha follows Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability":
coincidence matrix over pairable values, alpha = 1 - (n - 1) * sum(o_ck d_ck) /
sum(n_c n_k d_ck), with the nominal, ordinal (cumulative-frequency) and interval metrics.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rater_desktop.qa.inputs import RaterJudgment

Level = Literal["nominal", "ordinal", "interval"]
Ratings = Sequence[Sequence[float | None]]
Metric = Callable[[float, float], float]

VERDICT_CATEGORIES = (-3, -2, -1, 0, 1, 2, 3)
COLLAPSED_CATEGORIES = (-1, 0, 1)


def _present(value: float | None) -> bool:
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def _units(ratings: Ratings) -> list[list[float]]:
    """Columns of the matrix with the missing values dropped (checks a rectangular shape)."""
    if not ratings:
        return []
    width = len(ratings[0])
    if any(len(row) != width for row in ratings):
        raise ValueError("reliability data: every rater row must have one value per unit")
    columns = []
    for unit in range(width):
        values = [row[unit] for row in ratings]
        columns.append([float(v) for v in values if v is not None and _present(v)])
    return columns


def add_unit(matrix: dict[tuple[float, float], float], counts: Mapping[float, int]) -> None:
    """Add one unit's ordered pairs, given how often each value occurs in it: n_c * (n_k -
    [c == k]) pairs / (m_u - 1). O(categories^2) per unit, whatever the number of raters."""
    m = sum(counts.values())
    if m < 2:
        return  # a lone value has no partner: not pairable
    for c, n_c in counts.items():
        for k, n_k in counts.items():
            pairs = n_c * (n_k - 1) if c == k else n_c * n_k
            if pairs:
                matrix[(c, k)] += pairs / (m - 1)


def coincidences(*, ratings: Ratings) -> dict[tuple[float, float], float]:
    """Krippendorff's coincidence matrix o_ck (ordered pairs within units, / (m_u - 1))."""
    matrix: dict[tuple[float, float], float] = defaultdict(float)
    for values in _units(ratings):
        add_unit(matrix, Counter(values))  # grouped by value (50 raters: seconds, not minutes)
    return dict(matrix)


def _ordinal_metric(marginals: dict[float, float], categories: Sequence[float]) -> Metric:
    ordered = sorted(set(categories) | set(marginals))
    cumulative: dict[float, float] = {}
    running = 0.0
    for value in ordered:
        running += marginals.get(value, 0.0)
        cumulative[value] = running

    def distance(c: float, k: float) -> float:
        low, high = (c, k) if c <= k else (k, c)
        # sum of n_g for g from low to high inclusive, minus half of the two ends
        between = cumulative[high] - cumulative[low] + marginals.get(low, 0.0)
        return (between - (marginals.get(c, 0.0) + marginals.get(k, 0.0)) / 2.0) ** 2

    return distance


def _metric(level: Level, marginals: dict[float, float], categories: Sequence[float]) -> Metric:
    if level == "nominal":
        return lambda c, k: 0.0 if c == k else 1.0
    if level == "interval":
        return lambda c, k: (c - k) ** 2
    if level == "ordinal":
        return _ordinal_metric(marginals, categories)
    raise ValueError(f"unknown level of measurement {level!r}: use nominal, ordinal or interval")


def krippendorff_alpha(
    *,
    ratings: Ratings,
    level: Level = "nominal",
    categories: Sequence[float] | None = None,
) -> float | None:
    """Krippendorff's alpha; None when undefined (under 2 pairable values or no variation)."""
    return alpha_from_coincidences(
        coincidences(ratings=ratings), level=level, categories=categories
    )


def alpha_from_coincidences(
    matrix: Mapping[tuple[float, float], float],
    *,
    level: Level = "nominal",
    categories: Sequence[float] | None = None,
) -> float | None:
    """Alpha from a coincidence matrix (built by ``coincidences`` or grouped elsewhere)."""
    marginals: dict[float, float] = defaultdict(float)
    for (c, _k), count in matrix.items():
        marginals[c] += count
    if categories is not None:
        unknown = set(marginals) - {float(c) for c in categories}
        if unknown:
            raise ValueError(f"values {sorted(unknown)} are not among the categories")
    n = sum(marginals.values())
    if n < 2:
        return None
    distance = _metric(level, dict(marginals), [float(c) for c in categories or ()])
    observed = sum(count * distance(c, k) for (c, k), count in matrix.items())
    expected = sum(
        marginals[c] * marginals[k] * distance(c, k) for c in marginals for k in marginals
    )
    if expected <= 0.0:
        return None
    return 1.0 - (n - 1.0) * observed / expected


def _agreeing_pairs(values: Sequence[float]) -> tuple[int, int]:
    agree = total = 0
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            total += 1
            agree += values[i] == values[j]
    return agree, total


def percent_agreement(*, ratings: Ratings) -> float | None:
    """Per unit, the share of rater pairs giving the same value; averaged over units.

    Only units with at least two values count. None when there is no such unit.
    """
    shares = []
    for values in _units(ratings):
        agree, total = _agreeing_pairs(values)
        if total:
            shares.append(agree / total)
    return sum(shares) / len(shares) if shares else None


@dataclass(frozen=True)
class RaterAgreement:
    """How one rater agrees with the others (see docs/qa-statistics.md, leave-one-out)."""

    rater: str
    pairs: int
    pairwise_agreement: float | None
    mean_distance: float | None
    alpha_without: float | None
    alpha_change: float | None


def _pairs_with_others(ratings: Ratings, index: int) -> tuple[int, int, float]:
    pairs = agree = 0
    distance = 0.0
    row = ratings[index]
    for unit, own in enumerate(row):
        if own is None or not _present(own):
            continue
        for other_index, other_row in enumerate(ratings):
            other = other_row[unit]
            if other_index == index or other is None or not _present(other):
                continue
            pairs += 1
            agree += own == other
            distance += abs(float(own) - float(other))
    return pairs, agree, distance


def leave_one_out(
    *,
    ratings: Ratings,
    level: Level = "nominal",
    categories: Sequence[float] | None = None,
    rater_ids: Sequence[str] | None = None,
) -> list[RaterAgreement]:
    """Each rater against the others: pooled pairwise agreement and alpha without them.

    ``alpha_change`` is alpha(all) - alpha(without this rater): a negative value means the
    others agree better once this rater is left out.
    """
    _units(ratings)  # shape check
    names = list(rater_ids) if rater_ids is not None else [str(i) for i in range(len(ratings))]
    if len(names) != len(ratings):
        raise ValueError("rater_ids must name every rater row")
    alpha_all = krippendorff_alpha(ratings=ratings, level=level, categories=categories)
    result = []
    for index, name in enumerate(names):
        pairs, agree, distance = _pairs_with_others(ratings, index)
        rest = [row for i, row in enumerate(ratings) if i != index]
        without = krippendorff_alpha(ratings=rest, level=level, categories=categories)
        change = None if alpha_all is None or without is None else alpha_all - without
        result.append(
            RaterAgreement(
                rater=name,
                pairs=pairs,
                pairwise_agreement=agree / pairs if pairs else None,
                mean_distance=distance / pairs if pairs and level != "nominal" else None,
                alpha_without=without,
                alpha_change=change,
            )
        )
    return result


def collapse_verdict(score: int) -> int:
    """The 7-point verdict folded to -1 (A better), 0 (about the same), +1 (B better)."""
    return (score > 0) - (score < 0)


def verdict_matrix(
    *, judgments: Iterable[RaterJudgment], kinds: Sequence[str] = ("standard",)
) -> tuple[list[str], list[str], list[list[float | None]]]:
    """Raters x items matrix of true-order verdicts; a repeated judgment keeps the last."""
    cells: dict[tuple[str, str], int] = {}
    for judgment in judgments:
        if judgment.kind in kinds and judgment.verdict_true is not None:
            cells[(judgment.rater_id, judgment.item_id)] = judgment.verdict_true
    raters = sorted({r for r, _ in cells})
    items = sorted({i for _, i in cells})
    matrix: list[list[float | None]] = [
        [None if (r, i) not in cells else float(cells[(r, i)]) for i in items] for r in raters
    ]
    return raters, items, matrix


@dataclass(frozen=True)
class VerdictAgreement:
    """Agreement on the final verdict, on the 7-point scale and collapsed to A/same/B."""

    raters: tuple[str, ...]
    items: int
    alpha_ordinal: float | None
    alpha_interval: float | None
    alpha_collapsed: float | None
    percent_exact: float | None
    percent_collapsed: float | None
    per_rater: tuple[RaterAgreement, ...]
    per_rater_collapsed: tuple[RaterAgreement, ...]
