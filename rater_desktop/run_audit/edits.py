"""The edits of a run audit rating, as plain functions (the service runs them).

Each takes the rating, the item and its arguments, changes the rating and returns the
fields it touched (empty: the same answer again), or raises ``Refused`` and changes
nothing.
"""

from __future__ import annotations

from rater_desktop.batch.model import Item
from rater_desktop.run_audit.model import (
    BREACH_KINDS,
    CHECKPOINTS,
    MARKS,
    OUTCOMES,
    VERDICTS,
    BreachMark,
    CheckpointMark,
    Evidence,
    RunAuditRating,
    StatementMark,
)
from rater_desktop.run_audit.rules import blocking_reasons, check_checkpoints, check_outcome
from rater_desktop.run_audit.statements import item_statements
from rater_desktop.run_audit.steps import judge_may_show

REVEALS = ("report_shown", "judge_shown")
MAX_QUOTE_INPUT = 2_000  # longer than RA-2 allows, so the rule can say by how much
MAX_NOTE_CHARS = 5_000


class Refused(ValueError):
    """An edit the protocol does not allow now; ``field`` is where it was tried."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _check_step(step: int | None, item: Item, field: str) -> None:
    if step is None:
        return
    run = item.run
    count = len(run.trajectory) if run is not None else 0
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < count:
        raise Refused(field, f"step {step!r} is not a step of this run (it has {count})")


def mark_checkpoint(rating: RunAuditRating, item: Item, checkpoint: str,
                    reached: bool | None, step: int | None,
                    screenshot: str | None) -> tuple[str, ...]:  # fmt: skip
    field = f"checkpoints.{checkpoint}"
    if checkpoint not in CHECKPOINTS:
        raise Refused(field, f"{checkpoint!r} is not one of {', '.join(CHECKPOINTS)}")
    _check_step(step, item, field)
    old = rating.checkpoints[checkpoint]
    evidence = old.evidence if old.reached else None  # marking reached again keeps the citation
    if step is not None:
        evidence = Evidence(step=step)
    elif screenshot is not None:
        evidence = Evidence(screenshot=screenshot)
    before = {c: (m.reached, m.evidence) for c, m in rating.checkpoints.items()}
    index = CHECKPOINTS.index(checkpoint)
    rating.checkpoints[checkpoint] = CheckpointMark(reached=reached,
                                                    evidence=evidence if reached else None)
    if reached:
        for earlier in CHECKPOINTS[:index]:
            if not rating.checkpoints[earlier].reached:
                rating.checkpoints[earlier] = CheckpointMark(reached=True)
    elif reached is False:
        for later in CHECKPOINTS[index + 1:]:
            rating.checkpoints[later] = CheckpointMark(reached=False)
    return tuple(f"checkpoints.{c}" for c, m in rating.checkpoints.items()
                 if (m.reached, m.evidence) != before[c])


def set_outcome(rating: RunAuditRating, item: Item, outcome: str | None) -> tuple[str, ...]:
    del item
    if outcome is not None and outcome not in OUTCOMES:
        raise Refused("observed.outcome", f"outcome must be one of {', '.join(OUTCOMES)}")
    if outcome == rating.observed.outcome:
        return ()
    rating.observed.outcome = outcome
    return ("observed.outcome",)


def set_block_step(rating: RunAuditRating, item: Item, step: int | None) -> tuple[str, ...]:
    _check_step(step, item, "observed.block_step")
    if step == rating.observed.block_step:
        return ()
    rating.observed.block_step = step
    return ("observed.block_step",)


def set_quote(rating: RunAuditRating, item: Item, text: str) -> tuple[str, ...]:
    del item
    if len(text) > MAX_QUOTE_INPUT:
        raise Refused("observed.quote", f"a quote is at most {MAX_QUOTE_INPUT} characters here")
    if text == rating.observed.quote:
        return ()
    rating.observed.quote = text
    return ("observed.quote",)


def reveal_report(rating: RunAuditRating, item: Item) -> tuple[str, ...]:
    if rating.report_shown:
        return ()
    reasons = blocking_reasons([*check_checkpoints(rating, item), *check_outcome(rating, item)])
    if reasons:
        raise Refused("report_shown", "The report stays covered until your checkpoints and "
                      "outcome are done: " + "; ".join(reasons))
    rating.report_shown = True
    return ("report_shown",)


def mark_statement(rating: RunAuditRating, item: Item, statement_id: str, mark: str | None,
                   step: int | None) -> tuple[str, ...]:  # fmt: skip
    field = f"statements.{statement_id}"
    if not rating.report_shown:
        raise Refused(field, "The report is still covered.")
    if statement_id not in {s.id for s in item_statements(item)}:
        raise Refused(field, f"the report has no statement {statement_id!r}")
    if mark is not None and mark not in MARKS:
        raise Refused(field, f"a statement is marked {', '.join(MARKS)}")
    _check_step(step, item, field)
    new = StatementMark(mark=mark, step=step if mark == "contradicted" else None)
    if rating.statements.get(statement_id) == new:
        return ()
    rating.statements[statement_id] = new
    return (field,)


def mark_breach(rating: RunAuditRating, item: Item, kind: str, seen: bool | None,
                step: int | None) -> tuple[str, ...]:  # fmt: skip
    field = f"breaches.{kind}"
    if kind not in BREACH_KINDS:
        raise Refused(field, f"{kind!r} is not one of {', '.join(BREACH_KINDS)}")
    _check_step(step, item, field)
    new = BreachMark(seen=seen, step=step if seen else None)
    if rating.breaches[kind] == new:
        return ()
    rating.breaches[kind] = new
    return (field,)


def set_verdict(rating: RunAuditRating, item: Item, verdict: str | None) -> tuple[str, ...]:
    del item
    if not rating.report_shown:
        raise Refused("verdict", "The verdict is about the report: reveal it first.")
    if verdict is not None and verdict not in VERDICTS:
        raise Refused("verdict", f"the verdict is one of {', '.join(VERDICTS)}")
    if verdict == rating.verdict:
        return ()
    rating.verdict = verdict
    return ("verdict",)


def set_note(rating: RunAuditRating, item: Item, text: str) -> tuple[str, ...]:
    del item
    if len(text) > MAX_NOTE_CHARS:
        raise Refused("note", f"a note is at most {MAX_NOTE_CHARS} characters")
    if text == rating.note:
        return ()
    rating.note = text
    return ("note",)


def reveal_judge(rating: RunAuditRating, item: Item) -> tuple[str, ...]:
    if rating.judge_shown:
        return ()
    if item.judge is None:
        raise Refused("judge_shown", "This run has no automated judge's verdict.")
    if not judge_may_show(rating, item):
        raise Refused("judge_shown", "The judge's verdict is shown after your own verdict.")
    rating.judge_shown = True
    return ("judge_shown",)
