"""RunAuditService: the write API of the run audit protocol.

Like ``RatingService`` and ``PreferenceService`` every write returns a ``Change`` (fields
touched, all RA rule results after the call) and tells subscribers; documents go to the
same ``RatingStore`` (the profile's database), so autosave, backups and export work
unchanged. A refused call (a covered step, an unknown answer) returns a Change with
``accepted=False`` and ``reasons``; a call with no open item raises ``RunAuditError``.

Change ``fields``: ``*`` (item opened), ``checkpoints.C1``..``C4``, ``observed.outcome``,
``observed.block_step``, ``observed.quote``, ``report_shown``, ``statements.<id>``,
``breaches.<kind>``, ``verdict``, ``note``, ``judge_shown``, ``current_step``, ``status``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import STATE_KEY, saved_survey, survey_record
from rater_desktop.rating.timing import Clock, ItemTimer
from rater_desktop.run_audit import edits
from rater_desktop.run_audit.model import STEPS, RunAuditRating, is_justification
from rater_desktop.run_audit.rules import blocking_reasons, check_run_audit
from rater_desktop.run_audit.statements import Statement, item_statements
from rater_desktop.run_audit.steps import (
    covered_reason,
    judge_may_show,
    report_may_show,
    step_open,
)
from rater_desktop.text_sources import TextEventsMixin

Listener = Callable[[Change], None]


class RunAuditError(ValueError):
    """A call the protocol does not allow here (e.g. no item is open)."""


class RunAuditService(TextEventsMixin):
    """One rater's audits of the runs of one batch."""

    def __init__(self, *, store: RatingStore, clock: Clock, batch_key: str, rater_id: str,
                 item_accessor: Callable[[str], Item],
                 survey_questions: Sequence[SurveyQuestion] = ()) -> None:
        self.store = store
        self.clock = clock
        self.batch_key = batch_key
        self.rater_id = rater_id
        self.item_accessor = item_accessor
        self.survey_questions = tuple(survey_questions)  # the batch's survey, if any
        self.current_item_id: str | None = None
        self.item: Item | None = None
        self.rating = RunAuditRating(item_id="")
        self._timer: ItemTimer | None = None
        self._listeners: list[Listener] = []

    # -- subscribers -----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every Change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _emit(self, change: Change) -> Change:
        for listener in list(self._listeners):
            listener(change)
        return change

    # -- items -----------------------------------------------------------------------

    def open_item(self, item_id: str) -> Change:
        """Save the open item, load ``item_id`` (a fresh rating if none or unreadable)."""
        self.close_item()
        item = self.item_accessor(item_id)
        saved = self.store.load_item(self.batch_key, item_id)
        try:
            rating = RunAuditRating.from_dict(saved) if saved else None
        except ValueError:
            rating = None  # another protocol's or a damaged document: kept until edited
        self.rating = rating or RunAuditRating(item_id=item_id)
        self.rating.item_id = item_id
        self.item = item
        self.current_item_id = item_id
        self._timer = ItemTimer(clock=self.clock, step=self.rating.current_step,
                                spent=self.rating.timing)
        self._timer.touch()
        state = dict(self.store.load_batch_state(self.batch_key) or {})
        state["current_item_id"] = item_id
        self.store.save_batch_state(self.batch_key, state)
        return self._emit(Change(item_id, "open", ("*",), tuple(self.results())))

    def close_item(self) -> None:
        """Stop the clock and save the open item (an untouched one is not saved)."""
        if self.current_item_id is None or self._timer is None:
            return
        self._timer.pause()
        if self.rating.status is not ItemStatus.NOT_STARTED:
            self._save()
        self.current_item_id = None
        self.item = None
        self._timer = None

    def touch(self) -> None:
        """An input happened (SD-3 counts active time only)."""
        if self._timer is not None:
            self._timer.touch()

    def pause_timer(self) -> None:
        if self._timer is not None:
            self._timer.pause()

    def flush(self) -> None:
        """Save the open item and wait until the store has it on disk."""
        if self.current_item_id is not None and self.rating.status is not ItemStatus.NOT_STARTED:
            if self._timer is not None:
                self._timer.pause()
                self._timer.touch()
            self._save()
        self.store.flush()

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

    def complete(self) -> Change:
        """Mark the item complete; refused (with the reasons) while an RA rule blocks."""
        item_id = self._require_item()
        results = self.results()
        reasons = blocking_reasons(results)
        if reasons:
            return self._emit(Change(item_id, "status", ("status",), tuple(results),
                                     accepted=False, reasons=tuple(reasons)))
        self.rating.status = ItemStatus.COMPLETE
        self.touch()
        self._save()
        return self._emit(Change(item_id, "status", ("status",), tuple(results)))

    def set_status(self, status: ItemStatus) -> Change:
        """Flag an item or take the flag off (complete goes through ``complete``)."""
        item_id = self._require_item()
        if status is ItemStatus.COMPLETE:
            return self.complete()
        self.rating.status = status
        self._save()
        return self._emit(Change(item_id, "status", ("status",), tuple(self.results())))

    # -- survey ----------------------------------------------------------------------

    def survey_state(self) -> dict[str, Any] | None:
        """The saved survey answers (``{"answers": ..., "skipped": bool}``), or None."""
        return saved_survey(self.store.load_batch_state(self.batch_key))

    def save_survey(self, answers: dict[str, Any], *, skipped: bool = False) -> dict[str, Any]:
        """Keep the rater's answers to the batch's survey (cleaned against its questions)."""
        record = survey_record(self.survey_questions, answers, skipped=skipped)
        state = dict(self.store.load_batch_state(self.batch_key) or {})
        state[STATE_KEY] = record
        self.store.save_batch_state(self.batch_key, state)
        return record

    # -- internals -------------------------------------------------------------------

    def _require_item(self) -> str:
        if self.current_item_id is None or self.item is None:
            raise RunAuditError("no item is open")
        return self.current_item_id

    def is_justification(self, path: str) -> bool:
        return is_justification(path)

    def _apply(self, edit: Callable[..., tuple[str, ...]], *args: object) -> Change:
        """Run one edit of ``run_audit.edits`` on the open rating: it returns the fields
        it touched, or raises ``edits.Refused`` (nothing changed)."""
        self._require_item()
        assert self.item is not None
        try:
            fields = edit(self.rating, self.item, *args)
        except edits.Refused as exc:
            return self._refused(exc.field, str(exc))
        if fields:
            self._apply_text_event(self.rating.text_sources, fields[0])
        if not fields:  # the same answer again: nothing to save
            return Change(self.rating.item_id, "edit", (), tuple(self.results()))
        reopens = ItemStatus.NOT_STARTED, ItemStatus.COMPLETE
        if self.rating.status in reopens and not set(fields) <= set(edits.REVEALS):
            # Changing a completed audit reopens it, so a half-edit is never exported;
            # showing the judge after completing changes no answer.
            self.rating.status = ItemStatus.IN_PROGRESS
        self.touch()
        self._save()
        return self._emit(Change(self.rating.item_id, "edit", fields, tuple(self.results())))

    def _refused(self, field: str, reason: str) -> Change:
        return self._emit(Change(self.rating.item_id, "edit", (field,), tuple(self.results()),
                                 accepted=False, reasons=(reason,)))

    def _save(self) -> None:
        if self._timer is not None:
            self.rating.timing = self._timer.spent
        self.store.save_item(self.batch_key, self.rating.item_id, self.rating.to_dict())
