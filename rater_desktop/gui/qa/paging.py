"""Rows of a long list model handed to Qt a part at a time (``canFetchMore``/``fetchMore``:
a view asks for more as it scrolls), shared by the QA window's lazy models, so a list of
thousands of items is never walked on the UI thread in one go (issue 22)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex

Index = QModelIndex | QPersistentModelIndex


class Paging:
    """How many of a model's ``total`` rows Qt knows (``loaded``), grown by ``per_fetch``."""

    def __init__(self, model: QAbstractItemModel, per_fetch: int) -> None:
        self._model = model
        self.per_fetch = per_fetch
        self.total = 0
        self.loaded = 0
        self.fetches = 0  # parts handed to Qt since the last reset (tests)

    def reset(self, total: int) -> None:
        """A new list of ``total`` rows (call between begin/endResetModel): one part known."""
        self.total = total
        self.loaded = min(self.per_fetch, total)
        self.fetches = 1 if total else 0

    def can_fetch_more(self, parent: Index) -> bool:
        return not parent.isValid() and self.loaded < self.total

    def fetch_more(self, parent: Index) -> None:
        if self.can_fetch_more(parent):
            self.load_to(self.loaded + self.per_fetch)

    def load_to(self, end: int) -> None:
        """Make rows up to ``end`` known to Qt (a row asked for by id, or tests)."""
        end = min(end, self.total)
        if end <= self.loaded:
            return
        self._model.beginInsertRows(QModelIndex(), self.loaded, end - 1)
        self.loaded = end
        self.fetches += 1
        self._model.endInsertRows()
