"""The standardweb task protocol (t0.1): normalising run reports and scoring them.

Normalisation, in this order:
1. a later checkpoint implies every earlier one (C3 implies C1 and C2);
2. outcome ``completed`` implies all four checkpoints;
3. ``unreachable`` although the page rendered (C1 reached) becomes ``blocked`` when the
   agent quoted a block, otherwise ``incomplete``;
4. a ``login_wall`` without block detail gets one (missing fields filled in): kind
   ``login_required``, at the first checkpoint not reached.
Scoring: completed 50, sign-in wall after the item page (C3 reached) 30, sign-in wall
earlier 15, blocked 0, unreachable 0; incomplete, disputed and unknown outcomes are not
scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rater_desktop.qa.inputs import RunInput

CHECKPOINTS = ("C1", "C2", "C3", "C4")
OUTCOMES = ("completed", "login_wall", "blocked", "unreachable", "incomplete")
SCORES = {"completed": 50, "login_wall_after_item": 30, "login_wall_early": 15}
SCORES_ZERO = ("blocked", "unreachable")


def _reached(checkpoints: Iterable[Any]) -> tuple[str, ...]:
    """Known checkpoints with every earlier one filled in."""
    levels = [CHECKPOINTS.index(c) for c in checkpoints if c in CHECKPOINTS]
    highest = max(levels, default=-1)
    return CHECKPOINTS[: highest + 1]


def _quoted_block(block: Any) -> bool:
    return isinstance(block, Mapping) and bool(str(block.get("quote") or "").strip())


def normalize_report(report: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the report with the protocol's normalisation rules applied."""
    normalized = dict(report)
    outcome = str(report.get("outcome") or "")
    raw = report.get("checkpoints")
    reached = _reached(raw if isinstance(raw, list | tuple) else ())
    if outcome == "completed":
        reached = CHECKPOINTS
    if outcome == "unreachable" and "C1" in reached:
        outcome = "blocked" if _quoted_block(report.get("block")) else "incomplete"
    block = report.get("block")
    if outcome == "login_wall":
        attempted = CHECKPOINTS[min(len(reached), len(CHECKPOINTS) - 1)]
        detail = dict(block) if isinstance(block, Mapping) else {}
        detail.setdefault("at", attempted)
        detail.setdefault("kind", "login_required")
        normalized["block"] = detail
    normalized["outcome"] = outcome
    normalized["checkpoints"] = list(reached)
    return normalized


def run_score(*, report: Mapping[str, Any], disputed: bool = False) -> int | None:
    """Points for one run after normalisation; None when the run is not scored."""
    if disputed:
        return None
    normalized = normalize_report(report)
    outcome = normalized["outcome"]
    if outcome == "completed":
        return SCORES["completed"]
    if outcome == "login_wall":
        after_item = "C3" in normalized["checkpoints"]
        return SCORES["login_wall_after_item" if after_item else "login_wall_early"]
    if outcome in SCORES_ZERO:
        return 0
    return None  # incomplete or an outcome the protocol does not know


@dataclass(frozen=True)
class ModelRuns:
    """One model's runs: outcome counts (after normalisation) and the mean score."""

    model: str
    runs: int
    scored: int
    disputed: int
    mean_score: float | None
    outcomes: dict[str, int] = field(default_factory=dict)


def summarize_runs(*, runs: Iterable[RunInput]) -> list[ModelRuns]:
    """Per model: counts by normalised outcome, disputed runs, mean over scored runs."""
    grouped: dict[str, list[RunInput]] = {}
    for run in runs:
        grouped.setdefault(run.model, []).append(run)
    result = []
    for model, model_runs in sorted(grouped.items()):
        outcomes: dict[str, int] = {}
        scores = []
        for run in model_runs:
            outcome = normalize_report(run.report)["outcome"] or "missing"
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            score = run_score(report=run.report, disputed=run.disputed)
            if score is not None:
                scores.append(score)
        result.append(
            ModelRuns(
                model=model,
                runs=len(model_runs),
                scored=len(scores),
                disputed=sum(r.disputed for r in model_runs),
                mean_score=sum(scores) / len(scores) if scores else None,
                outcomes=dict(sorted(outcomes.items())),
            )
        )
    return result
