"""Dashboard tables: raters (qualification, attention, agreement, time: who needs
coaching), models (scoreboard, AssistantBench, standardweb), and the cost projection."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.qa.rater_answers import alert_color, fit_columns, fit_height, make_table
from rater_desktop.qa.timecost import project_study_cost
from rater_desktop.qa_review.answer_rows import seconds_text
from rater_desktop.qa_review.dashboard_rows import model_rows, rater_rows
from rater_desktop.qa_review.summary import QaFigures

RATER_COLUMNS = ("Rater", "Qualification", "Attention checks", "Verdict agreement",
                 "\u03b1 change (all \u2212 without)", "Median time", "Unsure", "Retest probes",
                 "Pasted into justifications", "Faster than the minimum",
                 "Coaching")
MODEL_COLUMNS = ("Model", "W / T / L", "Win rate [95% CI]", "Strength [95% CI]",
                 "Mean TC / FA / AIP", "AssistantBench", "standardweb")
def _set_row(table: QTableWidget, row: int, texts: list[str], *, alert: bool = False) -> None:
    for column, text in enumerate(texts):
        cell = QTableWidgetItem(text)
        cell.setToolTip(text)
        if alert and column == len(texts) - 1:
            cell.setForeground(alert_color())
        table.setItem(row, column, cell)


def fill_raters(table: QTableWidget, figures: QaFigures) -> None:
    """The raters' rows, not measured: ``fit_height`` after (a turn of its own)."""
    rows = rater_rows(figures)
    table.setRowCount(len(rows))
    for row, (texts, alert) in enumerate(rows):
        _set_row(table, row, texts, alert=alert)


TEXT_FLAGS_HELP = ("A flag for review, not a verdict: a rater may paste their own notes, and "
                   "a fast rater may be a good one. Look at the items.")


def explain_text_columns(table: QTableWidget, columns: tuple[str, ...]) -> None:
    """The flag columns' headers say what the figures are (and are not)."""
    for index, name in enumerate(columns):
        header = table.horizontalHeaderItem(index)
        if header is not None and name.startswith(("Pasted into", "Faster than")):
            header.setToolTip(TEXT_FLAGS_HELP)


def fill_models(table: QTableWidget, figures: QaFigures) -> None:
    rows = model_rows(figures)
    table.setRowCount(len(rows))
    for row, texts in enumerate(rows):
        _set_row(table, row, texts)
    fit_height(table)


class CostBox(QGroupBox):
    """Projected cost at the measured median time; wage, fee and buffer are editable."""

    inputsChanged = Signal()

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__("Cost projection", parent)
        self.setObjectName("qaCostBox")
        self.settings = settings
        self.seconds: float | None = None
        self.result = QLabel("")
        self.result.setObjectName("qaCostResult")
        self.result.setAccessibleName("Projected cost")
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setWordWrap(True)
        form = QFormLayout()
        self.wage = self._double("qaCostWage", "Hourly wage", 0, 10_000, "qa/wage", 15.0)
        self.fee = self._double("qaCostFee", "Platform fee in percent", 0, 100, "qa/feePercent",
                                20.0, suffix=" %")
        self.buffer = self._double("qaCostBuffer", "Budget buffer in percent", 0, 100,
                                   "qa/bufferPercent", 0.0, suffix=" %")
        self.raters = QSpinBox()
        self.items = QSpinBox()
        for box, name, label, top in ((self.raters, "qaCostRaters", "Raters per item", 50),
                                      (self.items, "qaCostItems", "Items", 10_000_000)):
            box.setObjectName(name)
            box.setAccessibleName(label)
            box.setRange(1, top)
            box.valueChanged.connect(self.recompute)
        self.raters.setValue(3)
        for label, widget in (("Hourly wage", self.wage), ("Platform fee", self.fee),
                              ("Buffer", self.buffer), ("Raters per item", self.raters),
                              ("Items", self.items)):
            form.addRow(label, widget)
        layout = QHBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.result, 1)

    def _double(self, name: str, accessible: str, low: float, high: float, key: str,
                default: float, *, suffix: str = "") -> QDoubleSpinBox:
        box = QDoubleSpinBox()
        box.setObjectName(name)
        box.setAccessibleName(accessible)
        box.setRange(low, high)
        box.setDecimals(2)
        box.setSuffix(suffix)
        try:
            box.setValue(float(self.settings.value(key, default)))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            box.setValue(default)
        box.valueChanged.connect(lambda value, k=key: self._remember(k, value))
        return box

    def _remember(self, key: str, value: float) -> None:
        self.settings.setValue(key, value)
        self.recompute()
        self.inputsChanged.emit()

    def set_figures(self, figures: QaFigures) -> None:
        self.seconds = figures.cost_inputs.seconds_per_judgment
        self.items.blockSignals(True)
        self.items.setValue(max(1, figures.items_in_batch))
        self.items.blockSignals(False)
        self.recompute()

    def recompute(self) -> None:
        if self.seconds is None:
            self.result.setText("No judgment has a recorded time yet.")
            return
        cost = project_study_cost(
            items=self.items.value(), raters_per_item=self.raters.value(),
            seconds_per_judgment=self.seconds, hourly_wage=self.wage.value(),
            platform_fee=self.fee.value() / 100, buffer=self.buffer.value() / 100)
        self.result.setText(
            f"Median time per judgment: {seconds_text(self.seconds)}\n"
            f"{cost.judgments} judgments, {cost.rater_hours:.1f} rater hours\n"
            f"Cost per judgment: {cost.cost_per_judgment:.2f}\n"
            f"Total: {cost.total:.2f}   With buffer: {cost.budget:.2f}")


def tables_section(settings: QSettings) -> tuple[QWidget, QTableWidget, QTableWidget, CostBox]:
    host = QWidget()
    layout = QVBoxLayout(host)
    layout.setContentsMargins(0, 0, 0, 0)
    raters = make_table("qaRatersTable", "Raters: qualification, attention, agreement",
                        RATER_COLUMNS)
    explain_text_columns(raters, RATER_COLUMNS)
    models = make_table("qaModelsTable", "Model scoreboard", MODEL_COLUMNS)
    for title, table in (("Raters (who needs coaching)", raters), ("Models", models)):
        label = QLabel(title)
        label.setProperty("role", "sectionTitle")
        layout.addWidget(label)
        table.verticalHeader().setVisible(False)
        # Rows measured by fit_height only: measured again as the table grew to show them
        # all (ResizeToContents), 50 raters' rows were ~35 ms of one turn (issue 22).
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        fit_height(table)
        layout.addWidget(table)
    fit_columns(raters, stretch=(RATER_COLUMNS.index("Coaching"),))
    cost = CostBox(settings)
    layout.addWidget(cost)
    return host, raters, models, cost
