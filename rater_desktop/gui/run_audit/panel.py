"""The run audit panel: the five steps of the work one at a time (checkpoints, outcome,
the agent's report, breaches, verdict), the rules' reasons below them and the buttons to
move on. It shows what it is given and reports what the rater asks for (no logic here)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import JudgeVerdict
from rater_desktop.gui.run_audit.choice_pages import OutcomePage, VerdictPage
from rater_desktop.gui.run_audit.pages import (
    BreachesPage,
    CheckpointsPage,
    ReportPage,
    StepPage,
)
from rater_desktop.gui.steps.common import (
    band,
    hint_label,
    name,
    reason_label,
    set_look,
    title_label,
)
from rater_desktop.gui.steps.style import apply_panel_style
from rater_desktop.gui.steps.text_sources import TextEventSink
from rater_desktop.keymap import key_text
from rater_desktop.run_audit.decide import STEP_SHORT, STEP_TITLES
from rater_desktop.run_audit.model import (
    STEP_BREACHES,
    STEP_OUTCOME,
    STEP_REPORT,
    STEP_TRAJECTORY,
    STEP_VERDICT,
    STEPS,
    RunAuditRating,
)
from rater_desktop.run_audit.statements import Statement


class RunAuditPanel(QWidget):
    """One run's audit, step by step."""

    answered = Signal(str, object)  # rule field of the row, value
    citeRequested = Signal(str)  # rule field of the row
    rowFocused = Signal(str)
    quoteEdited = Signal(str)
    noneSeenRequested = Signal()
    stepRequested = Signal(int)  # -1 back, +1 on
    completeRequested = Signal()

    def __init__(self) -> None:
        super().__init__()
        name(self, "runAuditPanel", "Run audit")
        self.text_event_sink: TextEventSink | None = None  # set by the binding (issue 24)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self._header())
        self.stack = QStackedWidget()
        self.stack.setObjectName("runAuditStack")
        self.checkpoints = CheckpointsPage()
        self.outcome = OutcomePage()
        self.report = ReportPage()
        self.breaches = BreachesPage()
        self.verdict = VerdictPage()
        self.pages: dict[str, StepPage] = {
            STEP_TRAJECTORY: self.checkpoints, STEP_OUTCOME: self.outcome,
            STEP_REPORT: self.report, STEP_BREACHES: self.breaches, STEP_VERDICT: self.verdict}
        for page in self.pages.values():
            page.answered.connect(self.answered)
            page.citeRequested.connect(self.citeRequested)
            page.rowFocused.connect(self.rowFocused)
            self.stack.addWidget(page)
        self.outcome.quoteEdited.connect(self.quoteEdited)
        self.breaches.noneSeen.connect(self.noneSeenRequested)
        outer.addWidget(self.stack, 1)
        outer.addWidget(self._footer())
        apply_panel_style(self)
        self.step = STEP_TRAJECTORY
        self.set_enabled(False)

    def _header(self) -> QFrame:
        header, column = band("stepHeader", spacing=2)
        self.title = title_label("", "stepTitle")
        self.title.setObjectName("runAuditStepTitle")
        column.addWidget(self.title)
        self.progress = hint_label("")
        self.progress.setObjectName("runAuditStepList")
        column.addWidget(self.progress)
        return header

    def _footer(self) -> QFrame:
        footer, column = band("stepFooter")
        self.reason = reason_label("runAuditReason", "What the rules still ask for")
        column.addWidget(self.reason)
        row = QHBoxLayout()
        row.setSpacing(6)
        self.back_button = QPushButton(f"Back  [{key_text('ra_previous_step')}]")
        name(self.back_button, "runAuditBack", "Previous step")
        self.back_button.clicked.connect(lambda: self.stepRequested.emit(-1))
        self.next_button = QPushButton(f"Next step  [{key_text('ra_next_step').split(' or ')[0]}]")
        name(self.next_button, "runAuditNext", "Next step")
        self.next_button.setToolTip(f"Next step ({key_text('ra_next_step')})")
        self.next_button.clicked.connect(lambda: self.stepRequested.emit(1))
        row.addWidget(self.back_button)
        row.addWidget(self.next_button, 1)
        column.addLayout(row)
        shown = key_text("ra_complete").split(" or ")[0]
        self.complete_button = QPushButton(f"Complete and next  [{shown}]")
        name(self.complete_button, "runAuditComplete", "Complete and go to the next item")
        self.complete_button.setToolTip(f"Complete and next ({key_text('ra_complete')})")
        self.complete_button.setProperty("accent", True)
        self.complete_button.clicked.connect(self.completeRequested)
        column.addWidget(self.complete_button)
        for button in (self.back_button, self.next_button, self.complete_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab walks the rows only
        return footer

    # -- what the binding calls ----------------------------------------------------------

    def set_enabled(self, enabled: bool) -> None:
        for widget in (self.stack, self.back_button, self.next_button, self.complete_button):
            widget.setEnabled(enabled)

    def show_step(self, step: str, *, report_shown: bool) -> None:
        """Bring ``step``'s page up and name where the rater is in the work."""
        self.step = step
        self.stack.setCurrentWidget(self.pages[step])
        number = STEPS.index(step) + 1
        self.title.setText(f"Step {number} of {len(STEPS)}: {STEP_TITLES[step]}")
        names = []
        for index, other in enumerate(STEPS):
            label = f"{index + 1}\u00a0{STEP_SHORT[other]}"
            if other in (STEP_REPORT, STEP_VERDICT) and not report_shown:
                label += "\u00a0(covered)"
            names.append(f"\u25b8\u00a0{label}" if other == step else label)
        self.progress.setText(" \u00b7 ".join(names))
        self.back_button.setEnabled(number > 1)
        self.next_button.setEnabled(number < len(STEPS))

    def show_rating(self, rating: RunAuditRating, statements: list[Statement],
                    judge: JudgeVerdict | None, score: str = "") -> None:
        self.checkpoints.show_rating(rating)
        self.outcome.show_rating(rating)
        self.report.set_statements(statements if rating.report_shown else [])
        self.report.show_rating(rating)
        self.breaches.show_rating(rating)
        self.verdict.show_rating(rating, judge, score)

    def set_step_names(self, names: list[str]) -> None:
        """What each step of the open run did ("click \u2192 Search"), named by evidence."""
        for page in self.pages.values():
            page.step_names = names

    def set_reason(self, text: str, tone: str = "") -> None:
        self.reason.setText(text)
        set_look(self.reason, "tone", tone)

    def current_page(self) -> StepPage:
        return self.pages[self.step]
