"""Agreement from grouped value counts equals the matrix computation (itself checked against
Krippendorff's published example and the krippendorff package), leave-one-out included."""

from __future__ import annotations

import random

import krippendorff
import numpy as np
import pytest

from rater_desktop.qa.agreement import (
    Level,
    krippendorff_alpha,
    leave_one_out,
    percent_agreement,
)
from rater_desktop.qa.agreement_counts import (
    alpha_from_counts,
    leave_one_out_counts,
    percent_from_counts,
    unit_counts,
)

Matrix = list[list[float | None]]


def _random_matrix(rng: random.Random, raters: int, units: int, values: list[int],
                   missing: float) -> Matrix:  # fmt: skip
    return [
        [None if rng.random() < missing else float(rng.choice(values)) for _ in range(units)]
        for _ in range(raters)
    ]


def _table(matrix: Matrix, names: list[str]):  # type: ignore[no-untyped-def]
    return unit_counts(
        (names[r], u, v) for r, row in enumerate(matrix) for u, v in enumerate(row)
        if v is not None
    )


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
@pytest.mark.parametrize("seed", range(6))
def test_counts_equal_the_matrix_figures(level: Level, seed: int) -> None:
    rng = random.Random(seed)
    values = [1, 2, 3, 4, 5] if seed % 2 else [-3, -2, -1, 0, 1, 2, 3]
    matrix = _random_matrix(rng, rng.randint(2, 9), rng.randint(3, 40), values,
                            missing=rng.choice([0.0, 0.3, 0.6]))  # fmt: skip
    names = [f"r{i}" for i in range(len(matrix))]
    table = _table(matrix, names)
    categories = values if level != "interval" else ()
    expected = krippendorff_alpha(ratings=matrix, level=level, categories=categories or None)
    found = alpha_from_counts(table, level=level, categories=categories)
    assert (found is None) == (expected is None)
    if expected is not None:
        assert found == pytest.approx(expected, abs=1e-9)
        data = np.array([[np.nan if v is None else v for v in row] for row in matrix])
        reference = krippendorff.alpha(reliability_data=data, level_of_measurement=level,
                                       value_domain=values if level == "ordinal" else None)
        assert found == pytest.approx(reference, abs=1e-9)
    percent, units = percent_from_counts(table)
    assert percent == pytest.approx(percent_agreement(ratings=matrix))
    slow = leave_one_out(ratings=matrix, level=level, categories=categories or None,
                         rater_ids=names)  # fmt: skip
    fast = leave_one_out_counts(table, level=level, categories=categories, rater_ids=names)
    for a, b in zip(slow, fast, strict=True):
        assert (a.rater, a.pairs) == (b.rater, b.pairs)
        for name in ("pairwise_agreement", "mean_distance", "alpha_without", "alpha_change"):
            x, y = getattr(a, name), getattr(b, name)
            assert (x is None) == (y is None), name
            if x is not None:
                assert y == pytest.approx(x, abs=1e-9), name


def test_a_unit_left_with_one_value_is_no_longer_pairable() -> None:
    # Two raters share one unit: leaving either out leaves no pair at all.
    matrix: Matrix = [[1.0, 2.0, None], [1.0, None, 3.0], [None, 2.0, 3.0]]
    names = ["a", "b", "c"]
    fast = leave_one_out_counts(_table(matrix, names), level="ordinal",
                                categories=(1, 2, 3), rater_ids=names)  # fmt: skip
    slow = leave_one_out(ratings=matrix, level="ordinal", categories=(1, 2, 3), rater_ids=names)
    assert [r.alpha_without for r in fast] == [r.alpha_without for r in slow]
    assert [r.pairs for r in fast] == [2, 2, 2]


def test_a_value_outside_the_categories_is_refused() -> None:
    table = unit_counts([("a", 1, 1.0), ("b", 1, 9.0)])
    with pytest.raises(ValueError, match="not among the categories"):
        alpha_from_counts(table, level="ordinal", categories=(1, 2, 3))
