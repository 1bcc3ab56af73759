"""The disagreements list as a lazy table model: a filtered, sorted list of thousands of
items is handed over at once, rows are made known to Qt a part at a time (``fetchMore``:
the view asks for more as it scrolls) and a cell's text is made when Qt asks for it, so
neither a filter nor a new state walks every item on the UI thread (issue 22)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt

from rater_desktop.gui.qa.paging import Index, Paging
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.disagreement_cells import (
    COLUMNS,
    DECISION_COLUMN,
    ITEM_COLUMN,
    NUMBER_COLUMNS,
    RATERS_COLUMN,
    WHERE_COLUMN,
    fixed_cells,
    widest,
)
from rater_desktop.qa_review.review_state import JudgedItem, where_text

# Rows handed to Qt per fetchMore; the columns are sized on as many rows.
ROWS_PER_FETCH = 100
# Roles as plain ints: data() is called for every role of every cell painted.
DISPLAY, TOOLTIP, ALIGNMENT = (int(r.value) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole))
RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
TIPS = (RATERS_COLUMN, WHERE_COLUMN)  # cells that may be elided: the whole text as a tip


class DisagreementRows(QAbstractTableModel):
    """One row per shown item (``set_rows``); cells made on demand and kept."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._shown: list[ItemDisagreement] = []
        self._row_of: dict[str, int] = {}
        self._kinds: Mapping[str, str] = {}
        self._judged: Mapping[str, JudgedItem] = {}
        self._unsure: Mapping[str, Mapping[str, str]] = {}
        self._decisions: dict[str, str] = {}
        self._where: dict[int, str] = {}
        self._cells: dict[int, tuple[str, ...]] = {}
        self.paging = Paging(self, ROWS_PER_FETCH)

    @property
    def fetches(self) -> int:
        """Parts handed to Qt since the last ``set_rows`` (tests)."""
        return self.paging.fetches

    def set_context(self, kinds: Mapping[str, str], judged: Mapping[str, JudgedItem],
                    unsure: Mapping[str, Mapping[str, str]],
                    decisions: Mapping[str, str]) -> None:
        """What the cells are made from (the rows follow with ``set_rows``)."""
        self._kinds, self._judged, self._unsure = kinds, judged, unsure
        self._decisions = dict(decisions)

    def set_rows(self, shown: Sequence[ItemDisagreement]) -> None:
        """Replace every row; the first part is loaded, the rest when asked for."""
        self.beginResetModel()
        self._shown = list(shown)
        self._row_of = {d.item_id: row for row, d in enumerate(self._shown)}
        self._where, self._cells = {}, {}
        self.paging.reset(len(self._shown))
        self.endResetModel()

    @property
    def total(self) -> int:
        """Every shown item, loaded or not."""
        return len(self._shown)

    def item_at(self, row: int) -> str | None:
        return self._shown[row].item_id if 0 <= row < self.paging.loaded else None

    def set_decision(self, item_id: str, label: str) -> None:
        self._decisions[item_id] = label
        row = self._row_of.get(item_id, -1)
        if 0 <= row < self.paging.loaded:
            cell = self.index(row, DECISION_COLUMN)
            self.dataChanged.emit(cell, cell)

    def text(self, row: int, column: int) -> str:
        """The text of a cell (of any shown row, loaded or not), made once and kept."""
        d = self._shown[row]
        if column == DECISION_COLUMN:
            return self._decisions.get(d.item_id, "")
        if column == WHERE_COLUMN:
            if row not in self._where:
                self._where[row] = where_text(d, self._judged.get(d.item_id),
                                              self._unsure.get(d.item_id))
            return self._where[row]
        cells = self._cells.get(row)
        if cells is None:
            cells = self._cells[row] = fixed_cells(d, self._kinds.get(d.item_id, ""))
        return cells[column]

    def widest_texts(self) -> list[str]:
        """Each column's widest text, to size it by: every item id (none clipped), the
        other columns' over the rows handed to Qt ("" for the stretched one)."""
        rows = range(self.paging.loaded)
        texts = ["" if column in (ITEM_COLUMN, WHERE_COLUMN)
                 else widest(self.text(r, column) for r in rows) for column in range(len(COLUMNS))]
        texts[ITEM_COLUMN] = widest((d.item_id for d in self._shown), limit=None)
        return texts

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's
        return 0 if parent.isValid() else self.paging.loaded

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 - Qt's
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        role = int(role)
        if role not in (DISPLAY, TOOLTIP, ALIGNMENT) or not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not 0 <= row < self.paging.loaded:
            return None
        if role == DISPLAY or (role == TOOLTIP and column in TIPS):
            return self.text(row, column)
        if role == ALIGNMENT and column in NUMBER_COLUMNS:
            return RIGHT
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 - Qt's
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(COLUMNS)):
            return COLUMNS[section]
        return None

    def canFetchMore(self, parent: Index) -> bool:  # noqa: N802 - Qt's name
        return self.paging.can_fetch_more(parent)

    def fetchMore(self, parent: Index) -> None:  # noqa: N802 - Qt's name
        self.paging.fetch_more(parent)

    def load_to(self, end: int) -> None:
        """Hand rows up to ``end`` to Qt (a row asked for by id, or tests)."""
        self.paging.load_to(end)
