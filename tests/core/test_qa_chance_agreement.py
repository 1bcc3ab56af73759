"""Cohen's and Fleiss' kappa, Gwet's AC1/AC2 against published examples and an independent
pairwise computation written here."""

from __future__ import annotations

import itertools
import random

import pytest

from rater_desktop.qa.agreement_counts import unit_counts
from rater_desktop.qa.chance_agreement import cohen_kappa, fleiss_kappa, gwet_ac

# Wikipedia, "Cohen's kappa", worked example: 50 proposals, Yes/Yes 20, Yes/No 5, No/Yes 10,
# No/No 15 -> kappa 0.4.
COHEN = [(1.0, 1.0)] * 20 + [(1.0, 0.0)] * 5 + [(0.0, 1.0)] * 10 + [(0.0, 0.0)] * 15
# Wikipedia, "Fleiss' kappa", worked example: 10 subjects, 14 raters, 5 categories -> 0.210.
FLEISS = [(0, 0, 0, 0, 14), (0, 2, 6, 4, 2), (0, 0, 3, 5, 6), (0, 3, 9, 2, 0), (2, 2, 8, 1, 1),
          (7, 7, 0, 0, 0), (3, 2, 6, 3, 0), (2, 5, 3, 2, 2), (6, 5, 2, 1, 0), (0, 2, 2, 3, 7)]


def _table_from_counts(rows: list[tuple[int, ...]]):  # type: ignore[no-untyped-def]
    cells = []
    for unit, row in enumerate(rows):
        rater = 0
        for category, count in enumerate(row, start=1):
            for _ in range(count):
                cells.append((f"r{rater}", unit, float(category)))
                rater += 1
    return unit_counts(cells)


def test_cohen_kappa_matches_the_published_example() -> None:
    assert cohen_kappa(COHEN) == pytest.approx(0.4)
    assert cohen_kappa([]) is None and cohen_kappa([(1.0, 1.0)] * 3) is None


def test_fleiss_kappa_matches_the_published_example() -> None:
    assert fleiss_kappa(_table_from_counts(FLEISS)) == pytest.approx(0.2099, abs=5e-5)


def _pairwise_ac(units: list[list[float]], categories: list[float], weighted: bool) -> float:
    """Gwet's AC from rater pairs within each unit (a different route than the counts)."""
    span = max(categories) - min(categories)

    def weight(a: float, b: float) -> float:
        return 1 - ((a - b) / span) ** 2 if weighted else float(a == b)

    p_a = [sum(weight(a, b) for a, b in itertools.permutations(values, 2))
           / (len(values) * (len(values) - 1)) for values in units if len(values) >= 2]  # fmt: skip
    rated = [values for values in units if values]
    pi = {k: sum(values.count(k) / len(values) for values in rated) / len(rated)
          for k in categories}  # fmt: skip
    total = sum(weight(a, b) for a in categories for b in categories)
    q = len(categories)
    p_e = total / (q * (q - 1)) * sum(p * (1 - p) for p in pi.values())
    return (sum(p_a) / len(p_a) - p_e) / (1 - p_e)


def test_gwet_ac1_two_raters_matches_the_hand_computation() -> None:
    table = unit_counts(
        [("a", unit, a) for unit, (a, _) in enumerate(COHEN)]
        + [("b", unit, b) for unit, (_, b) in enumerate(COHEN)]
    )
    # p_a = 0.7, pi_yes = 0.55: p_e = 2 * 0.55 * 0.45 = 0.495; AC1 = 0.205 / 0.505.
    assert gwet_ac(table, (0, 1)) == pytest.approx(0.205 / 0.505)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(5))
def test_gwet_ac_equals_the_pairwise_computation(weighted: bool, seed: int) -> None:
    rng = random.Random(seed)
    categories = [1.0, 2.0, 3.0, 4.0, 5.0]
    cells, units = [], []
    for unit in range(rng.randint(3, 30)):
        values = []
        for rater in range(rng.randint(0, 6)):
            value = rng.choice(categories)
            values.append(value)
            cells.append((f"r{rater}", unit, value))
        units.append(values)
    expected = _pairwise_ac(units, categories, weighted)
    assert gwet_ac(unit_counts(cells), categories, weighted=weighted) == pytest.approx(expected)


def test_ac1_stays_high_where_kappa_collapses_on_one_category() -> None:
    # 40 items, three raters, nearly all "same": kappa falls, AC1 does not (the paradox).
    rows = [(0, 3, 0)] * 38 + [(1, 2, 0), (0, 2, 1)]
    table = _table_from_counts(rows)
    kappa = fleiss_kappa(table)
    ac1 = gwet_ac(table, (1, 2, 3))
    assert kappa is not None and ac1 is not None and kappa < 0 < 0.95 < ac1
