"""Krippendorff's alpha, percent agreement and leave-one-out (rater_desktop.qa.agreement)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rater_desktop.qa.agreement import (
    COLLAPSED_CATEGORIES,
    VERDICT_CATEGORIES,
    coincidences,
    collapse_verdict,
    krippendorff_alpha,
    leave_one_out,
    percent_agreement,
    verdict_matrix,
)
from rater_desktop.qa.agreement_counts import verdict_agreement
from rater_desktop.qa.inputs import RaterJudgment

N = None
# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", example C:
# 4 observers x 12 units with missing values.
PAPER_DATA: list[list[float | None]] = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
]


@pytest.mark.parametrize(
    ("level", "published"), [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849)]
)
def test_alpha_matches_the_papers_worked_example(level: str, published: float) -> None:
    alpha = krippendorff_alpha(ratings=PAPER_DATA, level=level)  # type: ignore[arg-type]
    assert alpha is not None
    assert round(alpha, 3) == published


def test_coincidence_matrix_of_the_paper_example() -> None:
    matrix = coincidences(ratings=PAPER_DATA)
    # The paper's coincidence matrix: n = 40 pairable values (the lone 3 of unit 12 is
    # not pairable), o_11 = 7, o_12 = 4/3, o_33 = 8, o_55 = 3; marginals 9, 13, 10, 5, 3.
    assert sum(matrix.values()) == pytest.approx(40.0)
    assert matrix[(1.0, 1.0)] == pytest.approx(7.0)
    assert matrix[(1.0, 2.0)] == pytest.approx(4 / 3)
    assert matrix[(3.0, 3.0)] == pytest.approx(8.0)
    assert matrix[(5.0, 5.0)] == pytest.approx(3.0)
    marginals = [sum(v for (c, _k), v in matrix.items() if c == value) for value in range(1, 6)]
    assert marginals == pytest.approx([9, 13, 10, 5, 3])


def test_alpha_is_undefined_without_pairable_values_or_variation() -> None:
    assert krippendorff_alpha(ratings=[[1, N], [N, 2]]) is None  # nothing pairable
    assert krippendorff_alpha(ratings=[[1, 1, 1], [1, 1, 1]], level="interval") is None
    assert krippendorff_alpha(ratings=[]) is None


def test_alpha_perfect_agreement_is_one_and_systematic_disagreement_negative() -> None:
    assert krippendorff_alpha(ratings=[[1, 2, 3], [1, 2, 3]], level="ordinal") == 1.0
    flipped = krippendorff_alpha(ratings=[[1, 2], [2, 1]], level="nominal")
    assert flipped is not None and flipped < 0


def test_alpha_rejects_ragged_rows_and_values_outside_the_categories() -> None:
    with pytest.raises(ValueError, match="one value per unit"):
        krippendorff_alpha(ratings=[[1, 2], [1]])
    with pytest.raises(ValueError, match="categories"):
        krippendorff_alpha(ratings=[[1, 9], [1, 9]], categories=(1, 2, 3))
    with pytest.raises(ValueError, match="level"):
        krippendorff_alpha(ratings=[[1, 2], [1, 2]], level="ratio")  # type: ignore[arg-type]


def test_ordinal_metric_uses_the_categories_even_when_unobserved() -> None:
    # Unobserved categories have zero frequency, so they do not change the ordinal metric.
    data: list[list[float | None]] = [[-3, 0, 2, 1], [-2, 0, 3, N]]
    plain = krippendorff_alpha(ratings=data, level="ordinal")
    with_domain = krippendorff_alpha(ratings=data, level="ordinal", categories=VERDICT_CATEGORIES)
    assert plain == pytest.approx(with_domain)


ratings_strategy = st.integers(min_value=2, max_value=5).flatmap(
    lambda raters: st.integers(min_value=1, max_value=10).flatmap(
        lambda units: st.lists(
            st.lists(
                st.one_of(st.none(), st.sampled_from(VERDICT_CATEGORIES)),
                min_size=units,
                max_size=units,
            ),
            min_size=raters,
            max_size=raters,
        )
    )
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=ratings_strategy, level=st.sampled_from(["nominal", "ordinal", "interval"]))
def test_alpha_agrees_with_the_krippendorff_package(
    data: list[list[float | None]], level: str
) -> None:
    oracle = pytest.importorskip(
        "krippendorff", reason="test-only oracle: pip install krippendorff"
    )
    numpy = pytest.importorskip("numpy", reason="comes with the krippendorff package")
    ours = krippendorff_alpha(ratings=data, level=level)  # type: ignore[arg-type]
    assume(ours is not None)
    matrix = numpy.array([[math.nan if v is None else v for v in row] for row in data], float)
    theirs = oracle.alpha(
        reliability_data=matrix, level_of_measurement=level, value_domain=list(VERDICT_CATEGORIES)
    )
    assert ours == pytest.approx(float(theirs), abs=1e-9)


def test_percent_agreement_averages_per_unit_pair_shares() -> None:
    data: list[list[float | None]] = [
        [1, 1, 2, N],
        [1, 2, 2, 3],
        [1, 3, N, N],
    ]
    # unit 1: 3/3 pairs agree; unit 2: 0/3; unit 3: 1/1; unit 4: single value, skipped
    assert percent_agreement(ratings=data) == pytest.approx((1 + 0 + 1) / 3)
    assert percent_agreement(ratings=[[1, N], [N, 1]]) is None


def test_leave_one_out_flags_the_outlying_rater() -> None:
    data: list[list[float | None]] = [
        [1, 2, 3, 1, 2],
        [1, 2, 3, 1, 2],
        [3, 1, 1, 2, 3],
    ]
    rows = leave_one_out(ratings=data, level="nominal", rater_ids=["ann", "bob", "cy"])
    by_name = {r.rater: r for r in rows}
    assert by_name["ann"].pairs == 10  # 5 units x 2 others
    assert by_name["ann"].pairwise_agreement == pytest.approx(5 / 10)
    assert by_name["cy"].pairwise_agreement == 0.0
    assert by_name["cy"].alpha_without == 1.0
    alpha_all = krippendorff_alpha(ratings=data, level="nominal")
    assert alpha_all is not None
    assert by_name["cy"].alpha_change == pytest.approx(alpha_all - 1.0)
    assert by_name["cy"].alpha_change < 0 < by_name["ann"].alpha_change  # type: ignore[operator]
    assert by_name["ann"].mean_distance is None  # no distance on a nominal scale


def test_leave_one_out_mean_distance_on_a_numeric_scale() -> None:
    rows = leave_one_out(ratings=[[0, 3], [1, 3], [N, -3]], level="ordinal")
    # rater 0: pairs (0,1) (3,3) (3,-3) -> distances 1, 0, 6
    assert rows[0].pairs == 3
    assert rows[0].mean_distance == pytest.approx(7 / 3)
    with pytest.raises(ValueError, match="rater_ids"):
        leave_one_out(ratings=[[1], [1]], rater_ids=["only-one"])


def test_collapse_verdict_folds_to_three_categories() -> None:
    assert [collapse_verdict(v) for v in VERDICT_CATEGORIES] == [-1, -1, -1, 0, 1, 1, 1]
    assert set(COLLAPSED_CATEGORIES) == {-1, 0, 1}


def _judgment(rater: str, item: str, verdict: int | None, kind: str = "standard") -> RaterJudgment:
    return RaterJudgment(rater_id=rater, item_id=item, verdict_true=verdict, kind=kind)


def test_verdict_matrix_and_agreement_from_judgments() -> None:
    judgments = [
        _judgment("r1", "i1", -3),
        _judgment("r2", "i1", -2),
        _judgment("r1", "i2", 2),
        _judgment("r2", "i2", 1),
        _judgment("r1", "i3", 0),
        _judgment("r2", "i3", 0),
        _judgment("r2", "q1", 3, kind="qualification"),  # not a standard item: ignored
        _judgment("r3", "i1", None),  # no verdict: ignored
    ]
    raters, items, matrix = verdict_matrix(judgments=judgments)
    assert raters == ["r1", "r2"]
    assert items == ["i1", "i2", "i3"]
    assert matrix == [[-3.0, 2.0, 0.0], [-2.0, 1.0, 0.0]]
    result = verdict_agreement(judgments=judgments)
    assert result.items == 3
    assert result.percent_exact == pytest.approx(1 / 3)
    assert result.percent_collapsed == 1.0
    assert result.alpha_collapsed == 1.0
    assert result.alpha_ordinal == pytest.approx(
        krippendorff_alpha(ratings=matrix, level="ordinal", categories=VERDICT_CATEGORIES)
    )
    assert result.alpha_ordinal is not None and 0 < result.alpha_ordinal < 1
    assert [r.rater for r in result.per_rater] == ["r1", "r2"]
    assert result.per_rater[0].pairwise_agreement == pytest.approx(1 / 3)
    assert result.per_rater_collapsed[0].pairwise_agreement == 1.0
