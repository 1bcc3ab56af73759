"""Time per judgment and the study-cost projection (rater_desktop.qa.timecost)."""

from __future__ import annotations

import pytest

from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa.timecost import (
    HistogramBin,
    histogram,
    median_seconds_per_judgment,
    project_study_cost,
    quantile,
    summarize_times,
    times_per_rater,
    times_per_step,
)


def test_seed_worked_example_costs_600_and_budgets_750() -> None:
    # Seed 001: 500 conversations x 3 annotators x 1 minute at $20/h plus a 20 % fee.
    cost = project_study_cost(
        items=500,
        raters_per_item=3,
        seconds_per_judgment=60,
        hourly_wage=20,
        platform_fee=0.20,
        buffer=0.25,
    )
    assert cost.judgments == 1500
    assert cost.cost_per_judgment == pytest.approx(0.40)
    assert cost.total == pytest.approx(600.0)
    assert cost.budget == pytest.approx(750.0)
    assert cost.rater_hours == pytest.approx(25.0)


def test_cost_rejects_negative_inputs() -> None:
    with pytest.raises(ValueError):
        project_study_cost(
            items=-1, raters_per_item=3, seconds_per_judgment=60, hourly_wage=20, platform_fee=0
        )
    with pytest.raises(ValueError):
        project_study_cost(
            items=1, raters_per_item=3, seconds_per_judgment=60, hourly_wage=20, platform_fee=-0.1
        )


def test_quantiles_interpolate_between_order_statistics() -> None:
    values = [40.0, 10.0, 30.0, 20.0]
    assert quantile(values, 0.5) == 25.0
    assert quantile(values, 0.25) == 17.5
    assert quantile(values, 0.75) == 32.5
    assert quantile([7.0], 0.5) == 7.0
    with pytest.raises(ValueError):
        quantile([], 0.5)
    with pytest.raises(ValueError):
        quantile([1.0], 1.5)


def test_histogram_bins_are_fixed_width_from_zero() -> None:
    bins = histogram(values=[5, 29.9, 30, 61, 90], bin_seconds=30)
    assert bins == [
        HistogramBin(0, 30, 2),
        HistogramBin(30, 60, 1),
        HistogramBin(60, 90, 2),  # the largest value lands in the last bin
    ]
    assert histogram(values=[], bin_seconds=30) == []
    with pytest.raises(ValueError):
        histogram(values=[1], bin_seconds=0)


def test_summary_ignores_unusable_durations() -> None:
    summary = summarize_times(seconds=[60, 120, float("nan"), -5, 90], bin_seconds=60)
    assert summary.count == 3
    assert summary.median == 90
    assert (summary.q1, summary.q3) == (75, 105)
    assert (summary.minimum, summary.maximum) == (60, 120)
    assert [b.count for b in summary.bins] == [0, 3]
    with pytest.raises(ValueError, match="no usable durations"):
        summarize_times(seconds=[])


def _timed(
    rater: str, item: str, steps: dict[str, float], total: float | None = None
) -> RaterJudgment:
    return RaterJudgment(rater_id=rater, item_id=item, step_seconds=steps, total_seconds=total)


def test_times_per_rater_and_per_step() -> None:
    judgments = [
        _timed("ann", "i1", {"read": 30, "rate": 50}),  # 80 s in steps
        _timed("ann", "i2", {"read": 20, "rate": 40}, total=100),  # recorded total wins
        _timed("bob", "i1", {"read": 10, "rate": 20}),
        RaterJudgment(rater_id="cy", item_id="i1"),  # no timing at all
    ]
    per_rater = times_per_rater(judgments=judgments)
    assert set(per_rater) == {"ann", "bob"}
    assert per_rater["ann"].median == 90
    assert per_rater["bob"].median == 30
    per_step = times_per_step(judgments=judgments)
    assert per_step["read"].median == 20
    assert per_step["rate"].count == 3
    assert per_step["rate"].median == 40
    assert median_seconds_per_judgment(judgments=judgments) == 80
    assert median_seconds_per_judgment(judgments=judgments[3:]) is None
