"""PreferenceService: the write API of the preference protocol.

Like ``RatingService`` every write returns a ``Change`` and tells subscribers; documents
go to the same ``RatingStore`` (the profile's database), so autosave, backups and export
work unchanged. Choices arrive in DISPLAY labels and are stored in file order (SD-1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import PreferenceSettings
from rater_desktop.preference.model import CHOICE_STEP, PreferenceRating, is_justification
from rater_desktop.preference.rules import blocking_reasons, check_preference
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import DisplayOrder, display_order
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import STATE_KEY, saved_survey, survey_record
from rater_desktop.rating.timing import Clock, ItemTimer
from rater_desktop.text_sources import TextEventsMixin

Listener = Callable[[Change], None]
DISPLAY_CHOICES = ("A", "B", "tie")


class PreferenceError(ValueError):
    """A call the protocol does not allow (e.g. an unknown choice)."""


class PreferenceService(TextEventsMixin):
    """One rater's preference judgments on one batch."""

    def __init__(self, *, store: RatingStore, clock: Clock, settings: PreferenceSettings,
                 batch_key: str, display_seed: str, rater_id: str,
                 item_accessor: Callable[[str], Item] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        self.batch_key = batch_key
        self.display_seed = display_seed
        self.rater_id = rater_id
        self.item_accessor = item_accessor
        self.current_item_id: str | None = None
        self.rating = PreferenceRating(item_id="")
        self._timer: ItemTimer | None = None
        self._listeners: list[Listener] = []

    # -- subscribers -----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _emit(self, change: Change) -> Change:
        for listener in list(self._listeners):
            listener(change)
        return change

    # -- items -----------------------------------------------------------------------

    def is_justification(self, path: str) -> bool:
        return is_justification(path)

    def order_for(self, item_id: str) -> DisplayOrder:
        return display_order(batch_seed=self.display_seed, rater_id=self.rater_id,
                             item_id=item_id)

    def open_item(self, item_id: str) -> Change:
        """Save the open item, load ``item_id`` (a fresh rating if none or unreadable)."""
        self.close_item()
        saved = self.store.load_item(self.batch_key, item_id)
        try:
            rating = PreferenceRating.from_dict(saved) if saved else None
        except ValueError:
            rating = None  # a guideline or damaged document: never overwritten until edited
        self.rating = rating or PreferenceRating(item_id=item_id)
        self.rating.item_id = item_id
        self.current_item_id = item_id
        self._text_event = None
        self._timer = ItemTimer(clock=self.clock, step=CHOICE_STEP, spent=self.rating.timing)
        self._timer.touch()
        state = dict(self.store.load_batch_state(self.batch_key) or {})
        state["current_item_id"] = item_id
        self.store.save_batch_state(self.batch_key, state)
        return self._emit(Change(item_id, "open", ("*",), tuple(self.results())))

    def close_item(self) -> None:
        if self.current_item_id is None or self._timer is None:
            return
        self._timer.pause()
        if self.rating.status is not ItemStatus.NOT_STARTED:
            self._save()
        self.current_item_id = None
        self._timer = None

    def touch(self) -> None:
        if self._timer is not None:
            self._timer.touch()

    def pause_timer(self) -> None:
        if self._timer is not None:
            self._timer.pause()

    def flush(self) -> None:
        if self.current_item_id is not None and self.rating.status is not ItemStatus.NOT_STARTED:
            if self._timer is not None:
                self._timer.pause()
                self._timer.touch()
            self._save()
        self.store.flush()

    # -- writes ----------------------------------------------------------------------

    def results(self) -> list[Any]:
        return check_preference(self.rating,
                                explanation_required=self.settings.explanation_required)

    def choose(self, shown: str) -> Change:
        """The rater's choice on the DISPLAY labels: "A", "B" or "tie"."""
        if shown not in DISPLAY_CHOICES:
            raise PreferenceError(f"choice must be one of {', '.join(DISPLAY_CHOICES)}")
        item_id = self._require_item()
        if shown == "tie":
            value = "tie"
        else:
            value = "AB"[self.order_for(item_id).true_index(shown)]
        self.rating.choice = value
        return self._edited("choice")

    def shown_choice(self) -> str | None:
        """The current choice in DISPLAY labels (what the panel shows)."""
        choice = self.rating.choice
        if choice is None or choice == "tie" or self.current_item_id is None:
            return choice
        return self.order_for(self.current_item_id).display_label("AB".index(choice))

    def set_explanation(self, text: str) -> Change:
        self._require_item()
        if text == self.rating.explanation:
            return Change(self.rating.item_id, "edit", ("explanation",),
                          tuple(self.results()), accepted=True)
        self.rating.explanation = text
        self._apply_text_event(self.rating.text_sources, "explanation")
        return self._edited("explanation")

    def complete(self) -> Change:
        """Mark the item complete; refused (with the reasons) while PR-1/PR-2 block."""
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

    # -- batch-wide entries (survey, training feedback, unsure marks) -----------------

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
        """Keep the rater's answers (cleaned against the questions); asked once."""
        record = survey_record(self.settings.survey, answers, skipped=skipped)
        state = dict(self.store.load_batch_state(self.batch_key) or {})
        state[STATE_KEY] = record
        self.store.save_batch_state(self.batch_key, state)
        return record

    # -- internals -------------------------------------------------------------------

    def _require_item(self) -> str:
        if self.current_item_id is None:
            raise PreferenceError("no item is open")
        return self.current_item_id

    def _edited(self, field: str) -> Change:
        if self.rating.status in (ItemStatus.NOT_STARTED, ItemStatus.COMPLETE):
            # Changing a completed judgment reopens it, so a half-edit is never exported.
            self.rating.status = ItemStatus.IN_PROGRESS
        self.touch()
        self._save()
        return self._emit(Change(self.rating.item_id, "edit", (field,), tuple(self.results())))

    def _save(self) -> None:
        if self._timer is not None:
            self.rating.timing = self._timer.spent
        self.store.save_item(self.batch_key, self.rating.item_id, self.rating.to_dict())
