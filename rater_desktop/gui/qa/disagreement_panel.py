"""The disagreement finder: items where raters differ most, with filters.

The disagreement score of an item is verdict spread (0-6) + the largest TC/FA/AIP spread
(0-4) + the number of claim clusters with conflicting fact checks (see qa/disagreement.py).
A click on a row, Enter or Return asks the window to open that item in the compare view;
the arrow, page and Home / End keys only walk the list (opening on every selection
change took the reviewer to Compare at the first key).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.keys import plain_keys
from rater_desktop.gui.qa.disagreement_rows import (
    WHERE_COLUMN,
    DisagreementRows,
)
from rater_desktop.gui.qa.in_parts import InParts
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.review_state import JudgedItem

MEASURES = (
    ("score", "Disagreement (total)"),
    ("verdict_spread", "Verdict spread"),
    ("max_score_spread", "Score spread (TC/FA/AIP)"),
    ("claim_conflicts", "Conflicting claim ratings"),
)
KINDS = (("", "All kinds"), ("standard", "Standard"), ("qualification", "Qualification"),
         ("attention", "Attention check"), ("unsure", "Marked unsure"))
UNSURE = "unsure"  # not a kind: the items some rater marked unsure (results 2.3)


def measure(d: ItemDisagreement, key: str) -> float:
    value = getattr(d, key)
    return float(value) if value is not None else 0.0


class DisagreementPanel(QWidget):
    """Table of items sorted by disagreement; ``itemActivated(item_id)`` on a click on a
    row, or Enter / Return on the current one."""

    itemActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaDisagreementPanel")
        self._items: list[ItemDisagreement] = []
        self._kinds: dict[str, str] = {}
        self._unsure: dict[str, dict[str, str]] = {}
        self.rows = DisagreementRows(self)
        # The window fills the tab a turn after building it (its sort and first rows were
        # in the build's turn: a queued call shares the turn it was posted in).
        self.later = InParts(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.addLayout(self._filters())
        self.table = QTableView()
        self.table.setModel(self.rows)
        self.table.setObjectName("qaDisagreementTable")
        self.table.setAccessibleName("Items sorted by disagreement")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)  # one line per item; the full text in the tooltip
        # Columns sized from their widest texts (``_fit_columns``), never by Qt asking
        # the Python model for every row (ResizeToContents: ~37 ms at 2,000 rows).
        header = self.table.horizontalHeader()
        header.setDefaultSectionSize(header.minimumSectionSize())
        header.setSectionResizeMode(WHERE_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        # Not ``activated``: its keys and clicks differ by platform (Return on Linux and
        # Windows, Ctrl+O on macOS; a single click under some styles).
        self.table.clicked.connect(self._open)
        self.table.installEventFilter(self)
        layout.addWidget(self.table, 1)

    def _filters(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("qaDisagreementKind")
        self.kind_combo.setAccessibleName("Item kind")
        for key, label in KINDS:
            self.kind_combo.addItem(label, key)
        self.measure_combo = QComboBox()
        self.measure_combo.setObjectName("qaDisagreementMeasure")
        self.measure_combo.setAccessibleName("Sort and filter by")
        for key, label in MEASURES:
            self.measure_combo.addItem(label, key)
        self.minimum = QDoubleSpinBox()
        self.minimum.setObjectName("qaDisagreementMinimum")
        self.minimum.setAccessibleName("Minimum spread")
        self.minimum.setRange(0.0, 20.0)
        self.minimum.setDecimals(0)
        self.minimum.setSingleStep(1.0)
        self.count_label = QLabel("")
        self.count_label.setObjectName("qaDisagreementCount")
        self.count_label.setProperty("role", "muted")
        self.kind_combo.currentIndexChanged.connect(self.refresh)
        self.measure_combo.currentIndexChanged.connect(self.refresh)
        self.minimum.valueChanged.connect(self.refresh)
        fields: tuple[tuple[str, QWidget], ...] = (
            ("Kind", self.kind_combo), ("Sort by", self.measure_combo), ("at least", self.minimum))
        for text, widget in fields:
            buddy = QLabel(text)
            buddy.setBuddy(widget)
            row.addWidget(buddy)
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.count_label)
        return row

    def set_data(self, items: Sequence[ItemDisagreement],
                 judged: Mapping[str, JudgedItem],
                 decisions: Mapping[str, str],
                 unsure: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self._items = list(items)
        self._unsure = {k: dict(v) for k, v in (unsure or {}).items()}
        self._kinds = {item_id: j.kind for item_id, j in judged.items()}
        self.rows.set_context(self._kinds, dict(judged), self._unsure, decisions)
        self.refresh()

    def set_decision(self, item_id: str, label: str) -> None:
        self.rows.set_decision(item_id, label)

    def text(self, row: int, column: int) -> str:
        """The text of a cell of a shown row (tests, accessibility checks)."""
        return self.rows.text(row, column)

    def visible_items(self) -> list[ItemDisagreement]:
        """The rows shown, in table order (filtered and sorted)."""
        key = str(self.measure_combo.currentData())
        kind = str(self.kind_combo.currentData())
        minimum = self.minimum.value()
        # Each item's figures once: ``score`` is a property that walks its spreads, and
        # reading it for the filter and twice in the key was 15 ms of 2,000 items' first
        # show, in the turn that also measures the table (issue 22).
        ranked: list[tuple[float, float, str, ItemDisagreement]] = []
        for d in self._items:
            if kind and not (self._kinds.get(d.item_id) == kind
                             or (kind == UNSURE and d.item_id in self._unsure)):
                continue
            value = measure(d, key)
            if value >= minimum:
                ranked.append((-value, -(value if key == "score" else d.score), d.item_id, d))
        ranked.sort(key=lambda r: r[:3])
        return [r[3] for r in ranked]

    def refresh(self) -> None:
        shown = self.visible_items()
        self.rows.set_rows(shown)
        self._fit_columns()
        self.count_label.setText(f"{len(shown)} of {len(self._items)} items with two or more raters")

    def _fit_columns(self) -> None:
        """Widen each column to its header or its widest text, each measured once (a
        column the user made wider stays so)."""
        header = self.table.horizontalHeader()
        metrics = self.table.fontMetrics()
        air = 2 * metrics.averageCharWidth()  # the cell's margins, and a proportional font
        for column, text in enumerate(self.rows.widest_texts()):
            width = max(header.sectionSizeHint(column), metrics.horizontalAdvance(text) + air)
            if column != WHERE_COLUMN and width > header.sectionSize(column):
                header.resizeSection(column, width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """The table's keys (``_key``); the focus coming to it with no row selected
        selects the current one (Qt only marks it), so the first key walks on from a row
        the reviewer sees."""
        if watched is self.table:
            if (event.type() == QEvent.Type.FocusIn and self.rows.total
                    and not self.table.selectionModel().hasSelection()):
                self.table.selectRow(max(self.table.currentIndex().row(), 0))
            elif event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                return self._key(event)
        return super().eventFilter(watched, event)

    def _key(self, event: QKeyEvent) -> bool:
        """Enter or Return opens the current row; Home and End (with Ctrl or without) go
        to the first and the last row, the rows not loaded yet too (a table's own Home and
        End go to the row's first and last column)."""
        key, modifiers = event.key(), event.modifiers()
        plain = modifiers in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and plain:
            self._open(self.table.currentIndex())
            return True
        first, last = plain_keys("qa_list_ends")
        if key in (first, last) and self.rows.total and (
                plain or modifiers == Qt.KeyboardModifier.ControlModifier):
            row = 0 if key == first else self.rows.total - 1
            self.rows.paging.load_to(row + 1)
            self.table.selectRow(row)
            self.table.scrollTo(self.rows.index(row, 0))
            return True
        return False

    def _open(self, index: QModelIndex) -> None:
        item_id = self.rows.item_at(index.row()) if index.isValid() else None
        if item_id is not None:
            self.itemActivated.emit(item_id)
