"""One answer row of the run audit panel: a question, its choice buttons (answered by the
row's keys while it has the focus) and, where the rule asks for evidence, the cited step.

The row itself takes the focus (its buttons do not), so Tab walks from row to row and a
key answers the row the cursor is on; a click works on every button too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.keys import answer_keys
from rater_desktop.gui.steps.common import name, set_checked_quietly, set_look
from rater_desktop.keymap import choice_key, key_text

Choice = tuple[Any, str]  # (value, label)


class ChoiceGrid(QWidget):
    """Choice buttons as many to a line as the width holds (all on one line when they
    fit, else fewer): a narrow panel never cuts a label nor scrolls sideways."""

    def __init__(self, buttons: Sequence[QPushButton]) -> None:
        super().__init__()
        self.buttons = list(buttons)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(4)
        # The layout must not make the widest arrangement this widget's minimum width.
        self.grid.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.per_line = 0
        self._arrange(len(self.buttons))

    def _arrange(self, per_line: int) -> None:
        per_line = max(1, per_line)
        if per_line == self.per_line:
            return
        self.per_line = per_line
        for button in self.buttons:
            self.grid.removeWidget(button)
        for column in range(len(self.buttons)):
            self.grid.setColumnStretch(column, 1 if column < per_line else 0)
        for index, button in enumerate(self.buttons):
            self.grid.addWidget(button, index // per_line, index % per_line)
        self.updateGeometry()

    def fitting(self, width: int) -> int:
        """How many buttons a line of ``width`` pixels holds (at least one)."""
        spacing = self.grid.horizontalSpacing()
        widest = max((b.sizeHint().width() for b in self.buttons), default=0)
        for per_line in range(len(self.buttons), 1, -1):
            if per_line * widest + (per_line - 1) * spacing <= width:
                return per_line
        return 1

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        widest = max((b.minimumSizeHint().width() for b in self.buttons), default=0)
        return QSize(widest, self.sizeHint().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        lines = -(-len(self.buttons) // max(1, self.per_line)) if self.buttons else 0
        tall = max((b.sizeHint().height() for b in self.buttons), default=0)
        height = lines * tall + max(0, lines - 1) * self.grid.verticalSpacing()
        widest = max((b.sizeHint().width() for b in self.buttons), default=0)
        return QSize(widest, height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(self.fitting(event.size().width()))


def choice_buttons(owner: QWidget, object_name: str, choices: Sequence[Choice], action: str,
                   on_choose: Callable[[Any], None],
                   ) -> tuple[QButtonGroup, list[QPushButton], ChoiceGrid]:
    """Checkable buttons for ``choices`` labelled with their keys; the buttons take no
    focus (the row does, and its keys answer)."""
    group = QButtonGroup(owner)
    buttons: list[QPushButton] = []
    for index, (value, label) in enumerate(choices):
        key = choice_key(action, index)
        button = QPushButton(f"{label}  [{key}]")
        name(button, f"{object_name}_{index}", label)
        button.setCheckable(True)
        button.setProperty("answer", "choice")
        button.setToolTip(f"{label} (key {key})")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _c=False, v=value: on_choose(v))
        group.addButton(button)
        buttons.append(button)
    return group, buttons, ChoiceGrid(buttons)


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
            widget.hide()
            column.addWidget(widget)
        self.cites = cites
        self.describe: Callable[[int], str] = lambda _step: ""  # the page's step names
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
                   step_text: str = "", note: str = "") -> None:
        """Show the answer and the cited step (0-based; shown as "step N"); ``note`` says
        why no step is needed where one could be cited."""
        checked = self.buttons[self.values.index(value)] if value in self.values else None
        set_checked_quietly(self.buttons, self.group, checked)
        # Evidence shows where the answer asks for it (its key works on every such row).
        shown = self.cites and (needs_step or step is not None or bool(note))
        self.cite_label.setVisible(shown)
        self.cite_button.setVisible(shown)
        if step is not None:
            named = self.describe(step)
            self.cite_label.setText(f"Evidence: step {step + 1}{step_text}"
                                    + (f" ({named})" if named else ""))
            set_look(self.cite_label, "tone", "")
        elif note:
            self.cite_label.setText(f"Evidence: {note}")
            set_look(self.cite_label, "tone", "")
        else:
            self.cite_label.setText("Evidence: no step cited yet")
            set_look(self.cite_label, "tone", "warn")

    @property
    def answered_value(self) -> Any:
        checked = self.group.checkedButton()
        return self.values[self.buttons.index(checked)] if checked in self.buttons else None
