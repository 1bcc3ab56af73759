"""The survey of a batch (seed 001, both protocols): asked once after the qualification
items, informational only. Every question may be left unanswered; "Skip survey" skips all.
Help > Survey... opens it again with the saved answers filled in, and adds Cancel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QLineEdit,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.gui.dialog_fit import fit_to_text
from rater_desktop.gui.keys import matches
from rater_desktop.rating.focus import step_in_group

MOST_HEIGHT = 640  # a long survey scrolls rather than filling a tall screen


class RadioArrows(QObject):
    """Arrow keys choose within a single-choice question (Qt moved only the focus ring
    when nothing was chosen yet, so Down after Tab answered nothing)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.groups: list[QButtonGroup] = []

    def watch(self, group: QButtonGroup) -> None:
        self.groups.append(group)
        for button in group.buttons():
            button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if matches(event, "survey_next_choice"):
            forward = True
        elif matches(event, "survey_previous_choice"):
            forward = False
        else:
            return False
        group = next((g for g in self.groups if watched in g.buttons()), None)
        if group is None or not isinstance(watched, QAbstractButton):
            return False
        buttons = group.buttons()
        target = buttons[step_in_group(buttons.index(watched), len(buttons), forward=forward)]
        target.setFocus(Qt.FocusReason.TabFocusReason)
        target.setChecked(True)
        return True


class SurveyDialog(QDialog):
    """One page of questions; ``answers()`` holds what was given (skipped ones left out)."""

    def __init__(self, parent: QWidget | None, questions: Sequence[SurveyQuestion], *,
                 answers: Mapping[str, Any] | None = None, revising: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("surveyDialog")
        self.setWindowTitle("A few questions about you")
        self.questions = tuple(questions)
        outer = QVBoxLayout(self)
        intro = QLabel("The study team asks these to understand where raters agree and "
                       "differ. Your answers do not affect your qualification; leave out "
                       "any question you prefer not to answer.")
        intro.setWordWrap(True)
        outer.addWidget(intro)
        scroll = QScrollArea()  # a batch may ask up to 50 questions
        scroll.setObjectName("surveyScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 8, 0)
        self._inputs: dict[str, Any] = {}
        self._arrows = RadioArrows(self)
        for question in self.questions:
            label = QLabel(question.text)
            label.setWordWrap(True)
            label.setStyleSheet("font-weight: 600; padding-top: 6px;")
            column.addWidget(label)
            self._inputs[question.id] = self._input(question, column)
        column.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        self._scroll = scroll
        buttons = QDialogButtonBox()
        save = buttons.addButton("Save answers", QDialogButtonBox.ButtonRole.AcceptRole)
        save.setObjectName("surveySave")
        save.setDefault(True)  # Enter saves from any question
        skip = buttons.addButton("Skip survey", QDialogButtonBox.ButtonRole.RejectRole)
        skip.setObjectName("surveySkip")
        self.skipped = False
        skip.clicked.connect(self._skip)
        buttons.accepted.connect(self.accept)
        if revising:  # Cancel (and Esc) keep the saved answers as they are
            skip.setText("Withdraw answers")  # what skipping means once answers are saved
            cancel = buttons.addButton("Cancel", QDialogButtonBox.ButtonRole.DestructiveRole)
            cancel.setObjectName("surveyCancel")
            cancel.clicked.connect(self.reject)
        else:
            buttons.rejected.connect(self.reject)  # Esc skips, as the button does
        outer.addWidget(buttons)
        self.setMinimumWidth(520)
        self.resize(560, min(MOST_HEIGHT, body.sizeHint().height() + 140))
        self._fill(answers or {})
        first = next(iter(self._inputs.values()), None)
        target = first[0] if isinstance(first, list) and first else first
        if isinstance(target, QWidget):
            target.setFocus()  # keyboard first: Space ticks, Tab moves, Enter saves

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_to_text(self, self._scroll, most=MOST_HEIGHT)  # never taller than the screen

    def _input(self, question: SurveyQuestion, column: QVBoxLayout) -> Any:
        if question.kind == "text":
            line = QLineEdit()
            line.setObjectName(f"survey_{question.id}")
            line.setAccessibleName(question.text)
            line.setMaxLength(500)
            column.addWidget(line)
            return line
        group = QButtonGroup(self)
        group.setExclusive(question.kind == "single")
        boxes = []
        for number, option in enumerate(question.options):
            box: QRadioButton | QCheckBox = (QRadioButton(option) if question.kind == "single"
                                             else QCheckBox(option))
            box.setObjectName(f"survey_{question.id}_{number}")
            group.addButton(box)
            column.addWidget(box)
            boxes.append(box)
        if question.kind == "single":
            self._arrows.watch(group)
        return boxes

    def _skip(self) -> None:
        self.skipped = True
        self.reject()

    def _fill(self, answers: Mapping[str, Any]) -> None:
        for question in self.questions:
            widget, given = self._inputs[question.id], answers.get(question.id)
            if isinstance(widget, QLineEdit):
                widget.setText(given if isinstance(given, str) else "")
                continue
            chosen = [given] if isinstance(given, str) else list(given or [])
            for box in widget:
                box.setChecked(box.text() in chosen)

    def answers(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for question in self.questions:
            widget = self._inputs[question.id]
            if isinstance(widget, QLineEdit):
                result[question.id] = widget.text()
                continue
            chosen = [b.text() for b in widget if b.isChecked()]
            if chosen:
                result[question.id] = chosen[0] if question.kind == "single" else chosen
        return result


def ask_survey(parent: QWidget, questions: Sequence[SurveyQuestion]) -> dict[str, Any] | None:
    """The answers, or None when the rater skipped the survey."""
    dialog = SurveyDialog(parent, questions)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    answers = dialog.answers() if accepted else None
    dialog.deleteLater()
    return answers


@dataclass(frozen=True)
class SurveyReply:
    """What the rater did when revising: new answers, or ``skipped`` (answers withdrawn)."""

    skipped: bool
    answers: dict[str, Any] = field(default_factory=dict)


def revise_survey(parent: QWidget, questions: Sequence[SurveyQuestion],
                  saved: Mapping[str, Any] | None) -> SurveyReply | None:
    """The survey again with the saved answers filled in; None when cancelled."""
    answers = (saved or {}).get("answers")
    dialog = SurveyDialog(parent, questions, revising=True,
                          answers=answers if isinstance(answers, Mapping) else None)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    reply = (SurveyReply(False, dialog.answers()) if accepted
             else SurveyReply(True) if dialog.skipped else None)
    dialog.deleteLater()
    return reply
