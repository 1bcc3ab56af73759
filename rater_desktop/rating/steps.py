"""The guided steps: order, which rules belong to each, and which steps may be entered.

Responses stay hidden until the case file's block rules (CF-1, CF-2) pass and the rater
moves on (``ItemRating.revealed``). After that a step is reachable if it was reached
before, or it is the step right after the furthest one reached (guided, forward by one).
"""

from __future__ import annotations

from collections.abc import Iterable

from rater_desktop.rating.model import ItemRating, Step
from rater_desktop.rating.rules.base import RuleResult

STEP_ORDER: tuple[Step, ...] = tuple(Step)

STEP_TITLES: dict[Step, str] = {
    Step.CASE_FILE: "Case file",
    Step.TASK_COMPLETION: "Task completion",
    Step.CLAIMS: "Claims",
    Step.FACT_CHECKS: "Fact checks",
    Step.AI_PERFORMANCE: "AI performance",
    Step.VERDICT: "Final verdict",
    Step.ROADBLOCKS_FEEDBACK: "Roadblocks and feedback",
}

STEP_RULES: dict[Step, tuple[str, ...]] = {
    Step.CASE_FILE: ("CF-1", "CF-2", "CF-3"),
    Step.TASK_COMPLETION: ("TC-1", "TC-2", "TC-3", "TC-4", "TC-5"),
    Step.CLAIMS: ("FC-1", "FC-2", "FC-3", "FC-4", "FC-8"),
    Step.FACT_CHECKS: ("FC-5", "FC-6", "FC-7", "FC-9"),
    Step.AI_PERFORMANCE: ("AP-1", "AP-2"),
    Step.VERDICT: ("FV-1", "FV-2", "FV-3", "FV-4", "FV-5", "FV-6"),
    Step.ROADBLOCKS_FEEDBACK: (),
}

_RULE_STEP = {rule: step for step, rules in STEP_RULES.items() for rule in rules}


def step_of_rule(rule_id: str) -> Step | None:
    """The step where the rater fixes a rule's failure."""
    return _RULE_STEP.get(rule_id)


def results_for_step(step: Step, results: Iterable[RuleResult]) -> list[RuleResult]:
    wanted = STEP_RULES[step]
    return [r for r in results if r.rule_id in wanted]


def case_file_ready(results: Iterable[RuleResult]) -> bool:
    """The case file's block rules pass, so the responses may be revealed."""
    return not any(r.blocking for r in results if r.rule_id in STEP_RULES[Step.CASE_FILE])


def next_step(step: Step) -> Step | None:
    index = STEP_ORDER.index(step)
    return STEP_ORDER[index + 1] if index + 1 < len(STEP_ORDER) else None


def previous_step(step: Step) -> Step | None:
    index = STEP_ORDER.index(step)
    return STEP_ORDER[index - 1] if index > 0 else None


def furthest_reached(rating: ItemRating) -> Step:
    return max(rating.reached_steps or [Step.CASE_FILE], key=STEP_ORDER.index)


def reachable_steps(rating: ItemRating, results: Iterable[RuleResult]) -> list[Step]:
    """Steps the rater may open now, in order."""
    results = list(results)
    if not rating.revealed and not case_file_ready(results):
        return [Step.CASE_FILE]
    furthest = furthest_reached(rating)
    limit = STEP_ORDER.index(furthest) + 1
    return [s for s in STEP_ORDER if s in rating.reached_steps or STEP_ORDER.index(s) <= limit]


def steps_before_check(rating: ItemRating) -> list[Step]:
    """Steps offered while an item's first check is still running: the ones already
    reached and the current one, never a step the check could still lock."""
    return [s for s in STEP_ORDER if s in rating.reached_steps or s is rating.current_step]


def can_enter(step: Step, rating: ItemRating, results: Iterable[RuleResult]) -> bool:
    return step in reachable_steps(rating, results)


def responses_visible(rating: ItemRating) -> bool:
    """Responses are shown only once the case file was finished (CF-1 before reveal)."""
    return rating.revealed


_FIELD_STEPS: tuple[tuple[str, Step], ...] = (
    ("tc", Step.TASK_COMPLETION), ("main_goal_met", Step.TASK_COMPLETION),
    ("sub_request_met", Step.TASK_COMPLETION), ("fa", Step.FACT_CHECKS),
    ("aip", Step.AI_PERFORMANCE), ("step_marks", Step.AI_PERFORMANCE),
    ("run_report_matches", Step.AI_PERFORMANCE), ("roadblocks", Step.ROADBLOCKS_FEEDBACK),
)
_CLAIM_FACT_CHECK = ("rating", "evidence", "sources", "shown_evidence", "justification")


def step_of_field(field: str) -> Step | None:
    """The step whose page shows a Change field (``responses.1.tc`` -> task completion)."""
    head, _, rest = field.partition(".")
    if head == "case_file":
        return Step.CASE_FILE
    if head in ("verdict", "verdict_justification"):
        return Step.VERDICT
    if head == "notes":
        return Step.ROADBLOCKS_FEEDBACK
    if head == "acknowledged":
        return step_of_rule(rest)
    if head != "responses":
        return None
    parts = rest.split(".")
    name = parts[1] if len(parts) > 1 else ""
    if name == "claims":
        return Step.FACT_CHECKS if parts[-1] in _CLAIM_FACT_CHECK else Step.CLAIMS
    for prefix, step in _FIELD_STEPS:
        if name == prefix or name.startswith(prefix + "_"):
            return step
    return None
