"""The items Compare offers in its selector, as a lazy list model: a batch of 2,000
judged items is handed over at once, but rows are made for Qt a part at a time
(``canFetchMore``/``fetchMore``: the popup asks for more as it scrolls), so filling the
selector never walks every item on the UI thread."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, Qt
from PySide6.QtWidgets import QComboBox, QListView

from rater_desktop.gui.qa.paging import Index, Paging

ROWS_PER_FETCH = 200


def item_label(item_id: str, kind: str) -> str:
    """What the selector shows for one item."""
    return f"{item_id}  \u00b7  {kind}"


class CompareItems(QAbstractListModel):
    """(item id, kind) rows; DisplayRole the label, UserRole the item id. Made with its
    combo box as parent, it gives the combo's popup one row height for every row."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        view = parent.view() if isinstance(parent, QComboBox) else None
        if isinstance(view, QListView):
            # Else the popup measures every loaded row through Python data(): 90-160 ms
            # to open with 2,000 loaded (after Previous from the first item); 30-40 now.
            view.setUniformItemSizes(True)
        self._items: list[tuple[str, str]] = []
        self._rows: dict[str, int] = {}
        self.paging = Paging(self, ROWS_PER_FETCH)

    @property
    def fetches(self) -> int:
        """Parts handed to Qt since the last ``set_items`` (tests)."""
        return self.paging.fetches

    def set_items(self, items: Iterable[tuple[str, str]]) -> None:
        """Replace every row; the first part is loaded, the rest when asked for."""
        self.beginResetModel()
        self._items = list(items)
        self._rows = {item_id: row for row, (item_id, _kind) in enumerate(self._items)}
        self.paging.reset(len(self._items))
        self.endResetModel()

    @property
    def total(self) -> int:
        """Every item, loaded or not."""
        return len(self._items)

    def item_at(self, row: int) -> str | None:
        return self._items[row][0] if 0 <= row < len(self._items) else None

    def row_of(self, item_id: str | None) -> int:
        """The row of ``item_id`` (loaded now if it was not yet), -1 when absent."""
        row = self._rows.get(item_id, -1) if item_id is not None else -1
        if row >= self.paging.loaded:
            self.paging.load_to(row + 1)
        return row

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's
        return 0 if parent.isValid() else self.paging.loaded

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < self.paging.loaded:
            return None
        item_id, kind = self._items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item_label(item_id, kind)
        if role == Qt.ItemDataRole.UserRole:
            return item_id
        return None

    def canFetchMore(self, parent: Index) -> bool:  # noqa: N802 - Qt's name
        return self.paging.can_fetch_more(parent)

    def fetchMore(self, parent: Index) -> None:  # noqa: N802 - Qt's name
        self.paging.fetch_more(parent)
