"""The practice pass: the first time a rater opens a batch, a short guided tour over the
open item (what each step asks, where rule IDs show, the keys). Skippable, shown once
per profile (``first_run.practice_seen``), and again from Help > Practice tour.

The tour is a card inside the main window next to a highlight frame around the part it
explains; it never edits the rating, so the item is rated as usual afterwards. Its cards
are the open batch's protocol's (``WindowProtocol.tour``: ``guideline/tour``,
``preference/tour``, ``run_audit/tour``; their width and wording: ``rater_desktop.tour``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.first_run import mark_practice_seen, practice_seen
from rater_desktop.gui import protocols as window_protocols
from rater_desktop.gui.compact_layout import bring_forward
from rater_desktop.gui.keys import matches
from rater_desktop.gui.steps.aside import mark_aside
from rater_desktop.gui.theme import current_theme, fitted_stylesheet
from rater_desktop.guideline.tour import CARDS  # the tour without a batch
from rater_desktop.tour import Card, card_rich_text, card_text, card_width

__all__ = ["ACTION_NAME", "CARDS", "Card", "PracticeController", "PracticeTour",
           "focus_current_step", "install_practice", "place_card", "tour_cards"]

ACTION_NAME = "actionPracticeTour"
WAIT_MS = 300


def tour_cards(batch: Any) -> tuple[Card, ...]:
    """The practice tour of ``batch``'s protocol (no batch, or a protocol with no tour of
    its own: the guideline's)."""
    try:
        cards = window_protocols.of_batch(batch).tour
    except window_protocols.ProtocolError:
        cards = ()
    return tuple(cards) or CARDS


class PracticeTour(QFrame):
    """The card and its highlight; Enter or Right = next, Left = back, Esc = skip."""

    def __init__(self, window: QMainWindow, *, on_end: Callable[[bool], None],
                 cards: tuple[Card, ...] = CARDS) -> None:
        super().__init__(window)
        self.setObjectName("practiceCard")
        mark_aside(self)  # reading the tour is not leaving the field under the cursor
        self.setAccessibleName("Practice tour")
        self._window = window
        self._cards = cards
        self._on_end = on_end
        self.index = 0
        self.highlight = QFrame(window)
        self.highlight.setObjectName("practiceHighlight")
        self.highlight.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self._build()
        self._apply_style()
        window.installEventFilter(self)

    def _build(self) -> None:
        column = self._column = QVBoxLayout(self)
        column.setContentsMargins(14, 12, 14, 12)
        self.counter = QLabel("")
        self.counter.setObjectName("practiceCounter")
        self.title = QLabel("")
        self.title.setObjectName("practiceTitle")
        self.title.setWordWrap(True)
        self.text = QLabel("")
        self.text.setObjectName("practiceText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.counter, self.title, self.text):
            column.addWidget(label)
        row = QHBoxLayout()
        self.skip_button = self._button("practiceSkip", "Skip tour", self.skip)
        self.back_button = self._button("practiceBack", "\u2190 Back", self.back)
        self.next_button = self._button("practiceNext", "Next \u2192", self.advance)
        row.addWidget(self.skip_button)
        row.addStretch(1)
        row.addWidget(self.back_button)
        row.addWidget(self.next_button)
        column.addLayout(row)

    def _button(self, object_name: str, text: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(object_name)
        button.setAccessibleName(text.strip("\u2190\u2192 "))
        button.clicked.connect(slot)
        button.installEventFilter(self)  # its arrow keys move the tour, not the focus
        return button

    def _apply_style(self) -> None:
        dark = current_theme() == "dark"
        card, line, accent = ("#25282f", "#4f7fe0", "#4f7fe0") if dark else (
            "#ffffff", "#3b6fd4", "#3b6fd4")
        self.setStyleSheet(fitted_stylesheet(
            f"#practiceCard {{ background: {card}; border: 2px solid {line}; "
            "border-radius: 8px; }\n#practiceTitle { font-weight: 700; font-size: 11pt; }"))
        self.highlight.setStyleSheet(
            f"#practiceHighlight {{ border: 3px solid {accent}; border-radius: 6px; "
            "background: transparent; }")

    # ------------------------------------------------------------------ showing

    def start(self) -> None:
        self.index = 0
        self._show_card()

    def _target(self) -> QWidget | None:
        name = self._cards[self.index].target
        if not name:
            return None
        found = self._window.findChild(QWidget, name)
        return found if found is not None and found.isVisible() else None

    def _responses_tabbed(self) -> bool:
        item_view = getattr(self._window, "item_view", None)
        return bool(getattr(item_view, "tabbed", False))

    def _show_card(self) -> None:
        card = self._cards[self.index]
        last = self.index == len(self._cards) - 1
        self.counter.setText(f"Practice \u00b7 {self.index + 1} of {len(self._cards)}")
        self.title.setText(card.title)
        rich = card_rich_text(card)
        self.text.setTextFormat(Qt.TextFormat.RichText if rich is not None
                                else Qt.TextFormat.PlainText)
        self.text.setText(card_text(card, tabbed=self._responses_tabbed()) if rich is None
                          else rich)
        self.back_button.setEnabled(self.index > 0)
        self.next_button.setText("Start rating" if last else "Next \u2192")
        self.next_button.setAccessibleName("Start rating" if last else "Next")
        self._place()
        self.show()
        self.raise_()
        self.next_button.setFocus()

    def _fit(self) -> None:
        """Width from the card's font and the window; height from its wrapped text."""
        self.ensurePolished()  # the theme's font, not the one before it is styled
        self._column.activate()
        least = self._column.minimumSize().width()
        card = self._cards[self.index]
        if card.rows:  # the keys: each row on one line when the window has the room
            probe = QLabel(card_rich_text(replace(card, closing="")))
            probe.setFont(self.text.font())
            margins = self._column.contentsMargins()
            least = max(least, probe.sizeHint().width() + margins.left() + margins.right()
                        + 2 * self.frameWidth())
        width = card_width(char_width=self.fontMetrics().averageCharWidth(), least=least,
                           area_width=self._window.width())
        self.setFixedWidth(width)
        self.resize(width, self._column.totalHeightForWidth(width))

    def _place(self) -> None:
        self._fit()
        target = self._target()
        area = self._window.rect()
        if target is None:
            self.highlight.hide()
            self.move(area.center() - QPoint(self.width() // 2, self.height() // 2))
            return
        if target.property("practiceWatched") is not True:
            # The part shown may still change size (the item loads, the layout settles):
            # the frame follows it instead of marking where it used to be.
            target.setProperty("practiceWatched", True)
            target.installEventFilter(self)
        bring_forward(target)  # compact window: its dock may be a tab behind another
        box = QRect(target.mapTo(self._window, QPoint(0, 0)), target.size())
        self.highlight.setGeometry(box.adjusted(-3, -3, 3, 3))
        self.highlight.show()
        self.highlight.raise_()
        self.move(*place_card(card=(self.width(), self.height()),
                              target=(box.x(), box.y(), box.width(), box.height()),
                              area=(area.width(), area.height())))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(watched, QPushButton) and event.type() == QEvent.Type.KeyPress:
            return self._button_key(event)  # type: ignore[arg-type]
        moved = event.type() in (QEvent.Type.Resize, QEvent.Type.Move)
        if moved and self.isVisible() and (watched is self._window or watched is self._target()):
            QTimer.singleShot(0, self._place)
        return False

    # ------------------------------------------------------------------ moving

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if matches(event, "practice_next") or event.key() == Qt.Key.Key_Enter:
            self.advance()  # Enter on the keypad as Return
        elif matches(event, "practice_back"):
            self.back()
        elif matches(event, "practice_skip"):
            self.skip()
        else:
            super().keyPressEvent(event)

    def _button_key(self, event: QKeyEvent) -> bool:
        """Left/Right at a focused card button turn the card: a button would otherwise
        take them to move the focus on, out of the card (to the item list's filter)."""
        # Enter needs no help: on a button it clicks Next (or Back) already.
        if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
                matches(event, "practice_next", "practice_back")):
            self.keyPressEvent(event)
            return True
        return False

    def advance(self) -> None:
        if self.index + 1 < len(self._cards):
            self.index += 1
            self._show_card()
        else:
            self._end(finished=True)

    def back(self) -> None:
        if self.index > 0:
            self.index -= 1
            self._show_card()

    def skip(self) -> None:
        self._end(finished=False)

    def _end(self, *, finished: bool) -> None:
        self._window.removeEventFilter(self)
        # The focus goes to the work first: hiding the focused card would send it on to
        # the next widget in the chain (the item list's filter) on the way.
        self._on_end(finished)
        self.highlight.hide()
        self.hide()
        self.highlight.deleteLater()
        self.deleteLater()


def place_card(*, card: tuple[int, int], target: tuple[int, int, int, int],
               area: tuple[int, int]) -> tuple[int, int]:
    """Top-left of the card: beside the target, else below or above it, kept in ``area``."""
    width, height = card
    x, y, w, h = target
    gap = 12
    if x + w + gap + width <= area[0]:
        left, top = x + w + gap, y
    elif x - gap - width >= 0:
        left, top = x - gap - width, y
    elif y + h + gap + height <= area[1]:
        left, top = x, y + h + gap
    elif y - gap - height >= 0:
        left, top = x, y - gap - height
    else:  # a target as large as the window: over it, near its top
        left, top = x + max(0, (w - width) // 2), y + gap
    return (max(0, min(left, area[0] - width)), max(0, min(top, area[1] - height)))


class PracticeController(QObject):
    """Starts the tour on the first open item of a profile that has not seen it."""

    def __init__(self, window: QMainWindow, *, data_dir: Path, rater_id: str,
                 focus_work: Callable[[], None]) -> None:
        super().__init__(window)
        self.setObjectName("practiceController")
        self._window = window
        self._data_dir = data_dir
        self._rater_id = rater_id
        self._focus_work = focus_work
        self.tour: PracticeTour | None = None
        # Read once: item switches must not read a file on the UI thread every time.
        self._seen = practice_seen(data_dir=data_dir, rater_id=rater_id)
        self.action = QAction("&Practice tour", window)
        self.action.setObjectName(ACTION_NAME)
        self.action.setStatusTip("A short guided pass over the open item")
        self.action.triggered.connect(self.start)
        help_menu = window.findChild(QMenu, "menuHelp")
        if help_menu is not None:
            actions = help_menu.actions()
            if actions:
                help_menu.insertAction(actions[0], self.action)
            else:
                help_menu.addAction(self.action)

    def item_opened(self, item_id: str) -> None:
        if item_id and self.tour is None and not self._seen:
            QTimer.singleShot(0, self, self._start_when_free)  # after the item and instructions

    def _start_when_free(self) -> None:
        """Wait while a dialog (the batch instructions, a question) is in front."""
        if QApplication.activeModalWidget() is not None:
            QTimer.singleShot(WAIT_MS, self, self._start_when_free)  # dies with the controller
            return
        self.start()

    def start(self) -> None:
        if self.tour is not None:
            return
        item = getattr(self._window, "item", None)
        if item is None:
            bar = self._window.statusBar()
            bar.showMessage("Open a batch first: the tour walks through its open item.", 5000)
            return
        self.tour = PracticeTour(self._window, on_end=self._ended,
                                 cards=tour_cards(getattr(self._window, "batch", None)))
        self.tour.start()

    def _ended(self, _finished: bool) -> None:
        self.tour = None
        self._seen = True
        try:
            mark_practice_seen(data_dir=self._data_dir, rater_id=self._rater_id)
        except OSError:
            pass  # shown again next time: better than an error about a tour
        self._focus_work()


def install_practice(window: Any, *, data_dir: Path, rater_id: str,
                     focus_work: Callable[[], None]) -> PracticeController:
    controller = PracticeController(window, data_dir=data_dir, rater_id=rater_id,
                                    focus_work=focus_work)
    window.currentItemChanged.connect(controller.item_opened)
    if getattr(window, "item", None) is not None:
        controller.item_opened(window.item.id)
        if controller.tour is None and practice_seen(data_dir=data_dir, rater_id=rater_id):
            # A returning rater starts where the work is (a new one after the tour).
            QTimer.singleShot(0, window, focus_work)
    return controller


def focus_current_step(panel: Any) -> None:
    """After the tour: the cursor goes where the work starts (Main goal on a new item)."""
    service = panel.service
    if service is None or service.current_item_id is None:
        return
    page = panel.page(service.rating.current_step)
    first = getattr(page, "main_goal", None)
    if not isinstance(first, QWidget) or not first.isEnabled():
        first = next((w for w in page.findChildren(QWidget)
                      if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isEnabled()
                      and w.isVisibleTo(page)), None)
    if first is not None:
        first.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(first, QPlainTextEdit):  # go on typing after what is written
            first.moveCursor(QTextCursor.MoveOperation.End)
        elif isinstance(first, QLineEdit):
            first.end(False)
