"""The shared write side of a protocol that rates an item with one saved document
(``preference``, ``run-audit``): open, close, flush and the timer, subscribers and
``Change`` records, completing and flagging, the batch state (survey, training feedback,
unsure marks) and undo/redo (``single_history``).

A protocol's service subclasses ``SingleJudgmentService`` and supplies its rating: how
to make and read one, its rule results, the timer's step and the words of a field; its
setters change ``self.rating`` inside ``self._editing(...)``, which records the undo
step, reopens a complete item, saves and tells subscribers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, Protocol, TypeVar

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.protocols.single_history import ItemHistory, answers_of, status_after_undo
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.history import Edit
from rater_desktop.rating.model import ItemStatus, TimeSpent
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import STATE_KEY, saved_survey, survey_record
from rater_desktop.rating.timing import Clock, ItemTimer
from rater_desktop.text_sources import FieldSources, TextEventsMixin

Listener = Callable[[Change], None]


class JudgmentRating(Protocol):
    """What the base needs of a protocol's rating of one item."""

    item_id: str
    status: ItemStatus
    timing: TimeSpent
    text_sources: dict[str, FieldSources]

    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=JudgmentRating)


def blocking_reasons(results: Sequence[RuleResult]) -> list[str]:
    """"RULE: message" of every blocking result (what keeps an item from completing)."""
    return [f"{r.rule_id}: {r.message}" for r in results if r.blocking]


class Edited:
    """What one edit inside ``_editing`` touched (set ``fields``; empty: nothing)."""

    fields: tuple[str, ...] = ()
    change: Change | None = None


class SingleJudgmentService(TextEventsMixin, Generic[R]):
    """One rater's documents of one batch for a one-document-per-item protocol."""

    error: type[ValueError] = ValueError  # raised for a call with no open item
    KEPT_BY_UNDO: tuple[str, ...] = ()  # document keys undo leaves as they are
    rating: R

    def __init__(self, *, store: RatingStore, clock: Clock, batch_key: str, rater_id: str,
                 item_accessor: Callable[[str], Item] | None,
                 survey_questions: Sequence[SurveyQuestion] = ()) -> None:
        self.store = store
        self.clock = clock
        self.batch_key = batch_key
        self.rater_id = rater_id
        self.item_accessor = item_accessor
        self.survey_questions = tuple(survey_questions)
        self.current_item_id: str | None = None
        self.item: Item | None = None
        self.rating = self.new_rating("")
        self._timer: ItemTimer | None = None
        self._listeners: list[Listener] = []
        self._histories: dict[str, ItemHistory] = {}

    # -- what a protocol supplies --------------------------------------------------------

    def new_rating(self, item_id: str) -> R:
        raise NotImplementedError

    def read_rating(self, document: Any) -> R:
        """A saved document as a rating; ValueError when it is not one of this protocol."""
        raise NotImplementedError

    def results(self) -> list[RuleResult]:
        raise NotImplementedError

    def timer_step(self) -> str:
        """The step the open item's time counts for."""
        raise NotImplementedError

    def field_name(self, field: str) -> str:
        """A field path in the rater's words (Edit > Undo <name>)."""
        return field.replace("_", " ")

    def load_item(self, item_id: str) -> Item | None:
        """The item a rating needs (None: the protocol reads no item)."""
        return self.item_accessor(item_id) if self.item_accessor is not None else None

    def order_for(self, item_id: str) -> DisplayOrder:
        """The item's A/B display order (one shown as in the file by default)."""
        del item_id
        return DisplayOrder(swapped=False)

    # -- subscribers -----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every Change; returns the unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _emit(self, change: Change) -> Change:
        for listener in list(self._listeners):
            listener(change)
        return change

    # -- items -----------------------------------------------------------------------------

    def open_item(self, item_id: str) -> Change:
        """Save the open item, load ``item_id`` (a fresh rating if none or unreadable)."""
        self.close_item()
        item = self.load_item(item_id)
        saved = self.store.load_item(self.batch_key, item_id)
        try:
            rating = self.read_rating(saved) if saved else None
        except ValueError:
            rating = None  # another protocol's or a damaged document: kept until edited
        self.rating = rating or self.new_rating(item_id)
        self.rating.item_id = item_id
        self.item = item
        self.current_item_id = item_id
        self._text_event = None
        self._timer = ItemTimer(clock=self.clock, step=self.timer_step(),
                                spent=self.rating.timing)
        self._timer.touch()
        self._adopt_history(item_id)
        state = self.batch_state()
        state["current_item_id"] = item_id
        self.store.save_batch_state(self.batch_key, state)
        return self._emit(Change(item_id, "open", ("*",), tuple(self.results())))

    def close_item(self) -> None:
        """Stop the clock and save the open item (an untouched one is not saved)."""
        if self.current_item_id is None or self._timer is None:
            return
        self._timer.pause()
        if self._status() is not ItemStatus.NOT_STARTED:
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
        if self.current_item_id is not None and self._status() is not ItemStatus.NOT_STARTED:
            if self._timer is not None:
                self._timer.pause()
                self._timer.touch()
            self._save()
        self.store.flush()

    # -- status ----------------------------------------------------------------------------

    def complete(self) -> Change:
        """Mark the item complete; refused (with the reasons) while a rule blocks."""
        item_id = self._require_item()
        results = self.results()
        reasons = blocking_reasons(results)
        if reasons:
            return self._emit(Change(item_id, "status", ("status",), tuple(results),
                                     accepted=False, reasons=tuple(reasons)))
        self.rating.status = ItemStatus.COMPLETE
        self._history().completed = self._answers()
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

    # -- edits and undo --------------------------------------------------------------------

    @contextmanager
    def _editing(self, *, coalesce: str | None = None, reopens: bool = True,
                 ) -> Iterator[Edited]:
        """Run one edit of the open rating: the body sets ``fields`` (empty: the same
        answer again, nothing saved); afterwards ``change`` holds the emitted Change."""
        item_id = self._require_item()
        edited = Edited()
        before = self._answers()
        yield edited
        fields = edited.fields
        if fields:
            self._apply_text_event(self.rating.text_sources, fields[0])
        if not fields:
            edited.change = Change(item_id, "edit", (), tuple(self.results()))
            return
        after = self._answers()
        if before != after:
            self._history().push(Edit(fields, before, after, coalesce, self.clock()))
        rating = self.rating
        if reopens and rating.status in (ItemStatus.NOT_STARTED, ItemStatus.COMPLETE):
            # Changing a completed item reopens it, so a half-edit is never exported.
            rating.status = ItemStatus.IN_PROGRESS
        self.touch()
        self._save()
        edited.change = self._emit(Change(item_id, "edit", fields, tuple(self.results())))

    def can_undo(self) -> bool:
        return self.current_item_id is not None and bool(self._history().undo_stack)

    def can_redo(self) -> bool:
        return self.current_item_id is not None and bool(self._history().redo_stack)

    def undo_fields(self) -> tuple[str, ...]:
        """The fields the next undo would change (empty when there is nothing to undo)."""
        stack = self._history().undo_stack if self.current_item_id is not None else []
        return stack[-1].fields if stack else ()

    def redo_fields(self) -> tuple[str, ...]:
        """The fields the next redo would change (empty when there is nothing to redo)."""
        stack = self._history().redo_stack if self.current_item_id is not None else []
        return stack[-1].fields if stack else ()

    def undo(self) -> Change:
        """Take the open item's last edit back; the Change names the fields it restored."""
        return self._step_history("undo")

    def redo(self) -> Change:
        """Make the last undone edit again."""
        return self._step_history("redo")

    def _step_history(self, kind: str) -> Change:
        item_id = self._require_item()
        history = self._history()
        edit = history.take_undo() if kind == "undo" else history.take_redo()
        if edit is None:
            return self._emit(Change(item_id, kind, (), tuple(self.results()), accepted=False,
                                     reasons=(f"Nothing to {kind}.",)))
        self._restore(edit.before if kind == "undo" else edit.after)
        results = self.results()
        rating = self.rating
        rating.status, notice = status_after_undo(
            status=rating.status, answers=self._answers(), completed=history.completed,
            blocked=bool(blocking_reasons(results)), kind=kind)
        self.touch()
        self._save()
        return self._emit(Change(item_id, kind, edit.fields, tuple(results), notice=notice))

    # -- batch-wide entries (survey, training feedback, unsure marks) ----------------------

    def batch_state(self) -> dict[str, Any]:
        """Batch-wide state: current_item_id, survey, ... (a fresh copy)."""
        return dict(self.store.load_batch_state(self.batch_key) or {})

    def save_batch_entry(self, key: str, value: Any) -> None:
        """Keep one batch-wide entry beside the others."""
        state = self.batch_state()
        state[key] = value
        self.store.save_batch_state(self.batch_key, state)

    def survey_state(self) -> dict[str, Any] | None:
        """The saved survey answers (``{"answers": ..., "skipped": bool}``), or None."""
        return saved_survey(self.store.load_batch_state(self.batch_key))

    def save_survey(self, answers: dict[str, Any], *, skipped: bool = False) -> dict[str, Any]:
        """Keep the rater's answers to the batch's survey (cleaned against its questions)."""
        record = survey_record(self.survey_questions, answers, skipped=skipped)
        self.save_batch_entry(STATE_KEY, record)
        return record

    # -- internals -------------------------------------------------------------------------

    def _status(self) -> ItemStatus:
        return self.rating.status

    def _require_item(self) -> str:
        if self.current_item_id is None:
            raise self.error("no item is open")
        return self.current_item_id

    def _answers(self) -> dict[str, Any]:
        return answers_of(self.rating.to_dict(), self.KEPT_BY_UNDO)

    def _restore(self, answers: dict[str, Any]) -> None:
        rating = self.read_rating({**self.rating.to_dict(), **answers})
        if self._timer is not None:
            rating.timing = self._timer.spent
        self.rating = rating

    def _history(self) -> ItemHistory:
        return self._histories.setdefault(self.rating.item_id, ItemHistory())

    def _adopt_history(self, item_id: str) -> None:
        """Keep the item's history only if the saved document is still what it wrote."""
        history = self._histories.get(item_id)
        answers = self._answers()
        if history is not None and history.last is not None and history.last != answers:
            history = None
        if history is None:
            history = self._histories[item_id] = ItemHistory()
        if self._status() is ItemStatus.COMPLETE:
            history.completed = answers
        history.last = answers

    def _save(self) -> None:
        rating = self.rating
        if self._timer is not None:
            rating.timing = self._timer.spent
        self.store.save_item(self.batch_key, rating.item_id, rating.to_dict())
        if rating.item_id in self._histories:
            self._histories[rating.item_id].last = self._answers()
