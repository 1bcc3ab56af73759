"""Time per judgment and the study-cost projection (study design seed 001).

Cost = items x raters per item x (seconds per judgment / 3600) x hourly wage x (1 + fee).
The worked example (500 items, 3 raters, 1 minute, $20/h, 20 % fee) gives $600, and a
25 % buffer for checks and re-annotation gives a $750 budget.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rater_desktop.qa.inputs import RaterJudgment


def quantile(values: Sequence[float], fraction: float) -> float:
    """Linear interpolation between order statistics at position fraction * (n - 1)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("quantile of no values")
    if not 0.0 <= fraction <= 1.0:
        raise ValueError("fraction must be within 0..1")
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class HistogramBin:
    """Counts of times t with start <= t < end (the last bin also holds t == end)."""

    start: float
    end: float
    count: int


def histogram(*, values: Sequence[float], bin_seconds: float) -> list[HistogramBin]:
    """Fixed-width bins from 0 up to the largest value."""
    if bin_seconds <= 0:
        raise ValueError("bin_seconds must be positive")
    if not values:
        return []
    bins = max(1, math.ceil(max(values) / bin_seconds))
    counts = [0] * bins
    for value in values:
        counts[min(int(max(value, 0.0) // bin_seconds), bins - 1)] += 1
    return [HistogramBin(i * bin_seconds, (i + 1) * bin_seconds, c) for i, c in enumerate(counts)]


@dataclass(frozen=True)
class TimingSummary:
    """Median and quartiles (seconds) of a set of durations, with a histogram."""

    count: int
    median: float
    q1: float
    q3: float
    minimum: float
    maximum: float
    bins: tuple[HistogramBin, ...]


def summarize_times(*, seconds: Sequence[float], bin_seconds: float = 30.0) -> TimingSummary:
    values = [float(s) for s in seconds if s is not None and math.isfinite(s) and s >= 0]
    if not values:
        raise ValueError("no usable durations (need finite, non-negative seconds)")
    return TimingSummary(
        count=len(values),
        median=quantile(values, 0.5),
        q1=quantile(values, 0.25),
        q3=quantile(values, 0.75),
        minimum=min(values),
        maximum=max(values),
        bins=tuple(histogram(values=values, bin_seconds=bin_seconds)),
    )


def times_per_rater(
    *, judgments: Iterable[RaterJudgment], bin_seconds: float = 30.0
) -> dict[str, TimingSummary]:
    """Time per judgment for each rater (judgments without any timing are left out)."""
    grouped: dict[str, list[float]] = defaultdict(list)
    for judgment in judgments:
        seconds = judgment.seconds()
        if seconds is not None:
            grouped[judgment.rater_id].append(seconds)
    return {
        r: summarize_times(seconds=v, bin_seconds=bin_seconds) for r, v in sorted(grouped.items())
    }


def times_per_step(
    *, judgments: Iterable[RaterJudgment], bin_seconds: float = 30.0
) -> dict[str, TimingSummary]:
    """Time spent in each step of the rating flow, over all raters."""
    grouped: dict[str, list[float]] = defaultdict(list)
    for judgment in judgments:
        for step, seconds in judgment.step_seconds.items():
            grouped[step].append(seconds)
    return {
        s: summarize_times(seconds=v, bin_seconds=bin_seconds) for s, v in sorted(grouped.items())
    }


def median_seconds_per_judgment(*, judgments: Iterable[RaterJudgment]) -> float | None:
    """The measured median time of a judgment over all raters; None without timings."""
    values = [s for j in judgments if (s := j.seconds()) is not None]
    return quantile(values, 0.5) if values else None


@dataclass(frozen=True)
class StudyCost:
    """A projected study budget (currency of the wage)."""

    judgments: int
    rater_hours: float
    cost_per_judgment: float
    total: float
    budget: float


def project_study_cost(
    *,
    items: int,
    raters_per_item: int,
    seconds_per_judgment: float,
    hourly_wage: float,
    platform_fee: float,
    buffer: float = 0.0,
) -> StudyCost:
    """Projected cost; ``platform_fee`` and ``buffer`` are fractions (0.2 = 20 %)."""
    if min(items, raters_per_item) < 0 or min(seconds_per_judgment, hourly_wage) < 0:
        raise ValueError("items, raters, time and wage must not be negative")
    if platform_fee < 0 or buffer < 0:
        raise ValueError("platform fee and buffer are non-negative fractions")
    judgments = items * raters_per_item
    per_judgment = seconds_per_judgment / 3600.0 * hourly_wage * (1.0 + platform_fee)
    total = judgments * per_judgment
    return StudyCost(
        judgments=judgments,
        rater_hours=judgments * seconds_per_judgment / 3600.0,
        cost_per_judgment=per_judgment,
        total=total,
        budget=total * (1.0 + buffer),
    )
