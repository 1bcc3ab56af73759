"""Small, typed inputs for the QA statistics, independent of the results file format.

Sides are always in *true file order*: side 0 is ``responses[0]`` ("A" in the batch file),
side 1 is ``responses[1]``. Verdicts use the same order: -3 means side 0 much better,
+3 means side 1 much better. The lead's adapter turns exported results into these objects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SIDES = (0, 1)
SCORE_NAMES = ("tc", "fa", "aip")


# slots: a report holds one judgment per rater and item (100,000 and more), so no
# per-instance __dict__ on the objects every judgment carries.
@dataclass(frozen=True, slots=True)
class SideScores:
    """One rater's TC, FA and AIP ratings (1-5) for one response; None when not given."""

    tc: float | None = None
    fa: float | None = None
    aip: float | None = None

    def get(self, name: str) -> float | None:
        value: float | None = getattr(self, name)
        return value


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim span of a response text with its fact-check rating.

    ``start``/``end`` are character offsets, end exclusive. ``rating`` is ``accurate``,
    ``inaccurate`` or ``cca``; None for a subjective claim (no fact check).
    """

    start: int
    end: int
    text: str = ""
    rating: str | None = None


@dataclass(frozen=True, eq=False, slots=True)
class RaterJudgment:
    """Everything one rater said about one item, in true file order."""

    rater_id: str
    item_id: str
    verdict_true: int | None = None
    kind: str = "standard"
    scores: Mapping[int, SideScores] = field(default_factory=dict)
    claims: Mapping[int, tuple[Claim, ...]] = field(default_factory=dict)
    step_seconds: Mapping[str, float] = field(default_factory=dict)
    total_seconds: float | None = None
    expected_verdict: int | None = None
    attention_passed: bool | None = None

    def seconds(self) -> float | None:
        """Time spent on the judgment: the recorded total, else the sum of the steps."""
        if self.total_seconds is not None:
            return self.total_seconds
        if self.step_seconds:
            return float(sum(self.step_seconds.values()))
        return None


@dataclass(frozen=True)
class ItemFacts:
    """What the batch says about an item: true identities and exact-answer data."""

    item_id: str
    identities: tuple[str, str]
    kind: str = "standard"
    gold_answer: str | None = None
    final_answers: tuple[str | None, str | None] = (None, None)


@dataclass(frozen=True, eq=False)
class RunInput:
    """One agent run report (standardweb shape) with the rater's judgement of it."""

    model: str
    report: Mapping[str, Any]
    disputed: bool = False
