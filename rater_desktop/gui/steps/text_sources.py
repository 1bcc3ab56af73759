"""How an edit got into a text box: typed, pasted or put there by the app (issue 24).

The text boxes tell the rating service the source of each edit just before they report
the new text (``TextEventSink.note_text_event``); the service counts it for the field it
changes (``text_sources.py``). Only counts travel: no key and no pasted text is
kept. Pastes are every way Qt inserts a clipboard or a drag: Ctrl+V, the context menu,
the middle mouse button and drag and drop all go through ``insertFromMimeData`` in a
QPlainTextEdit; in a QLineEdit the paste key, the context menu, the middle button and a
drop are watched one by one. The app's own builders note a ``Source.TEMPLATE`` edit on
the service themselves. The sink is found on an ancestor widget (``text_event_sink``,
set by the protocol's binding), so boxes made later (a new claim's) report too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import (
    QContextMenuEvent,
    QDropEvent,
    QInputMethodEvent,
    QKeyEvent,
    QMouseEvent,
)
from PySide6.QtWidgets import QBoxLayout, QLabel, QLayout, QScrollArea, QWidget

from rater_desktop.gui.keys import is_paste
from rater_desktop.text_sources import (
    PASTE_REMINDER,
    Source,
    TextEvent,
    count_words,
    replacement_event,
)

SINK_ATTRIBUTE = "text_event_sink"


class TextEventSink(Protocol):
    """What a rating service offers the text boxes (both protocols' services)."""

    def note_text_event(self, event: TextEvent | None) -> None: ...

    def take_paste_reminder(self) -> bool: ...


def sink_of(widget: QWidget) -> TextEventSink | None:
    """The sink of the nearest ancestor that has one (a few parents: O(depth))."""
    parent: QObject | None = widget
    while parent is not None:
        sink = getattr(parent, SINK_ATTRIBUTE, None)
        if sink is not None:
            return sink  # type: ignore[no-any-return]
        parent = parent.parent()
    return None


class SourceWatch:
    """The source of the edit under way in one box, and its counts so far."""

    def __init__(self) -> None:
        self.source: Source | None = None
        self.pending: TextEvent | None = None
        self.paste_words = 0
        self.showing = False  # the window is showing a saved text: no edit

    def changed(self, inserted: int, removed: int) -> None:
        """A change of the document (called in O(1) for every change)."""
        if self.source is None or self.showing:
            return
        before = self.pending
        words = self.paste_words if self.source is Source.PASTED else 0
        if before is not None and before.source is self.source:
            self.pending = TextEvent(self.source, before.inserted + inserted,
                                     before.removed + removed, max(before.words, words))
        else:
            self.pending = TextEvent(self.source, inserted, removed, words)

    def take(self) -> TextEvent | None:
        event, self.pending = self.pending, None
        return event


def line_source(event: QEvent) -> Source | None:
    """The source of a QLineEdit edit an event may cause (None: it inserts nothing)."""
    kind = event.type()
    if isinstance(event, QKeyEvent):
        return Source.PASTED if is_paste(event) else Source.TYPED
    if kind == QEvent.Type.InputMethod:
        return Source.TYPED
    if kind in (QEvent.Type.ContextMenu, QEvent.Type.Drop):
        return Source.PASTED
    if kind == QEvent.Type.MouseButtonRelease and \
            event.button() == Qt.MouseButton.MiddleButton:  # type: ignore[attr-defined]
        return Source.PASTED
    return None


def line_event(source: Source, old: str, new: str) -> TextEvent:
    """A one-line box's edit, from its text before and after (short texts)."""
    event = replacement_event(old, new, source)
    return TextEvent(source, event.inserted, event.removed,
                     event.words if source is Source.PASTED else 0)


class PasteReminder(QLabel):
    """The one-line reminder of the no-AI rule, under the box a long paste went into;
    in the step messages' style, never modal; gone once the rater types there again or
    another item's text is shown."""

    def __init__(self) -> None:
        super().__init__(PASTE_REMINDER)
        self.setObjectName("pasteReminder")
        self.setAccessibleName("Reminder about pasted text")
        self.setProperty("role", "stepMessage")
        self.setWordWrap(True)
        self.hide()


def place_reminder(box: QWidget, reminder: PasteReminder | None) -> PasteReminder | None:
    """The box's reminder, put right under it in its layout the first time."""
    if reminder is not None:
        return reminder
    parent = box.parentWidget()
    layout = _holding(parent.layout(), box) if parent is not None else None
    if layout is None:
        return None
    reminder = PasteReminder()
    layout.insertWidget(layout.indexOf(box) + 1, reminder)
    return reminder


def show_reminder(reminder: PasteReminder) -> None:
    """Show it and, once laid out, scroll the panel so that it is in view (under a box
    near the panel's bottom edge it would be below the fold)."""
    reminder.show()
    QTimer.singleShot(0, reminder, lambda: _into_view(reminder))


def _into_view(widget: QWidget) -> None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if isinstance(parent, QScrollArea) and widget.isVisible():
        parent.ensureWidgetVisible(widget, 0, widget.fontMetrics().lineSpacing())


def _holding(layout: QLayout | None, box: QWidget) -> QBoxLayout | None:
    """The box layout (maybe nested) that holds ``box`` directly."""
    if layout is None:
        return None
    if layout.indexOf(box) >= 0:
        return layout if isinstance(layout, QBoxLayout) else None
    for index in range(layout.count()):
        item = layout.itemAt(index)
        found = _holding(item.layout() if item is not None else None, box)
        if found is not None:
            return found
    return None


def report(box: QWidget, event: TextEvent | None) -> TextEventSink | None:
    """Note ``event`` on the box's sink; the sink when it saw a text edit. The caller
    then runs the field's setter, which takes the event, and calls ``done``."""
    if event is None:
        return None
    sink = sink_of(box)
    if sink is not None:
        sink.note_text_event(event)
    return sink


def done(sink: TextEventSink | None) -> None:
    """Drop an event no setter took (a setter that found nothing changed), so it never
    counts for a later edit of another field."""
    if sink is not None:
        sink.note_text_event(None)


def reminder_due(box: QWidget) -> bool:
    sink = sink_of(box)
    return sink is not None and sink.take_paste_reminder()


class LineSources:
    """A QLineEdit's part (mixed in before QLineEdit): the source of each edit from the
    events that cause it, the counts from its text before and after."""

    _source: Source | None
    _before: str
    _on_edit: Callable[[str], None] | None

    def _edited(self, text: str) -> None:
        before, self._before = self._before, text
        if self._on_edit is None:  # a box read later (a roadblock's details): no setter
            return
        sink = None
        if self._source is not None:
            sink = report(self, line_event(self._source, before, text))  # type: ignore[arg-type]
        self._on_edit(text)
        done(sink)

    def _with_source(self, event: QEvent, handle: Callable[[Any], None]) -> None:
        outer, self._source = self._source, line_source(event)
        try:
            handle(event)
        finally:
            self._source = outer

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._with_source(event, super().keyPressEvent)  # type: ignore[misc]

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:
        self._with_source(event, super().inputMethodEvent)  # type: ignore[misc]

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self._with_source(event, super().contextMenuEvent)  # type: ignore[misc]

    def dropEvent(self, event: QDropEvent) -> None:
        self._with_source(event, super().dropEvent)  # type: ignore[misc]

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._with_source(event, super().mouseReleaseEvent)  # type: ignore[misc]


__all__ = ["LineSources", "done", "show_reminder", "SourceWatch", "count_words", "line_event", "line_source", "place_reminder",
           "report", "reminder_due", "PasteReminder", "TextEventSink"]
