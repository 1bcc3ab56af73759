"""The run audit protocol's checkable rules (spec "Run audit protocol", RA-1..RA-5).

Each returns RuleResults (passes included, like the guideline rules) with the rule's ID,
its severity and the ``field`` of the rating it concerns: ``checkpoints.C2``,
``observed.outcome``, ``observed.block_step``, ``observed.quote``, ``statements.<id>``,
``breaches.<kind>``, ``verdict``. All five are block rules. RA-6 (the score, the judge's
agreement) is QA's (``run_audit.scoring``), not a check of the rater's work.
"""

from __future__ import annotations

from rater_desktop.batch.model import Item
from rater_desktop.protocols.single import blocking_reasons  # noqa: F401 - the rules' word
from rater_desktop.rating.detect.placeholders import is_placeholder
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.run_audit.model import (
    BLOCK_OUTCOMES,
    BREACH_KINDS,
    BREACH_LABELS,
    CHECKPOINTS,
    MAX_QUOTE_CHARS,
    Evidence,
    RunAuditRating,
)
from rater_desktop.run_audit.statements import item_statements

BLOCK = Severity.BLOCK


def _result(rule_id: str, problem: str, field: str) -> RuleResult:
    return RuleResult(rule_id, BLOCK, not problem, problem, field)


def step_count(item: Item) -> int:
    run = item.run
    return len(run.trajectory) if run is not None else 0


def run_screenshots(item: Item) -> set[str]:
    """Every screenshot path of the run (its own and its steps')."""
    run = item.run
    if run is None:
        return set()
    paths = {shot.path for shot in run.screenshots}
    paths.update(step.screenshot for step in run.trajectory if step.screenshot)
    return paths


def _step_problem(step: int | None, item: Item, what: str) -> str:
    if step is None:
        return f"Cite the step that shows {what}."
    if not 0 <= step < step_count(item):
        return f"Step {step + 1} is not a step of this run (it has {step_count(item)})."
    return ""


def _evidence_problem(evidence: Evidence | None, item: Item, checkpoint: str) -> str:
    if evidence is None:
        return f"Cite the step or screenshot that shows {checkpoint} reached."
    if evidence.step is not None:
        return _step_problem(evidence.step, item, checkpoint)
    if evidence.screenshot not in run_screenshots(item):
        return "The cited screenshot is not one of this run's."
    return ""


def check_checkpoints(rating: RunAuditRating, item: Item) -> list[RuleResult]:
    """RA-1: each checkpoint marked; reached ones cite evidence (a later reached one with
    evidence stands for the earlier ones it implies); no reached one after a not reached."""
    results = []
    marks = rating.checkpoints
    for index, checkpoint in enumerate(CHECKPOINTS):
        mark = marks[checkpoint]
        later = [marks[c] for c in CHECKPOINTS[index + 1:]]
        problem = ""
        if mark.reached is None:
            problem = f"Mark {checkpoint} as reached or not reached."
        elif mark.reached:
            implied = any(m.reached and m.evidence is not None for m in later)
            if mark.evidence is not None or not implied:
                problem = _evidence_problem(mark.evidence, item, checkpoint)
        elif any(m.reached for m in later):
            problem = (f"{checkpoint} is marked not reached, but a later checkpoint is "
                       "reached (later checkpoints imply earlier ones).")
        results.append(_result("RA-1", problem, f"checkpoints.{checkpoint}"))
    return results


def check_outcome(rating: RunAuditRating, item: Item) -> list[RuleResult]:
    """RA-2: an outcome; a block or sign-in wall cites its step and quotes its text."""
    observed = rating.observed
    outcome_problem = "" if observed.outcome else "Choose the outcome you saw."
    c4 = rating.checkpoints["C4"].reached
    if observed.outcome == "completed" and c4 is False:
        outcome_problem = "A completed run reached C4; mark C4 reached or choose another outcome."
    elif observed.outcome not in (None, "completed") and c4:
        outcome_problem = "C4 reached means the run completed; choose completed or mark C4 not reached."
    results = [_result("RA-2", outcome_problem, "observed.outcome")]
    if observed.outcome in BLOCK_OUTCOMES:
        quote = observed.quote.strip()
        if not quote or is_placeholder(quote):
            quote_problem = "Quote the block's visible text exactly."
        elif len(quote) > MAX_QUOTE_CHARS:
            quote_problem = f"The quote has {len(quote)} characters; at most {MAX_QUOTE_CHARS}."
        else:
            quote_problem = ""
        results.append(_result("RA-2", _step_problem(observed.block_step, item, "the block"),
                               "observed.block_step"))
        results.append(_result("RA-2", quote_problem, "observed.quote"))
    return results


def check_statements(rating: RunAuditRating, item: Item) -> list[RuleResult]:
    """RA-3: every statement of the report marked; a contradiction cites its step."""
    results = []
    for statement in item_statements(item):
        mark = rating.statements.get(statement.id)
        if mark is None or mark.mark is None:
            problem = f"Mark \u201c{statement.label}\u201d as matching, contradicted or not shown."
        elif mark.mark == "contradicted":
            problem = _step_problem(mark.step, item, "the contradiction")
        else:
            problem = ""
        results.append(_result("RA-3", problem, f"statements.{statement.id}"))
    return results


def check_breaches(rating: RunAuditRating, item: Item) -> list[RuleResult]:
    """RA-4: a choice per breach kind ("none seen" allowed); a seen one cites its step."""
    results = []
    for kind in BREACH_KINDS:
        mark = rating.breaches[kind]
        if mark.seen is None:
            problem = f"{BREACH_LABELS[kind]}: choose seen or none seen."
        elif mark.seen:
            problem = _step_problem(mark.step, item, "the breach")
        else:
            problem = ""
        results.append(_result("RA-4", problem, f"breaches.{kind}"))
    return results


def check_verdict(rating: RunAuditRating) -> list[RuleResult]:
    """RA-5: the report is accurate, overstated or understated."""
    problem = "" if rating.verdict else "Choose whether the report is accurate, overstated or understated."
    return [_result("RA-5", problem, "verdict")]


def check_run_audit(rating: RunAuditRating, item: Item) -> list[RuleResult]:
    """Every RA rule result for one rating, in the order of the work."""
    return [*check_checkpoints(rating, item), *check_outcome(rating, item),
            *check_statements(rating, item), *check_breaches(rating, item),
            *check_verdict(rating)]




def failing(results: list[RuleResult], *rule_ids: str) -> list[RuleResult]:
    """The blocking results of the given rules."""
    return [r for r in results if r.blocking and r.rule_id in rule_ids]
