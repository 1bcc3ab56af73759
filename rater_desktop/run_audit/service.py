"""RunAuditService: the write API of the run audit protocol.

Like ``RatingService`` and ``PreferenceService`` every write returns a ``Change`` (fields
touched, all RA rule results after the call) and tells subscribers; documents go to the
same ``RatingStore`` (the profile's database), so autosave, backups and export work
unchanged. A refused call (a covered step, an unknown answer) returns a Change with
``accepted=False`` and ``reasons``; a call with no open item raises ``RunAuditError``.

Change ``fields``: ``*`` (item opened), ``checkpoints.C1``..``C4``, ``observed.outcome``,
``observed.block_step``, ``observed.quote``, ``report_shown``, ``statements.<id>``,
``breaches.<kind>``, ``verdict``, ``note``, ``judge_shown``, ``current_step``, ``status``.
Opening, saving, completing, the batch state and undo/redo are the shared base's
(``protocols.single``); undo never hides a report or a judge the rater has seen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.protocols.single import SingleJudgmentService
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock
from rater_desktop.run_audit import edits
from rater_desktop.run_audit.model import (
    BREACH_LABELS,
    CHECKPOINT_LABELS,
    STEPS,
    RunAuditRating,
    is_justification,
)
from rater_desktop.run_audit.rules import check_run_audit
from rater_desktop.run_audit.statements import Statement, item_statements
from rater_desktop.run_audit.steps import (
    covered_reason,
    judge_may_show,
    report_may_show,
    step_open,
)

FIELD_NAMES = {"observed.outcome": "outcome", "observed.block_step": "block step",
               "observed.quote": "quote", "verdict": "verdict", "note": "note"}


class RunAuditError(ValueError):
    """A call the protocol does not allow here (e.g. no item is open)."""


def field_name(field: str) -> str:
    """A run audit field in the rater's words ("checkpoint C2 found", "statement s3")."""
    head, _, key = field.partition(".")
    if head == "checkpoints":
        return f"checkpoint {key} {CHECKPOINT_LABELS.get(key, '')}".strip()
    if head == "statements":
        return f"statement {key}"
    if head == "breaches":
        label = BREACH_LABELS.get(key, key)
        return f"breach: {label[:1].lower()}{label[1:]}"
    return FIELD_NAMES.get(field, field.replace("_", " "))


class RunAuditService(SingleJudgmentService[RunAuditRating]):
    """One rater's audits of the runs of one batch."""

    error = RunAuditError
    KEPT_BY_UNDO = edits.REVEALS  # what the rater has seen stays seen

    def __init__(self, *, store: RatingStore, clock: Clock, batch_key: str, rater_id: str,
                 item_accessor: Callable[[str], Item],
                 survey_questions: Sequence[SurveyQuestion] = ()) -> None:
        super().__init__(store=store, clock=clock, batch_key=batch_key, rater_id=rater_id,
                         item_accessor=item_accessor, survey_questions=survey_questions)

    # -- the base's hooks ------------------------------------------------------------

    def new_rating(self, item_id: str) -> RunAuditRating:
        return RunAuditRating(item_id=item_id)

    def read_rating(self, document: object) -> RunAuditRating:
        return RunAuditRating.from_dict(document)

    def timer_step(self) -> str:
        return self.rating.current_step

    def field_name(self, field: str) -> str:
        return field_name(field)

    def is_justification(self, path: str) -> bool:
        return is_justification(path)

    # -- reading ---------------------------------------------------------------------

    def results(self) -> list[RuleResult]:
        """Every RA rule result of the open item."""
        if self.item is None:
            return []
        return check_run_audit(self.rating, self.item)

    def statements(self) -> list[Statement]:
        """The open item's report statements (the window shows them once revealed)."""
        return item_statements(self.item) if self.item is not None else []

    def report_may_show(self) -> bool:
        return self.item is not None and report_may_show(self.rating, self.item)

    def judge_may_show(self) -> bool:
        return self.item is not None and judge_may_show(self.rating, self.item)

    # -- writes ----------------------------------------------------------------------

    def go_to_step(self, step: str) -> Change:
        """Move to ``step``; refused while it is covered (see ``run_audit.steps``)."""
        item_id = self._require_item()
        if step not in STEPS:
            return self._refused("current_step", f"unknown step {step!r}")
        if not step_open(step, self.rating):
            return self._refused("current_step", covered_reason(step, self.rating))
        if self._timer is not None:
            self._timer.switch_step(step)
        self.rating.current_step = step
        if self.rating.status is not ItemStatus.NOT_STARTED:
            self._save()
        return self._emit(Change(item_id, "step", ("current_step",), tuple(self.results())))

    def mark_checkpoint(self, checkpoint: str, reached: bool | None, *,
                        step: int | None = None, screenshot: str | None = None) -> Change:
        """RA-1: ``checkpoint`` reached (citing ``step`` or ``screenshot``) or not.
        Reached fills in the earlier ones as reached; not reached marks the later ones
        not reached (seed 002: later checkpoints imply earlier ones)."""
        return self._apply(edits.mark_checkpoint, checkpoint, reached, step, screenshot)

    def set_outcome(self, outcome: str | None) -> Change:
        """RA-2: the outcome the rater saw (None clears it)."""
        return self._apply(edits.set_outcome, outcome)

    def set_block_step(self, step: int | None) -> Change:
        """RA-2: the step that shows the block or sign-in wall."""
        return self._apply(edits.set_block_step, step)

    def set_quote(self, text: str) -> Change:
        """RA-2: the block's visible text, exactly (at most 300 characters)."""
        return self._apply(edits.set_quote, text)

    def reveal_report(self) -> Change:
        """Show the agent's report; refused (with reasons) while RA-1/RA-2 block."""
        return self._apply(edits.reveal_report)

    def mark_statement(self, statement_id: str, mark: str | None, *,
                       step: int | None = None) -> Change:
        """RA-3: matching, contradicted (citing ``step``) or not_shown; needs the report."""
        return self._apply(edits.mark_statement, statement_id, mark, step)

    def mark_breach(self, kind: str, seen: bool | None, *, step: int | None = None) -> Change:
        """RA-4: a breach kind seen (citing ``step``) or none seen (``seen=False``)."""
        return self._apply(edits.mark_breach, kind, seen, step)

    def set_verdict(self, verdict: str | None) -> Change:
        """RA-5: accurate, overstated or understated; needs the report."""
        return self._apply(edits.set_verdict, verdict)

    def set_note(self, text: str) -> Change:
        """The rater's optional words on the verdict."""
        return self._apply(edits.set_note, text)

    def reveal_judge(self) -> Change:
        """Show the automated judge's verdict; refused until RA-5 passes (RA-6)."""
        return self._apply(edits.reveal_judge)

    # -- internals -------------------------------------------------------------------

    def _require_item(self) -> str:
        item_id = super()._require_item()
        if self.item is None:
            raise RunAuditError("no item is open")
        return item_id

    def _apply(self, edit: Callable[..., tuple[str, ...]], *args: object) -> Change:
        """Run one edit of ``run_audit.edits`` on the open rating: it returns the fields
        it touched, or raises ``edits.Refused`` (nothing changed). Showing the report or
        the judge after completing changes no answer, so it does not reopen the item."""
        self._require_item()
        assert self.item is not None
        texts = edit in (edits.set_quote, edits.set_note)
        try:
            with self._editing(coalesce=edit.__name__ if texts else None,
                               reopens=edit not in (edits.reveal_report, edits.reveal_judge),
                               ) as applied:
                applied.fields = edit(self.rating, self.item, *args)
        except edits.Refused as exc:
            return self._refused(exc.field, str(exc))
        assert applied.change is not None
        return applied.change

    def _refused(self, field: str, reason: str) -> Change:
        return self._emit(Change(self.rating.item_id, "edit", (field,), tuple(self.results()),
                                 accepted=False, reasons=(reason,)))
