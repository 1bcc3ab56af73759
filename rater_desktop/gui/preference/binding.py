"""Wires a PreferenceService into the main window for batches of the preference protocol.

It stays idle for guideline batches (``RatingBinding`` rates those); the window shows
this binding's panel only while a preference batch is open (``MainWindow.show_rating_panel``).
Every choice, edit and completion is saved at once (a completed item's time stops at
completion), so closing the window needs no extra step. Its keys are the key table's
preference rows (choose, write the explanation, complete and move to the next item).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QShortcut

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.item_list import ItemProgress
from rater_desktop.gui.keys import answer_keys, shortcuts
from rater_desktop.gui.learning_flow import LearningFlow
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.preference.panel import PreferencePanel
from rater_desktop.gui.rating_binding import item_progress
from rater_desktop.gui.save_state import SAVE_POLL_MS, poll_save_state
from rater_desktop.gui.survey_flow import Asker, SurveyFlow, ask_survey_dialog
from rater_desktop.preference.service import PreferenceService
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock


class PreferenceBinding(QObject):
    """Connects one window to the preference protocol; one service per opened batch."""

    def __init__(self, window: MainWindow, *, store: RatingStore, rater_id: str,
                 clock: Clock = time.monotonic,
                 ask_survey: Asker = ask_survey_dialog, open_current: bool = True) -> None:
        # open_current=False when made while a batch opens: window.item is still the
        # previous batch's item then; the new batch's first item arrives by signal.
        super().__init__(window)
        self.window = window
        self.store = store
        self.rater_id = rater_id
        self.clock = clock
        self.survey = SurveyFlow(window, service=lambda: self.service, ask=ask_survey)
        self.learning = LearningFlow(window, service=lambda: self.service)
        self.service: PreferenceService | None = None
        self._statuses: dict[str, str] = {}
        self.panel = PreferencePanel()
        window.set_step_panel(self.panel, PREFERENCE)
        self.panel.choiceClicked.connect(self.choose)
        self.panel.explanationEdited.connect(self.set_explanation)
        self.panel.completeRequested.connect(self.complete_and_next)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.timeout.connect(self._poll_save_state)
        self.shortcuts: dict[str, list[QShortcut]] = {
            "preference_choice": answer_keys(
                window, "preference_choice", (self.choose_a, self.choose_b, self.choose_tie),
                context=Qt.ShortcutContext.WindowShortcut),
            "preference_explain": shortcuts(window, "preference_explain",
                                            self.panel.focus_explanation),
            "preference_complete": shortcuts(window, "preference_complete",
                                             self.complete_and_next)}
        self._enable_keys(False)
        window.batchOpened.connect(self._on_batch_opened)
        window.batchClosed.connect(self._end_service)
        window.currentItemChanged.connect(self.open_item)
        if window.batch is not None:
            self._on_batch_opened(window.batch)
            if window.item is not None and open_current:
                self.open_item(window.item.id)

    # -- batch and items -----------------------------------------------------------------

    def _on_batch_opened(self, batch: BatchLike) -> None:
        self._end_service()
        manifest = batch.manifest
        if getattr(manifest, "protocol", "guideline") != PREFERENCE:
            return
        self.service = PreferenceService(
            store=self.store, clock=self.clock, settings=manifest.preference,
            batch_key=manifest.batch_id, display_seed=manifest.display_seed or manifest.batch_id,
            rater_id=self.rater_id, item_accessor=batch.item)
        lister = getattr(self.store, "list_items", None)
        self._statuses = ({s.item_id: str(s.status) for s in lister(manifest.batch_id)}
                          if callable(lister) else {})
        self.panel.set_criteria(manifest.preference.criteria)
        self.panel.set_explanation_required(manifest.preference.explanation_required)
        self.panel.set_item(None, enabled=False)
        self._enable_keys(True)
        self.window.set_display_order_provider(self._display_order)
        self.window.set_status_provider(self._progress)
        self.window.update_progress()

    def _enable_keys(self, enabled: bool) -> None:
        for keys in self.shortcuts.values():
            for shortcut in keys:
                shortcut.setEnabled(enabled)

    def _end_service(self, *_args: object) -> None:
        self._enable_keys(False)
        if self.service is not None:
            self.service.close_item()
            self.service.flush()
        self.service = None

    def open_item(self, item_id: str) -> None:
        service = self.service
        if service is None or not item_id or service.current_item_id == item_id:
            return
        if self.window.item is not None and self.window.item.id == item_id:
            # Shown before the rater was known (at start): take the record's A/B (SD-1).
            self.window.item_view.follow_order(self._display_order(item_id))
        service.open_item(item_id)
        self._show()
        self.learning.sync()
        self.panel.keep_keys_working()

    def _display_order(self, item_id: str) -> tuple[int, int]:
        if self.service is None:
            return (0, 1)
        return self.service.order_for(item_id).true_indices

    def _progress(self, item_id: str) -> ItemProgress:
        service = self.service
        if service is None:
            return ItemProgress()
        if service.current_item_id == item_id:
            return ItemProgress(service.rating.status.value, service.rating.timing.active_seconds)
        if hasattr(self.store, "list_items") and item_id not in self._statuses:
            return ItemProgress()  # never saved: no need to read the database
        return item_progress(self.store.load_item(service.batch_key, item_id))

    # -- what the rater does ---------------------------------------------------------------

    def choose(self, shown: str) -> None:
        if self.service is None or self.service.current_item_id is None:
            return
        self._after(self.service.choose(shown))

    def choose_a(self) -> None:
        self.choose("A")

    def choose_b(self) -> None:
        self.choose("B")

    def choose_tie(self) -> None:
        self.choose("tie")

    def set_explanation(self, text: str) -> None:
        if self.service is None or self.service.current_item_id is None:
            return
        self._after(self.service.set_explanation(text), refresh_panel=False)

    def complete_and_next(self) -> bool:
        """Complete the open item and move on; False (reason shown) when PR-1/PR-2 block."""
        service = self.service
        if service is None or service.current_item_id is None:
            return False
        change = service.complete()
        self._after(change)
        if change.refused:
            return False
        self.learning.after_complete(change.item_id)
        self.survey.ask_if_due()
        self.window.item_list.step(1)
        return True

    def _after(self, change: Change, *, refresh_panel: bool = True) -> None:
        service = self.service
        if service is None:
            return
        if change.refused:
            self.panel.set_reason("; ".join(r.split(": ", 1)[-1] for r in change.reasons),
                                  "block")
            return
        self._statuses[change.item_id] = service.rating.status.value
        if refresh_panel:
            self._show()
        self.window.refresh_item_status(change.item_id)
        self.window.set_save_state("saving")
        self._save_timer.start(SAVE_POLL_MS)

    def _show(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            self.panel.set_item(None, enabled=False)
            return
        self.panel.set_item(service.shown_choice(), service.rating.explanation)
        done = service.rating.status is ItemStatus.COMPLETE
        self.panel.set_reason("Complete." if done else "", "good" if done else "")

    # -- saving and lifetime ---------------------------------------------------------------

    def _poll_save_state(self) -> None:
        poll_save_state(window=self.window, store=self.store, timer=self._save_timer)

    def flush(self) -> None:
        if self.service is not None:
            self.service.flush()
