"""The guided rating panel: step breadcrumb, one step page at a time, and the footer with
Back / Next / Complete. Everything shown is redrawn from the service after each Change."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.item_view import NO_ITEM_TEXT
from rater_desktop.gui.steps.badges import RuleBadges
from rater_desktop.gui.steps.case_file import CaseFileStep
from rater_desktop.gui.steps.claims import ClaimsStep
from rater_desktop.gui.steps.common import band, name, reason_label, set_look
from rater_desktop.gui.steps.fact_checks import FactChecksStep
from rater_desktop.gui.steps.fit_scroll import FitWidthScroll
from rater_desktop.gui.steps.page import StepContext, StepPage
from rater_desktop.gui.steps.performance import PerformanceStep
from rater_desktop.gui.steps.roadblocks import RoadblocksStep
from rater_desktop.gui.steps.style import apply_panel_style
from rater_desktop.gui.steps.task_completion import TaskCompletionStep
from rater_desktop.gui.steps.text_sources import TextEventSink
from rater_desktop.gui.steps.verdict import VerdictStep
from rater_desktop.gui.steps.visits import VisitTracker
from rater_desktop.gui.steps.where import TabOrder
from rater_desktop.keymap import with_key
from rater_desktop.rating.change import Change
from rater_desktop.rating.display_order import in_reading_order
from rater_desktop.rating.model import ItemStatus, Step
from rater_desktop.rating.rules import can_complete, unacknowledged_warnings
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.steps import (
    STEP_ORDER,
    STEP_TITLES,
    next_step,
    previous_step,
    results_for_step,
)
from rater_desktop.wording import unacknowledged_text

PAGE_TYPES: tuple[type[StepPage], ...] = (
    CaseFileStep, TaskCompletionStep, ClaimsStep, FactChecksStep, PerformanceStep,
    VerdictStep, RoadblocksStep,
)
# A large item's first check runs on the worker: the footer says so instead of a verdict.
CHECKING_TEXT = "Checking this item against the guideline\u2026"


class StepPanel(QWidget):
    """Right-hand panel; ``set_service`` for a batch, ``apply_change`` after every write."""

    flagToggled = Signal()  # the rater pressed "Flag item"; the binding changes the status

    def __init__(self, ctx: StepContext | None = None) -> None:
        super().__init__()
        self.text_event_sink: TextEventSink | None = None  # set by the binding (issue 24)
        self.setObjectName("stepPanel")
        self.ctx = ctx or StepContext()
        self.visits = VisitTracker(self, self.ctx, redraw=self.refresh_all)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self._build_header())
        self.stack = QStackedWidget()
        self.stack.setObjectName("stepStack")
        # Pages are built when first shown (building all seven costs ~0.2 s at start-up).
        self.pages: dict[Step, StepPage] = {}
        self.scrolls: dict[Step, QScrollArea] = {}
        for page_type in PAGE_TYPES:
            scroll = FitWidthScroll()  # never narrower than its page: rows are not cut
            scroll.setObjectName(f"stepScroll_{page_type.step.value}")
            self.stack.addWidget(scroll)
            self.scrolls[page_type.step] = scroll
        column.addWidget(self.stack, 1)
        column.addWidget(self._build_footer())
        self.shown_step: Step | None = None
        # Asked before completing (unacknowledged warnings); the binding plugs it in.
        self.confirm_complete: Callable[[], bool] = lambda: True
        self.tab_order = TabOrder()
        # After an item switch the rule messages come a turn after the fields (issue 23:
        # each turn stays short); any other refresh draws them at once.
        self._badges_timer = QTimer(self)
        self._badges_timer.setObjectName("badgesTurn")
        self._badges_timer.setSingleShot(True)
        self._badges_timer.setInterval(0)
        self._badges_timer.timeout.connect(self._show_badges)
        apply_panel_style(self)
        self.setEnabled(False)

    # ------------------------------------------------------------------ building

    def _build_header(self) -> QWidget:
        header, column = band("stepHeader", "stepHeader")
        row = QHBoxLayout()
        row.setSpacing(4)
        self.crumbs: dict[Step, QPushButton] = {}
        for number, step in enumerate(STEP_ORDER, start=1):
            button = QPushButton(str(number))
            name(button, f"stepCrumb_{step.value}", f"Step {number}: {STEP_TITLES[step]}")
            button.setProperty("role", "stepCrumb")
            button.setToolTip(f"{number}. {STEP_TITLES[step]}")
            # A round badge two text lines across, in the font on screen.
            side = 2 * button.fontMetrics().height()
            button.setFixedSize(side, side)
            button.clicked.connect(lambda _c=False, s=step: self.go_to(s))
            self.crumbs[step] = button
            row.addWidget(button)
        row.addStretch(1)
        column.addLayout(row)
        title_row = QHBoxLayout()
        self.title = QLabel("")
        self.title.setObjectName("stepTitle")
        self.title.setProperty("role", "stepTitle")
        self.title.setAccessibleName("Current step")
        self.title.setWordWrap(True)
        self.status = QLabel("")
        self.status.setObjectName("itemStatusChip")
        self.status.setProperty("role", "chip")
        title_row.addWidget(self.title, 1)
        title_row.addWidget(self.status)
        column.addLayout(title_row)
        self.message = QLabel("")
        self.message.setObjectName("stepMessage")
        self.message.setProperty("role", "stepMessage")
        self.message.setWordWrap(True)
        self.message.setVisible(False)
        column.addWidget(self.message)
        return header

    def _build_footer(self) -> QWidget:
        footer, column = band("stepFooter", "stepFooter", bottom=10)
        self.reason = reason_label("completeReason", "Why the item cannot be completed yet")
        self.reason.setMinimumHeight(self.reason.fontMetrics().lineSpacing() * 2 + 4)
        column.addWidget(self.reason)
        row = QHBoxLayout()
        self.back_button = QPushButton("\u2190 Back")
        name(self.back_button, "stepBack", "Previous step")
        self.back_button.setToolTip(with_key("Previous step", "previous_step"))
        self.back_button.clicked.connect(self.go_previous)
        self.next_button = QPushButton("Next \u2192")
        name(self.next_button, "stepNext", "Next step")
        self.next_button.setToolTip(with_key("Next step", "next_step"))
        self.next_button.clicked.connect(self.go_next)
        self.complete_button = QPushButton("Complete item")
        name(self.complete_button, "completeItem", "Complete item")
        self.complete_button.setProperty("accent", True)
        self.complete_button.clicked.connect(self.complete)
        self.flag_button = QPushButton("\u2691 Flag")
        name(self.flag_button, "flagItem", "Flag item for a reviewer")
        self.flag_button.setCheckable(True)
        self.flag_button.setToolTip(f"{with_key('Flag this item for a reviewer', 'flag_item')}; "
                                    "press again to take the flag off")
        self.flag_button.clicked.connect(self._flag_clicked)
        row.addWidget(self.back_button)
        row.addWidget(self.next_button)
        row.addStretch(1)
        row.addWidget(self.flag_button)
        row.addWidget(self.complete_button)
        column.addLayout(row)
        return footer

    # ------------------------------------------------------------------ service

    @property
    def service(self) -> RatingService | None:
        return self.ctx.service

    def set_service(self, service: RatingService | None) -> None:
        self.ctx.service = service
        self.visits.reset()
        self.shown_step = None
        self.refresh_all()

    def apply_change(self, change: Change, *, badges_later: bool = False) -> None:
        """Redraw after a write; a refused call shows its reasons. ``badges_later``: the
        rule messages in the next turn of the event loop (an item switch)."""
        self.visits.record_edit(change)
        if change.refused and change.kind != "edit":
            self.say(" ".join(change.reasons))
        elif change.kind in ("open", "step"):
            self.say("")
        if change.notice:  # e.g. an undo reopened a complete item: never silently
            self.say(change.notice)
        self.refresh_all(badges_later=badges_later)

    def say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def refresh_all(self, *, badges_later: bool = False) -> None:
        self._badges_timer.stop()
        service = self.service
        has_item = service is not None and service.current_item_id is not None
        self.setEnabled(has_item)
        self.visits.follow()
        if service is None or not has_item:
            self.title.setText(NO_ITEM_TEXT)
            self.reason.setText("")
            return
        step = service.rating.current_step
        # The page takes the item's texts before it is shown: shown first, it laid out
        # the previous item's (up to 20,000 characters a field) only to replace them.
        self.page(step).refresh(badges=not badges_later)
        if step is not self.shown_step:
            self.shown_step = step
            self.stack.setCurrentWidget(self.scrolls[step])
            self.scrolls[step].verticalScrollBar().setValue(0)
        if badges_later:
            self._badges_timer.start()
        else:
            self._keep_tab_order(self.page(step))
        self._refresh_header(service, step)
        self._refresh_footer(service, step)

    def _show_badges(self) -> None:
        service = self.service
        if service is None or service.current_item_id is None or self.shown_step is None:
            return
        page = self.page(self.shown_step)
        if not service.results_ready:
            return
        page.show_badges(service.results, service.rating.acknowledged)
        self._keep_tab_order(page)

    def _keep_tab_order(self, page: StepPage) -> None:
        """Tab follows the page as shown, also after held rule messages appear later."""
        for badges in page.findChildren(RuleBadges):
            if badges.property("tabOrderWatched") is not True:
                badges.setProperty("tabOrderWatched", True)
                badges.heldShown.connect(lambda p=page: self.tab_order.fix(p))
        self.tab_order.fix(page)

    def _refresh_header(self, service: RatingService, current: Step) -> None:
        reachable = service.reachable_steps()
        reached = service.rating.reached_steps
        for step, button in self.crumbs.items():
            blocked = any(r.blocking for r in results_for_step(step, service.results))
            if step is current:
                state = "current"
            elif step not in reachable:
                state = "locked"
            elif step in reached and service.results_ready:
                state = "problem" if blocked else "done"
            else:
                state = "open"
            button.setEnabled(step in reachable)
            set_look(button, "state", state)
            button.setAccessibleDescription(state)
        number = STEP_ORDER.index(current) + 1
        self.title.setText(f"Step {number} of {len(STEP_ORDER)} \u00b7 {STEP_TITLES[current]}")
        status = service.rating.status
        self.status.setText(status.value.replace("_", " ").capitalize())
        set_look(self.status, "tone", {ItemStatus.COMPLETE: "good",
                                       ItemStatus.FLAGGED: "warn"}.get(status, "neutral"))

    def _flag_clicked(self) -> None:
        # The button shows the saved status, not its own toggle: refresh_all puts it right.
        self.flag_button.setChecked(not self.flag_button.isChecked())
        self.flagToggled.emit()

    def _refresh_footer(self, service: RatingService, current: Step) -> None:
        flagged = service.rating.status is ItemStatus.FLAGGED
        self.flag_button.setChecked(flagged)
        self.flag_button.setText("\u2691 Flagged" if flagged else "\u2691 Flag")
        following = next_step(current)
        self.back_button.setEnabled(previous_step(current) is not None)
        self.next_button.setEnabled(following is not None)
        # The first reason shown is the first thing to do on screen: A's before B's.
        ok, reasons = can_complete(in_reading_order(service.results, service.order))
        ok = ok and service.results_ready
        complete = service.rating.status is ItemStatus.COMPLETE
        self.complete_button.setEnabled(ok and not complete)
        self.complete_button.setText("Completed \u2713" if complete else "Complete item")
        warnings = unacknowledged_warnings(service.results, service.rating.acknowledged)
        if complete:
            text = "This item is complete. Any change that breaks a rule reopens it."
        elif not service.results_ready:
            text = CHECKING_TEXT
        elif not ok:
            more = f" (+{len(reasons) - 1} more)" if len(reasons) > 1 else ""
            text = f"Cannot complete yet{more}. {reasons[0]}"
        elif warnings:
            text = (f"Ready to complete. {unacknowledged_text(len(warnings))}: "
                    "check them or keep them with a reason.")
        else:
            text = "Ready to complete."
        self.reason.setText(text)
        self.reason.setToolTip("\n".join(reasons))
        loud = (self.ctx.attention is not None and self.ctx.attention.moved_on
                and service.results_ready)
        set_look(self.reason, "tone", "good" if ok else "block" if loud else "todo")

    # ------------------------------------------------------------------ navigation

    def go_to(self, step: Step) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            current = self.service.rating.current_step
            if STEP_ORDER.index(step) > STEP_ORDER.index(current):
                self.visits.insist(current)  # moving on: the step's rules speak
            self.service.set_step(step)

    def go_next(self) -> None:
        if self.service is None or self.service.current_item_id is None:
            return
        current = self.service.rating.current_step
        following = next_step(current)
        self.visits.insist(current)  # moving on: the step's rules speak
        if following is not None:
            self.service.set_step(following)
        else:
            self.refresh_all()

    def go_previous(self) -> None:
        if self.service is None or self.service.current_item_id is None:
            return
        before = previous_step(self.service.rating.current_step)
        if before is not None:
            self.service.set_step(before)

    def complete(self) -> None:
        if self.service is not None and self.service.current_item_id is not None:
            self.visits.try_complete()  # every rule speaks now
            if not self.confirm_complete():
                return
            self.service.complete_item()

    def page(self, step: Step) -> StepPage:
        """The page of ``step``, built on first use."""
        page = self.pages.get(step)
        if page is None:
            page_type = next(t for t in PAGE_TYPES if t.step is step)
            page = page_type(self.ctx)
            self.pages[step] = page
            self.scrolls[step].setWidget(page)
        return page
