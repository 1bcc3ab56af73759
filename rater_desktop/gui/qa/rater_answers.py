"""Each rater's answers on one item as table columns, and the claim clusters table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
)

from rater_desktop.gui.theme import current_theme
from rater_desktop.qa.disagreement import ClaimCluster
from rater_desktop.qa_review.answer_rows import (
    LABEL_ROWS,
    SIDE_NAMES,
    Responses,
    Row,
    answer_rows,
)
from rater_desktop.qa_review.rater_text import is_swapped
from rater_desktop.qa_review.views import ItemComparison, RaterColumn

RATER_COLORS = ("#f6c744", "#7cc6f2", "#f29c9c", "#9be29b", "#d3a6f2", "#f7b97a", "#a7d8d1")
CONFLICT_COLORS = {"light": "#b03131", "dark": "#f08a8a"}
Part = Callable[[], None]


def alert_color() -> QColor:
    """Red that reads well on the current theme's background."""
    return QColor(CONFLICT_COLORS[current_theme()])


def rater_color(index: int) -> QColor:
    return QColor(RATER_COLORS[index % len(RATER_COLORS)])


def swatch(color: QColor) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(color)
    return QIcon(pixmap)


def make_table(name: str, accessible: str, headers: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setAccessibleName(accessible)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setWordWrap(True)
    table.setAlternatingRowColors(True)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # A row's label beside the first line of its cells: centred, a tall row's label (the
    # guideline warnings) was below the part in view.
    table.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft
                                               | Qt.AlignmentFlag.AlignTop)
    return table


def _keep_ids_readable(table: QTableWidget, rater_ids: Sequence[str]) -> None:
    """Columns stretch to fill the pane but never below a rater's id and swatch: 50 raters
    in a laptop's pane cut every id to a few letters; now the table scrolls sideways."""
    header = table.horizontalHeader()
    # The style's own measure of each header (stylesheet padding and bold font included).
    widest = max((header.sectionSizeFromContents(i).width() for i in range(len(rater_ids))),
                 default=0)
    header.setMinimumSectionSize(max(widest, header.defaultSectionSize() // 2))


RATERS_PER_PART = 10  # columns of the raters' answers table filled per event-loop turn


def answer_parts(table: QTableWidget, comparison: ItemComparison | None,
                 raters: Sequence[str], responses: Responses = (None, None)) -> list[Part]:
    """The raters' answers table filled in parts (rows = questions, columns = raters, the
    colour swatch their claim colour): headers first, then ``RATERS_PER_PART`` raters'
    cells a part, and last the rows' heights measured once (with fifty raters, measuring
    each row as its cells arrived held the window's thread for tens of ms)."""
    columns = list(comparison.raters) if comparison is not None else []
    rows = answer_rows(responses)
    parts: list[Part] = [partial(_answer_headers, table, columns, raters,
                                 [label for label, _ in rows])]
    if comparison is None or not columns:
        return parts
    texts = [[cell_text(c, comparison.identities) for c in columns] for _label, cell_text in rows]
    for first in range(0, len(columns), RATERS_PER_PART):
        chosen = range(first, min(first + RATERS_PER_PART, len(columns)))
        parts.append(partial(_answer_cells, table, columns, rows, texts, chosen))
    parts.append(partial(_fit_answer_rows, table))
    return parts


def fill_answers(table: QTableWidget, comparison: ItemComparison | None,
                 raters: Sequence[str], responses: Responses = (None, None)) -> None:
    """The whole raters' answers table at once (``answer_parts`` in one go)."""
    for part in answer_parts(table, comparison, raters, responses):
        part()


def _answer_headers(table: QTableWidget, columns: Sequence[RaterColumn], raters: Sequence[str],
                    labels: list[str]) -> None:
    # Rows keep their height until the last part: one measure, not one per cell.
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.clear()
    table.setColumnCount(0)  # row labels set with no columns to measure
    table.setRowCount(len(labels) if columns else 0)
    table.setVerticalHeaderLabels(labels)
    table.setColumnCount(len(columns))
    for index, column in enumerate(columns):
        header = QTableWidgetItem(column.rater_id)
        position = raters.index(column.rater_id) if column.rater_id in raters else index
        header.setIcon(swatch(rater_color(position)))
        table.setHorizontalHeaderItem(index, header)
    _keep_ids_readable(table, [c.rater_id for c in columns])
    if not columns:
        _fit_answer_rows(table)


def _answer_cells(table: QTableWidget, columns: Sequence[RaterColumn], rows: Sequence[Row],
                  texts: list[list[str]], chosen: range) -> None:
    for row, (label, _cell_text) in enumerate(rows):
        row_texts = texts[row]
        differs = len(set(row_texts)) > 1 and (label == "Verdict" or "TC / FA / AIP" in label)
        for index in chosen:
            text = row_texts[index]
            cell = QTableWidgetItem(text)
            cell.setToolTip(text)
            if label in LABEL_ROWS and is_swapped(columns[index].display_order):
                cell.setForeground(alert_color())
            if differs:
                font = QFont(table.font())
                font.setBold(True)
                cell.setFont(font)
                cell.setForeground(alert_color())
            table.setItem(row, index, cell)


def _fit_answer_rows(table: QTableWidget) -> None:
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)


def fill_clusters(table: QTableWidget, clusters: Sequence[ClaimCluster],
                  texts: tuple[str, str], *, only_conflicts: bool) -> int:
    """One row per claim cluster; conflicting fact checks in red. Returns rows shown."""
    shown = [c for c in clusters if c.conflicting or not only_conflicts]
    table.setRowCount(len(shown))
    for row, cluster in enumerate(shown):
        span = texts[cluster.side][cluster.start:cluster.end] if texts[cluster.side] else ""
        ratings = "\n".join(f"{rater}: {rating}" for rater, rating in cluster.ratings)
        cells = [SIDE_NAMES[cluster.side], span or f"[{cluster.start}, {cluster.end})", ratings,
                 "CONFLICT" if cluster.conflicting else "agree" if len(cluster.raters) > 1
                 else "one rater"]
        for column, text in enumerate(cells):
            cell = QTableWidgetItem(text)
            cell.setToolTip(text)
            if cluster.conflicting:
                cell.setForeground(alert_color())
            table.setItem(row, column, cell)
    table.resizeRowsToContents()
    return len(shown)


def fit_columns(table: QTableWidget, *, stretch: Sequence[int]) -> None:
    """Columns fit their contents, except ``stretch`` ones that share the rest."""
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        mode = (QHeaderView.ResizeMode.Stretch if column in stretch
                else QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(column, mode)


def fit_height(table: QTableWidget) -> None:
    """As tall as its rows (no inner scrolling), for tables inside a scrolling page."""
    table.resizeRowsToContents()
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    height = rows + table.horizontalHeader().height() + 2 * table.frameWidth() + 4
    table.setFixedHeight(max(height, 60))


