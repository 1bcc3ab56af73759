"""Wires a RunAuditService into the main window for batches of the run audit protocol.

While such a batch is open the central area shows one recorded run (``RunView``, the
window's item page), the rating dock shows ``RunAuditPanel`` and the key table's run audit
rows work. Every answer is saved at once through the service; its rules (RA-1..RA-5) say
what is still to do, and the report and the judge stay covered until their turn. Items,
completing (training feedback, qualification, the survey), Item > Mark unsure and Edit >
Undo / Redo are the shared ``gui.single_binding``'s; an undo or redo goes to the step of
what it changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QApplication

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.gui.batch_source import BatchLike
from rater_desktop.gui.keys import answer_keys, shortcuts
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.run_audit.panel import RunAuditPanel
from rater_desktop.gui.run_audit.run_view import RunView
from rater_desktop.gui.single_binding import SingleJudgmentBinding
from rater_desktop.gui.survey_flow import Asker, ask_survey_dialog, questions_of
from rater_desktop.keymap import key_text
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.timing import Clock
from rater_desktop.run_audit import decide
from rater_desktop.run_audit.model import (
    BREACH_KINDS,
    OUTCOMES,
    STEP_BREACHES,
    STEP_OUTCOME,
    STEP_REPORT,
    STEP_VERDICT,
    VERDICTS,
)
from rater_desktop.run_audit.service import RunAuditService

WINDOW = Qt.ShortcutContext.WindowShortcut


def is_run_audit(batch: Any) -> bool:
    return getattr(getattr(batch, "manifest", None), "protocol", None) == RUN_AUDIT


class RunAuditBinding(SingleJudgmentBinding):
    """Connects one window to the run audit protocol; one service per opened batch."""

    service: RunAuditService | None
    panel: RunAuditPanel

    def __init__(self, window: MainWindow, *, store: RatingStore, rater_id: str,
                 clock: Clock = time.monotonic, ask_survey: Asker = ask_survey_dialog,
                 open_current: bool = True) -> None:
        super().__init__(window, store=store, rater_id=rater_id, panel=RunAuditPanel(),
                         clock=clock, ask_survey=ask_survey)
        self.row: str | None = None  # the row the cursor was last on (what S cites for)
        self.viewer: Any = None
        window.set_step_panel(self.panel, RUN_AUDIT)
        self.view = RunView(loader=window.loader, link_handler=window.link_handler)
        self.view.stepClicked.connect(self.pick)
        self.view.screenshotRequested.connect(self.view_screenshot)
        self.panel.answered.connect(self.answer)
        self.panel.citeRequested.connect(self.cite_on)
        self.panel.rowFocused.connect(self._row_focused)
        self.panel.quoteEdited.connect(self.set_quote)
        self.panel.noneSeenRequested.connect(self.none_seen)
        self.panel.stepRequested.connect(self.move)
        self.panel.completeRequested.connect(self.complete_and_next)
        self.shortcuts = self._keys()
        self._enable_keys(False)
        self.connect_window()
        # After the guideline binding's slot, which disables the action when it has no item.
        window.actions_.flag_item.triggered.connect(self.toggle_flag)
        if window.batch is not None:
            self._on_batch_opened(window.batch)
            if window.item is not None and open_current:
                window.show_item(window.item.id)  # again, on the run page

    def _keys(self) -> dict[str, list[QShortcut]]:
        window = self.window
        return {
            "ra_next_step": shortcuts(window, "ra_next_step", lambda: self.move(1)),
            "ra_previous_step": shortcuts(window, "ra_previous_step", lambda: self.move(-1)),
            "ra_focus": shortcuts(window, "ra_focus", self.focus_panel),
            "ra_complete": shortcuts(window, "ra_complete", self.complete_and_next),
            "ra_pick_step": answer_keys(window, "ra_pick_step",
                                        (lambda: self.pick_by(-1), lambda: self.pick_by(1)),
                                        context=WINDOW),
            "ra_cite": shortcuts(window, "ra_cite", self.cite),
            "ra_view_step": shortcuts(window, "ra_view_step", self.view_picked),
            "ra_no_breach": shortcuts(window, "ra_no_breach", self.none_seen),
            "ra_quote": shortcuts(window, "ra_quote", self.panel.outcome.focus_quote),
            "ra_outcome": answer_keys(
                window, "ra_outcome",
                [partial(self.answer, "observed.outcome", o) for o in OUTCOMES],
                context=WINDOW),
            "ra_verdict": answer_keys(
                window, "ra_verdict", [partial(self.answer, "verdict", v) for v in VERDICTS],
                context=WINDOW)}

    # The keys of one step work only while it is on screen (1-5 outcome, 1-3 verdict).
    STEP_KEYS = {"ra_outcome": STEP_OUTCOME, "ra_quote": STEP_OUTCOME,
                 "ra_verdict": STEP_VERDICT, "ra_no_breach": STEP_BREACHES}

    def key_enabled(self, action: str) -> bool:
        wanted = self.STEP_KEYS.get(action)
        return wanted is None or (self.service is not None
                                  and wanted == self.service.rating.current_step)

    # -- batch and items -----------------------------------------------------------------

    def rates(self, batch: BatchLike) -> bool:
        return is_run_audit(batch)

    def make_service(self, batch: BatchLike) -> RunAuditService:
        return RunAuditService(store=self.store, clock=self.clock,
                               batch_key=batch.manifest.batch_id, rater_id=self.rater_id,
                               item_accessor=batch.item, survey_questions=questions_of(batch))

    def not_rated(self, batch: BatchLike) -> None:
        del batch
        if self.window.item_view.item_page is self.view:
            self.window.item_view.set_item_page(None)

    def started(self, batch: BatchLike) -> None:
        del batch
        self.window.item_view.set_item_page(self.view)
        self.window.set_display_order_provider(lambda _item_id: (0, 1))
        self.window.item_list.model.refresh_all()
        self.window.update_progress()
        self.panel.set_enabled(False)

    def ended(self) -> None:
        self.panel.set_enabled(False)

    def before_open(self, item_id: str) -> None:
        del item_id
        self.row = None

    def opened(self) -> None:
        service = self.service
        run = service.item.run if service is not None and service.item is not None else None
        self.panel.set_step_names([decide.step_name(step) for step in
                                   (run.trajectory if run is not None else ())])
        self.panel.set_enabled(True)

    def after_history(self, change: Change) -> None:
        """Go to the step of what the undo or redo changed, the cursor on its row."""
        service = self.service
        if service is None or not change.fields:
            return
        step = decide.step_of_field(change.fields[0])
        if step is not None and step != service.rating.current_step:
            moved = service.go_to_step(step)
            if moved.accepted:
                self._after(moved)
        page = self.panel.current_page()
        if change.fields[0] == "observed.quote":
            self.panel.outcome.focus_quote()
        elif change.fields[0] in page.rows:
            page.focus_row(change.fields[0])

    # -- picking and citing steps ----------------------------------------------------------

    def pick(self, index: int) -> None:
        self.view.pick(index)
        if self.service is not None:
            self.service.touch()

    def pick_by(self, offset: int) -> None:
        count = len(self.view.steps)
        if not count:
            return
        current = self.view.picked
        index = (0 if offset > 0 else count - 1) if current is None else current + offset
        self.pick(max(0, min(count - 1, index)))

    def _row_focused(self, field: str) -> None:
        self.row = field

    def cite(self) -> None:
        """S: cite the picked step on the row the cursor is on (or was last on)."""
        self.cite_on(self._focused_row() or self.row or "")

    def _focused_row(self) -> str | None:
        focus = QApplication.focusWidget()
        page = self.panel.current_page()
        for field, row in page.rows.items():
            if focus is row:
                return field
        return self.row if self.row in page.rows else None

    def cite_on(self, field: str) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            return
        self.row = field
        if self.view.picked is None:
            self.panel.set_reason("Pick a step of the trajectory first "
                                  f"({key_text('ra_pick_step')}, or click its row).",
                                  "block")
            return
        call = decide.cite_call(field)
        if isinstance(call, str):
            self.panel.set_reason(call, "block")
            return
        method: Callable[..., Change] = getattr(service, call.method)
        self._after(method(*call.args, step=self.view.picked))

    def view_picked(self) -> None:
        if self.view.picked is not None:
            self.view_screenshot(self.view.picked)

    def view_screenshot(self, step: int) -> None:
        from rater_desktop.gui.screenshot_viewer import ScreenshotViewer
        from rater_desktop.response_frames import frame_index_of_step, response_frames

        item = self.view.item
        run = item.run if item is not None else None
        if run is None:
            return
        self.view.pick(step)
        if self.viewer is None:
            self.viewer = ScreenshotViewer(self.window.loader, self.window)
            self.viewer.resize(int(self.window.width() * 0.9), int(self.window.height() * 0.9))
        frames = response_frames(run)
        start = frame_index_of_step(frames, step)
        # Shown as plain pictures: the guideline's step marks (C / U / W) are not this
        # protocol's and would go nowhere.
        self.viewer.open_frames([replace(f, step_index=None) for f in frames], start,
                                true_index=0, side="")
        self.viewer.show()
        self.viewer.raise_()

    # -- answers ---------------------------------------------------------------------------

    def answer(self, field: str, value: Any) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            return
        kind, _, key = field.partition(".")
        kept = decide.kept_step(field, service.rating)
        if kind == "checkpoints":
            change = service.mark_checkpoint(key, value, step=kept if value else None)
        elif field == "observed.outcome":
            change = service.set_outcome(value)
        elif kind == "statements":
            change = service.mark_statement(key, value,
                                            step=kept if value == "contradicted" else None)
        elif kind == "breaches":
            change = service.mark_breach(key, value, step=kept if value else None)
        elif field == "verdict":
            change = service.set_verdict(value)
            if change.accepted and service.judge_may_show() and not service.rating.judge_shown:
                change = service.reveal_judge()  # RA-6: only after the rater's verdict
        else:
            return
        self._after(change)

    def set_quote(self, text: str) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            self._after(self.service.set_quote(text), refresh_panel=False)

    def none_seen(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None:
            return
        for kind in BREACH_KINDS:
            change = service.mark_breach(kind, False)
            if change.refused:
                break
        self._after(change)

    def toggle_flag(self) -> None:
        """Flag the open run for a reviewer, or take the flag off (back to in progress)."""
        service = self.service
        if service is None or service.current_item_id is None:
            return
        flagged = service.rating.status is ItemStatus.FLAGGED
        self._after(service.set_status(ItemStatus.IN_PROGRESS if flagged
                                       else ItemStatus.FLAGGED))

    def _sync_flag_action(self) -> None:
        service = self.service
        action = self.window.actions_.flag_item
        action.setEnabled(True)
        action.setChecked(service is not None and service.rating.status is ItemStatus.FLAGGED)

    # -- moving through the work -------------------------------------------------------------

    def move(self, offset: int) -> None:
        """On to the next step (refused, with the rules' words, while this one is not done)
        or back to the previous one; the cursor goes to the step's first open row."""
        service = self.service
        if service is None or service.current_item_id is None:
            return
        step = service.rating.current_step
        target = decide.neighbour(step, offset)
        if target is None:
            return
        if offset > 0:
            problems = decide.step_problems(service.results(), step)
            if problems:
                self.panel.set_reason(decide.reason_text(r.message for r in problems), "block")
                self.focus_panel()
                return
            if target == STEP_REPORT and not service.rating.report_shown:
                revealed = service.reveal_report()
                if revealed.refused:
                    self._after(revealed)
                    return
        self._after(service.go_to_step(target))
        self.focus_panel()

    def focus_work(self) -> None:
        self.focus_panel()

    def focus_panel(self) -> None:
        """Ctrl+Shift+R: the cursor to the current step's first row still to answer."""
        service = self.service
        if service is None or service.current_item_id is None:
            return
        step = service.rating.current_step
        page = self.panel.current_page()
        field = decide.first_open_row(service.results(), step, [*page.rows, "observed.quote"])
        if field == "observed.quote":
            self.panel.outcome.focus_quote()
        elif not page.focus_row(field):
            self.panel.stack.setFocus()

    # -- showing -------------------------------------------------------------------------------

    def show_refusal(self, change: Change) -> None:
        self.panel.set_reason(decide.reason_text(
            [r.split(": ", 1)[-1] for r in change.reasons]), "block")

    def _show(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None or service.item is None:
            self.panel.set_enabled(False)
            return
        rating = service.rating
        self.view.set_report_shown(rating.report_shown)
        self.view.set_citations(decide.citations(rating))
        self.panel.show_step(rating.current_step, report_shown=rating.report_shown)
        self.panel.show_rating(rating, service.statements(), service.item.judge,
                               decide.score_text(service.item, rating))
        self._enable_keys(True)
        self._sync_flag_action()
        self._show_reason()

    def _show_reason(self) -> None:
        service = self.service
        if service is None:
            return
        rating = service.rating
        if rating.status is ItemStatus.COMPLETE:
            self.panel.set_reason("Complete.", "good")
            return
        if rating.status is ItemStatus.FLAGGED:
            self.panel.set_reason("Flagged for a reviewer.", "block")
            return
        problems = decide.step_problems(service.results(), rating.current_step)
        self.panel.set_reason(*decide.step_state(problems, rating.current_step))
