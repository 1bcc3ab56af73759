"""The item list: a thin model over the batch index, filtered by status and searched by id.

Nothing here reads item bodies; status and time come from a provider the rating core plugs
in (``StatusProvider``), so a 10,000-item batch lists instantly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QMargins,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QStyle,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import IndexEntry
from rater_desktop.dock_widths import longest_ids
from rater_desktop.gui.icons import status_icon
from rater_desktop.gui.item_marks import MARK_ROLE, MarkedIdDelegate

STATES = ("not_started", "in_progress", "complete", "flagged")
STATE_LABELS = {"not_started": "Not started", "in_progress": "In progress",
                "complete": "Complete", "flagged": "Flagged"}
FILTERS = (("all", "All items"), ("todo", "To do"), ("in_progress", "In progress"),
           ("complete", "Complete"), ("flagged", "Flagged"), ("unsure", "Marked unsure"))
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1
ITEM_ID_ROLE = Qt.ItemDataRole.UserRole + 2
KIND_ROLE = Qt.ItemDataRole.UserRole + 3
UNSURE_ROLE = MARK_ROLE  # the item's "Unsure: why" line ("" when it is not marked)
COLUMNS = ("Item", "Kind", "Time")
# Short kind labels keep the id column wide; standard items need no label at all.
KIND_LABELS = {"standard": "", "qualification": "Qual.", "attention": "Check", "retest": "Retest"}

MIN_ID_SHOWN = "item-0000\u2026"  # the least of an id the list leaves room for
AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class ItemProgress:
    """What the list shows about an item's rating: its state and time spent (seconds)."""

    state: str = "not_started"
    seconds: float = 0.0


StatusProvider = Callable[[str], ItemProgress]


def no_progress(_item_id: str) -> ItemProgress:
    return ItemProgress()


def format_duration(seconds: float) -> str:
    if seconds <= 0:
        return ""
    total = int(round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ItemListModel(QAbstractTableModel):
    """Rows are index entries; status is asked of the provider and cached until refreshed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entries: Sequence[IndexEntry] = ()
        self._row_of: dict[str, int] = {}
        self._provider: StatusProvider = no_progress
        self._progress: dict[str, ItemProgress] = {}
        self._marks: dict[str, str] = {}

    def set_entries(self, entries: Sequence[IndexEntry]) -> None:
        self.beginResetModel()
        self._entries = entries
        self._row_of = {entry.item_id: row for row, entry in enumerate(entries)}
        self._progress.clear()
        self._marks.clear()
        self.endResetModel()

    def set_marks(self, marks: Mapping[str, str]) -> None:
        """The items marked unsure (id: "Unsure: why"); only changed rows are redrawn."""
        old, self._marks = self._marks, dict(marks)
        for item_id in old.keys() | self._marks.keys():
            if old.get(item_id) != self._marks.get(item_id):
                self.refresh_item(item_id)

    def mark(self, item_id: str) -> str:
        """The item's unsure line ("" when it is not marked)."""
        return self._marks.get(item_id, "")

    def set_status_provider(self, provider: StatusProvider) -> None:
        self._provider = provider
        self.refresh_all()

    def progress(self, item_id: str) -> ItemProgress:
        cached = self._progress.get(item_id)
        if cached is None:
            cached = self._provider(item_id)
            self._progress[item_id] = cached
        return cached

    def refresh_item(self, item_id: str) -> None:
        """Ask the provider again for one item (after its rating changed)."""
        self._progress.pop(item_id, None)
        row = self._row_of.get(item_id)
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def refresh_all(self) -> None:
        self._progress.clear()
        if self._entries:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._entries) - 1, len(COLUMNS) - 1))

    def row_of(self, item_id: str) -> int | None:
        return self._row_of.get(item_id)

    def has_special_kinds(self) -> bool:
        return any(entry.kind != "standard" for entry in self._entries)

    def item_ids(self) -> list[str]:
        return [entry.item_id for entry in self._entries]

    def count_in_state(self, state: str) -> int:
        return sum(1 for e in self._entries if self.progress(e.item_id).state == state)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        entry = self._entries[index.row()]
        column = index.column()
        if role == ITEM_ID_ROLE:
            return entry.item_id
        if role == STATUS_ROLE:
            return self.progress(entry.item_id).state
        if role == UNSURE_ROLE:
            return self.mark(entry.item_id)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return entry.item_id
            if column == 1:
                return KIND_LABELS.get(entry.kind, entry.kind)
            return format_duration(self.progress(entry.item_id).seconds)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            base = QApplication.palette().color(QPalette.ColorRole.Base).name()
            return status_icon(self.progress(entry.item_id).state, backing=base)
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return entry.kind
        if role == KIND_ROLE:
            return entry.kind
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            state = self.progress(entry.item_id).state
            tip = f"{entry.item_id} \u2014 {STATE_LABELS.get(state, state)}"
            return "\n".join(filter(None, (tip, self.mark(entry.item_id))))
        if role == Qt.ItemDataRole.AccessibleTextRole and column == 0:
            state = self.progress(entry.item_id).state
            said = f"Item {entry.item_id}, {STATE_LABELS.get(state, state)}"
            return f"{said}, marked unsure" if self.mark(entry.item_id) else said
        return None


class ItemFilterProxy(QSortFilterProxyModel):
    """Filters by status (all / to do / in progress / complete / flagged) and id text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status_filter = "all"
        self.search_text = ""

    def set_status_filter(self, status_filter: str) -> None:
        self.beginFilterChange()
        self.status_filter = status_filter
        self.endFilterChange()

    def set_search_text(self, text: str) -> None:
        self.beginFilterChange()
        self.search_text = text.strip().casefold()
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        index = model.index(source_row, 0, source_parent)
        if self.search_text:
            item_id = str(model.data(index, ITEM_ID_ROLE)).casefold()
            if self.search_text not in item_id:
                return False
        if self.status_filter == "all":
            return True
        if self.status_filter == "unsure":
            return bool(model.data(index, UNSURE_ROLE))
        state = model.data(index, STATUS_ROLE)
        wanted = "not_started" if self.status_filter == "todo" else self.status_filter
        return bool(state == wanted)


class ItemListPanel(QWidget):
    """Filter combo, search field and the item list; emits the chosen item id."""

    currentItemChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("itemListPanel")
        self.show_kind = False
        self.model = ItemListModel(self)
        self.proxy = ItemFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.filter_combo = QComboBox()
        self.filter_combo.setObjectName("itemFilterCombo")
        self.filter_combo.setAccessibleName("Show items")
        for key, label in FILTERS:
            self.filter_combo.addItem(label, key)
        self.filter_combo.currentIndexChanged.connect(
            lambda _i: self.proxy.set_status_filter(str(self.filter_combo.currentData())))
        self.search = QLineEdit()
        self.search.setObjectName("itemSearchField")
        self.search.setAccessibleName("Search items by id")
        self.search.setPlaceholderText("Search item id")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search_text)
        self.view = self._build_view()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(self.filter_combo)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        self._fit_columns()
        self.view.installEventFilter(self)

    def _fit_columns(self) -> None:
        """Kind and time columns as wide as their text in the list's font, and the list
        never narrower than a short id beside them (again when the font changes)."""
        view, header = self.view, self.view.header()
        metrics = view.fontMetrics()
        header.resizeSection(1, metrics.horizontalAdvance("Check") + 20)
        header.resizeSection(2, metrics.horizontalAdvance("00:00:00") + 12)
        icon = view.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        id_width = metrics.horizontalAdvance(MIN_ID_SHOWN) + icon + 24
        view.setMinimumWidth(id_width + header.sectionSize(2) + 2 * view.frameWidth() + 4)

    def width_for_ids(self) -> int:
        """The panel's width that shows the batch's longest id whole beside its time."""
        metrics, view = self.view.fontMetrics(), self.view
        ids = longest_ids(self.model.item_ids())
        widest = max((metrics.horizontalAdvance(i) for i in ids), default=0)
        icon = view.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        scroll = view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        hidden_kind = view.isColumnHidden(1)
        kind = 0 if hidden_kind else view.header().sectionSize(1)
        return (widest + icon + 24 + kind + view.header().sectionSize(2) + scroll
                + 2 * view.frameWidth() + margins.left() + margins.right())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        # The list's own font (a style sheet's, set when it is first polished, or a larger
        # one later) reaches the view after the panel: measure when the view has it.
        if watched is self.view and event.type() == QEvent.Type.FontChange:
            self._fit_columns()
        return False

    def _build_view(self) -> QTreeView:
        view = QTreeView()
        view.setObjectName("itemListView")
        view.setAccessibleName("Items")
        view.setModel(self.proxy)
        view.setRootIsDecorated(False)
        view.setUniformRowHeights(True)
        view.setAlternatingRowColors(True)
        view.setSortingEnabled(True)
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        view.setItemDelegateForColumn(0, MarkedIdDelegate(view))  # an unsure item's mark
        # Ids share long prefixes ("consumer-0…"); the middle is the part that can go, and
        # the id column never shrinks below a short id (the tooltip has the whole one).
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        view.selectionModel().currentRowChanged.connect(self._on_current_changed)
        return view

    def set_entries(self, entries: Sequence[IndexEntry]) -> None:
        self.model.set_entries(entries)
        self._update_kind_column()

    def set_marks(self, marks: Mapping[str, str]) -> None:
        """Mark the unsure items (id: "Unsure: why") at the end of their id."""
        self.model.set_marks(marks)

    def set_show_kind(self, show: bool) -> None:
        """Show the kind column (QA mode): raters must not spot attention checks."""
        self.show_kind = show
        self._update_kind_column()

    def _update_kind_column(self) -> None:
        self.view.setColumnHidden(1, not (self.show_kind and self.model.has_special_kinds()))

    def visible_item_ids(self) -> list[str]:
        return [str(self.proxy.index(r, 0).data(ITEM_ID_ROLE))
                for r in range(self.proxy.rowCount())]

    def current_item_id(self) -> str | None:
        index = self.view.currentIndex()
        return str(index.data(ITEM_ID_ROLE)) if index.isValid() else None

    def select_item(self, item_id: str) -> bool:
        row = self.model.row_of(item_id)
        if row is None:
            return False
        proxy_index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not proxy_index.isValid():
            return False
        flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                 | QItemSelectionModel.SelectionFlag.Rows)
        self.view.selectionModel().setCurrentIndex(proxy_index, flags)
        self.view.scrollTo(proxy_index)
        return True

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) visible item."""
        count = self.proxy.rowCount()
        if count == 0:
            return
        current = self.view.currentIndex()
        row = current.row() + delta if current.isValid() else 0
        row = max(0, min(count - 1, row))
        flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                 | QItemSelectionModel.SelectionFlag.Rows)
        self.view.selectionModel().setCurrentIndex(self.proxy.index(row, 0), flags)

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.currentItemChanged.emit(str(current.data(ITEM_ID_ROLE)))
