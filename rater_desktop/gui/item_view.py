"""The central area: sticky prompt header above Response A and B side by side.

In a narrow window (``set_tabbed``) the two responses show one at a time under a tab pair;
the panes stay where they are, only hidden, so scroll positions and selections survive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QPushButton,
    QScrollBar,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Item
from rater_desktop.build_steps import Steps
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.prompt_header import PromptHeader
from rater_desktop.gui.response_pane import ResponsePane
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.keymap import key_text
from rater_desktop.viewed_sides import SIDES, sides_on_screen

DisplayOrder = tuple[int, int]
NO_BATCH_TITLE = "No batch open"
NO_ITEM_TEXT = "Open an item to rate it."  # every empty rating panel says this one text
NO_BATCH_HINT = "Open a batch (.zip file or folder), or drop it onto this window."


class ItemPage(Protocol):
    """A protocol's own central page (one recorded run, say) shown instead of Response A
    and B: a widget with ``show_item``."""

    def show_item(self, item: Item | None) -> None: ...


def check_display_order(display_order: DisplayOrder) -> DisplayOrder:
    if sorted(display_order) != [0, 1]:
        raise ValueError(f"display order must be (0, 1) or (1, 0), got {display_order!r}")
    return display_order


class ItemView(QStackedWidget):
    """Shows one item; the display order maps "Response A"/"B" to the file's responses."""

    frameRequested = Signal(int, int, str)  # true response index, frame index, side label
    openBatchRequested = Signal()
    sidesShown = Signal()  # the responses on screen changed (tabs came or went, F6)

    def __init__(self, *, loader: ImageLoader, link_handler: LinkHandler,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("itemView")
        self.item: Item | None = None
        self.display_order: DisplayOrder = (0, 1)
        self._sync_scroll = False
        self._syncing = False
        self._empty_page = self._empty_state()
        self.addWidget(self._empty_page)
        self._loader = loader
        self._link_handler = link_handler
        self._show_kind = False
        self._built: tuple[PromptHeader, QSplitter, dict[str, ResponsePane], QVBoxLayout] | None
        self._built = None
        self.build_steps = Steps(self._build_responses)  # Compare: a part per turn
        self._when_built: list[Callable[[], None]] = []
        self._tabbed = False  # wanted even before the response page exists
        self._splitter_state: QByteArray | None = None
        self._side_tabs: QTabBar | None = None
        self._item_page: QWidget | None = None

    # The response page (prompt header, Response A and B: ~40 ms CPU, most of the window's
    # build) is made on first use, which the start-up puts right after the first paint.

    @property
    def prompt_header(self) -> PromptHeader:
        return self._responses()[0]

    @property
    def splitter(self) -> QSplitter:
        return self._responses()[1]

    @property
    def panes(self) -> dict[str, ResponsePane]:
        return self._responses()[2]

    @property
    def side_tabs(self) -> QTabBar:
        self._responses()
        assert self._side_tabs is not None
        return self._side_tabs

    @property
    def responses_built(self) -> bool:
        return self._built is not None

    def when_responses_built(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the response page exists (now, if it does)."""
        if self._built is not None:
            then()
        else:
            self._when_built.append(then)

    def restore_splitter(self, state: object) -> None:
        """Give Response A and B the saved widths (once they exist)."""
        self.when_responses_built(lambda: self.splitter.restoreState(state))  # type: ignore[arg-type]

    def set_show_kind(self, show: bool) -> None:
        """Show the item's kind in the prompt header (QA mode only)."""
        self._show_kind = show
        if self._built is not None:
            self._built[0].show_kind = show

    def _responses(self) -> tuple[PromptHeader, QSplitter, dict[str, ResponsePane], QVBoxLayout]:
        if self._built is None:  # the parts not built yet (all, in the rater window)
            self.build_steps.finish()
        assert self._built is not None
        return self._built

    def _build_responses(self) -> Iterator[None]:
        """The prompt header, Response A, Response B: three parts (``build_steps``)."""
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        header = PromptHeader(link_handler=self._link_handler)
        header.show_kind = self._show_kind
        column.addWidget(header)
        self._side_tabs = self._build_side_tabs()
        column.addWidget(self._side_tabs)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("responseSplitter")
        splitter.setChildrenCollapsible(False)
        splitter.setHandleWidth(6)
        column.addWidget(splitter, 1)
        self.addWidget(page)  # behind the page on screen until an item shows
        panes: dict[str, ResponsePane] = {}
        for side in SIDES:
            yield
            pane = ResponsePane(side, loader=self._loader, link_handler=self._link_handler)
            pane.frameActivated.connect(lambda t, f, s=side: self.frameRequested.emit(t, f, s))
            pane.scroll_area.verticalScrollBar().valueChanged.connect(
                lambda _v, s=side: self._on_scrolled(s))
            splitter.addWidget(pane)
            panes[side] = pane
        splitter.setSizes([1, 1])
        self._built = header, splitter, panes, column
        if self._tabbed:  # asked for while the page did not exist yet
            self._show_tabbed()
        hooks, self._when_built = self._when_built, []
        for hook in hooks:
            hook()

    def _build_side_tabs(self) -> QTabBar:
        tabs = QTabBar()
        tabs.setObjectName("responseSideTabs")
        tabs.setAccessibleName("Response shown")
        tabs.setDrawBase(False)
        tabs.setExpanding(False)
        for side in SIDES:
            tabs.addTab(f"Response {side}")
            tabs.setTabToolTip(tabs.count() - 1, f"Show Response {side} ({key_text('switch_response')} "
                               "switches)")
        tabs.currentChanged.connect(self._show_side)
        tabs.hide()
        return tabs

    @property
    def tabbed(self) -> bool:
        """True while Response A and B show one at a time."""
        return self._tabbed

    def set_tabbed(self, tabbed: bool) -> None:
        """One response at a time under a tab pair (narrow window), or both side by side."""
        if tabbed == self._tabbed:
            return
        self._tabbed = tabbed
        if self._built is None:
            return  # applied when the response page is built
        if tabbed:
            self._show_tabbed()
            return
        self.side_tabs.hide()
        for pane in self.panes.values():
            pane.show()
        if self._splitter_state is not None:
            self.splitter.restoreState(self._splitter_state)
        self.sidesShown.emit()

    def sides_on_screen(self) -> frozenset[str]:
        """The responses shown now: both side by side, the current tab while tabbed."""
        index = self._side_tabs.currentIndex() if self._side_tabs is not None else 0
        return sides_on_screen(tabbed=self._tabbed, current=SIDES[max(index, 0)])

    def _show_tabbed(self) -> None:
        self._splitter_state = self.splitter.saveState()
        focused = self._side_with_focus()
        if focused is not None:
            self.side_tabs.setCurrentIndex(SIDES.index(focused))
        self.side_tabs.show()
        self._show_side(self.side_tabs.currentIndex())

    def show_side(self, side: str) -> None:
        """Bring ``side`` into view (a no-op while both show)."""
        self.side_tabs.setCurrentIndex(SIDES.index(side))

    def switch_side(self) -> None:
        """Show the other response (F6) while they show one at a time."""
        if self._tabbed:
            self.side_tabs.setCurrentIndex(1 - self.side_tabs.currentIndex())

    def _side_with_focus(self) -> str | None:
        focus = QApplication.focusWidget()
        if self._built is None or focus is None:
            return None
        for side, pane in self.panes.items():
            if focus is pane or pane.isAncestorOf(focus):
                return side
        return None

    def _show_side(self, index: int) -> None:
        if not self._tabbed or index < 0 or self._built is None:
            return
        had_focus = self._side_with_focus() is not None
        shown = self.panes[SIDES[index]]
        shown.show()
        for pane in self.panes.values():
            if pane is not shown:
                pane.hide()
        if had_focus:
            shown.scroll_area.setFocus(Qt.FocusReason.OtherFocusReason)
        self.sidesShown.emit()

    def _empty_state(self) -> QWidget:
        page = QWidget()
        page.setObjectName("emptyState")
        column = QVBoxLayout(page)
        column.addStretch(2)
        title = QLabel(NO_BATCH_TITLE)
        title.setObjectName("emptyTitle")
        title.setProperty("role", "emptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint = QLabel(NO_BATCH_HINT)
        hint.setObjectName("emptyHint")
        hint.setProperty("role", "muted")
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        button = QPushButton("Open batch\u2026")
        button.setObjectName("emptyOpenButton")
        button.setAccessibleName("Open batch")
        button.setProperty("accent", True)
        button.clicked.connect(self.openBatchRequested)
        column.addWidget(title)
        column.addWidget(hint)
        column.addSpacing(12)
        column.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(3)
        self._empty_parts = (title, hint, button)
        return page

    def show_opening(self, name: str | None) -> None:
        """Say that batch ``name`` is opening (at start, before its first item shows)
        instead of "No batch open"; None brings the usual empty state back."""
        title, hint, button = self._empty_parts
        title.setText(f"Opening {name}\u2026" if name else NO_BATCH_TITLE)
        hint.setText(NO_BATCH_HINT)
        hint.setVisible(not name)
        button.setVisible(not name)

    def show_no_batch(self) -> None:
        """The batch was closed: "No batch open", with the keyboard on "Open batch…"."""
        self.show_opening(None)
        self.setCurrentWidget(self._empty_page)
        self._empty_parts[2].setFocus(Qt.FocusReason.OtherFocusReason)

    def show_unreadable(self, item_id: str) -> None:
        """The open batch's item ``item_id`` cannot be shown (its message said why): say
        so where it would be, not "No batch open"; the rater goes on to another item."""
        self.item = None
        title, hint, button = self._empty_parts
        title.setText(f"Item {item_id} cannot be shown")
        hint.setText("Choose another item in the list, or press "
                     f"{key_text('next_item').split(' or ')[0]} for the next one.")
        hint.setVisible(True)
        button.setVisible(False)
        self.setCurrentWidget(self._empty_page)

    def set_item_page(self, page: QWidget | None) -> None:
        """Show items on a protocol's own ``page`` (an ``ItemPage``) from now on; None: on
        Response A and B again (another protocol's batch opened)."""
        if page is self._item_page:
            return
        if page is not None and self.indexOf(page) < 0:
            self.addWidget(page)
        self._item_page = page
        if self.currentIndex() != 0:
            self.setCurrentIndex(0)  # the next show_item puts the right page up

    @property
    def item_page(self) -> QWidget | None:
        return self._item_page

    def show_item(self, item: Item | None, *, display_order: DisplayOrder = (0, 1)) -> None:
        """Show ``item`` with ``display_order[0]`` as Response A and ``[1]`` as Response B
        (or on the protocol's own page, ``set_item_page``)."""
        another = item is not None and (self.item is None or self.item.id != item.id)
        self.item = item
        self.display_order = check_display_order(display_order)
        if self._item_page is not None:
            self._item_page.show_item(item)  # type: ignore[attr-defined]
            self.setCurrentWidget(self._item_page if item is not None else self._empty_page)
            return
        self.prompt_header.show_item(item)
        for side, true_index in zip(SIDES, self.display_order, strict=True):
            # A run audit item has one run: shown here (before its page is set) as A only.
            response = (item.responses[true_index] if item is not None
                        and true_index < len(item.responses) else None)
            self.panes[side].show_response(response, true_index=true_index)
        if another and self._tabbed and self._side_tabs is not None:
            # Taking turns, every item starts on Response A, as side by side it is read
            # from the left: the side left open on the last item must not lead the next.
            self._side_tabs.setCurrentIndex(0)
        # The response page is not always index 1: a protocol's page may come first.
        page = self.prompt_header.parentWidget()
        self.setCurrentWidget(page if item is not None and page is not None else self._empty_page)

    def follow_order(self, display_order: DisplayOrder) -> bool:
        """Show the current item again if the record's ``display_order`` is not the one on
        screen (an item shown before the rater was known, at start); True if it was."""
        if self.item is None or check_display_order(display_order) == self.display_order:
            return False
        self.show_item(self.item, display_order=display_order)
        return True

    def add_below_responses(self, widget: QWidget) -> None:
        """Add a bar (e.g. find in responses) under Response A and B (once they exist)."""
        self.when_responses_built(lambda: self._responses()[3].addWidget(widget))

    def pane_for_true_index(self, true_index: int) -> ResponsePane:
        side = SIDES[self.display_order.index(true_index)]
        return self.panes[side]

    @property
    def sync_scroll(self) -> bool:
        return self._sync_scroll

    def set_sync_scroll(self, enabled: bool) -> None:
        self._sync_scroll = enabled
        if enabled:
            self._on_scrolled("A")

    def _on_scrolled(self, side: str) -> None:
        if not self._sync_scroll or self._syncing:
            return
        source = self.panes[side].scroll_area.verticalScrollBar()
        other = self.panes["B" if side == "A" else "A"].scroll_area.verticalScrollBar()
        self._syncing = True
        try:
            other.setValue(proportional_value(source, other))
        finally:
            self._syncing = False


def proportional_value(source: QScrollBar, target: QScrollBar) -> int:
    """The target position at the same fraction of its range as the source."""
    span = source.maximum() - source.minimum()
    fraction = (source.value() - source.minimum()) / span if span > 0 else 0.0
    return target.minimum() + round(fraction * (target.maximum() - target.minimum()))
