"""The disagreement finder: items where raters differ most, with filters.

The disagreement score of an item is verdict spread (0-6) + the largest TC/FA/AIP spread
(0-4) + the number of claim clusters with conflicting fact checks (see qa/disagreement.py).
Selecting a row asks the window to open that item in the compare view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.review_state import JudgedItem, where_text

COLUMNS = ("Item", "Kind", "Raters", "Verdict spread", "Score spread", "Claim conflicts",
           "Disagreement", "Where they differ", "QA decision")
WHERE_COLUMN, DECISION_COLUMN = 7, 8
MEASURES = (
    ("score", "Disagreement (total)"),
    ("verdict_spread", "Verdict spread"),
    ("max_score_spread", "Score spread (TC/FA/AIP)"),
    ("claim_conflicts", "Conflicting claim ratings"),
)
KINDS = (("", "All kinds"), ("standard", "Standard"), ("qualification", "Qualification"),
         ("attention", "Attention check"), ("unsure", "Marked unsure"))
UNSURE = "unsure"  # not a kind: the items some rater marked unsure (results 2.3)
SORT_COLUMN = {"score": 6, "verdict_spread": 3, "max_score_spread": 4, "claim_conflicts": 5}
# Rows added per event-loop turn: thousands of items fill over several turns, each short,
# so the window keeps answering (issue 22); column widths are measured on as many rows.
ROWS_PER_TURN = 100


def measure(d: ItemDisagreement, key: str) -> float:
    value = getattr(d, key)
    return float(value) if value is not None else 0.0


def _number(value: float | None, *, decimals: int = 0) -> QTableWidgetItem:
    cell = QTableWidgetItem()
    if value is None:
        cell.setText("\u2013")
        cell.setData(Qt.ItemDataRole.UserRole, -1.0)
    else:
        cell.setData(Qt.ItemDataRole.DisplayRole, round(float(value), decimals) if decimals
                     else int(round(value)))
    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return cell


class DisagreementPanel(QWidget):
    """Table of items sorted by disagreement; ``itemActivated(item_id)`` on selection."""

    itemActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaDisagreementPanel")
        self._items: list[ItemDisagreement] = []
        self._kinds: dict[str, str] = {}
        self._judged: dict[str, JudgedItem] = {}
        self._decisions: dict[str, str] = {}
        self._generation = 0  # a newer refresh stops the rows of an older one
        self._unsure: dict[str, dict[str, str]] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.addLayout(self._filters())
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("qaDisagreementTable")
        self.table.setAccessibleName("Items sorted by disagreement")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)  # one line per item; the full text in the tooltip
        header = self.table.horizontalHeader()
        header.setResizeContentsPrecision(ROWS_PER_TURN)
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch
                                        if column == WHERE_COLUMN
                                        else QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.itemSelectionChanged.connect(self._selected)
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
        self._judged = dict(judged)
        self._decisions = dict(decisions)
        self.refresh()

    def set_decision(self, item_id: str, label: str) -> None:
        self._decisions[item_id] = label
        for row in range(self.table.rowCount()):
            cell, decision = self.table.item(row, 0), self.table.item(row, DECISION_COLUMN)
            if cell is not None and decision is not None and cell.text() == item_id:
                decision.setText(label)

    def visible_items(self) -> list[ItemDisagreement]:
        """The rows shown, in table order (filtered and sorted)."""
        key = str(self.measure_combo.currentData())
        kind = str(self.kind_combo.currentData())
        minimum = self.minimum.value()
        kept = [d for d in self._items
                if (not kind or self._kinds.get(d.item_id) == kind
                    or (kind == UNSURE and d.item_id in self._unsure))
                and measure(d, key) >= minimum]
        return sorted(kept, key=lambda d: (-measure(d, key), -d.score, d.item_id))

    def refresh(self) -> None:
        shown = self.visible_items()
        self._generation += 1
        self.table.setSortingEnabled(False)
        self.table.clearContents()
        self.table.setRowCount(len(shown))
        self._fill(shown, 0, self._generation)
        self.count_label.setText(f"{len(shown)} of {len(self._items)} items with two or more raters")

    def _fill(self, shown: list[ItemDisagreement], start: int, generation: int) -> None:
        """Rows ``start`` on, ROWS_PER_TURN of them now and the rest on the next turns."""
        if generation != self._generation:
            return  # filtered or refreshed again meanwhile
        end = min(start + ROWS_PER_TURN, len(shown))
        model = self.table.model()
        # One change signal for the part, not one per cell: on a table on screen each
        # cell's re-measured its resize-to-contents columns (seconds per part at 50 raters).
        blocked = model.blockSignals(True)
        try:
            self._set_rows(shown, start, end)
        finally:
            model.blockSignals(blocked)
        model.dataChanged.emit(model.index(start, 0), model.index(end - 1, len(COLUMNS) - 1))
        if end < len(shown):
            QTimer.singleShot(0, self, lambda: self._fill(shown, end, generation))

    def _set_rows(self, shown: list[ItemDisagreement], start: int, end: int) -> None:
        for row in range(start, end):
            d = shown[row]
            where = where_text(d, self._judged.get(d.item_id), self._unsure.get(d.item_id))
            cells = [
                QTableWidgetItem(d.item_id),
                QTableWidgetItem(self._kinds.get(d.item_id, "")),
                QTableWidgetItem(", ".join(d.raters)),
                _number(d.verdict_spread),
                _number(d.max_score_spread),
                _number(d.claim_conflicts),
                _number(d.score, decimals=1),
                QTableWidgetItem(where),
                QTableWidgetItem(self._decisions.get(d.item_id, "")),
            ]
            cells[WHERE_COLUMN].setToolTip(where)
            for column, cell in enumerate(cells):
                self.table.setItem(row, column, cell)

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            cell = self.table.item(rows[0].row(), 0)
            if cell is not None:
                self.itemActivated.emit(cell.text())
