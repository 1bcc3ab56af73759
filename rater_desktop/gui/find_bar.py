"""Find in responses (Ctrl+F): a compact bar under Response A and B.

It searches the rendered text of both response views, case-insensitive, marks every match
in the views' "find" mark layer (claim highlights keep their own layer, see text_marks.py),
and scrolls the current match into view inside its pane. Matches run through Response A
first, then Response B.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QKeyEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QTextEdit,
    QToolButton,
    QWidget,
)

from rater_desktop.gui.item_view import SIDES, ItemView
from rater_desktop.gui.keys import shortcuts
from rater_desktop.gui.steps.aside import mark_aside
from rater_desktop.gui.text_marks import FIND_LAYER, set_layer
from rater_desktop.keymap import with_key

MATCH_COLOR = "#bfdcff"
CURRENT_COLOR = "#2f6fd6"
MAX_MATCHES = 2000  # a pathological one-letter query must not freeze the window
FIELD_CHARS = 45  # the find field's widest: a sentence, not the whole bar
FIELD_LEAST_CHARS = 14  # its narrowest: a word or two typed still show whole


@dataclass(frozen=True)
class Match:
    """One occurrence: the displayed side ("A"/"B") and its span in that side's document."""

    side: str
    start: int
    end: int


def find_matches(view: QTextEdit, query: str, side: str, *, limit: int = MAX_MATCHES
                 ) -> list[Match]:
    """Every case-insensitive occurrence of ``query`` in ``view`` (at most ``limit``)."""
    found: list[Match] = []
    if not query:
        return found
    document = view.document()
    cursor = document.find(query, 0)
    while not cursor.isNull() and len(found) < limit:
        found.append(Match(side, cursor.selectionStart(), cursor.selectionEnd()))
        cursor = document.find(query, cursor.selectionEnd())
    return found


HIDDEN_TEXT = "Responses hidden"


def count_text(current: int, total: int, query: str, *, hidden: bool = False) -> str:
    """What the counter says: "3 of 7", "No matches", "Responses hidden" (covered until
    the case file is written: not searched, so not "No matches") or nothing."""
    if not query:
        return ""
    if total == 0:
        return HIDDEN_TEXT if hidden else "No matches"
    return f"{current + 1} of {total}"


def _selection(view: QTextEdit, match: Match, *, current: bool) -> QTextEdit.ExtraSelection:
    cursor = QTextCursor(view.document())
    cursor.setPosition(match.start)
    cursor.setPosition(match.end, QTextCursor.MoveMode.KeepAnchor)
    fmt = QTextCharFormat()
    fmt.setBackground(QColor(CURRENT_COLOR if current else MATCH_COLOR))
    fmt.setForeground(QColor("#ffffff" if current else "#1f2430"))
    selection = QTextEdit.ExtraSelection()
    selection.cursor = cursor  # type: ignore[misc]
    selection.format = fmt  # type: ignore[misc]
    return selection


class FindBar(QFrame):
    """Search field, "3 of 7", previous / next and close; searches both responses."""

    def __init__(self, item_view: ItemView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item_view = item_view
        self.matches: list[Match] = []
        self.current = -1
        self.active = False  # open, whether or not the window is on screen yet
        self._restart_at_top = False
        self._hidden = False  # a response was covered at the last search
        self.setObjectName("findBar")
        self.setAccessibleName("Find in responses")
        self.setProperty("role", "findBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._build()
        # Re-search once after the documents change (item switch, theme, late images).
        self._rerun = QTimer(self)
        self._rerun.setSingleShot(True)
        self._rerun.setInterval(0)
        self._rerun.timeout.connect(self._on_documents_changed)
        item_view.when_responses_built(self._watch_panes)
        self.hide()

    def _watch_panes(self) -> None:
        for pane in self.item_view.panes.values():
            pane.text_browser.textChanged.connect(self._rerun.start)
            # Uncovered (the case file written): search what just became readable, as a
            # browser's find bar does on a new page, instead of keeping "No matches".
            pane.installEventFilter(self)

    def _build(self) -> None:
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 3, 4, 3)
        row.setSpacing(4)
        # Short: at 853x480 "Find in responses:" left the field four letters (its
        # accessible name and placeholder name the responses).
        label = QLabel("Find:")
        self.field = QLineEdit()
        self.field.setObjectName("findField")
        self.field.setAccessibleName("Find in responses")
        self.field.setPlaceholderText("Text in Response A or B")
        self.field.setClearButtonEnabled(True)
        self.field.textChanged.connect(lambda _t: self.search())
        self.field.installEventFilter(self)
        label.setBuddy(self.field)
        self.count = QLabel("")
        self.count.setObjectName("findCount")
        self.count.setAccessibleName("Matches")
        self._fit_widths()
        self.count.installEventFilter(self)
        self.previous_button = self._button("findPrevious", "\u25b2", with_key("Previous match", "find_previous"),
                                             self.find_previous)
        self.next_button = self._button("findNext", "\u25bc", with_key("Next match", "find_next"),
                                        self.find_next)
        self.close_button = self._button("findClose", "\u2715", with_key("Close", "find_close"),
                                         self.close_bar)
        row.addWidget(label)
        row.addWidget(self.field, 1)
        row.addWidget(self.count)
        row.addWidget(self.previous_button)
        row.addWidget(self.next_button)
        row.addStretch(1)
        row.addWidget(self.close_button)
        shortcuts(self, "find_close", self.close_bar,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _fit_widths(self) -> None:
        """The field a word to a sentence wide, the counter as wide as its longest text (font-sized)."""
        char = self.field.fontMetrics().averageCharWidth()
        self.field.setMaximumWidth(FIELD_CHARS * char)
        self.field.setMinimumWidth(FIELD_LEAST_CHARS * char)
        metrics = self.count.fontMetrics()
        self.count.setMinimumWidth(max(metrics.horizontalAdvance(text) for text in (
            HIDDEN_TEXT, "No matches", count_text(MAX_MATCHES - 1, MAX_MATCHES, "x"))))

    def _button(self, name: str, text: str, tip: str, slot: object) -> QToolButton:
        button = QToolButton()
        button.setObjectName(name)
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split(" (")[0])
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    # -- opening and closing --------------------------------------------------------------

    def open_bar(self) -> None:
        """Show the bar with the field focused; its text selected so typing replaces it."""
        self.active = True
        self.show()
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()
        self.search()

    def close_bar(self) -> None:
        """Hide the bar and take the find marks away (claim marks stay)."""
        self.active = False
        self.hide()
        self.matches = []
        self.current = -1
        self._paint()
        view = self.item_view.panes["A"].text_browser
        if self.item_view.isVisible() and view.isEnabled():
            view.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- searching ------------------------------------------------------------------------

    def search(self, *, keep_position: bool = False) -> None:
        query = self.field.text() if self.active else ""
        previous = self.current
        self.matches = []
        self._hidden = False
        if query and self.item_view.item is not None:
            for side in SIDES:
                pane = self.item_view.panes[side]
                if not pane.isEnabled():
                    self._hidden = True
                    continue  # covered until the case file is written: reveal nothing
                room = MAX_MATCHES - len(self.matches)
                self.matches += find_matches(pane.text_browser, query, side, limit=room)
        if not self.matches:
            self.current = -1
        elif keep_position:
            self.current = min(max(previous, 0), len(self.matches) - 1)
        else:
            self.current = 0
        self._show_current()

    def find_next(self) -> None:
        self._step(1)

    def find_previous(self) -> None:
        self._step(-1)

    def _step(self, delta: int) -> None:
        if not self.active:
            self.open_bar()
            return
        if not self.matches:
            self.search()
            return
        self.current = (self.current + delta) % len(self.matches)
        self._show_current()

    def _on_documents_changed(self) -> None:
        if self.active:
            # Same item (a re-render): stay on the match; another item: start at the top.
            self.search(keep_position=not self._restart_at_top)
        self._restart_at_top = False

    def item_switched(self) -> None:
        """The window shows another item: the next re-search starts at its first match."""
        self._restart_at_top = True
        self._rerun.start()

    def _show_current(self) -> None:
        query = self.field.text() if self.active else ""
        self.count.setText(count_text(self.current, len(self.matches), query,
                                      hidden=self._hidden))
        self._paint()
        current = self.matches[self.current] if 0 <= self.current < len(self.matches) else None
        self._select(current)
        if current is not None:
            self._scroll_to(current)

    def _select(self, match: Match | None) -> None:
        """Select the current match in its response (Ctrl+M then makes it a claim,
        without the mouse); the other response keeps no stale selection."""
        for side in SIDES:
            view = self.item_view.panes[side].text_browser
            cursor = view.textCursor()
            if match is not None and side == match.side:
                cursor.setPosition(match.start)
                cursor.setPosition(match.end, QTextCursor.MoveMode.KeepAnchor)
            elif cursor.hasSelection():
                cursor.clearSelection()
            else:
                continue
            view.setTextCursor(cursor)

    def _paint(self) -> None:
        for side in SIDES:
            view = self.item_view.panes[side].text_browser
            selections = [_selection(view, m, current=i == self.current)
                          for i, m in enumerate(self.matches) if m.side == side]
            set_layer(view, FIND_LAYER, selections)

    def _scroll_to(self, match: Match) -> None:
        self.item_view.show_side(match.side)  # a narrow window shows one response at a time
        pane = self.item_view.panes[match.side]
        view = pane.text_browser
        cursor = QTextCursor(view.document())
        cursor.setPosition(match.start)
        rect = view.cursorRect(cursor)
        content = pane.scroll_area.widget()
        if content is None:
            return
        point = view.viewport().mapTo(content, rect.center())
        margin = max(40, pane.scroll_area.viewport().height() // 3)
        pane.scroll_area.ensureVisible(point.x(), point.y(), 40, margin)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.EnabledChange and watched is not self.field:
            self._rerun.start()  # a response pane covered or uncovered
            return False
        if watched is self.count and event.type() in (QEvent.Type.FontChange,
                                                      QEvent.Type.StyleChange):
            self._fit_widths()
            return False
        if watched is self.field and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                    self.find_previous()
                else:
                    self.find_next()
                return True
        return False


def install_find_bar(window: QMainWindow, item_view: ItemView) -> FindBar:
    """Put a find bar under the responses; F3 / Shift+F3 work anywhere in the window."""
    bar = FindBar(item_view)
    mark_aside(bar)  # searching the responses is not moving on from the rating field
    item_view.add_below_responses(bar)
    shortcuts(window, "find_next", bar.find_next)
    shortcuts(window, "find_previous", bar.find_previous)
    return bar
