"""Agreement from grouped value counts: alpha, percent agreement and leave-one-out per rater
without the raters x units matrix (what 50 raters x 2,000 items need: seconds, not minutes).

Every metric used here is a squared difference of transformed values, d(c, k) = (G_c -
G_k)^2: interval G_c = c; ordinal G_c = F_c - n_c / 2 (the cumulative frequency up to c
minus half of c's own, which is Krippendorff's ordinal metric); nominal is handled apart.
For a unit with value counts N and m values, sum_ck N_c N_k d(c, k) = 2 (m S2 - S1^2),
S1 = sum N_c G_c, S2 = sum N_c G_c^2: O(categories) per unit. Leaving rater r out changes
only the units r rated (their counts lose r's value) and the marginals (hence G on the
ordinal scale): the sum over every unit is 2 (P . G'^2 - G'^T Q G') with P and Q grouped
once, and the units r rated are corrected one distinct (unit counts, value) at a time.
The figures equal ``agreement.krippendorff_alpha`` / ``leave_one_out`` on the matrix (tests).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from rater_desktop.qa.agreement import (
    COLLAPSED_CATEGORIES,
    VERDICT_CATEGORIES,
    Level,
    RaterAgreement,
    VerdictAgreement,
    collapse_verdict,
)
from rater_desktop.qa.count_arrays import CellCodes, Counts, RaterCells, rater_groups
from rater_desktop.qa.inputs import RaterJudgment

_NONE = np.zeros(0, dtype=np.int32)


@dataclass(frozen=True)
class UnitCounts:
    """Every unit's value counts and which value each rater gave where: per rater the
    unit codes and values as arrays (``count_arrays``), not a tuple per cell."""

    units: dict[Hashable, Counts]
    rater_cells: RaterCells  # rater -> (unit codes, value codes), in cell order
    unit_keys: list[Hashable]  # unit code -> unit
    values: list[float]  # value code -> value

    def rated(self, rater: str) -> list[tuple[Hashable, float]]:
        """(unit, value) of every unit ``rater`` rated, in cell order."""
        codes, values = self.rater_cells.get(rater, (_NONE, _NONE))
        keys, known = self.unit_keys, self.values
        return [(keys[u], known[v]) for u, v in zip(codes.tolist(), values.tolist(), strict=True)]

    def counts_by_code(self) -> list[Counts]:
        """Each unit code's counts (() for a code no kept cell has)."""
        return [self.units.get(key, ()) for key in self.unit_keys]

    @property
    def by_rater(self) -> dict[str, list[tuple[Hashable, float]]]:
        """rater -> (unit, value) pairs (built on demand: one rater's cells at a time is
        what the figures read, see ``rated``)."""
        return {rater: self.rated(rater) for rater in self.rater_cells}


def unit_counts(cells: Iterable[tuple[str, Hashable, float]]) -> UnitCounts:
    """From (rater, unit, value) cells; a rater's repeated unit keeps the last value."""
    return UnitCounts(*CellCodes().extend(cells).grouped())


def _transform(level: Level, marginals: dict[float, float], categories: Sequence[float]
               ) -> dict[float, float]:  # fmt: skip
    """G per value (interval: the value; ordinal: the midpoint cumulative frequency)."""
    values = sorted(set(categories) | set(marginals))
    if level == "interval":
        return {v: v for v in values}
    found: dict[float, float] = {}
    running = 0.0
    for value in values:
        own = marginals.get(value, 0.0)
        found[value] = running + own / 2.0
        running += own
    return found


def _spread(counts: Sequence[tuple[float, float]], g: dict[float, float] | None) -> float:
    """sum_ck N_c N_k d(c, k) of one unit (g None: nominal)."""
    if g is None:
        m = sum(n for _, n in counts)
        return float(m * m - sum(n * n for _, n in counts))
    s1 = s2 = 0.0
    m = 0
    for value, n in counts:
        x = g[value]
        s1 += n * x
        s2 += n * x * x
        m += n
    return 2.0 * (m * s2 - s1 * s1)


def _without(counts: Counts, value: float) -> Counts:
    return tuple((v, n - (v == value)) for v, n in counts if n - (v == value) > 0)


class _Grouped:
    """Sums over the pairable units, grouped once per dimension."""

    def __init__(self, table: UnitCounts, level: Level, categories: Sequence[float]) -> None:
        self.level = level
        self.categories = [float(c) for c in categories]
        self.marginals: dict[float, float] = defaultdict(float)
        self.p: dict[float, float] = defaultdict(float)
        self.q: dict[tuple[float, float], float] = defaultdict(float)
        self.nominal = 0.0
        for counts in table.units.values():
            m = sum(n for _, n in counts)
            if m < 2:
                continue
            for value, n in counts:
                self.marginals[value] += n
                self.p[value] += m * n / (m - 1)
            if level == "nominal":
                self.nominal += (m * m - sum(n * n for _, n in counts)) / (m - 1)
            else:
                for c, n_c in counts:
                    for k, n_k in counts:
                        self.q[(c, k)] += n_c * n_k / (m - 1)
        unknown = set(self.marginals) - set(self.categories) if self.categories else set()
        if unknown:
            raise ValueError(f"values {sorted(unknown)} are not among the categories")

    def g(self, marginals: dict[float, float]) -> dict[float, float] | None:
        return None if self.level == "nominal" else _transform(
            self.level, marginals, self.categories)  # fmt: skip

    def all_units(self, g: dict[float, float] | None) -> float:
        """sum over pairable units of spread / (m - 1), for any G (the P and Q sums)."""
        if g is None:
            return self.nominal
        linear = sum(p * g[v] * g[v] for v, p in self.p.items())
        quadratic = sum(q * g[c] * g[k] for (c, k), q in self.q.items())
        return 2.0 * (linear - quadratic)

    def alpha(self, marginals: dict[float, float], observed: float,
              g: dict[float, float] | None) -> float | None:  # fmt: skip
        n = sum(marginals.values())
        if n < 2:
            return None
        pairs = tuple((v, c) for v, c in marginals.items() if c)
        expected = _spread(pairs, g) if g is not None else n * n - sum(c * c for _, c in pairs)
        if expected <= 0.0:
            return None
        return 1.0 - (n - 1.0) * observed / expected


def alpha_from_counts(
    table: UnitCounts, *, level: Level = "nominal", categories: Sequence[float] = ()
) -> float | None:
    """Krippendorff's alpha; None when undefined (under 2 pairable values, no variation)."""
    grouped = _Grouped(table, level, categories)
    g = grouped.g(grouped.marginals)
    return grouped.alpha(grouped.marginals, grouped.all_units(g), g)


def percent_from_counts(table: UnitCounts) -> tuple[float | None, int]:
    """Mean over pairable units of the share of agreeing rater pairs, and their number."""
    shares = []
    for counts in table.units.values():
        m = sum(n for _, n in counts)
        if m >= 2:
            shares.append(sum(n * (n - 1) for _, n in counts) / (m * (m - 1)))
    return (sum(shares) / len(shares) if shares else None), len(shares)


def _rater_groups(table: UnitCounts, rater: str, by_code: list[Counts]
                  ) -> dict[tuple[Counts, float], int]:  # fmt: skip
    codes, values = table.rater_cells.get(rater, (_NONE, _NONE))
    return rater_groups(by_code, table.values, codes, values)


def _one_rater(grouped: _Grouped, groups: dict[tuple[Counts, float], int],
               alpha_all: float | None, name: str) -> RaterAgreement:  # fmt: skip
    pairs = agree = 0
    distance = 0.0
    marginals = dict(grouped.marginals)
    for (counts, value), times in groups.items():
        m = sum(n for _, n in counts)
        pairs += times * (m - 1)
        agree += times * (dict(counts)[value] - 1)
        distance += times * sum(n * abs(value - v) for v, n in counts)
        if m == 2:  # the unit is no longer pairable: both values leave the marginals
            for v, n in counts:
                marginals[v] -= times * n
        elif m > 2:
            marginals[value] -= times
    g = grouped.g(marginals)
    observed = grouped.all_units(g)
    for (counts, value), times in groups.items():
        m = sum(n for _, n in counts)
        if m >= 2:
            observed -= times * _spread(counts, g) / (m - 1)
        if m >= 3:
            observed += times * _spread(_without(counts, value), g) / (m - 2)
    without = grouped.alpha(marginals, observed, g)
    return RaterAgreement(
        rater=name,
        pairs=pairs,
        pairwise_agreement=agree / pairs if pairs else None,
        mean_distance=distance / pairs if pairs and grouped.level != "nominal" else None,
        alpha_without=without,
        alpha_change=None if alpha_all is None or without is None else alpha_all - without,
    )


def leave_one_out_counts(
    table: UnitCounts,
    *,
    level: Level = "nominal",
    categories: Sequence[float] = (),
    rater_ids: Sequence[str] | None = None,
) -> list[RaterAgreement]:
    """Each rater against the others, as ``agreement.leave_one_out`` on the matrix."""
    grouped = _Grouped(table, level, categories)
    g = grouped.g(grouped.marginals)
    alpha_all = grouped.alpha(grouped.marginals, grouped.all_units(g), g)
    names = list(rater_ids) if rater_ids is not None else sorted(table.rater_cells)
    by_code = table.counts_by_code()
    return [_one_rater(grouped, _rater_groups(table, name, by_code), alpha_all, name)
            for name in names]


def verdict_agreement(
    *, judgments: Iterable[RaterJudgment], kinds: Sequence[str] = ("standard",)
) -> VerdictAgreement:
    """All verdict agreement figures for a set of judgments (from grouped value counts:
    ``agreement_counts``, equal to the matrix functions above)."""
    cells = CellCodes(), CellCodes()
    add_verdict_cells(cells, judgments=judgments, kinds=kinds)
    return verdict_agreement_of(cells)


def add_verdict_cells(cells: tuple[CellCodes, CellCodes], *,
                      judgments: Iterable[RaterJudgment],
                      kinds: Sequence[str] = ("standard",)) -> None:  # fmt: skip
    """Add the judgments' (exact, collapsed) verdict cells (a few judgments at a time)."""
    exact_codes, collapsed_codes = cells
    for judgment in judgments:  # a repeated (rater, item) keeps its last verdict
        if judgment.kind in kinds and judgment.verdict_true is not None:
            exact_codes.add(judgment.rater_id, judgment.item_id, float(judgment.verdict_true))
            collapsed_codes.add(judgment.rater_id, judgment.item_id,
                                float(collapse_verdict(judgment.verdict_true)))


def verdict_agreement_of(cells: tuple[CellCodes, CellCodes]) -> VerdictAgreement:
    """``verdict_agreement`` of the (exact, collapsed) cells ``add_verdict_cells`` added."""
    exact_codes, collapsed_codes = cells
    raters = sorted(exact_codes.raters)
    exact = UnitCounts(*exact_codes.grouped())
    collapsed = UnitCounts(*collapsed_codes.grouped())
    return VerdictAgreement(
        raters=tuple(raters),
        items=len(exact_codes.units),
        alpha_ordinal=alpha_from_counts(exact, level="ordinal", categories=VERDICT_CATEGORIES),
        alpha_interval=alpha_from_counts(exact, level="interval"),
        alpha_collapsed=alpha_from_counts(
            collapsed, level="nominal", categories=COLLAPSED_CATEGORIES
        ),
        percent_exact=percent_from_counts(exact)[0],
        percent_collapsed=percent_from_counts(collapsed)[0],
        per_rater=tuple(leave_one_out_counts(
            exact, level="ordinal", categories=VERDICT_CATEGORIES, rater_ids=raters)),
        per_rater_collapsed=tuple(leave_one_out_counts(
            collapsed, level="nominal", categories=COLLAPSED_CATEGORIES, rater_ids=raters)),
    )
