"""Completing an item from the keyboard: Ctrl+Shift+Enter completes the item and opens the
next unfinished one; unacknowledged warnings are shown once and the rater is asked. The
status bar shows the session pace."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from rater_desktop.gui.go_to import show_item
from rater_desktop.gui.keys import shortcuts
from rater_desktop.keymap import key_text
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import in_reading_order
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.pace import completed_in_session, next_unfinished, session_pace
from rater_desktop.rating.rules import unacknowledged_warnings
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.wording import unacknowledged_text

PACE_REFRESH_MS = 60_000
AskWarnings = Callable[[QWidget, Sequence[RuleResult]], bool]


def ask_complete_with_warnings(parent: QWidget, warnings: Sequence[RuleResult]) -> bool:
    """One question listing every unacknowledged warning; Enter completes, Esc goes back."""
    lines = "\n".join(f"\u2022 {w.rule_id}: {w.message}" for w in warnings)
    box = QMessageBox(QMessageBox.Icon.Warning, "Complete with warnings?",
                      f"{unacknowledged_text(len(warnings))}:\n\n{lines}\n\n"
                      "Complete the item anyway?", parent=parent)
    box.setObjectName("completeWarningsQuestion")
    complete = box.addButton("Complete anyway", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Go back", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(complete)
    box.exec()
    return box.clickedButton() is complete


class CompleteFlow(QObject):
    """Owns the complete-and-next key, the warnings question and the pace label."""

    def __init__(self, binding: Any, *, ask: AskWarnings = ask_complete_with_warnings,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(binding)
        self.binding = binding
        self.window = binding.window
        self.ask = ask
        self.clock = clock
        self.started_at = clock()
        self.completed: frozenset[str] = frozenset()
        self._confirmed: set[tuple[str, frozenset[str]]] = set()
        binding.panel.confirm_complete = self.confirm
        binding.panel.complete_button.setToolTip(
            f"Complete this item ({key_text('complete_next')} also opens the next unfinished "
            "item)")
        self.shortcuts = shortcuts(self.window, "complete_next", self.complete_and_next)
        self.pace_label = QLabel("")
        self.pace_label.setObjectName("sessionPaceLabel")
        self.pace_label.setAccessibleName("Session pace")
        self.window.statusBar().addPermanentWidget(self.pace_label)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.update_pace)
        self._timer.start(PACE_REFRESH_MS)
        self.update_pace()

    def confirm(self) -> bool:
        """True when the open item may be completed (asked once per set of warnings)."""
        service = self.binding.service
        if service is None or service.current_item_id is None:
            return False
        warnings = unacknowledged_warnings(in_reading_order(service.results_now(), service.order),
                                          service.rating.acknowledged)
        if not warnings:
            return True
        key = (service.current_item_id, frozenset(w.rule_id for w in warnings))
        if key in self._confirmed:
            return True
        if not self.ask(self.window, warnings):
            return False
        self._confirmed.add(key)
        return True

    def complete_and_next(self) -> bool:
        """Complete the open item (if it is not yet) and open the next unfinished one."""
        service = self.binding.service
        if service is None or service.current_item_id is None:
            return False
        if service.rating.status is not ItemStatus.COMPLETE:
            if not self.confirm() or service.complete_item().refused:
                return False  # the panel shows why
        model = self.window.item_list.model
        following = next_unfinished(model.item_ids(), service.current_item_id,
                                    lambda item_id: model.progress(item_id).state)
        if following is None:
            self.window.statusBar().showMessage("Every item of this batch is complete.", 10000)
            return True
        return show_item(self.window.item_list, following)

    def after_change(self, change: Change) -> None:
        service = self.binding.service
        if service is None or change.kind not in ("open", "status", "edit", "undo", "redo"):
            return
        if service.current_item_id == change.item_id:
            self.completed = completed_in_session(
                self.completed, item_id=change.item_id, kind=change.kind,
                complete=service.rating.status is ItemStatus.COMPLETE)
        self.update_pace()

    def update_pace(self) -> None:
        model = self.window.item_list.model
        seconds = [model.progress(i).seconds for i in model.item_ids()
                   if model.progress(i).state == "complete"]
        pace = session_pace(completed=len(self.completed), started_at=self.started_at,
                            now=self.clock(), active_seconds=seconds)
        self.pace_label.setText(pace.text())
