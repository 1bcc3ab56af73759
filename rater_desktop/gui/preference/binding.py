"""Wires a PreferenceService into the main window for batches of the preference protocol.

It stays idle for guideline batches (``RatingBinding`` rates those); the window shows
this binding's panel only while a preference batch is open (``MainWindow.show_rating_panel``).
Every choice, edit and completion is saved at once (a completed item's time stops at
completion), so closing the window needs no extra step. Its keys are the key table's
preference rows (choose, write the explanation, complete and move to the next item);
items, completing, unsure marks and Edit > Undo / Redo are the shared
``gui.single_binding``'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.keys import answer_keys, shortcuts
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.preference.panel import PreferencePanel
from rater_desktop.gui.single_binding import SingleJudgmentBinding
from rater_desktop.gui.survey_flow import Asker, ask_survey_dialog
from rater_desktop.keymap import key_text
from rater_desktop.preference.service import PreferenceService
from rater_desktop.protocols.single import blocking_reasons
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock
from rater_desktop.viewed_sides import (
    ViewedSides,
    before_complete,
    unseen_note,
    viewed_after,
)

AskUnseen = Callable[[QWidget, str], bool]


def ask_complete_unseen(parent: QWidget, side: str) -> bool:
    """Asked once per item: complete with Response ``side`` never on screen? Enter and Esc
    show that response; True only for "Complete anyway"."""
    box = QMessageBox(QMessageBox.Icon.Question, f"Response {side} not viewed",
                      f"Response {side} was not on screen for this item; the judgment "
                      f"compares both responses.\n\nView Response {side} before completing?",
                      parent=parent)
    box.setObjectName("completeUnseenQuestion")
    view = box.addButton(f"View Response {side}", QMessageBox.ButtonRole.RejectRole)
    complete = box.addButton("Complete anyway", QMessageBox.ButtonRole.AcceptRole)
    box.setDefaultButton(view)
    box.setEscapeButton(view)
    box.exec()
    return box.clickedButton() is complete


class PreferenceBinding(SingleJudgmentBinding):
    """Connects one window to the preference protocol; one service per opened batch."""

    service: PreferenceService | None
    panel: PreferencePanel

    def __init__(self, window: MainWindow, *, store: RatingStore, rater_id: str,
                 clock: Clock = time.monotonic,
                 ask_survey: Asker = ask_survey_dialog, open_current: bool = True,
                 ask_unseen: AskUnseen = ask_complete_unseen) -> None:
        # open_current=False when made while a batch opens: window.item is still the
        # previous batch's item then; the new batch's first item arrives by signal.
        super().__init__(window, store=store, rater_id=rater_id, panel=PreferencePanel(),
                         clock=clock, ask_survey=ask_survey)
        window.set_step_panel(self.panel, PREFERENCE)
        self.viewed = ViewedSides()  # Response A and B on screen for the open item
        self.ask_unseen = ask_unseen
        window.item_view.sidesShown.connect(self._track_sides)
        self.panel.choiceClicked.connect(self.choose)
        self.panel.explanationEdited.connect(self.set_explanation)
        self.panel.completeRequested.connect(self.complete_and_next)
        self.shortcuts = {
            "preference_choice": answer_keys(
                window, "preference_choice", (self.choose_a, self.choose_b, self.choose_tie),
                context=Qt.ShortcutContext.WindowShortcut),
            "preference_explain": shortcuts(window, "preference_explain",
                                            self.panel.focus_explanation),
            "preference_complete": shortcuts(window, "preference_complete",
                                             self.complete_and_next)}
        self._enable_keys(False)
        self.connect_window()
        if window.batch is not None:
            self._on_batch_opened(window.batch)
            if window.item is not None and open_current:
                self.open_item(window.item.id)

    # -- batch and items -----------------------------------------------------------------

    def rates(self, batch: BatchLike) -> bool:
        return getattr(batch.manifest, "protocol", "guideline") == PREFERENCE

    def make_service(self, batch: BatchLike) -> PreferenceService:
        manifest = batch.manifest
        return PreferenceService(
            store=self.store, clock=self.clock, settings=manifest.preference,
            batch_key=manifest.batch_id, display_seed=manifest.display_seed or manifest.batch_id,
            rater_id=self.rater_id, item_accessor=batch.item)

    def started(self, batch: BatchLike) -> None:
        settings = batch.manifest.preference
        self.panel.set_criteria(settings.criteria)
        self.panel.set_explanation_required(settings.explanation_required)
        self.panel.set_item(None, enabled=False)
        self.window.set_display_order_provider(self._display_order)
        self.window.update_progress()

    def before_open(self, item_id: str) -> None:
        if self.window.item is not None and self.window.item.id == item_id:
            # Shown before the rater was known (at start): take the record's A/B (SD-1).
            self.window.item_view.follow_order(self._display_order(item_id))

    def open_item(self, item_id: str) -> None:
        opening = bool(self.service is not None and item_id and
            self.service.current_item_id != item_id)
        super().open_item(item_id)
        if opening:
            self.panel.keep_keys_working()

    def opened(self) -> None:
        self._track_sides()

    def ended(self) -> None:
        self.viewed = ViewedSides()

    def _display_order(self, item_id: str) -> tuple[int, int]:
        if self.service is None:
            return (0, 1)
        return self.service.order_for(item_id).true_indices

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

    def complete_and_next(self) -> bool:
        """Complete and move on; with a response never on screen, asked once first."""
        service = self.service
        if service is not None and service.current_item_id is not None:
            would = (service.rating.status is not ItemStatus.COMPLETE
                     and not blocking_reasons(service.results()))
            question = before_complete(self.viewed, would_complete=would)
            self.viewed = question.viewed
            if question.ask and not self.ask_unseen(self.window, question.side):
                self.window.item_view.show_side(question.side)
                return False
            service.note_sides_viewed(self.viewed.seen)  # recorded with the completion
        return super().complete_and_next()

    def set_explanation(self, text: str) -> None:
        if self.service is None or self.service.current_item_id is None:
            return
        self._after(self.service.set_explanation(text), refresh_panel=False)

    def focus_work(self) -> None:
        self.panel.keep_keys_working()  # 1 / 2 / 3 choose at once

    def _history_step(self, change: Change) -> None:
        service = self.service
        if (not change.refused and service is not None
                and service.rating.status is ItemStatus.COMPLETE
                and self.viewed.item_id == service.current_item_id):
            # Edit > Undo / Redo made the item complete again: a completion in the window
            # like Ctrl+Enter's, so what the rater has seen of it since is recorded too.
            service.note_sides_viewed(self.viewed.seen, save=True)
        super()._history_step(change)

    def after_history(self, change: Change) -> None:
        if "explanation" in change.fields:
            self.panel.focus_explanation()  # where the undone text is

    # -- showing ---------------------------------------------------------------------------

    def _show(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            self.panel.set_item(None, enabled=False)
            return
        self.panel.set_item(service.shown_choice(), service.rating.explanation)
        done = service.rating.status is ItemStatus.COMPLETE
        self.panel.set_reason("Complete." if done else "", "good" if done else "")
        self._show_unseen()

    def _track_sides(self) -> None:
        """Count the responses on screen now as viewed for the open item."""
        service = self.service
        item_id = service.current_item_id if service is not None else None
        self.viewed = viewed_after(self.viewed, item_id=item_id,
                                   on_screen=self.window.item_view.sides_on_screen())
        self._show_unseen()

    def _show_unseen(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            self.panel.set_unseen_note("")
            return
        self.panel.set_unseen_note(unseen_note(
            self.viewed, chosen=service.rating.choice is not None,
            complete=service.rating.status is ItemStatus.COMPLETE,
            switch_key=key_text("switch_response")))
