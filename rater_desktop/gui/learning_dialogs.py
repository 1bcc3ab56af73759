"""The dialogs of raters who learn as they go: training feedback after a training item,
the qualification notice when the threshold is out of reach, and "unsure, with a reason".

Each shows what ``rater_desktop.learning`` decided; none decides anything itself.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.dialog_fit import fit_to_text, scrolling_body
from rater_desktop.learning.qualification import Notice
from rater_desktop.learning.training import FieldCheck, TrainingFeedback
from rater_desktop.learning.unsure import OTHER, UnsureError, UnsureMark, make_mark

MATCH, DIFFER = "\u2713", "\u2717"


def _label(text: str, *, name: str = "", rich: bool = False, role: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setObjectName(name)
    if role:
        label.setProperty("role", role)
    return label


def check_html(check: FieldCheck) -> str:
    """One expected answer next to the rater's (escaped: both come from files)."""
    mark = MATCH if check.matches else DIFFER
    rows = [f"<b>{mark} {html.escape(check.label)}</b>",
            f"Your answer: {html.escape(check.given_text)}"]
    if not check.matches:
        rows.append(f"Expected: <b>{html.escape(check.expected_text)}</b>")
    if check.explanation:
        rows.append(f"<i>{html.escape(check.explanation)}</i>")
    return "<br/>".join(rows)


READING_WIDTH = 75  # average characters per line: explanations read as sentences, not a column


class FittedDialog(QDialog):
    """A dialog whose body scrolls only when the screen is too small for its text."""

    def _lay_out(self, body: QWidget, footer: QWidget) -> None:
        self._scroll = scrolling_body(self, body, footer)
        screen = self.screen()
        room = screen.availableGeometry().width() if screen is not None else 0
        wanted = self.fontMetrics().averageCharWidth() * READING_WIDTH
        self.setMinimumWidth(min(wanted, room) if room else wanted)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_to_text(self, self._scroll)


class TrainingFeedbackDialog(FittedDialog):
    """Where the rater's answers differ from the study team's key, field by field."""

    def __init__(self, parent: QWidget | None, feedback: TrainingFeedback,
                 progress: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("trainingFeedbackDialog")
        self.setWindowTitle(f"Training feedback \u2014 {feedback.item_id}")
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(_label(f"<b>{html.escape(feedback.headline())}</b>",
                                name="trainingHeadline", rich=True))
        self.checks = [_label(check_html(c), name=f"trainingCheck{i}", rich=True)
                       for i, c in enumerate(feedback.checks)]
        for widget in self.checks:
            column.addWidget(widget)
        for about, text in feedback.notes:
            column.addWidget(_label(f"{about}: {text}", name="trainingNote"))
        if feedback.note:
            column.addWidget(_label(feedback.note, name="trainingItemNote"))
        if progress:
            column.addWidget(_label(progress, name="trainingProgress", role="muted"))
        column.addStretch(1)
        buttons = QDialogButtonBox()
        go_on = buttons.addButton("Continue", QDialogButtonBox.ButtonRole.AcceptRole)
        go_on.setObjectName("trainingContinue")
        go_on.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._lay_out(body, buttons)


class UnreachableDialog(FittedDialog):
    """The study team's message once the qualification threshold is out of reach; the
    rater's answer (stop, or continue unpaid when offered) is kept in ``decision``."""

    def __init__(self, parent: QWidget | None, notice: Notice) -> None:
        super().__init__(parent)
        self.setObjectName("qualificationNotice")
        self.setWindowTitle("Qualification")
        self.decision = "stop"
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(_label(f"<b>{html.escape(notice.progress)}</b>",
                                name="qualificationProgress", rich=True))
        column.addWidget(_label(notice.message, name="qualificationMessage"))
        buttons = QDialogButtonBox()
        if "continue_unpaid" in notice.options:
            unpaid = buttons.addButton("Continue unpaid", QDialogButtonBox.ButtonRole.AcceptRole)
            unpaid.setObjectName("qualificationContinue")
            unpaid.clicked.connect(lambda: self._decide("continue_unpaid"))
            stop = buttons.addButton("Stop here", QDialogButtonBox.ButtonRole.RejectRole)
        else:
            stop = buttons.addButton("I will stop here", QDialogButtonBox.ButtonRole.AcceptRole)
        stop.setObjectName("qualificationStop")
        stop.setDefault(True)  # Enter never opts into unpaid work
        stop.clicked.connect(lambda: self._decide("stop"))
        self._lay_out(body, buttons)

    def _decide(self, decision: str) -> None:
        self.decision = decision
        self.accept()

    def reject(self) -> None:  # Esc is "stop", the study team's safe side
        self.decision = "stop"
        super().reject()


class UnsureDialog(FittedDialog):
    """A reason from the batch's list (or Other) and a few words; ``mark`` once accepted,
    ``removed`` when the rater took an earlier mark off."""

    def __init__(self, parent: QWidget | None, reasons: Sequence[str],
                 current: UnsureMark | None) -> None:
        super().__init__(parent)
        self.setObjectName("unsureDialog")
        self.setWindowTitle("Unsure about this item")
        self.reasons = tuple(reasons)
        self.mark: UnsureMark | None = None
        self.removed = False
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(_label("Say why you are unsure. You can still complete the item; "
                                "QA sees the reason next to your answers."))
        self.reason = QComboBox()
        self.reason.setObjectName("unsureReason")
        self.reason.setAccessibleName("Reason")
        self.reason.addItems([*self.reasons, f"{OTHER} (say why below)"])
        self.note = QLineEdit()
        self.note.setObjectName("unsureNote")
        self.note.setAccessibleName("In your words")
        self.note.setPlaceholderText("In your words (needed for Other)")
        self.problem = _label("", name="unsureProblem", role="error")
        self.problem.hide()
        column.addWidget(self.reason)
        column.addWidget(self.note)
        column.addWidget(self.problem)
        if current is not None:
            index = self.reasons.index(current.reason) if current.reason in self.reasons \
                else len(self.reasons)
            self.reason.setCurrentIndex(index)
            self.note.setText(current.note)
        buttons = QDialogButtonBox()
        save = buttons.addButton("Mark unsure", QDialogButtonBox.ButtonRole.AcceptRole)
        save.setObjectName("unsureSave")
        save.setDefault(True)
        if current is not None:
            remove = buttons.addButton("Remove the mark",
                                       QDialogButtonBox.ButtonRole.DestructiveRole)
            remove.setObjectName("unsureRemove")
            remove.clicked.connect(self._remove)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._lay_out(body, buttons)
        self.note.setFocus()

    def chosen_reason(self) -> str:
        index = self.reason.currentIndex()
        return self.reasons[index] if 0 <= index < len(self.reasons) else OTHER

    def accept(self) -> None:
        try:
            self.mark = make_mark(self.reasons, self.chosen_reason(), self.note.text())
        except UnsureError as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return
        super().accept()

    def _remove(self) -> None:
        self.removed = True
        super().accept()


def show_training_feedback(parent: QWidget, feedback: TrainingFeedback,
                           progress: str = "") -> None:
    TrainingFeedbackDialog(parent, feedback, progress).exec()


def ask_unreachable(parent: QWidget, notice: Notice) -> str:
    dialog = UnreachableDialog(parent, notice)
    dialog.exec()
    return dialog.decision


def ask_unsure(parent: QWidget, reasons: Sequence[str],
               current: UnsureMark | None) -> tuple[str, UnsureMark | None] | None:
    """("set", mark), ("remove", None), or None when cancelled."""
    dialog = UnsureDialog(parent, reasons, current)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return ("remove", None) if dialog.removed else ("set", dialog.mark)
