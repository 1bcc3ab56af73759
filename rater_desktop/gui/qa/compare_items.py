"""The items Compare offers in its selector, as a lazy list model: a batch of 2,000
judged items is handed over at once, but rows are made for Qt a part at a time
(``canFetchMore``/``fetchMore``: the popup asks for more as it scrolls), so filling the
selector never walks every item on the UI thread."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

ROWS_PER_FETCH = 200
Index = QModelIndex | QPersistentModelIndex


def item_label(item_id: str, kind: str) -> str:
    """What the selector shows for one item."""
    return f"{item_id}  \u00b7  {kind}"


class CompareItems(QAbstractListModel):
    """(item id, kind) rows; DisplayRole the label, UserRole the item id."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[tuple[str, str]] = []
        self._rows: dict[str, int] = {}
        self._loaded = 0
        self.fetches = 0  # parts handed to Qt since the last set_items (tests)

    def set_items(self, items: Iterable[tuple[str, str]]) -> None:
        """Replace every row; the first part is loaded, the rest when asked for."""
        self.beginResetModel()
        self._items = list(items)
        self._rows = {item_id: row for row, (item_id, _kind) in enumerate(self._items)}
        self._loaded = min(ROWS_PER_FETCH, len(self._items))
        self.fetches = 1 if self._items else 0
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
        if row >= self._loaded:
            self._load_to(row + 1)
        return row

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's
        return 0 if parent.isValid() else self._loaded

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < self._loaded:
            return None
        item_id, kind = self._items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item_label(item_id, kind)
        if role == Qt.ItemDataRole.UserRole:
            return item_id
        return None

    def canFetchMore(self, parent: Index) -> bool:  # noqa: N802 - Qt's name
        return not parent.isValid() and self._loaded < len(self._items)

    def fetchMore(self, parent: Index) -> None:  # noqa: N802 - Qt's name
        if self.canFetchMore(parent):
            self._load_to(self._loaded + ROWS_PER_FETCH)

    def _load_to(self, end: int) -> None:
        end = min(end, len(self._items))
        if end <= self._loaded:
            return
        self.beginInsertRows(QModelIndex(), self._loaded, end - 1)
        self._loaded = end
        self.fetches += 1
        self.endInsertRows()
