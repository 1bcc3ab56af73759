"""The guided steps: order, which rules belong to each, and which steps may be entered.

Responses stay hidden until the case file's block rules (CF-1, CF-2) pass and the rater
moves on (``ItemRating.revealed``). After that a step is reachable if it was reached
before, or it is the step right after the furthest one reached (guided, forward by one).
Where a Change field is shown: its step (``step_of_field``) and the object name of its
widget (``widget_name``; the window's undo, redo and rework put the cursor there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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


# response field -> object name stem of its widget (the display label A/B follows)
_SIDE_WIDGETS = {
    "tc": "tcScale", "tc_justification": "tcJustification", "main_goal_met": "tcMainGoal",
    "fa": "faScale", "fa_justification": "faJustification", "aip": "aipScale",
    "aip_justification": "aipJustification", "run_report_matches": "aipRunReportMatch",
    "roadblocks": "roadblockText",
}


def widget_name(field: str, label_of: Callable[[int], str]) -> str | None:
    """The objectName of the widget showing ``field`` (``label_of`` maps a true index
    to the display label), or None when the page has no single widget for it."""
    head, _, rest = field.partition(".")
    fixed = {"case_file.main_goal": "caseFileMainGoal",
             "case_file.checklist": "caseFileChecklist",
             "verdict_justification": "verdictJustification", "notes": "itemNotes"}
    if field in fixed:
        return fixed[field]
    if head == "case_file" and rest.startswith("sub_requests."):
        return f"subRequestText_{rest.split('.', 1)[1]}"
    if head != "responses":
        return None
    parts = rest.split(".")
    if len(parts) < 2 or parts[0] not in ("0", "1"):
        return None
    label, name = label_of(int(parts[0])), parts[1]
    if name == "claims" and len(parts) >= 4:
        what = parts[3]
        if what in _CLAIM_FACT_CHECK:
            suffix = "" if what in ("rating", "shown_evidence") else f"_{what}"
            return f"factCheck{label}_{parts[2]}{suffix}"
        return f"claim{label}_{parts[2]}_{what}"
    if name == "sub_request_met" and len(parts) >= 3:
        return f"tcSubRequest{label}_{parts[2]}"
    stem = _SIDE_WIDGETS.get(name)
    return f"{stem}{label}" if stem else None
