"""Qualification scoring and attention checks (rater_desktop.qa.qualification)."""

from __future__ import annotations

import pytest

from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa.qualification import (
    meets_threshold,
    score_attention,
    score_qualification,
    verdict_matches,
)


def test_exact_tolerance_needs_the_same_point() -> None:
    assert verdict_matches(verdict=-2, expected=-2, tolerance="exact")
    assert not verdict_matches(verdict=-3, expected=-2, tolerance="exact")
    assert not verdict_matches(verdict=None, expected=0, tolerance="exact")


@pytest.mark.parametrize(
    ("verdict", "expected", "ok"),
    [
        (-3, -2, True),  # one step, same side
        (-1, -2, True),
        (-1, -3, False),  # two steps
        (0, -1, False),  # one step but crosses to "about the same"
        (1, 0, False),
        (0, 0, True),
        (3, 3, True),
        (2, 3, True),
        (-1, 1, False),
    ],
)
def test_same_side_within_one_tolerance(verdict: int, expected: int, ok: bool) -> None:
    assert (
        verdict_matches(verdict=verdict, expected=expected, tolerance="same_side_within_one") is ok
    )


def test_unknown_tolerance_is_rejected() -> None:
    with pytest.raises(ValueError, match="tolerance"):
        verdict_matches(verdict=1, expected=1, tolerance="close")  # type: ignore[arg-type]


def test_threshold_is_a_ratio_in_exact_arithmetic() -> None:
    assert meets_threshold(passed=8, total=10, threshold=(8, 10))
    assert not meets_threshold(passed=7, total=10, threshold=(8, 10))
    assert meets_threshold(passed=4, total=5, threshold=(8, 10))
    assert not meets_threshold(passed=11, total=15, threshold=(8, 10))  # 0.733 < 0.8
    assert meets_threshold(passed=12, total=15, threshold=(8, 10))
    assert not meets_threshold(passed=0, total=0, threshold=(8, 10))
    with pytest.raises(ValueError):
        meets_threshold(passed=1, total=1, threshold=(11, 10))


def _qual(rater: str, item: str, verdict: int | None, expected: int) -> RaterJudgment:
    return RaterJudgment(
        rater_id=rater,
        item_id=item,
        verdict_true=verdict,
        kind="qualification",
        expected_verdict=expected,
    )


def _batch(rater: str, answers: list[int | None]) -> list[RaterJudgment]:
    expected = [-3, -2, -1, 0, 1, 2, 3, -2, 2, 0]
    return [_qual(rater, f"q{i:02d}", answer, expected[i]) for i, answer in enumerate(answers)]


def test_rater_with_eight_of_ten_qualifies_and_seven_does_not() -> None:
    good = _batch("good", [-3, -3, -1, 0, 1, 2, 3, -2, -2, 1])  # q08, q09 wrong -> 8/10
    weak = _batch("weak", [-3, -3, -1, 0, 1, 2, -3, -2, -2, 1])  # q06 also wrong -> 7/10
    results = {r.rater_id: r for r in score_qualification(judgments=good + weak)}
    assert results["good"].passed == 8
    assert results["good"].failed_items == ("q08", "q09")
    assert results["good"].qualified
    assert results["weak"].passed == 7
    assert not results["weak"].qualified


def test_exact_tolerance_is_stricter() -> None:
    judgments = _batch("r", [-3, -3, -1, 0, 1, 2, 3, -2, 2, 0])  # q01: -3 for expected -2
    lenient = score_qualification(judgments=judgments)[0]
    strict = score_qualification(judgments=judgments, tolerance="exact")[0]
    assert lenient.passed == 10
    assert strict.passed == 9
    assert strict.failed_items == ("q01",)


def test_unanswered_item_counts_as_failed() -> None:
    judgments = _batch("r", [-3, -2, -1, 0, 1, 2, 3, -2, 2, 0])
    judgments = [j for j in judgments if j.item_id != "q03"]
    # q03 is only known from another rater's judgment
    judgments.append(_qual("other", "q03", 0, 0))
    results = {r.rater_id: r for r in score_qualification(judgments=judgments)}
    assert results["r"].total == 10
    assert "q03" in results["r"].failed_items
    assert results["r"].qualified  # 9 of 10
    explicit = score_qualification(judgments=judgments, item_ids=["q00", "q03"])
    assert {r.rater_id: r.passed for r in explicit} == {"other": 1, "r": 1}


def test_standard_items_are_not_qualification_items() -> None:
    judgment = RaterJudgment(rater_id="r", item_id="s1", verdict_true=1, expected_verdict=1)
    assert score_qualification(judgments=[judgment]) == []


def test_attention_checks_per_rater() -> None:
    judgments = [
        RaterJudgment("ann", "att1", verdict_true=3, kind="attention", expected_verdict=3),
        RaterJudgment("ann", "att2", verdict_true=2, kind="attention", expected_verdict=3),
        RaterJudgment("bob", "att1", verdict_true=0, kind="attention", attention_passed=True),
        RaterJudgment("bob", "att2", verdict_true=0, kind="attention"),  # nothing to check
        RaterJudgment("bob", "std", verdict_true=0, expected_verdict=3),  # not attention
    ]
    results = {r.rater_id: r for r in score_attention(judgments=judgments)}
    assert results["ann"].passed == ("att1",)
    assert results["ann"].missed == ("att2",)
    assert not results["ann"].all_passed
    assert results["bob"].passed == ("att1",)
    assert results["bob"].undecided == ("att2",)
    assert results["bob"].all_passed


def test_rater_without_qualification_answers_is_zero_of_n_not_qualified() -> None:
    judgments = _batch("good", [-3, -2, -1, 0, 1, 2, 3, -2, 2, 0])
    judgments.append(RaterJudgment(rater_id="late", item_id="s1", verdict_true=1))
    results = {r.rater_id: r for r in score_qualification(judgments=judgments)}
    assert set(results) == {"good", "late"}
    late = results["late"]
    assert (late.passed, late.total, late.qualified) == (0, 10, False)
    assert len(late.failed_items) == 10


def test_roster_raters_with_no_judgment_at_all_get_a_row() -> None:
    judgments = _batch("good", [-3, -2, -1, 0, 1, 2, 3, -2, 2, 0])
    results = {r.rater_id: r for r in score_qualification(judgments=judgments, raters=["zed"])}
    assert (results["zed"].passed, results["zed"].total, results["zed"].qualified) == (0, 10, False)


def test_no_qualification_items_means_no_rows() -> None:
    judgments = [RaterJudgment(rater_id="r", item_id="s1", verdict_true=1)]
    assert score_qualification(judgments=judgments) == []
