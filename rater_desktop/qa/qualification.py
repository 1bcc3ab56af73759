"""Qualification scoring and attention checks (guideline rule SD-4, study seed 001)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rater_desktop.qa.inputs import RaterJudgment

Tolerance = Literal["exact", "same_side_within_one"]
DEFAULT_THRESHOLD = (8, 10)


def _side(score: int) -> int:
    return (score > 0) - (score < 0)


def verdict_matches(*, verdict: int | None, expected: int, tolerance: Tolerance) -> bool:
    """Whether a verdict counts as the expected one.

    ``exact``: the same point of the 7-point scale. ``same_side_within_one``: at most one
    step away and on the same side (A better / about the same / B better), so an expected
    "about the same" accepts only "about the same". A missing verdict never matches.
    """
    if verdict is None:
        return False
    if tolerance == "exact":
        return verdict == expected
    if tolerance == "same_side_within_one":
        return abs(verdict - expected) <= 1 and _side(verdict) == _side(expected)
    raise ValueError(f"unknown tolerance {tolerance!r}: use exact or same_side_within_one")


def meets_threshold(*, passed: int, total: int, threshold: tuple[int, int]) -> bool:
    """passed/total >= required/out_of, in exact integer arithmetic (8 of 10 by default)."""
    required, out_of = threshold
    if out_of <= 0 or required < 0 or required > out_of:
        raise ValueError("threshold must be (required, out_of) with 0 <= required <= out_of")
    if total == 0:
        return False
    return passed * out_of >= required * total


@dataclass(frozen=True)
class QualificationResult:
    """One rater's qualification outcome."""

    rater_id: str
    passed_items: tuple[str, ...]
    failed_items: tuple[str, ...]
    total: int
    qualified: bool

    @property
    def passed(self) -> int:
        return len(self.passed_items)


def score_qualification(
    *,
    judgments: Iterable[RaterJudgment],
    tolerance: Tolerance = "same_side_within_one",
    threshold: tuple[int, int] = DEFAULT_THRESHOLD,
    item_ids: Sequence[str] | None = None,
    raters: Iterable[str] = (),
) -> list[QualificationResult]:
    """Score each rater on the qualification items that have an expected verdict.

    The item set is ``item_ids`` when given, else every qualification item with an expected
    verdict seen in the judgments; an item a rater did not answer counts as failed. Every
    rater seen in ``judgments`` (any kind) or named in ``raters`` gets a row, so one who
    answered no qualification item shows as 0 of N, not qualified, instead of missing.
    """
    judgments = list(judgments)
    qualification = [
        j for j in judgments if j.kind == "qualification" and j.expected_verdict is not None
    ]
    expected = {j.item_id: j.expected_verdict for j in qualification}
    items = sorted(expected) if item_ids is None else list(item_ids)
    answers: dict[str, dict[str, int | None]] = defaultdict(dict)
    if items:
        for rater_id in [*(j.rater_id for j in judgments), *raters]:
            answers.setdefault(rater_id, {})
    for judgment in qualification:
        answers[judgment.rater_id][judgment.item_id] = judgment.verdict_true
    results = []
    for rater in sorted(answers):
        passed: list[str] = []
        failed: list[str] = []
        for item in items:
            target = expected.get(item)
            verdict = answers[rater].get(item)
            ok = target is not None and verdict_matches(
                verdict=verdict, expected=target, tolerance=tolerance
            )
            (passed if ok else failed).append(item)
        results.append(
            QualificationResult(
                rater_id=rater,
                passed_items=tuple(passed),
                failed_items=tuple(failed),
                total=len(items),
                qualified=meets_threshold(
                    passed=len(passed), total=len(items), threshold=threshold
                ),
            )
        )
    return results


@dataclass(frozen=True)
class AttentionResult:
    """One rater's attention checks: passed, missed, and those that cannot be decided."""

    rater_id: str
    passed: tuple[str, ...]
    missed: tuple[str, ...]
    undecided: tuple[str, ...]

    @property
    def all_passed(self) -> bool:
        return not self.missed


def attention_passed(judgment: RaterJudgment) -> bool | None:
    """An explicit pass flag wins; else the verdict must equal the expected one exactly."""
    if judgment.attention_passed is not None:
        return judgment.attention_passed
    if judgment.expected_verdict is None:
        return None
    return judgment.verdict_true == judgment.expected_verdict


def score_attention(*, judgments: Iterable[RaterJudgment]) -> list[AttentionResult]:
    """Attention-check outcome per rater (items of kind ``attention`` only)."""
    outcomes: dict[str, dict[str, bool | None]] = defaultdict(dict)
    for judgment in judgments:
        if judgment.kind == "attention":
            outcomes[judgment.rater_id][judgment.item_id] = attention_passed(judgment)
    results = []
    for rater in sorted(outcomes):
        by_item = outcomes[rater]
        results.append(
            AttentionResult(
                rater_id=rater,
                passed=tuple(sorted(i for i, ok in by_item.items() if ok is True)),
                missed=tuple(sorted(i for i, ok in by_item.items() if ok is False)),
                undecided=tuple(sorted(i for i, ok in by_item.items() if ok is None)),
            )
        )
    return results
