"""Wires a RatingService into the main window.

Item switch -> ``service.open_item``; every Change -> the step panel, the claim highlights,
the response cover, the item list row and the "saved" indicator; keyboard shortcuts for
steps, items, undo/redo and claims; trajectory step marks -> the service.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QApplication, QMessageBox, QTextEdit

from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.claim_highlights import ClaimHighlights
from rater_desktop.gui.close_save import FailedSaveAsker, ask_failed_save, stays_open
from rater_desktop.gui.complete_flow import CompleteFlow
from rater_desktop.gui.edit_actions import sync_edit_actions
from rater_desktop.gui.evidence_actions import EvidenceActions, cached_thumbnail
from rater_desktop.gui.evidence_finder import install_evidence_finder
from rater_desktop.gui.focus_follow import EnterPressesButtons, FocusFollower
from rater_desktop.gui.go_to import GoToKeys
from rater_desktop.gui.item_list import ItemProgress
from rater_desktop.gui.keys import shortcuts
from rater_desktop.gui.learning_flow import LearningFlow
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.rule_worker import RuleWorker
from rater_desktop.gui.save_state import SAVE_ERROR_POLL_MS, SAVE_POLL_MS, poll_save_state
from rater_desktop.gui.second_turn import SecondTurn
from rater_desktop.gui.steps.cover import ResponseCover
from rater_desktop.gui.steps.page import StepContext
from rater_desktop.gui.steps.panel import StepPanel
from rater_desktop.gui.survey_flow import Asker, SurveyFlow, ask_survey_dialog, questions_of
from rater_desktop.gui.window_layout import side_dock_widths
from rater_desktop.rating.change import Change
from rater_desktop.rating.focus import FocusAim
from rater_desktop.rating.model import ItemStatus, Step
from rater_desktop.rating.rubric import Rubric, RubricError
from rater_desktop.rating.service import RatingDocumentError, RatingService
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock

TOUCH_EVENTS = frozenset(int(t.value) for t in (QEvent.Type.KeyPress,
                                                QEvent.Type.MouseButtonPress,
                                                QEvent.Type.Wheel))
CLOSE_EVENT = int(QEvent.Type.Close.value)
DEACTIVATE_EVENT = int(QEvent.Type.WindowDeactivate.value)


def item_progress(document: dict[str, Any] | None) -> ItemProgress:
    """What the item list shows for a saved rating document."""
    if not document:
        return ItemProgress()
    timing = document.get("timing") if isinstance(document.get("timing"), dict) else {}
    seconds = timing.get("active_seconds", 0.0) if isinstance(timing, dict) else 0.0
    status = str(document.get("status") or "not_started")
    return ItemProgress(state=status, seconds=float(seconds or 0.0))


def _rates(batch: BatchLike) -> bool:
    """Whether this binding (the guideline's step panel and keys) rates the batch."""
    from rater_desktop.gui import protocols

    try:
        return protocols.of_batch(batch).rating_binding
    except protocols.ProtocolError:
        return False  # the window says the protocol is unknown


class RatingBinding(QObject):
    """Connects one window to the rating core; one service per opened batch."""

    def __init__(self, window: MainWindow, *, store: RatingStore, rater_id: str,
                 clock: Clock = time.monotonic, close_store: Callable[[], None] | None = None,
                 report: Callable[[str, str], None] | None = None,
                 ask_survey: Asker = ask_survey_dialog,
                 ask_failed_save: FailedSaveAsker = ask_failed_save) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.rater_id = rater_id
        self.clock = clock
        self._close_store = close_store
        self._report = report or self._message_box
        self.ask_failed_save = ask_failed_save  # at a close whose save failed
        self.service: RatingService | None = None
        self.rule_worker = RuleWorker(self)  # a large item's rules, off the window's thread
        self._unsubscribe: Callable[[], None] = lambda: None
        self._statuses: dict[str, str] | None = None
        self._last_touch = 0.0
        self.closed = False
        self.ctx = StepContext(browser_for=self._browser_for)
        self.panel = StepPanel(self.ctx)
        window.set_step_panel(self.panel)
        self.panel.show()  # the dock is already visible; a new child would show only later
        _room_for_steps_on_first_run(window)
        self.cover = ResponseCover(window.item_view.splitter)
        self.focus = FocusFollower(self.panel, status=self._tell,
                                   keep_focus_in=(window.item_list,))
        self.second_turn = SecondTurn(self.panel)  # the panel follows a switch a turn later
        self._switching = False
        self.completion = CompleteFlow(self)
        self.survey = SurveyFlow(window, service=lambda: self.service, ask=ask_survey)
        self.learning = LearningFlow(window, service=lambda: self.service)
        self.enter_presses = EnterPressesButtons(self.panel)
        self.go_to = GoToKeys(window.item_list, opened=self._focus_form)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.timeout.connect(self._poll_save_state)
        self._provide_for(window)
        self.evidence = EvidenceActions(window, self.panel)  # cite screenshots, copy URLs
        self.ctx.image_for = cached_thumbnail(window.loader)
        self.finder = install_evidence_finder(window, self.ctx, self.panel, rates=_rates)
        self.panel.flagToggled.connect(self.toggle_flag)
        window.actions_.flag_item.triggered.connect(self.toggle_flag)
        window.currentItemChanged.connect(self.open_item)
        window.itemUnreadable.connect(lambda _id: self.close_item())
        window.stepMarked.connect(self._on_step_marked)
        self.highlights = ClaimHighlights(self, browser_for=self._browser_for,
                                          service=lambda: self.service)
        for browser in (p.text_browser for p in window.item_view.panes.values()):
            browser.textChanged.connect(self.highlights.forget)
        self._install_shortcuts()
        window.installEventFilter(self)
        # The application-wide filter (activity for the timer) from the next turn of the
        # event loop: set up now, it made PySide wrap every event of this build and of the
        # panel's first paint for Python (~10-20 ms at start); no input can come before.
        QTimer.singleShot(0, self, self._watch_app)
        if window.batch is not None:
            self._on_batch_opened(window.batch)
            if window.item is not None:
                self.open_item(window.item.id)

    def _provide_for(self, window: MainWindow) -> None:
        """What the window asks this binding: order, progress, step marks, batch events."""
        window.set_display_order_provider(self._display_order)
        window.set_status_provider(self._progress)
        window.set_step_marks_provider(self._step_marks)
        window.batchOpened.connect(self._on_batch_opened)
        window.batchClosed.connect(self._on_batch_closed)

    # ------------------------------------------------------------------ batch and items

    def _on_batch_opened(self, batch: BatchLike) -> None:
        self._end_service()
        manifest = batch.manifest
        guideline = _rates(batch)
        # Its complete-and-next key too: another protocol's panel may use the same keys.
        for keys in (*self.shortcuts.values(), self.completion.shortcuts):
            for shortcut in keys:
                shortcut.setEnabled(guideline)
        if not guideline:  # another protocol's binding rates this batch
            self._on_batch_closed()
            return
        self.window.set_display_order_provider(self._display_order)
        self.window.set_status_provider(self._progress)
        try:
            rubric = Rubric.from_overrides(manifest.rubric or None)
        except RubricError as exc:
            self._report("Batch rubric not usable",
                         f"{exc}\n\nThe guideline's default rules are used instead.")
            rubric = Rubric.default()
        self.service = RatingService(
            store=self.store, clock=self.clock, rubric=rubric, item_accessor=batch.item,
            batch_key=manifest.batch_id, display_seed=manifest.display_seed,
            rater_id=self.rater_id, survey=questions_of(batch), rule_runner=self.rule_worker)
        self._unsubscribe = self.service.subscribe(self._on_change)
        self.panel.text_event_sink = self.service  # the boxes' edits: typed, pasted, ...
        self.window.tools_dock.set_service(self.service)  # notes and feedback in the dock
        self._statuses = None
        # The window counted progress before this signal, when no service could answer.
        self.window.item_list.model.refresh_all()
        self.window.update_progress()
        self.panel.set_service(self.service)
        current = (self.store.load_batch_state(manifest.batch_id) or {}).get("current_item_id")
        if isinstance(current, str) and current:
            # The window reselects its remembered item after this signal; the ratings
            # database knows best where the rater stopped.
            self.window.settings.setValue(f"lastItem/{manifest.batch_id}", current)

    def _on_batch_closed(self) -> None:
        self._end_service()
        self.panel.set_service(None)
        self.cover.set_hidden(False)
        self._sync_flag_action()
        self._sync_edit_actions()

    def restart_batch(self, between: Callable[[], Any]) -> Any:
        """Save and drop the open batch's service, call ``between`` (e.g. erase the saved
        ratings), then start a fresh service and reopen the current item."""
        batch = self.window.batch
        self._end_service()
        try:
            return between()
        finally:
            if batch is not None and self.window.batch is batch:
                self._on_batch_opened(batch)
                if self.window.item is not None:
                    self.open_item(self.window.item.id)

    def open_item(self, item_id: str) -> None:
        service = self.service
        if service is None or not item_id or service.current_item_id == item_id:
            return
        if self.second_turn.held:
            self.second_turn.finish()  # keys typed on the item shown go to it, not the next
        self._follow_order(item_id)  # before the panel, cover and highlights follow it
        # From one item to another the panel is redrawn in the next turn (second_turn.py);
        # the first item of a batch is drawn at once, with the batch.
        self._switching = service.current_item_id is not None
        try:
            service.open_item(item_id)
        except RatingDocumentError as exc:
            if self._ask_start_over(str(exc)):
                service.open_item(item_id, discard_unreadable=True)
        finally:
            self._switching = False

    def close_item(self) -> None:
        """Save and put away the open item (the next could not be read: no key may write in it)."""
        if self.service is None or self.service.current_item_id is None:
            return
        if self.second_turn.held:
            self.second_turn.finish()
        self.service.close_item()
        self.panel.refresh_all()
        self._sync_flag_action()
        self._sync_edit_actions()

    def _follow_order(self, item_id: str) -> None:
        # The first item of a launch is shown (covered) before the rater is known, in
        # file order: the panes must take the record's A/B before they are uncovered.
        shown = self.window.item
        if self.service is not None and shown is not None and shown.id == item_id:
            self.window.item_view.follow_order(self._display_order(item_id))

    def _ask_start_over(self, text: str) -> bool:
        answer = QMessageBox.question(
            self.window, "Saved rating unreadable", text + "\n\nStart this item over?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _display_order(self, item_id: str) -> tuple[int, int]:
        if self.service is None:
            return (0, 1)
        return self.service.order_for(item_id).true_indices

    def _step_marks(self, item_id: str) -> dict[tuple[int, int], tuple[str, str]]:
        service = self.service
        if service is None or service.current_item_id != item_id:
            return {}
        return {(true_index, step): (mark.mark.value, mark.note)
                for true_index, side in enumerate(service.rating.responses)
                for step, mark in side.step_marks.items()}

    def toggle_flag(self) -> None:
        """Flag the open item for a reviewer, or take the flag off (back to in progress)."""
        service = self.service
        if service is None or service.current_item_id is None:
            self._sync_flag_action()
            return
        flagged = service.rating.status is ItemStatus.FLAGGED
        service.set_status(ItemStatus.IN_PROGRESS if flagged else ItemStatus.FLAGGED)

    def _sync_flag_action(self) -> None:
        action = self.window.actions_.flag_item
        service = self.service
        has_item = service is not None and service.current_item_id is not None
        action.setEnabled(has_item)
        action.setChecked(has_item and service is not None
                          and service.rating.status is ItemStatus.FLAGGED)

    def _progress(self, item_id: str) -> ItemProgress:
        service = self.service
        if service is None:
            return ItemProgress()
        if service.current_item_id == item_id:
            rating = service.rating
            return ItemProgress(rating.status.value, rating.timing.active_seconds)
        if self._statuses is None:
            lister = getattr(self.store, "list_items", None)
            self._statuses = ({s.item_id: str(s.status) for s in lister(service.batch_key)}
                              if callable(lister) else {})
        if hasattr(self.store, "list_items") and item_id not in self._statuses:
            return ItemProgress()  # never saved: no need to read the database
        return item_progress(self.store.load_item(service.batch_key, item_id))

    # ------------------------------------------------------------------ changes

    def _on_change(self, change: Change) -> None:
        service = self.service
        if service is None:
            return
        deferred = change.kind == "open" and self._switching
        if not deferred:
            self.second_turn.draw_now()  # a switch's panel first: this change follows it
        if deferred:  # (a newer switch replaces one still waiting)
            aim = self.focus.aim(change)  # the keys held now decide, not those a turn later
            self.second_turn.defer(lambda: self._panel_follows(change, aim))
        else:  # a large item's rule results, back from the worker: messages a turn later
            self.panel.apply_change(change, badges_later=change.kind == "rules")
            self.focus.after_change(change)
        self.completion.after_change(change)
        self._sync_flag_action()
        self._sync_edit_actions()
        self.learning.sync()
        if service.current_item_id is None:
            return
        viewer = self.window.viewer
        if viewer is not None and viewer.isVisible() and change.kind != "open":
            viewer.set_step_marks(self._step_marks(change.item_id))  # undo/redo show too
        self.cover.set_hidden(not service.rating.revealed)
        self.highlights.refresh(service)
        if change.kind == "rules":  # a large item's results, back from the worker
            if self._statuses is not None:
                self._statuses[change.item_id] = service.rating.status.value
            self.window.refresh_item_status(change.item_id)  # an edit may have reopened it
        elif change.accepted and change.kind != "open":
            if self._statuses is not None:
                self._statuses[change.item_id] = service.rating.status.value
            self.window.refresh_item_status(change.item_id)
            self.window.set_save_state("saving")
            self._save_timer.start(SAVE_POLL_MS)
            if change.kind == "status" and service.rating.status is ItemStatus.COMPLETE:
                # After this change has reached every listener (and the next item opened):
                # the training feedback and qualification notice, then the survey.
                item_id = change.item_id
                QTimer.singleShot(0, self, lambda: self._after_complete(item_id))
        elif change.kind == "open":
            self.window.set_save_state("idle")

    def _panel_follows(self, change: Change, aim: FocusAim | None) -> None:
        if self.service is not None and self.service.current_item_id == change.item_id:
            self.panel.apply_change(change, badges_later=True)
            self.focus.place(aim)

    def _after_complete(self, item_id: str) -> None:
        self.learning.after_complete(item_id)
        self.survey.ask_if_due()

    def _poll_save_state(self) -> None:
        poll_save_state(window=self.window, store=self.store, timer=self._save_timer)

    def watch_save_state(self) -> None:
        """Poll the autosave status again (after the store reported an error)."""
        self._save_timer.start(SAVE_ERROR_POLL_MS)

    def flush(self) -> None:
        """Save the open item now (before an export)."""
        if self.service is not None:
            self.service.flush()
        else:
            self.store.flush()

    def _browser_for(self, true_index: int) -> QTextEdit | None:
        if self.window.item is None:
            return None
        return self.window.item_view.pane_for_true_index(true_index).text_browser

    def _on_step_marked(self, item_id: str, true_index: int, step: int, mark: str,
                        note: str) -> None:
        service = self.service
        if service is None or service.current_item_id != item_id:
            return
        service.set_step_mark(true_index, step, mark or None, note)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ shortcuts

    def _install_shortcuts(self) -> None:
        """The rating panel's keys (their table scope: rating panel), by action id."""
        slots: dict[str, Callable[[], object]] = {
            "next_step": self.panel.go_next, "previous_step": self.panel.go_previous,
            "focus_rating": self.focus_rating, "add_claim": self.add_selected_claim}
        self.shortcuts: dict[str, list[QShortcut]] = {
            action: shortcuts(self.window, action, slot) for action, slot in slots.items()}
        acts = self.window.actions_
        acts.undo.triggered.connect(self.undo)
        acts.redo.triggered.connect(self.redo)

    def _sync_edit_actions(self) -> None:
        sync_edit_actions(self.window.actions_, self.service)

    def focus_rating(self) -> None:
        """Put the cursor in the rating panel: the current step's first field to do."""
        self.second_turn.draw_now()  # a switch's panel first: the focus goes to its fields
        self.window.step_dock.show()  # hidden from the View menu: the key brings it back
        self._focus_form()  # a tab behind others comes forward with the focus (compact_focus)

    def undo(self) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            self.focus.show_where(self.service, self.service.undo())

    def redo(self) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            self.focus.show_where(self.service, self.service.redo())

    def _focus_form(self) -> None:
        service = self.service
        if service is not None and service.current_item_id is not None:
            self.focus.focus_step(service.rating.current_step)

    def _tell(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 10000)

    def add_selected_claim(self) -> bool:
        service = self.service
        if service is None or service.current_item_id is None:
            return False
        self.second_turn.draw_now()  # the claims page of the open item, not of the last one
        if service.rating.current_step is not Step.CLAIMS:
            if service.set_step(Step.CLAIMS).refused:
                return False
        page = self.panel.page(Step.CLAIMS)
        return bool(page.add_selected_claim())  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ lifetime

    def _watch_app(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = int(event.type().value)  # plain ints: this runs for every event of the app
        if watched is self.window:
            if kind == CLOSE_EVENT:
                return self._closing(event)
            if kind == DEACTIVATE_EVENT and self.service is not None:
                self.service.pause_timer()
        elif kind in TOUCH_EVENTS and self.service is not None:
            now = time.monotonic()
            if now - self._last_touch > 1.0:
                self._last_touch = now
                self.service.touch()
        return False

    def _end_service(self) -> None:
        self.second_turn.cancel()
        self.window.tools_dock.set_service(None)
        self.panel.text_event_sink = None
        self._unsubscribe()
        self._unsubscribe = lambda: None
        if self.service is not None:
            self.service.close_item()
            self.service.flush()
        self.service = None

    def _closing(self, event: QEvent) -> bool:
        """Save first; a failed save may keep the window open (True: see close_save)."""
        if self.closed:
            return False
        if stays_open(self.window, event, service=self.service, store=self.store,
                      ask=self.ask_failed_save):
            return True
        self.shutdown()
        return False

    def shutdown(self) -> None:
        """Save the open item and release the store (the window is closing). A save that
        fails (a full disk) keeps the changes in the store's memory, as its autosave
        status says (the app's exit code reads it: ``gui.quit_signals``)."""
        if self.closed:
            return
        self.closed = True
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.rule_worker.stop()
        try:
            self._end_service()
            self.store.flush()
        except Exception:  # noqa: BLE001 - the autosave re-raises whatever a commit raised
            # Never out of the close filter: PySide keeps such an error and crashed on it
            # in a later override (a segfault, seen after a failed save at a quit).
            return
        if self._close_store is not None:
            self._close_store()

    def _message_box(self, title: str, text: str) -> None:
        QMessageBox.warning(self.window, title, text)


def _room_for_steps_on_first_run(window: MainWindow) -> None:
    """On the first run (no saved dock state) the rating dock opens at its share."""
    if window.settings.value("window/state") is None:
        QTimer.singleShot(0, window, lambda: window.resizeDocks(
            [window.step_dock], [side_dock_widths(window)[1]], Qt.Orientation.Horizontal))
