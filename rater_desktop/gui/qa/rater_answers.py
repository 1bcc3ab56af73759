"""Each rater's answers on one item as table columns, and the claim clusters table."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QColor, QFont, QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from rater_desktop.batch.model import Response
from rater_desktop.gui.qa.adjudication_panel import verdict_text
from rater_desktop.gui.theme import current_theme
from rater_desktop.qa.disagreement import ClaimCluster
from rater_desktop.qa.retest import RetestFigure
from rater_desktop.qa_review.rater_text import canonical_text, claims_evidence, is_swapped
from rater_desktop.qa_review.views import ItemComparison, RaterColumn, SideView

RATER_COLORS = ("#f6c744", "#7cc6f2", "#f29c9c", "#9be29b", "#d3a6f2", "#f7b97a", "#a7d8d1")
CONFLICT_COLORS = {"light": "#b03131", "dark": "#f08a8a"}
SIDE_NAMES = ("A", "B")


def alert_color() -> QColor:
    """Red that reads well on the current theme's background."""
    return QColor(CONFLICT_COLORS[current_theme()])


def rater_color(index: int) -> QColor:
    return QColor(RATER_COLORS[index % len(RATER_COLORS)])


def swatch(color: QColor) -> QIcon:
    pixmap = QPixmap(12, 12)
    pixmap.fill(color)
    return QIcon(pixmap)


def seconds_text(seconds: float | None) -> str:
    if seconds is None:
        return "\u2013"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


def _score(value: int | None) -> str:
    return "\u2013" if value is None else str(value)


def _met(value: bool | None) -> str:
    return {True: "yes", False: "no", None: "\u2013"}[value]


def _claims_text(side: SideView) -> str:
    if not side.claims:
        return "none"
    parts = []
    for claim in side.claims:
        rating = "subjective" if claim.objective is False or claim.rating is None else (
            claim.rating.value)
        parts.append(f"\u201c{claim.text}\u201d: {rating}")
    return "\n".join(parts)


def _case_file(column: RaterColumn) -> str:
    case = column.case_file
    lines = [case.main_goal or "(no main goal)"]
    lines += [f"\u2022 {r.text}" for r in case.sub_requests if r.text]
    lines += [f"\u2610 {c}" for c in case.checklist if c]
    return "\n".join(lines)


def _rules(column: RaterColumn) -> str:
    """Guideline rules that did not pass at export, and whether the rater acknowledged."""
    lines = []
    for rule in column.rule_results:
        if rule.get("passed") is not False:
            continue
        line = f"{rule.get('rule_id', '?')} ({rule.get('severity', '')})"
        if rule.get("acknowledged"):
            reason = canonical_text(str(rule.get("reason") or ""), column.display_order, note=False)
            line += f", acknowledged: {reason or 'no reason'}"
        lines.append(line)
    return "\n".join(lines) or "all passed"


Row = tuple[str, Callable[[RaterColumn, tuple[str, str]], str]]
Responses = tuple[Response | None, Response | None]
LABEL_ROWS = ("Saw file A as",)  # rows flagged for a rater who saw the sides swapped


def _own_words(text: str, column: RaterColumn) -> str:
    """A rater's free text in canonical terms (see ``qa_review.rater_text``)."""
    return canonical_text(text, column.display_order)


def _side_rows(side: int, response: Response | None) -> list[Row]:
    name = SIDE_NAMES[side]

    def scores(c: RaterColumn, _ids: tuple[str, str]) -> str:
        view = c.sides[side]
        return " / ".join(_score(v) for v in (view.tc, view.fa, view.aip))

    def field(attribute: str) -> Callable[[RaterColumn, tuple[str, str]], str]:
        return lambda c, _ids: _own_words(str(getattr(c.sides[side], attribute)), c)

    def evidence(c: RaterColumn, _ids: tuple[str, str]) -> str:
        return claims_evidence(c.sides[side].claims, response) or "no objective claims"

    return [
        (f"{name}: TC / FA / AIP", scores),
        (f"{name}: main goal met", lambda c, _ids: _met(c.sides[side].main_goal_met)),
        (f"{name}: claims", lambda c, _ids: _claims_text(c.sides[side])),
        (f"{name}: fact-check evidence", evidence),
        (f"{name}: TC justification", field("tc_justification")),
        (f"{name}: FA justification", field("fa_justification")),
        (f"{name}: AIP justification", field("aip_justification")),
    ]


def _saw(column: RaterColumn) -> str:
    shown = f"Response {column.sides[0].shown_as}"
    return f"{shown} (labels swapped in their text)" if is_swapped(column.display_order) \
        else shown


def answer_rows(responses: Responses = (None, None)) -> list[Row]:
    """(row label, cell text of a rater column) in display order; sides in TRUE order.

    Everything is in the batch file's A/B; a rater's own text keeps their words, with
    the file side after each label when they saw the responses swapped."""
    side_a, side_b = _side_rows(0, responses[0]), _side_rows(1, responses[1])
    return [
        ("Verdict", lambda c, ids: "\u2013" if c.verdict is None else
         f"{verdict_text(c.verdict, ids)} ({c.verdict.score:+d})"),
        side_a[0], side_b[0],
        ("Time spent", lambda c, _i: seconds_text(c.seconds)),
        ("Saw file A as", lambda c, _i: _saw(c)),
        ("Verdict justification", lambda c, _i: _own_words(c.verdict_justification, c)),
        ("Guideline warnings", lambda c, _i: _rules(c)),
        ("Case file", lambda c, _i: _case_file(c)),
        *side_a[1:], *side_b[1:],
        ("Notes", lambda c, _i: _own_words(c.notes, c)),
        ("Status", lambda c, _i: c.status),
    ]


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
    return table


def fill_answers(table: QTableWidget, comparison: ItemComparison | None,
                 raters: Sequence[str], responses: Responses = (None, None)) -> None:
    """Rows = questions, columns = raters (colour swatch = their claim colour)."""
    columns = list(comparison.raters) if comparison is not None else []
    rows = answer_rows(responses)
    table.clear()
    table.setColumnCount(len(columns))
    table.setRowCount(len(rows) if columns else 0)
    table.setVerticalHeaderLabels([label for label, _ in rows])
    for index, column in enumerate(columns):
        header = QTableWidgetItem(column.rater_id)
        position = raters.index(column.rater_id) if column.rater_id in raters else index
        header.setIcon(swatch(rater_color(position)))
        table.setHorizontalHeaderItem(index, header)
    if comparison is None:
        return
    for row, (label, cell_text) in enumerate(rows):
        texts = [cell_text(c, comparison.identities) for c in columns]
        differs = len(set(texts)) > 1 and (label == "Verdict" or "TC / FA / AIP" in label)
        for index, text in enumerate(texts):
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


def retest_text(figure: RetestFigure | None) -> str:
    """A rater's test-retest cell: how many probes kept the verdict, and side-following."""
    if figure is None:
        return "\u2013"
    return (f"{figure.same_verdict} of {figure.judged} same verdict, "
            f"{figure.side_following} side-following")
