"""RatingService: the small write API the window uses for one batch.

Every write goes through one path: snapshot the parts it changes, mutate, record an undo
step, re-run the rules, save the document (``store.save_item``) and notify subscribers
with a :class:`Change`. Sides are TRUE response indices (0/1, file order); use
``service.order`` to map the display labels the rater sees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import DisplayOrder, display_order
from rater_desktop.rating.history import Edit, History, snapshot
from rater_desktop.rating.justification import is_justification
from rater_desktop.rating.model import ItemRating, ItemStatus, Step
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rule_runs import (
    BACKGROUND_SIZE,
    RuleRun,
    RuleRunner,
    background_job,
    check_now,
    plains_of,
    rating_size,
)
from rater_desktop.rating.rules import can_complete
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.service_edits import EditsMixin
from rater_desktop.rating.steps import case_file_ready, reachable_steps, steps_before_check
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import STATE_KEY, saved_survey, survey_record
from rater_desktop.rating.timing import IDLE_THRESHOLD_SECONDS, Clock, ItemTimer
from rater_desktop.text_sources import TextEventsMixin

ItemAccessor = Callable[[str], Item]


class RatingDocumentError(ValueError):
    """A stored rating cannot be read (the message says which item and field)."""


class RatingService(EditsMixin, TextEventsMixin):
    """Owns the open item's rating; all edits of the window go through here."""

    def __init__(
        self,
        *,
        store: RatingStore,
        clock: Clock,
        rubric: Rubric,
        item_accessor: ItemAccessor,
        batch_key: str,
        display_seed: str = "",
        rater_id: str = "",
        idle_threshold: float = IDLE_THRESHOLD_SECONDS,
        survey: Sequence[SurveyQuestion] = (),
        rule_runner: RuleRunner | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.rubric = rubric
        self.item_accessor = item_accessor
        self.batch_key = batch_key
        self.display_seed = display_seed
        self.rater_id = rater_id
        self.idle_threshold = idle_threshold
        self.survey = tuple(survey)  # the batch's survey questions (seed 001), maybe none
        self._subscribers: list[Callable[[Change], None]] = []
        self._histories: dict[str, History] = {}
        self._rating: ItemRating | None = None
        self._item: Item | None = None
        self._plain: tuple[str, str] | None = ("", "")
        self._order = DisplayOrder()
        self._results: tuple[RuleResult, ...] = ()
        # A large rating is checked by the runner (the window's worker thread): results
        # are "stale" until its run for the latest ``_version`` comes back.
        self._runner = rule_runner
        self._version = 0
        self._stale = False
        self._pending_kind = ""
        # An item opened with its check on the runner has no results of its own yet (never
        # the previous item's): nothing is shown, offered or decided on them until it ends.
        self._unchecked = False
        self._timer: ItemTimer | None = None
        self._batch_state: dict[str, Any] | None = None

    def is_justification(self, path: str) -> bool:
        return is_justification(path)

    # ------------------------------------------------------------------ reading

    @property
    def rating(self) -> ItemRating:
        """The open item's rating (read it; change it only through the service)."""
        if self._rating is None:
            raise RuntimeError("no item is open; call open_item() first")
        return self._rating

    @property
    def item(self) -> Item:
        if self._item is None:
            raise RuntimeError("no item is open; call open_item() first")
        return self._item

    @property
    def current_item_id(self) -> str | None:
        return self._rating.item_id if self._rating else None

    @property
    def plain_texts(self) -> tuple[str, str]:
        """Plain text of the two responses by true index (claim offsets refer to these)."""
        if self._plain is None:
            self._plain = plains_of(self.item)
        return self._plain

    @property
    def plain_texts_ready(self) -> bool:
        """False while a large item's plain texts are still being made on the worker."""
        return self._plain is not None

    @property
    def rules_pending(self) -> bool:
        """True while the results are being checked again on the worker."""
        return self._stale

    def results_now(self) -> tuple[RuleResult, ...]:
        """The results of the rating as it is now: a run still on the runner is done in
        place first (asking before completing must not decide on an older text)."""
        self._ensure_fresh()
        return self._results

    @property
    def results_ready(self) -> bool:
        """False while a just-opened large item's first check is on the runner: until it
        returns, ``results`` is empty and says nothing about the item."""
        return not self._unchecked

    @property
    def order(self) -> DisplayOrder:
        """Display order of the open item for this rater."""
        return self._order

    @property
    def results(self) -> tuple[RuleResult, ...]:
        return self._results

    @property
    def timer(self) -> ItemTimer | None:
        return self._timer

    def order_for(self, item_id: str) -> DisplayOrder:
        return display_order(batch_seed=self.display_seed, rater_id=self.rater_id, item_id=item_id)

    def reachable_steps(self) -> list[Step]:
        if self._unchecked:
            return steps_before_check(self.rating)
        return reachable_steps(self.rating, self._results)

    def can_undo(self) -> bool:
        return bool(self._rating and self._history().undo_stack)

    def can_redo(self) -> bool:
        return bool(self._rating and self._history().redo_stack)

    def undo_fields(self) -> tuple[str, ...]:
        """The fields the next undo would change (empty when there is nothing to undo)."""
        stack = self._history().undo_stack if self._rating else []
        return stack[-1].fields if stack else ()

    def redo_fields(self) -> tuple[str, ...]:
        """The fields the next redo would change (empty when there is nothing to redo)."""
        stack = self._history().redo_stack if self._rating else []
        return stack[-1].fields if stack else ()

    def completion_check(self) -> tuple[bool, list[str]]:
        """What the results known now say (``complete_item`` checks again if pending)."""
        return can_complete(self._results)

    # ------------------------------------------------------------------ subscribers

    def subscribe(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """Call ``callback(change)`` after every write; returns an unsubscribe function."""
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _notify(self, change: Change) -> Change:
        for callback in list(self._subscribers):
            callback(change)
        return change

    # ------------------------------------------------------------------ open / close

    def _load(self, item_id: str, discard_unreadable: bool) -> ItemRating:
        document = self.store.load_item(self.batch_key, item_id)
        if document is None:
            return ItemRating(item_id=item_id)
        try:
            rating = ItemRating.from_dict(document)
        except ValueError as exc:
            if discard_unreadable:
                return ItemRating(item_id=item_id)
            raise RatingDocumentError(
                f"The saved rating of item {item_id} cannot be read ({exc}). "
                "Open it again choosing to start over, or restore a backup."
            ) from exc
        if rating.item_id != item_id:
            raise RatingDocumentError(
                f"The saved rating for item {item_id} belongs to item {rating.item_id}."
            )
        return rating

    def open_item(self, item_id: str, *, discard_unreadable: bool = False) -> Change:
        """Make ``item_id`` the open item (loads its saved rating, starts its timer)."""
        item = self.item_accessor(item_id)
        rating = self._load(item_id, discard_unreadable)
        self.close_item()
        self._item, self._rating = item, rating
        self._text_event = None
        self._plain = None  # made by the rules' run (on the worker for a large item)
        self._order = self.order_for(item_id)
        self._timer = ItemTimer(
            clock=self.clock,
            step=rating.current_step.value,
            spent=rating.timing,
            idle_threshold=self.idle_threshold,
        )
        if rating.status is not ItemStatus.COMPLETE:
            self._timer.touch()  # a completed item only being looked at costs no time
        self._recheck()
        state = self.batch_state()
        state["current_item_id"] = item_id
        self.store.save_batch_state(self.batch_key, state)
        return self._notify(Change(item_id, "open", ("*",), self._results))

    def close_item(self) -> None:
        """Stop the open item's timer and save it (no-op when nothing is open)."""
        if self._rating is None:
            return
        if self._timer is not None:
            self._timer.pause()
        self._save()
        self._rating, self._item, self._timer = None, None, None

    def touch(self, *, editing: bool = False) -> None:
        """The rater did something (typing, scrolling): keeps the time counting. On a
        completed item only edits count; reviewing it does not."""
        if self._timer is None or self._rating is None:
            return
        if editing or self._rating.status is not ItemStatus.COMPLETE:
            self._timer.touch()

    def pause_timer(self) -> None:
        """The window lost focus or was minimized."""
        if self._timer is not None:
            self._timer.pause()
            self._save()

    def flush(self) -> None:
        if self._timer is not None and self._timer.running:
            self._timer.touch()
        self._save()
        self.store.flush()

    # ------------------------------------------------------------------ internals

    def _history(self) -> History:
        return self._histories.setdefault(self.rating.item_id, History())

    def _recheck(self, kind: str = "open") -> bool:
        """Check the rules again; True when the results are fresh on return (a small
        rating, or no runner), False when a large one went to the runner."""
        self._version += 1
        rating, item = self.rating, self.item
        if self._runner is None or rating_size(rating, item) <= BACKGROUND_SIZE:
            self._take(check_now(rating, item, self.rubric, self._order, self._version))
            return True
        self._stale, self._pending_kind = True, kind
        if kind == "open":
            self._results, self._unchecked = (), True
        job = background_job(rating, item, self.rubric, self._order, self._version)
        self._runner.submit(job, self._rules_done)
        return False

    def _take(self, run: RuleRun) -> None:
        if self._plain is None:
            self._plain = run.plains
        self._results, self._stale, self._unchecked = run.results, False, False

    def _ensure_fresh(self) -> None:
        """Before completing or changing step: never decide on results of an older text."""
        if self._stale and self._rating is not None:
            self._version += 1  # the run in flight is now out of date
            self._take(check_now(self.rating, self.item, self.rubric, self._order, self._version))

    def _rules_done(self, run: RuleRun) -> None:
        """A runner's results, back on the caller's thread: kept if still current."""
        if self._rating is None or run.version != self._version:
            return
        self._take(run)
        notice = ""
        if self._pending_kind in ("edit", "undo", "redo"):
            notice = self._update_status(self._pending_kind)
        self._notify(Change(self.rating.item_id, "rules", (), self._results, notice=notice))

    def _update_status(self, kind: str) -> str:
        rating, history = self.rating, self._history()
        before = rating.status
        status, demoted, notice = status_after_change(
            status=rating.status, results=self._results, kind=kind, demoted=history.demoted)
        rating.status, history.demoted = status, demoted
        if status is not before:
            self._save()
        return notice

    def _save(self) -> None:
        if self._rating is not None:
            self.store.save_item(self.batch_key, self._rating.item_id, self._rating.to_dict())

    def _after_change(self, kind: str, fields: tuple[str, ...], **extra: Any) -> Change:
        rating = self.rating
        notice = ""
        if self._recheck(kind):
            notice = self._update_status(kind)
        elif rating.status is ItemStatus.NOT_STARTED:
            rating.status = ItemStatus.IN_PROGRESS  # needs no results; the rest on return
        self.touch(editing=True)
        self._save()
        return self._notify(
            Change(rating.item_id, kind, fields, self._results, notice=notice, **extra))

    def _refuse(self, kind: str, *reasons: str) -> Change:
        change = Change(self.rating.item_id, kind, (), self._results, False, tuple(reasons))
        return self._notify(change)

    def _edit(
        self,
        parts: tuple[str, ...],
        fields: tuple[str, ...],
        mutate: Callable[[ItemRating], str | None],
        *,
        coalesce: bool = False,
    ) -> Change:
        """Run ``mutate`` as one undoable command over ``parts``."""
        rating = self.rating
        before = {p: snapshot(rating, p) for p in parts}
        created = mutate(rating)
        if fields:
            self._apply_text_event(rating.text_sources, fields[0])
        after = {p: snapshot(rating, p) for p in parts}
        if before != after:
            key = "|".join(fields) if coalesce else None
            self._history().push(Edit(fields, before, after, key, self.clock()))
        return self._after_change("edit", fields, created_id=created)

    # ------------------------------------------------------------------ undo / redo

    def undo(self) -> Change:
        edit = self._history().undo(self.rating)
        if edit is None:
            return self._refuse("undo", "Nothing to undo.")
        return self._after_change("undo", edit.fields)

    def redo(self) -> Change:
        edit = self._history().redo(self.rating)
        if edit is None:
            return self._refuse("redo", "Nothing to redo.")
        return self._after_change("redo", edit.fields)

    # ------------------------------------------------------------------ steps & status

    def set_step(self, step: Step) -> Change:
        """Go to a step; refused if it is not reachable yet (see steps.reachable_steps)."""
        rating = self.rating
        step = Step(step)
        self._ensure_fresh()
        if step not in reachable_steps(rating, self._results):
            return self._refuse("step", _step_refusal(step, self._results))
        if step is not Step.CASE_FILE and case_file_ready(self._results):
            rating.revealed = True
        if step not in rating.reached_steps:
            rating.reached_steps.append(step)
        rating.current_step = step
        if self._timer is not None:
            self._timer.switch_step(step.value)
        self._save()
        return self._notify(Change(rating.item_id, "step", ("current_step",), self._results))

    def complete_item(self) -> Change:
        """Mark complete, or refuse with the failing block rules as reasons."""
        self._ensure_fresh()
        ok, reasons = can_complete(self._results)
        if not ok:
            return self._refuse("status", *reasons)
        return self._set_status(ItemStatus.COMPLETE)

    def set_status(self, status: ItemStatus) -> Change:
        """Set in_progress / flagged / not_started; complete goes through complete_item()."""
        status = ItemStatus(status)
        if status is ItemStatus.COMPLETE:
            return self.complete_item()
        return self._set_status(status)

    def _set_status(self, status: ItemStatus) -> Change:
        self.rating.status = status
        if status is ItemStatus.COMPLETE and self._timer is not None:
            self._timer.pause()  # the clock stops at completion; viewing it is free
        self._save()
        return self._notify(Change(self.rating.item_id, "status", ("status",), self._results))

    # ------------------------------------------------------------------ batch state

    def batch_state(self) -> dict[str, Any]:
        """Batch-wide state: current_item_id, feedback, ... (a live dict)."""
        if self._batch_state is None:
            self._batch_state = self.store.load_batch_state(self.batch_key) or {}
        return self._batch_state

    def set_batch_feedback(self, text: str) -> Change:
        state = self.batch_state()
        state["feedback"] = text
        self.store.save_batch_state(self.batch_key, state)
        change = Change(self.current_item_id or "", "batch", ("batch.feedback",), self._results)
        return self._notify(change)

    def save_batch_entry(self, key: str, value: Any) -> None:
        """Keep one batch-wide entry (e.g. imported QA feedback) through the cached batch
        state, so saving the current item later does not drop it."""
        state = self.batch_state()
        state[key] = value
        self.store.save_batch_state(self.batch_key, state)

    def survey_state(self) -> dict[str, Any] | None:
        """The saved survey answers (``{"answers": ..., "skipped": bool}``), or None."""
        return saved_survey(self.batch_state())

    def save_survey(self, answers: dict[str, Any], *, skipped: bool = False) -> dict[str, Any]:
        """Keep the rater's answers, cleaned against the questions (through the cached
        batch state, so saving the current item later does not drop them)."""
        record = survey_record(self.survey, answers, skipped=skipped)
        state = self.batch_state()
        state[STATE_KEY] = record
        self.store.save_batch_state(self.batch_key, state)
        return record


def status_after_change(
    *, status: ItemStatus, results: tuple[RuleResult, ...], kind: str, demoted: bool
) -> tuple[ItemStatus, bool, str]:
    """The item status after an edit, undo or redo: (status, demoted, notice).

    A change that makes a complete item fail a block rule reopens it and says so. An
    undo or redo that makes such a reopened item pass again makes it complete again, so
    redoing everything returns to where the rater was. A plain edit forgets that.
    """
    ok, reasons = can_complete(results)
    if status is ItemStatus.NOT_STARTED:
        return ItemStatus.IN_PROGRESS, False, ""
    if status is ItemStatus.COMPLETE and not ok:
        verb = {"undo": "Undo", "redo": "Redo"}.get(kind, "This change")
        return ItemStatus.IN_PROGRESS, kind in ("undo", "redo"), (
            f"{verb} reopened this complete item: {reasons[0]}")
    if demoted and kind in ("undo", "redo"):
        if status is ItemStatus.IN_PROGRESS and ok:
            return ItemStatus.COMPLETE, False, "The item is complete again."
        return status, True, ""
    return status, False, ""


def _step_refusal(step: Step, results: tuple[RuleResult, ...]) -> str:
    if not case_file_ready(results):
        return (
            "Finish the case file first: write the main goal and list the sub-requests "
            "with their kinds. The responses are shown after that."
        )
    return f"Complete the earlier steps before opening {step.value.replace('_', ' ')}."
