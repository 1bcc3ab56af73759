"""What the window bindings of the one-document protocols share (``protocols.single``
services: preference, run audit), whatever the protocol.

One service per opened batch the binding rates (``rates``), made by ``make_service``;
item switching, the item list's progress, the save indicator, completing and moving on
(training feedback, qualification, the survey), Item > Mark unsure and Edit > Undo /
Redo (Ctrl+Z, Ctrl+Shift+Z) through the service. Undo history lives in the service, one
per item while the batch is open: Ctrl+Z acts on the open item only, every undo is saved
at once like any answer, and going back to an item lets the rater undo its edits still.
A subclass supplies its panel and keys and how it shows the open item.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QShortcut

from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.item_list import ItemProgress
from rater_desktop.gui.learning_flow import LearningFlow
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.rating_binding import item_progress
from rater_desktop.gui.save_state import SAVE_POLL_MS, poll_save_state
from rater_desktop.gui.survey_flow import Asker, SurveyFlow, ask_survey_dialog
from rater_desktop.protocols.single import SingleJudgmentService
from rater_desktop.rating.change import Change
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock

UNDO_DONE = {"undo": "Undone", "redo": "Redone"}


def history_texts(service: Any) -> dict[str, tuple[str, bool]]:
    """Edit > Undo / Redo: the menu text naming what they would change, and enabled."""
    texts = {}
    for verb, fields in (("Undo", service.undo_fields() if service else ()),
                         ("Redo", service.redo_fields() if service else ())):
        name = service.field_name(fields[0]) if fields else ""
        texts[verb.lower()] = (f"&{verb} {name}" if name else f"&{verb}", bool(fields))
    return texts


def focus_open_work(window: Any) -> bool:
    """Put the cursor in the panel of whichever one-document binding rates the open item
    (after the practice tour); False when none does (the guideline's panel is then asked)."""
    for binding in window.findChildren(SingleJudgmentBinding):
        if binding._has_item():
            binding.focus_work()
            return True
    return False


class SingleJudgmentBinding(QObject):
    """Connects one window to a one-document protocol; one service per opened batch."""

    service: Any  # the protocol's SingleJudgmentService subclass, or None
    shortcuts: dict[str, list[QShortcut]]

    def __init__(self, window: MainWindow, *, store: RatingStore, rater_id: str, panel: Any,
                 clock: Clock = time.monotonic, ask_survey: Asker = ask_survey_dialog) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.rater_id = rater_id
        self.clock = clock
        self.panel = panel
        self.service = None
        self.shortcuts = {}
        self._statuses: dict[str, str] = {}
        self.survey = SurveyFlow(window, service=lambda: self.service, ask=ask_survey)
        self.learning = LearningFlow(window, service=lambda: self.service)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.timeout.connect(self._poll_save_state)
        window.actions_.undo.triggered.connect(self.undo)
        window.actions_.redo.triggered.connect(self.redo)

    def connect_window(self) -> None:
        """Follow the window's batches and items (after the subclass made its parts)."""
        window = self.window
        window.batchOpened.connect(self._on_batch_opened)
        window.batchClosed.connect(self._end_service)
        window.currentItemChanged.connect(self.open_item)
        window.itemUnreadable.connect(lambda _id: self.close_item())

    # -- what a protocol's binding supplies ----------------------------------------------

    def rates(self, batch: BatchLike) -> bool:
        raise NotImplementedError

    def make_service(self, batch: BatchLike) -> SingleJudgmentService[Any]:
        raise NotImplementedError

    def started(self, batch: BatchLike) -> None:
        """The service for ``batch`` is made: show the protocol's page and panel."""

    def not_rated(self, batch: BatchLike) -> None:
        """Another protocol's batch opened: put away what this one showed."""

    def ended(self) -> None:
        """The service is gone (batch closed or replaced)."""

    def before_open(self, item_id: str) -> None:
        """Just before the service opens ``item_id``."""

    def opened(self) -> None:
        """The service opened an item (before it is shown)."""

    def _show(self) -> None:
        """Show the open item's answers in the panel."""

    def _show_reason(self) -> None:
        """Say what is still to do (an edit that leaves the panel as it is)."""

    def show_refusal(self, change: Change) -> None:
        self.panel.set_reason("; ".join(r.split(": ", 1)[-1] for r in change.reasons),
                              "block")

    def key_enabled(self, action: str) -> bool:
        """Whether the key of ``action`` works now (with a service)."""
        del action
        return True

    def after_history(self, change: Change) -> None:
        """After an undo or redo was applied and shown: e.g. go to the field's step."""

    def focus_work(self) -> None:
        """Put the cursor where the open item's work goes on (after the practice tour)."""

    # -- batch and items -----------------------------------------------------------------

    def _on_batch_opened(self, batch: BatchLike) -> None:
        self._end_service()
        if not self.rates(batch):
            self.not_rated(batch)
            return
        service = self.service = self.make_service(batch)
        self.panel.text_event_sink = service  # its text boxes' edits: typed, pasted, ...
        lister = getattr(self.store, "list_items", None)
        self._statuses = ({s.item_id: str(s.status) for s in lister(service.batch_key)}
                          if callable(lister) else {})
        self.window.set_status_provider(self._progress)
        self.started(batch)
        self._enable_keys(True)

    def _enable_keys(self, enabled: bool) -> None:
        for action, keys in self.shortcuts.items():
            on = enabled and self.key_enabled(action)
            for shortcut in keys:
                shortcut.setEnabled(on)

    def _end_service(self, *_args: object) -> None:
        self._enable_keys(False)
        self.panel.text_event_sink = None
        if self.service is not None:
            self.service.close_item()
            self.service.flush()
        self.service = None
        self.ended()

    def open_item(self, item_id: str) -> None:
        service = self.service
        if service is None or not item_id or service.current_item_id == item_id:
            return
        self.before_open(item_id)
        service.open_item(item_id)
        self.opened()
        self._show()
        self.learning.sync()
        self._sync_edit_actions()

    def close_item(self) -> None:
        """Save and put away the open item (the next could not be read: no key may write in it)."""
        service = self.service
        if service is None or service.current_item_id is None:
            return
        service.close_item()
        self._show()
        self.learning.sync()
        self._sync_edit_actions()

    def _progress(self, item_id: str) -> ItemProgress:
        service = self.service
        if service is None:
            return ItemProgress()
        if service.current_item_id == item_id:
            return ItemProgress(service.rating.status.value, service.rating.timing.active_seconds)
        if hasattr(self.store, "list_items") and item_id not in self._statuses:
            return ItemProgress()  # never saved: no need to read the database
        return item_progress(self.store.load_item(service.batch_key, item_id))

    def _has_item(self) -> bool:
        return self.service is not None and self.service.current_item_id is not None

    # -- completing, undo and redo -------------------------------------------------------

    def complete_and_next(self) -> bool:
        """Complete the open item and move on; False (the reasons shown) while a rule blocks."""
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

    def undo(self) -> None:
        """Edit > Undo (Ctrl+Z): take the open item's last edit back."""
        if self._has_item():
            self._history_step(self.service.undo())

    def redo(self) -> None:
        """Edit > Redo (Ctrl+Shift+Z): make the last undone edit again."""
        if self._has_item():
            self._history_step(self.service.redo())

    def _history_step(self, change: Change) -> None:
        self._after(change)
        if change.refused:
            return
        name = self.service.field_name(change.fields[0]) if change.fields else ""
        words = f"{UNDO_DONE.get(change.kind, 'Changed')}: {name}." if name else ""
        if change.notice:
            self.panel.set_reason(change.notice, "good" if "again" in change.notice
                                  else "block")
            words = f"{words} {change.notice}".strip()
        self.window.statusBar().showMessage(words, 5000)
        self.after_history(change)

    def _sync_edit_actions(self) -> None:
        if self.service is None:
            return  # the binding rating the batch (if any) says
        acts = self.window.actions_
        texts = history_texts(self.service if self._has_item() else None)
        for action, key in ((acts.undo, "undo"), (acts.redo, "redo")):
            text, enabled = texts[key]
            action.setText(text)
            action.setEnabled(enabled)

    # -- showing -------------------------------------------------------------------------

    def _after(self, change: Change, *, refresh_panel: bool = True) -> None:
        service = self.service
        if service is None:
            return
        if change.refused:
            self.show_refusal(change)
            self._sync_edit_actions()
            return
        if change.fields:
            self._statuses[change.item_id] = service.rating.status.value
            self.window.refresh_item_status(change.item_id)
            self.window.set_save_state("saving")
            self._save_timer.start(SAVE_POLL_MS)
        if refresh_panel:
            self._show()
        else:
            self._show_reason()
        self._sync_edit_actions()

    # -- saving and lifetime -------------------------------------------------------------

    def _poll_save_state(self) -> None:
        poll_save_state(window=self.window, store=self.store, timer=self._save_timer)

    def flush(self) -> None:
        if self.service is not None:
            self.service.flush()
