"""Small building blocks shared by the step pages: fields, scales, Yes/No, word counts.

Every input widget here only *reports* what the rater did (a callback into the rating
service); what it shows comes back through ``show_*``/``set_*`` calls made from the
service's Change notifications, with signals blocked so nothing echoes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, QTimer
from PySide6.QtGui import QInputMethodEvent, QKeyEvent, QResizeEvent, QTextOption
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.keys import answer_keys, matches
from rater_desktop.gui.steps.text_sources import (
    LineSources,
    PasteReminder,
    SourceWatch,
    count_words,
    done,
    place_reminder,
    reminder_due,
    report,
    show_reminder,
)
from rater_desktop.keymap import choice_key
from rater_desktop.long_runs import has_long_run
from rater_desktop.text_sources import Source, TextEvent

__all__ = ["answer_keys"]  # the step pages take their answer keys from here

QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's "no maximum"

TC_LABELS = (
    (5, "Fully complete", "The main goal and every condition were done."),
    (4, "Mostly complete", "Main goal done; a minor condition was missed."),
    (3, "Partially complete", "Main goal done; several important conditions missed."),
    (2, "Minimally complete", "Main goal not done; at most a minor condition met."),
    (1, "Not at all complete", "Neither the main goal nor the conditions were met."),
)
FA_LABELS = (
    (5, "Completely accurate", "Every objective claim checks out."),
    (4, "Mostly accurate", "Small inaccuracies, or a claim that cannot be verified."),
    (3, "Partially accurate", "Several claims are wrong or unverifiable."),
    (2, "Mostly inaccurate", "Most checked claims are wrong."),
    (1, "Completely inaccurate", "The facts given are wrong."),
)
AIP_LABELS = (
    (5, "Excellent", "Direct path, precise actions, no wasted steps, clean output."),
    (4, "Good", "Solid process with one small, visible flaw."),
    (3, "Acceptable", "Got there, but clumsy or roundabout; output messy but usable."),
    (2, "Poor", "Confused or illogical steps; any success was luck."),
    (1, "Unacceptable", "Stuck, looping, timed out or unable to use the site."),
)


class UndoPassThrough(QObject):
    """Lets the undo and redo keys reach the window's Edit actions from text fields.

    A text field normally claims these keys for its own local undo; the rating's undo
    history lives in the service, so the field must not keep them.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            if matches(event, "undo", "redo"):
                event.ignore()
                return True
        return False


_UNDO_FILTER: UndoPassThrough | None = None


def pass_undo_through(widget: QWidget) -> None:
    global _UNDO_FILTER  # one stateless filter object is enough for every field
    if _UNDO_FILTER is None:
        _UNDO_FILTER = UndoPassThrough()
    widget.installEventFilter(_UNDO_FILTER)


def name(widget: QWidget, object_name: str, accessible: str) -> QWidget:
    widget.setObjectName(object_name)
    widget.setAccessibleName(accessible)
    return widget


GROW_TO_LINES = 12  # a text box grows with its text up to this many lines, then scrolls
SCREEN_SHARE = 3  # and never past a third of the screen's height
GROW_LIMIT_PROPERTY = "growLimit"  # read by gui/text_fit (no import: text_fit stays generic)


class TextField(QPlainTextEdit):
    """Multi-line text reporting every edit through ``on_edit(text)``.

    It is ``lines`` lines tall when short and grows with its text (wrapped lines too) up
    to ``GROW_TO_LINES`` lines or a third of the screen; past that it scrolls. The line
    being typed is kept in view of the panel around it.
    """

    def __init__(self, object_name: str, accessible: str, *, placeholder: str = "",
                 on_edit: Callable[[str], None] | None = None, lines: int = 3) -> None:
        super().__init__()
        name(self, object_name, accessible)
        self.setPlaceholderText(placeholder)
        self.setTabChangesFocus(True)
        self.setUndoRedoEnabled(False)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._lines = lines
        self._grows = True
        self._measuring = False
        self._on_edit = on_edit
        self._watch = SourceWatch()  # typed, pasted or the app's (issue 24), counts only
        self._reminder: PasteReminder | None = None
        self.document().contentsChange.connect(self._contents_change)
        self.textChanged.connect(self._emit)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self.cursorPositionChanged.connect(self._cursor_moved)
        pass_undo_through(self)
        self._fit()

    def fill_space(self, least_lines: int) -> None:
        """Stop growing with the text: take what the layout gives, at least ``least_lines``."""
        self._grows = False
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * least_lines + self._chrome())
        self.setMaximumHeight(QWIDGETSIZE_MAX)

    def _chrome(self) -> int:
        """Height around the text: frame, padding (the style sheet's) and the document's
        margins; measured from the viewport once the field has been laid out."""
        self.ensurePolished()
        margin = 2 * round(self.document().documentMargin())
        if self.testAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent) or \
                self.viewport().height() <= 0:
            margins = self.contentsMargins()
            viewport = self.viewportMargins()
            return (margins.top() + margins.bottom() + viewport.top() + viewport.bottom()
                    + margin)
        return self.height() - self.viewport().height() + margin

    def text_height(self, limit: float | None = None) -> int:
        """Height of the text as wrapped at the field's present width; stops counting
        once past ``limit`` (the box's largest height): a field of 20,000 lines would
        otherwise lay out every line on each keystroke."""
        total = 0.0
        block = self.document().firstBlock()
        while block.isValid() and (limit is None or total <= limit):
            total += self.blockBoundingRect(block).height()
            block = block.next()
        return round(total)

    def _fit(self, *_: object) -> None:
        if not self._grows or self._measuring:
            return
        line = self.fontMetrics().lineSpacing()
        least = line * self._lines
        most = max(least, line * GROW_TO_LINES)
        screen = self.screen()
        if screen is not None:
            most = max(least, min(most, screen.availableGeometry().height() // SCREEN_SHARE))
        # text_height lays out the blocks not laid out yet, and each emits
        # documentSizeChanged, which calls this: without the guard that is one nested call
        # per block, each measuring again from the first (a 1,000-line field ran out of
        # stack). The height measured afterwards includes them all.
        self._measuring = True
        try:
            text = self.text_height(most)
        finally:
            self._measuring = False
        height = min(max(text, least), most) + self._chrome()
        # text_fit reports a box that scrolls before it has reached this height
        self.setProperty(GROW_LIMIT_PROPERTY, most + self._chrome())
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()  # another width wraps the text into more or fewer lines

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def _cursor_moved(self) -> None:
        if self.hasFocus():
            QTimer.singleShot(0, self._show_cursor)  # after the field has grown

    def _show_cursor(self) -> None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if not isinstance(parent, QScrollArea):
            return
        page = parent.widget()
        if page is None or not page.isAncestorOf(self):
            return
        rect = self.cursorRect()
        centre = self.viewport().mapTo(page, rect.center())
        parent.ensureVisible(centre.x(), centre.y(), 0, rect.height())

    def _contents_change(self, _position: int, removed: int, added: int) -> None:
        self._watch.changed(added, removed)

    def _dispatch(self, source: Source, handle: Callable[[Any], None], what: Any) -> None:
        """Run Qt's own handling with ``source`` as the source of what it inserts (a
        paste inside a key press, Ctrl+V, is a paste)."""
        outer, self._watch.source = self._watch.source, source
        try:
            handle(what)
        finally:
            self._watch.source = outer

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self._dispatch(Source.TYPED, super().keyPressEvent, event)

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:
        self._dispatch(Source.TYPED, super().inputMethodEvent, event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Every paste (Ctrl+V, context menu, middle button, drag and drop) ends here."""
        self._watch.paste_words = count_words(source.text()) if source.hasText() else 0
        self._dispatch(Source.PASTED, super().insertFromMimeData, source)

    def _emit(self) -> None:
        text = self.toPlainText()
        event = self._watch.take()
        self._watch.showing = True  # the refresh this edit causes is no edit
        try:
            self._wrap_for(text)
            sink = report(self, event) if self._on_edit is not None else None
            if self._on_edit is not None:
                self._on_edit(text)
            done(sink)
        finally:
            self._watch.showing = False
        if sink is not None and event is not None:
            self._after_noted(event)

    def _after_noted(self, event: TextEvent) -> None:
        if reminder_due(self):
            self._reminder = place_reminder(self, self._reminder)
            if self._reminder is not None:
                show_reminder(self._reminder)
        elif event.source is Source.TYPED and self._reminder is not None:
            self._reminder.hide()  # the rater writes on: the reminder has been read

    def _wrap_for(self, text: str) -> None:
        """Wrap anywhere while the text holds a long run without spaces (long_runs.py:
        Qt's word wrapping relays such a run out slowly on every keystroke)."""
        mode = self._wrap_mode(text)
        if self.wordWrapMode() != mode:
            self.setWordWrapMode(mode)

    @staticmethod
    def _wrap_mode(text: str) -> QTextOption.WrapMode:
        return (QTextOption.WrapMode.WrapAnywhere if has_long_run(text)
                else QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)

    def show_text(self, text: str, *, same: Callable[[str, str], bool] | None = None) -> None:
        """Show ``text`` unless the field already says the same (keeps the cursor)."""
        current = self.toPlainText()
        if (same or _same_text)(current, text):
            return
        if self._reminder is not None:
            self._reminder.hide()  # another item's text, or a builder's
        self._watch.showing = True
        self.blockSignals(True)
        if self._wrap_mode(text) != self.wordWrapMode():
            # Another wrap mode lays the text out again: the old text (up to 20,000
            # characters) goes first, so only the new one is laid out, once.
            self.setPlainText("")
            self.setWordWrapMode(self._wrap_mode(text))
        self.setPlainText(text)
        self.blockSignals(False)
        self._watch.showing = False


class LineField(LineSources, QLineEdit):
    """One-line text reporting every edit through ``on_edit(text)``."""

    def __init__(self, object_name: str, accessible: str, *, placeholder: str = "",
                 on_edit: Callable[[str], None] | None = None) -> None:
        super().__init__()
        name(self, object_name, accessible)
        self.setPlaceholderText(placeholder)
        self._source: Source | None = None  # LineSources: typed or pasted (issue 24)
        self._before = ""
        self.textEdited.connect(self._edited)
        self._on_edit = on_edit
        pass_undo_through(self)

    def show_text(self, text: str) -> None:
        self._before = text
        if self.text() != text:
            self.blockSignals(True)
            self.setText(text)
            self.blockSignals(False)


def _same_text(a: str, b: str) -> bool:
    return a == b


def title_label(text: str, role: str = "stepSection") -> QLabel:
    label = QLabel(text)
    label.setProperty("role", role)
    label.setWordWrap(True)
    return label


def hint_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "stepHint")
    label.setWordWrap(True)
    return label


def card(object_name: str, role: str = "stepCard") -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName(object_name)
    frame.setProperty("role", role)
    column = QVBoxLayout(frame)
    column.setContentsMargins(10, 8, 10, 8)
    column.setSpacing(6)
    return frame, column


def band(role: str, object_name: str = "", *, spacing: int = 6,
         bottom: int = 8) -> tuple[QFrame, QVBoxLayout]:
    """A rating panel's header or footer band (role "stepHeader" / "stepFooter")."""
    frame, column = card(object_name, role)
    column.setContentsMargins(12, 8, 12, bottom)
    column.setSpacing(spacing)
    return frame, column


def reason_label(object_name: str, accessible: str) -> QLabel:
    """The footer's "what is still needed" line (role "completeReason")."""
    label = hint_label("")
    name(label, object_name, accessible)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setProperty("role", "completeReason")
    return label


def restyle(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def set_look(widget: QWidget, name: str, value: str) -> None:
    """Set a property the stylesheet selects on; re-polish only when it changes (slow)."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        restyle(widget)


def set_checked_quietly(buttons: Sequence[QAbstractButton], group: QButtonGroup,
                        checked: QAbstractButton | None) -> None:
    """Check one button of an exclusive group (or none) without emitting signals."""
    group.setExclusive(False)
    for button in buttons:
        button.blockSignals(True)
        button.setChecked(button is checked)
        button.blockSignals(False)
    group.setExclusive(True)


class ScoreScale(QWidget):
    """A 1-5 scale shown top-down (5 first) with the rubric's words beside each score.

    While any of its buttons has focus, the digits 1-5 choose a score.
    """

    def __init__(self, object_name: str, accessible: str,
                 labels: Sequence[tuple[int, str, str]],
                 on_choose: Callable[[int], None]) -> None:
        super().__init__()
        name(self, object_name, accessible)
        self._on_choose = on_choose
        self.group = QButtonGroup(self)
        self.buttons: dict[int, QRadioButton] = {}
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        for value, short, long in labels:
            button = QRadioButton(f"{value}  {short}")
            name(button, f"{object_name}_{value}", f"{accessible}: {value}, {short}")
            button.setToolTip(long)
            button.setAccessibleDescription(long)
            self.group.addButton(button, value)
            self.buttons[value] = button
            column.addWidget(button)
        self.group.idClicked.connect(self._on_choose)
        answer_keys(self, "score", [partial(self.choose, d) for d in range(1, 6)])

    def choose(self, value: int) -> None:
        """What a click or a digit key does: report the choice."""
        if value in self.buttons:
            self._on_choose(value)

    def show_value(self, value: int | None) -> None:
        checked = self.buttons.get(value) if value is not None else None
        set_checked_quietly(list(self.buttons.values()), self.group, checked)

    def value(self) -> int | None:
        checked = self.group.checkedId()
        return checked if checked in self.buttons else None


class YesNo(QWidget):
    """A question answered Yes or No (or not yet)."""

    def __init__(self, object_name: str, question: str,
                 on_choose: Callable[[bool], None]) -> None:
        super().__init__()
        self.setObjectName(object_name)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.question = QLabel(question)
        self.question.setWordWrap(True)
        self.question.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row.addWidget(self.question, 1)
        self.group = QButtonGroup(self)
        keys = [choice_key("yes_no", index) for index in (0, 1)]
        self.yes = QPushButton(f"Yes ({keys[0]})")
        self.no = QPushButton(f"No ({keys[1]})")
        for button, value, text, key in ((self.yes, True, "Yes", keys[0]),
                                         (self.no, False, "No", keys[1])):
            name(button, f"{object_name}_{text.lower()}", f"{question} {text}")
            button.setCheckable(True)
            button.setProperty("answer", text.lower())
            button.setToolTip(f"{text} (key {key} while this row has the focus)")
            button.setMinimumWidth(button.sizeHint().width())
            self.group.addButton(button)
            button.clicked.connect(lambda _c=False, v=value: on_choose(v))
            row.addWidget(button)
        answer_keys(self, "yes_no", [lambda: on_choose(True), lambda: on_choose(False)])

    def set_question(self, question: str) -> None:
        self.question.setText(question)
        self.yes.setAccessibleName(f"{question} Yes")
        self.no.setAccessibleName(f"{question} No")

    def show_value(self, value: bool | None) -> None:
        checked = None if value is None else (self.yes if value else self.no)
        set_checked_quietly([self.yes, self.no], self.group, checked)


class WordCounter(QLabel):
    """"37 / 50 words" in amber until the minimum is reached."""

    def __init__(self, object_name: str, accessible: str) -> None:
        super().__init__("")
        name(self, object_name, accessible)
        self.setProperty("role", "wordCount")

    def show_count(self, words: int | None, minimum: int, what: str = "words") -> None:
        """``None``: a long text still being counted with the rules, off this thread."""
        if words is None:
            self.setText(f"counting\u2026 / {minimum} {what}" if minimum else f"counting\u2026 {what}")
            set_look(self, "tone", "off")
            return
        self.setText(f"{words} / {minimum} {what}" if minimum else f"{words} {what}")
        set_look(self, "tone", "good" if words >= minimum else "warn")


def side_title(label: str) -> QLabel:
    return title_label(f"Response {label}", role="stepSideTitle")
