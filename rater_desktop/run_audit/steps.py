"""The order of the work and what stays covered (RA-3, RA-6; the same idea as CF-1).

The trajectory is open from the start. The agent's report is revealed only once the
rater's own checkpoints (RA-1) and outcome (RA-2) pass; once revealed it stays revealed
(``rating.report_shown``), even if those answers are changed later. The verdict step
needs the report. The automated judge's verdict is revealed only after RA-5 passes.
"""

from __future__ import annotations

from rater_desktop.batch.model import Item
from rater_desktop.run_audit.model import (
    STEP_BREACHES,
    STEP_OUTCOME,
    STEP_REPORT,
    STEP_TRAJECTORY,
    STEP_VERDICT,
    STEPS,
    RunAuditRating,
)
from rater_desktop.run_audit.rules import check_checkpoints, check_outcome, check_verdict

NEEDS_REPORT = (STEP_REPORT, STEP_VERDICT)
OPEN_FROM_START = (STEP_TRAJECTORY, STEP_OUTCOME, STEP_BREACHES)


def report_may_show(rating: RunAuditRating, item: Item) -> bool:
    """RA-1 and RA-2 pass (or the report was shown already)."""
    if rating.report_shown:
        return True
    results = [*check_checkpoints(rating, item), *check_outcome(rating, item)]
    return not any(r.blocking for r in results)


def judge_may_show(rating: RunAuditRating, item: Item) -> bool:
    """The item has a judge's verdict, the report was shown and RA-5 passes."""
    if item.judge is None:
        return False
    if rating.judge_shown:
        return True
    return rating.report_shown and not any(r.blocking for r in check_verdict(rating))


def step_open(step: str, rating: RunAuditRating) -> bool:
    """Whether the rater may go to ``step`` now."""
    return step in OPEN_FROM_START or (step in NEEDS_REPORT and rating.report_shown)


def next_step(step: str) -> str | None:
    """The step after ``step`` (None after the last)."""
    index = STEPS.index(step) if step in STEPS else -1
    return STEPS[index + 1] if index + 1 < len(STEPS) else None


def covered_reason(step: str, rating: RunAuditRating) -> str:
    """Why ``step`` is covered, for the rater ("" when it is open)."""
    if step_open(step, rating):
        return ""
    return ("The agent's report stays covered until you have marked the checkpoints and "
            "the outcome you saw in the trajectory.")
