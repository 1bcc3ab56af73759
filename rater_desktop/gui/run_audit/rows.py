"""One answer row of the run audit panel: a question, its choice buttons (answered by the
row's keys while it has the focus) and, where the rule asks for evidence, the cited step.

The row itself takes the focus (its buttons do not), so Tab walks from row to row and a
key answers the row the cursor is on; a click works on every button too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.keys import answer_keys
from rater_desktop.gui.steps.common import name, set_checked_quietly, set_look
from rater_desktop.keymap import choice_key, key_text

Choice = tuple[Any, str]  # (value, label)


def choice_buttons(owner: QWidget, object_name: str, choices: Sequence[Choice], action: str,
                   on_choose: Callable[[Any], None], *,
                   focusable: bool = False) -> tuple[QButtonGroup, list[QPushButton], QWidget]:
    """Checkable buttons for ``choices`` labelled with their keys, two to a line when
    there are more than three (a narrow panel never cuts a label)."""
    holder = QWidget()
    grid = QGridLayout(holder)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(6)
    grid.setVerticalSpacing(4)
    group = QButtonGroup(owner)
    buttons: list[QPushButton] = []
    per_line = len(choices) if len(choices) <= 3 else 2
    for index, (value, label) in enumerate(choices):
        key = choice_key(action, index)
        button = QPushButton(f"{label}  [{key}]")
        name(button, f"{object_name}_{index}", label)
        button.setCheckable(True)
        button.setProperty("answer", "choice")
        button.setToolTip(f"{label} (key {key})")
        button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        if not focusable:
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _c=False, v=value: on_choose(v))
        group.addButton(button)
        buttons.append(button)
        grid.addWidget(button, index // per_line, index % per_line)
    return group, buttons, holder


class AnswerRow(QFrame):
    """A question answered with the keys of ``action`` while it has the focus (``keys``
    False: the page binds them for the whole window), optionally citing a step."""

    answered = Signal(object)  # the chosen value
    citeRequested = Signal()  # cite the picked trajectory step
    focused = Signal()  # the row got the cursor (the panel's "current row")

    def __init__(self, object_name: str, question: str, detail: str,
                 choices: Sequence[Choice], action: str, *, cites: bool,
                 keys: bool = True) -> None:
        super().__init__()
        name(self, object_name, question)
        self.setProperty("role", "stepCard")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.values = [value for value, _ in choices]
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 8, 10, 8)
        column.setSpacing(4)
        self.question = QLabel(question)
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setWordWrap(True)
        self.question.setProperty("role", "stepSection")
        column.addWidget(self.question)
        self.detail = QLabel(detail)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setWordWrap(True)
        self.detail.setProperty("role", "stepHint")
        self.detail.setVisible(bool(detail))
        column.addWidget(self.detail)
        self.group, self.buttons, holder = choice_buttons(
            self, object_name, choices, action, self.answered.emit)
        holder.setVisible(bool(choices))
        column.addWidget(holder)
        self.cite_label = QLabel("")
        self.cite_label.setWordWrap(True)
        self.cite_label.setProperty("role", "stepHint")
        self.cite_button = QPushButton(f"Cite the picked step  [{key_text('ra_cite')}]")
        name(self.cite_button, f"{object_name}_cite", f"{question}: cite the picked step")
        self.cite_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.cite_button.clicked.connect(self.citeRequested)
        for widget in (self.cite_label, self.cite_button):
            widget.setVisible(cites)
            column.addWidget(widget)
        self.cites = cites
        if keys:
            answer_keys(self, action, [partial(self.answered.emit, v) for v in self.values])

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        set_look(self, "focusRow", "true")
        self.focused.emit()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        set_look(self, "focusRow", "false")

    def show_value(self, value: Any, step: int | None = None, *, needs_step: bool = False,
                   step_text: str = "") -> None:
        """Show the answer and the cited step (0-based; shown as "step N")."""
        checked = self.buttons[self.values.index(value)] if value in self.values else None
        set_checked_quietly(self.buttons, self.group, checked)
        if not self.cites:
            return
        if step is not None:
            self.cite_label.setText(f"Evidence: step {step + 1}{step_text}")
            set_look(self.cite_label, "tone", "")
        elif needs_step:
            self.cite_label.setText("Evidence: no step cited yet")
            set_look(self.cite_label, "tone", "warn")
        else:
            self.cite_label.setText("Evidence: none needed for this answer")
            set_look(self.cite_label, "tone", "")

    @property
    def answered_value(self) -> Any:
        checked = self.group.checkedButton()
        return self.values[self.buttons.index(checked)] if checked in self.buttons else None
