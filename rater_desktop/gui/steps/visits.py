"""Which fields of the open item the rater has visited, fed to ``rating.attention``.

A field counts as visited when the keyboard focus leaves it: widgets name their field
with ``tag_field`` (a focus-and-leave counts), and any panel widget the rater typed or
clicked in is credited with the fields its edits touched. Visits are kept per item for
the session; moving past a step or trying to complete is recorded by the panel.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from rater_desktop.gui.steps.aside import in_aside
from rater_desktop.gui.steps.page import StepContext
from rater_desktop.rating.attention import Attention, FocusTrail
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import Step

FIELD_PROPERTY = "ratingField"
EDITED_PROPERTY = "ratingFieldsEdited"
EDITED_ITEM_PROPERTY = "ratingFieldsEditedItem"  # widgets are reused across items


_TYPING = (QLineEdit, QPlainTextEdit, QTextEdit, QAbstractSpinBox)


def tag_field(widget: QWidget, field: str) -> QWidget:
    """Leaving ``widget`` (or a widget inside it) visits ``field``."""
    widget.setProperty(FIELD_PROPERTY, field)
    return widget


def _tag_of(widget: QWidget, panel: QWidget) -> str | None:
    node: QWidget | None = widget
    while node is not None and node is not panel:
        tag = node.property(FIELD_PROPERTY)
        if isinstance(tag, str) and tag:
            return tag
        node = node.parentWidget()
    return None


def _fields_of(widget: QWidget | None, panel: QWidget, item: str | None) -> set[str]:
    fields: set[str] = set()
    if widget is None or not panel.isAncestorOf(widget):
        return fields
    edited = widget.property(EDITED_PROPERTY)
    if isinstance(edited, list) and widget.property(EDITED_ITEM_PROPERTY) == item:
        fields.update(str(f) for f in edited)
    tag = _tag_of(widget, panel)
    if tag:
        fields.add(tag)
    return fields


class VisitTracker(QObject):
    """One per step panel; ``attention_for`` gives the open item's record."""

    def __init__(self, panel: QWidget, ctx: StepContext, redraw: Callable[[], None]) -> None:
        super().__init__(panel)
        self._panel = panel
        self._ctx = ctx
        self._redraw = redraw
        self._by_item: dict[str, Attention] = {}
        self._focus_item: str | None = None
        self._trail = FocusTrail()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def reset(self) -> None:
        self._by_item.clear()
        self._focus_item = None
        self._trail = FocusTrail()
        self._ctx.attention = None

    def follow(self) -> Attention | None:
        """Point the context at the open item's record (created from its saved state)."""
        service = self._ctx.service
        if service is None or service.current_item_id is None:
            self._ctx.attention = None
            return None
        item = service.current_item_id
        if item != self._focus_item:
            # A field left while the items switch belongs to neither: no credit (never a
            # red badge the rater did not cause); the next focus or edit sets the item.
            self._focus_item = None
        if item not in self._by_item:
            self._by_item[item] = Attention.for_rating(service.rating)
        self._ctx.attention = self._by_item[item]
        return self._ctx.attention

    def record_edit(self, change: Change) -> None:
        """Credit the focused panel widget with the fields its edit touched.

        A choice (a button, a scale, a list) is finished when it is made: its fields are
        visited at once. Text, and anything inside a tagged field (a sub-request's kind and
        text), is visited when the rater leaves the field.
        """
        if change.kind != "edit" or change.refused:
            return
        focused = QApplication.focusWidget()
        if focused is None or not self._panel.isAncestorOf(focused):
            return
        if not isinstance(focused, _TYPING) and _tag_of(focused, self._panel) is None:
            if change.created_id is not None:
                return  # "+ Add" makes a new entry; the rater has not visited it yet
            attention = self.follow()
            if attention is not None:
                attention.visit(change.fields)  # the panel redraws after this change
            return
        edited = focused.property(EDITED_PROPERTY)
        same_item = focused.property(EDITED_ITEM_PROPERTY) == change.item_id
        known = [str(f) for f in edited] if isinstance(edited, list) and same_item else []
        focused.setProperty(EDITED_PROPERTY, sorted(set(known) | set(change.fields)))
        focused.setProperty(EDITED_ITEM_PROPERTY, change.item_id)
        self._focus_item = change.item_id

    def insist(self, step: Step) -> None:
        attention = self.follow()
        if attention is not None:
            attention.insist(step)

    def try_complete(self) -> None:
        attention = self.follow()
        if attention is not None:
            attention.try_complete()

    def _same_window(self, widget: QWidget) -> bool:
        return widget.window() is self._panel.window()

    def _current_item(self) -> str | None:
        service = self._ctx.service
        return None if service is None else service.current_item_id

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        item = self._focus_item
        helper = new is None or not self._same_window(new) or in_aside(new)
        left = self._trail.move(_fields_of(old, self._panel, item),
                                _fields_of(new, self._panel, item), into_helper=helper)
        if new is None or helper:
            return
        if self._panel.isAncestorOf(new):
            self._focus_item = self._current_item()
        if not left or item is None or item not in self._by_item:
            return
        if self._by_item[item].visit(left) and item == self._current_item():
            self._redraw()
