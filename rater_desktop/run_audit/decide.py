"""What the run audit panel's keys and buttons do, as plain functions (no Qt): which step
a rule's field belongs to, what blocks leaving a step, which row the cursor goes to, what
citing the picked step writes, and which steps each answer cites."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rater_desktop.batch.model import Item, TrajectoryStep
from rater_desktop.keymap import key_text
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.run_audit.model import (
    BREACH_KINDS,
    BREACH_LABELS,
    CHECKPOINTS,
    STEP_BREACHES,
    STEP_OUTCOME,
    STEP_REPORT,
    STEP_TRAJECTORY,
    STEP_VERDICT,
    STEPS,
    RunAuditRating,
)
from rater_desktop.run_audit.scoring import (
    CLASS_LABELS,
    CLASS_SCORES,
    COMPLETED,
    disputes_completion,
    rater_class,
)

STEP_TITLES = {
    STEP_TRAJECTORY: "Checkpoints you saw",
    STEP_OUTCOME: "Outcome you saw",
    STEP_REPORT: "The agent's report",
    STEP_BREACHES: "Rule breaches",
    STEP_VERDICT: "Verdict",
}
STEP_SHORT = {
    STEP_TRAJECTORY: "Checkpoints", STEP_OUTCOME: "Outcome", STEP_REPORT: "Report",
    STEP_BREACHES: "Breaches", STEP_VERDICT: "Verdict",
}
# The field prefixes of the rule results of each step (``run_audit.rules``).
STEP_FIELDS = {
    STEP_TRAJECTORY: "checkpoints.", STEP_OUTCOME: "observed.", STEP_REPORT: "statements.",
    STEP_BREACHES: "breaches.", STEP_VERDICT: "verdict",
}


def step_name(step: TrajectoryStep) -> str:
    """A step as the evidence line names it: "click \u2192 Add to cart"."""
    return step.action + (f" \u2192 {step.target}" if step.target else "")


def step_of_field(field: str) -> str | None:
    """The step whose row shows rule field ``field`` (None: no step's)."""
    for step, prefix in STEP_FIELDS.items():
        if field.startswith(prefix):
            return step
    return None


def step_problems(results: Iterable[RuleResult], step: str) -> list[RuleResult]:
    """The blocking results of ``step``'s rows, in the order of the work."""
    return [r for r in results if r.blocking and step_of_field(r.field) == step]


def neighbour(step: str, offset: int) -> str | None:
    """The step ``offset`` places after ``step`` (None past either end)."""
    index = STEPS.index(step) + offset if step in STEPS else -1
    return STEPS[index] if 0 <= index < len(STEPS) else None


def reason_text(messages_in: Iterable[str], *, most: int = 1) -> str:
    """The rules' own messages, one a line, at most ``most`` (and how many more: a small
    window keeps its rows for the answers)."""
    messages = list(messages_in)
    shown = messages[:most]
    if len(messages) > most:
        shown[-1] += f" (and {len(messages) - most} more)"
    return "\n".join(shown)


@dataclass(frozen=True)
class Cite:
    """A service call that cites a step: ``method`` with ``args`` and keyword ``step``."""

    method: str
    args: tuple[object, ...]


def cite_call(row: str) -> Cite | str:
    """What citing the picked step on ``row`` writes, or why it cannot (row ids are
    ``checkpoints.C1``, ``observed.block_step``, ``statements.<id>``, ``breaches.<kind>``)."""
    kind, _, key = row.partition(".")
    if kind == "checkpoints" and key in CHECKPOINTS:
        return Cite("mark_checkpoint", (key, True))  # the evidence of a reached one
    if row == "observed.block_step":
        return Cite("set_block_step", ())
    if kind == "statements":
        return Cite("mark_statement", (key, "contradicted"))  # only a contradiction cites
    if kind == "breaches" and key in BREACH_KINDS:
        return Cite("mark_breach", (key, True))  # only a seen breach cites
    return ("Put the cursor on a row that takes evidence (a checkpoint, the block, a "
            "statement or a breach) to cite the picked step.")


def kept_step(row: str, rating: RunAuditRating) -> int | None:
    """The step ``row`` cites now, kept when its answer changes."""
    kind, _, key = row.partition(".")
    if kind == "checkpoints" and key in rating.checkpoints:
        evidence = rating.checkpoints[key].evidence
        return evidence.step if evidence is not None else None
    if kind == "statements" and key in rating.statements:
        return rating.statements[key].step
    if kind == "breaches" and key in rating.breaches:
        return rating.breaches[key].step
    if row == "observed.block_step":
        return rating.observed.block_step
    return None


def citations(rating: RunAuditRating) -> dict[int, list[str]]:
    """Every cited step (0-based) and what cites it, for the trajectory's rows."""
    cited: dict[int, list[str]] = {}

    def add(step: int | None, what: str) -> None:
        if step is not None:
            cited.setdefault(step, []).append(what)

    for checkpoint, mark in rating.checkpoints.items():
        if mark.reached and mark.evidence is not None:
            add(mark.evidence.step, checkpoint)
    if rating.observed.outcome in ("blocked", "login_wall"):
        add(rating.observed.block_step, "the block")
    for statement_id, statement in rating.statements.items():
        if statement.mark == "contradicted":
            add(statement.step, f"a contradiction ({statement_id})")
    for kind, breach in rating.breaches.items():
        if breach.seen:
            add(breach.step, BREACH_LABELS[kind].lower())
    return cited


def first_open_row(results: Iterable[RuleResult], step: str, rows: list[str]) -> str | None:
    """The first of ``rows`` (rule fields, in panel order) with a blocking problem on
    ``step``; else the first row."""
    open_fields = {r.field for r in step_problems(results, step)}
    for row in rows:
        if row in open_fields:
            return row
    return rows[0] if rows else None


def step_state(problems: list[RuleResult], step: str) -> tuple[str, str]:
    """The footer's line for ``step``: what its rules still ask for, or how to go on."""
    if problems:
        return "Still to do: " + reason_text(r.message for r in problems), ""
    if step == STEP_VERDICT:
        return f"Every step is done: {key_text('ra_complete')} completes the item.", "good"
    return f"This step is done: {key_text('ra_next_step')} goes on.", "good"


def score_text(item: Item, rating: RunAuditRating) -> str:
    """RA-6: the run's seed-002 score from the outcome the rater saw (after the verdict)."""
    if rating.verdict is None:
        return ""
    document = rating.to_dict()
    found = rater_class(document)
    if found is None:
        return ""
    score = CLASS_SCORES[found]
    points = f"{score} points" if score is not None else "not scored"
    text = f"Seed-002 score of the outcome you saw ({CLASS_LABELS[found]}): {points}."
    report = item.run.run_report if item.run is not None else None
    if report is not None and report.outcome == COMPLETED and disputes_completion(document):
        text += " You dispute the agent's completion: a disputed completion is not scored."
    return text
