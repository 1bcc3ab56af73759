"""Ctrl+G, go to an item: type part of its id, Enter opens the best match (Down moves
into the list, Enter there opens the row), even when a status filter hides it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent

from rater_desktop.gui.item_list import ItemListPanel

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def best_match(ids: Sequence[str], text: str) -> str | None:
    """The id equal to ``text``, else the first starting with it, else the first holding it
    (case-insensitive); None for an empty text or no match."""
    wanted = text.strip().casefold()
    if not wanted:
        return None
    folded = [(item_id, item_id.casefold()) for item_id in ids]
    for test in (str.__eq__, str.startswith, str.__contains__):
        for item_id, name in folded:
            if test(name, wanted):
                return item_id
    return None


def show_item(items: ItemListPanel, item_id: str) -> bool:
    """Select ``item_id`` in the list (which opens it); a status filter that hides it is
    cleared first, and so is a search that does not match it."""
    if items.select_item(item_id):
        return True
    if items.proxy.search_text and items.proxy.search_text not in item_id.casefold():
        items.search.clear()
    if items.filter_combo.currentIndex() != 0 and not items.select_item(item_id):
        items.filter_combo.setCurrentIndex(0)  # "All items"
    return items.select_item(item_id)


class GoToKeys(QObject):
    """Enter/Down in the search field and Enter in the list; ``opened`` is called after."""

    def __init__(self, items: ItemListPanel, opened: Callable[[], None]) -> None:
        super().__init__(items)
        self.items = items
        self.opened = opened
        items.search.installEventFilter(self)
        items.view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        if watched is self.items.search:
            if key in ENTER_KEYS:
                return self.open_match()
            if key == Qt.Key.Key_Down and self.items.proxy.rowCount():
                self.items.view.setFocus()
                if not self.items.view.currentIndex().isValid():
                    self.items.step(1)
                return True
        elif watched is self.items.view and key in ENTER_KEYS:
            item_id = self.items.current_item_id()
            if item_id is not None:
                self.opened()
                return True
        return False

    def open_match(self) -> bool:
        match = best_match(self.items.model.item_ids(), self.items.search.text())
        if match is None:
            return False
        if show_item(self.items, match):
            self.opened()
        return True
