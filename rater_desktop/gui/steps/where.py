"""Where a change happens: the step and the widget of a Change field (both named by
``rating.steps``: ``step_of_field``, ``widget_name``).

Undo and redo switch to the step of what they changed and put the cursor in its field;
moving to a step puts the cursor in its first unanswered field.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QWidget,
)

from rater_desktop.rating.model import Step


def focusable(widget: QWidget) -> QWidget | None:
    """The widget itself if it takes the keyboard, else its checked or first child that does."""
    if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isEnabled() \
            and not widget.isHidden():
        return widget
    buttons = [b for b in widget.findChildren(QAbstractButton) if b.isEnabled()]
    checked = [b for b in buttons if b.isCheckable() and b.isChecked()]
    if checked:
        return checked[0]
    kinds = (QPlainTextEdit, QLineEdit, QComboBox, QAbstractButton)
    for child in widget.findChildren(QWidget):
        if isinstance(child, kinds) and child.isEnabled() and not child.isHidden():
            return child
    return None


def is_unanswered(widget: QWidget) -> bool:
    """An empty text field, or a choice (exclusive group) with nothing chosen; never a
    field its page marked ``answerOptional`` (nothing left to answer there)."""
    if widget.property("answerOptional"):
        return False
    if isinstance(widget, QPlainTextEdit):
        return not widget.toPlainText().strip() and not widget.isReadOnly()
    if isinstance(widget, QLineEdit):
        return not widget.text().strip() and not widget.isReadOnly()
    if isinstance(widget, QAbstractButton) and widget.group() is not None:
        return widget.group().checkedButton() is None
    return False


def _is_input(child: QWidget, page: QWidget) -> bool:
    if not isinstance(child, (QPlainTextEdit, QLineEdit, QAbstractButton)):
        return False
    if child.objectName().endswith("_reason"):  # keeping a warning is not a question
        return False
    if isinstance(child, QAbstractButton) and child.group() is None:
        return False
    return child.isVisibleTo(page) and child.isEnabled()


def layout_order(root: QWidget) -> list[QWidget]:
    """Every widget under ``root`` in the order its layouts show them (top to bottom,
    left to right), whatever order they were created in."""
    found: list[QWidget] = []

    def walk_layout(layout: QLayout) -> None:
        for index in range(layout.count()):
            item = layout.itemAt(index)
            child = item.widget() if item is not None else None
            inner = item.layout() if item is not None else None
            if child is not None:
                walk_widget(child)
            elif inner is not None:
                walk_layout(inner)

    def walk_widget(widget: QWidget) -> None:
        found.append(widget)
        inner = widget.layout()
        content = widget.widget() if isinstance(widget, QScrollArea) else None
        if inner is not None:
            walk_layout(inner)
        elif content is not None:
            walk_widget(content)

    top = root.layout()
    if top is not None:
        walk_layout(top)
    return found


class TabOrder:
    """Keeps Tab moving through a page in the order it is shown; rows added later
    (sub-requests, claims) would otherwise come last in the window's tab chain."""

    def fix(self, page: QWidget) -> None:
        chain = [w for w in layout_order(page)
                 if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        # Compare with Qt's own chain rather than a remembered list of ids: a widget
        # created at a freed widget's address would look unchanged and keep a wrong order.
        for first, second in zip(chain, chain[1:], strict=False):
            if _next_focusable(first) is not second:
                QWidget.setTabOrder(first, second)


def _next_focusable(widget: QWidget) -> QWidget | None:
    """The next widget in Qt's focus chain that takes Tab focus (as Tab would go)."""
    current = widget.nextInFocusChain()
    while current is not None and current is not widget:
        if current.focusPolicy() & Qt.FocusPolicy.TabFocus:
            return current
        current = current.nextInFocusChain()
    return None


def _inputs(page: QWidget) -> list[QWidget]:
    return [c for c in layout_order(page) if _is_input(c, page)]


def first_field(page: QWidget) -> QWidget | None:
    """The first input of a page, answered or not (its chosen button in a choice)."""
    inputs = _inputs(page)
    if not inputs:
        return None
    first = inputs[0]
    group = first.group() if isinstance(first, QAbstractButton) else None
    checked = group.checkedButton() if group is not None else None
    return checked if checked is not None and checked.isEnabled() else first


def first_unanswered(page: QWidget, held: Collection[QWidget] = ()) -> QWidget | None:
    """The first input of a page that still needs an answer or is one of ``held`` (a
    rule blocks it), else its first input."""
    inputs = _inputs(page)
    for child in inputs:
        if is_unanswered(child) or child in held:
            return child
    return inputs[0] if inputs else None


def scroll_to(widget: QWidget) -> None:
    """Scroll the step page so ``widget`` is in view."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if isinstance(parent, QScrollArea):
        parent.ensureWidgetVisible(widget, 20, 40)


def reveal(widget: QWidget) -> None:
    """Scroll the step page so ``widget`` is in view, then give it the keyboard."""
    scroll_to(widget)
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    # Typing goes on after what is written (at position 0 it went in front of it).
    if isinstance(widget, QPlainTextEdit):
        widget.moveCursor(QTextCursor.MoveOperation.End)
    elif isinstance(widget, QLineEdit):
        widget.end(False)


def step_label(step: Step) -> str:
    return step.value.replace("_", " ")
