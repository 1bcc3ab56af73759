"""The central area: sticky prompt header above Response A and B side by side.

In a narrow window (``set_tabbed``) the two responses show one at a time under a tab pair;
the panes stay where they are, only hidden, so scroll positions and selections survive.
"""

from __future__ import annotations

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
from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.prompt_header import PromptHeader
from rater_desktop.gui.response_pane import ResponsePane
from rater_desktop.gui.safe_browser import LinkHandler

DisplayOrder = tuple[int, int]
SIDES = ("A", "B")


def check_display_order(display_order: DisplayOrder) -> DisplayOrder:
    if sorted(display_order) != [0, 1]:
        raise ValueError(f"display order must be (0, 1) or (1, 0), got {display_order!r}")
    return display_order


class ItemView(QStackedWidget):
    """Shows one item; the display order maps "Response A"/"B" to the file's responses."""

    frameRequested = Signal(int, int, str)  # true response index, frame index, side label
    openBatchRequested = Signal()

    def __init__(self, *, loader: ImageLoader, link_handler: LinkHandler,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("itemView")
        self.item: Item | None = None
        self.display_order: DisplayOrder = (0, 1)
        self._sync_scroll = False
        self._syncing = False
        self.addWidget(self._empty_state())
        page = QWidget()
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.prompt_header = PromptHeader(link_handler=link_handler)
        column.addWidget(self.prompt_header)
        column.addWidget(self._build_side_tabs())
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("responseSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(6)
        self.panes: dict[str, ResponsePane] = {}
        for side in SIDES:
            pane = ResponsePane(side, loader=loader, link_handler=link_handler)
            pane.frameActivated.connect(lambda t, f, s=side: self.frameRequested.emit(t, f, s))
            pane.scroll_area.verticalScrollBar().valueChanged.connect(
                lambda _v, s=side: self._on_scrolled(s))
            self.splitter.addWidget(pane)
            self.panes[side] = pane
        self.splitter.setSizes([1, 1])
        column.addWidget(self.splitter, 1)
        self._response_column = column
        self.addWidget(page)

    def _build_side_tabs(self) -> QTabBar:
        self._tabbed = False
        self._splitter_state: QByteArray | None = None
        tabs = QTabBar()
        tabs.setObjectName("responseSideTabs")
        tabs.setAccessibleName("Response shown")
        tabs.setDrawBase(False)
        tabs.setExpanding(False)
        for side in SIDES:
            tabs.addTab(f"Response {side}")
            tabs.setTabToolTip(tabs.count() - 1, f"Show Response {side} (F6 switches)")
        tabs.currentChanged.connect(self._show_side)
        tabs.hide()
        self.side_tabs = tabs
        return tabs

    @property
    def tabbed(self) -> bool:
        """True while Response A and B show one at a time."""
        return self._tabbed

    def set_tabbed(self, tabbed: bool) -> None:
        """One response at a time under a tab pair (narrow window), or both side by side."""
        if tabbed == self._tabbed:
            return
        if tabbed:
            self._splitter_state = self.splitter.saveState()
            focused = self._side_with_focus()
            self._tabbed = True
            if focused is not None:
                self.side_tabs.setCurrentIndex(SIDES.index(focused))
            self.side_tabs.show()
            self._show_side(self.side_tabs.currentIndex())
            return
        self._tabbed = False
        self.side_tabs.hide()
        for pane in self.panes.values():
            pane.show()
        if self._splitter_state is not None:
            self.splitter.restoreState(self._splitter_state)

    def show_side(self, side: str) -> None:
        """Bring ``side`` into view (a no-op while both show)."""
        self.side_tabs.setCurrentIndex(SIDES.index(side))

    def switch_side(self) -> None:
        """Show the other response (F6) while they show one at a time."""
        if self._tabbed:
            self.side_tabs.setCurrentIndex(1 - self.side_tabs.currentIndex())

    def _side_with_focus(self) -> str | None:
        focus = QApplication.focusWidget()
        for side, pane in self.panes.items():
            if focus is not None and (focus is pane or pane.isAncestorOf(focus)):
                return side
        return None

    def _show_side(self, index: int) -> None:
        if not self._tabbed or index < 0:
            return
        had_focus = self._side_with_focus() is not None
        shown = self.panes[SIDES[index]]
        shown.show()
        for pane in self.panes.values():
            if pane is not shown:
                pane.hide()
        if had_focus:
            shown.scroll_area.setFocus(Qt.FocusReason.OtherFocusReason)

    def _empty_state(self) -> QWidget:
        page = QWidget()
        page.setObjectName("emptyState")
        column = QVBoxLayout(page)
        column.addStretch(2)
        title = QLabel("No batch open")
        title.setProperty("role", "emptyTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint = QLabel("Open a batch (.zip file or folder), or drop it onto this window.")
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
        return page

    def show_item(self, item: Item | None, *, display_order: DisplayOrder = (0, 1)) -> None:
        """Show ``item`` with ``display_order[0]`` as Response A and ``[1]`` as Response B."""
        self.item = item
        self.display_order = check_display_order(display_order)
        self.prompt_header.show_item(item)
        for side, true_index in zip(SIDES, self.display_order, strict=True):
            response = item.responses[true_index] if item is not None else None
            self.panes[side].show_response(response, true_index=true_index)
        self.setCurrentIndex(1 if item is not None else 0)

    def add_below_responses(self, widget: QWidget) -> None:
        """Add a bar (e.g. find in responses) under Response A and B."""
        self._response_column.addWidget(widget)

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
