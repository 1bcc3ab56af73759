"""Dashboard tables: raters (qualification, attention, agreement, time: who needs
coaching), models (scoreboard, AssistantBench, standardweb), and the cost projection."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.qa.rater_answers import (
    alert_color,
    fit_columns,
    fit_height,
    make_table,
    seconds_text,
)
from rater_desktop.qa.timecost import project_study_cost
from rater_desktop.qa_review.summary import QaFigures

RATER_COLUMNS = ("Rater", "Qualification", "Attention checks", "Verdict agreement",
                 "\u03b1 change (all \u2212 without)", "Median time", "Unsure", "Coaching")
MODEL_COLUMNS = ("Model", "W / T / L", "Win rate [95% CI]", "Strength [95% CI]",
                 "Mean TC / FA / AIP", "AssistantBench", "standardweb")
LOWERS_AGREEMENT = -0.05  # alpha(all) - alpha(without) below this: the rater pulls it down


def _pct(value: float | None) -> str:
    return "\u2013" if value is None else f"{value * 100:.0f} %"


def _num(value: float | None, digits: int = 2) -> str:
    return "\u2013" if value is None else f"{value:.{digits}f}"


def _interval(value: float | None, ci: tuple[float, float] | None, *, pct: bool) -> str:
    show = _pct if pct else _num
    return show(value) + (f" [{show(ci[0])} \u2013 {show(ci[1])}]" if ci else "")


def coaching_notes(figures: QaFigures, rater: str) -> list[str]:
    """Why a rater may need coaching (empty: nothing stands out)."""
    notes = []
    for q in figures.qualification:
        if q.rater_id == rater and q.total and not q.qualified:
            notes.append("not qualified")
    for a in figures.attention:
        if a.rater_id == rater and a.missed:
            notes.append(f"missed {len(a.missed)} attention check(s)")
    for r in figures.verdict_agreement.per_rater:
        if r.rater == rater and r.alpha_change is not None and r.alpha_change < LOWERS_AGREEMENT:
            notes.append("lowers verdict agreement")
    return notes


def _set_row(table: QTableWidget, row: int, texts: list[str], *, alert: bool = False) -> None:
    for column, text in enumerate(texts):
        cell = QTableWidgetItem(text)
        cell.setToolTip(text)
        if alert and column == len(texts) - 1:
            cell.setForeground(alert_color())
        table.setItem(row, column, cell)


def fill_raters(table: QTableWidget, figures: QaFigures) -> None:
    qualification = {q.rater_id: q for q in figures.qualification}
    attention = {a.rater_id: a for a in figures.attention}
    agreement = {r.rater: r for r in figures.verdict_agreement.per_rater}
    # A rater with no qualification answer at all is 0 of N, not "no items".
    items = max((q.total for q in figures.qualification), default=0)
    unsure = {share.rater_id: share.text() for share in figures.unsure}
    table.setRowCount(len(figures.raters))
    for row, rater in enumerate(figures.raters):
        q, a, r = qualification.get(rater), attention.get(rater), agreement.get(rater)
        timing = figures.times_per_rater.get(rater)
        notes = coaching_notes(figures, rater)
        texts = [
            rater,
            f"{q.passed} of {q.total} " + ("qualified" if q.qualified else "NOT qualified")
            if q and q.total else f"0 of {items} NOT qualified" if items else "no items",
            f"{len(a.passed)} passed, {len(a.missed)} missed" if a else "none",
            _pct(r.pairwise_agreement) if r else "\u2013",
            _num(r.alpha_change) if r else "\u2013",
            seconds_text(timing.median) if timing else "\u2013",
            unsure.get(rater, "\u2013"),
            "; ".join(notes) or "ok",
        ]
        _set_row(table, row, texts, alert=bool(notes))
    fit_height(table)


def fill_models(table: QTableWidget, figures: QaFigures) -> None:
    runs = {m.model: m for m in figures.standardweb}
    table.setRowCount(len(figures.scoreboard))
    for row, standing in enumerate(figures.scoreboard):
        record = standing.record
        means = " / ".join(_num(standing.mean_scores.get(n)) for n in ("tc", "fa", "aip"))
        bench = figures.assistantbench.get(standing.model)
        run = runs.get(standing.model)
        texts = [
            standing.model,
            f"{record.wins} / {record.ties} / {record.losses}",
            _interval(record.win_rate, standing.win_rate_ci, pct=True),
            _interval(standing.strength, standing.strength_ci, pct=False)
            + (" (conditional)" if standing.ci_conditional else ""),
            means,
            f"{_pct(bench.accuracy)} ({bench.tasks} task(s))" if bench else "\u2013",
            f"{_num(run.mean_score, 1)} ({run.scored} run(s))" if run else "\u2013",
        ]
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
    models = make_table("qaModelsTable", "Model scoreboard", MODEL_COLUMNS)
    for title, table in (("Raters (who needs coaching)", raters), ("Models", models)):
        label = QLabel(title)
        label.setProperty("role", "sectionTitle")
        layout.addWidget(label)
        table.verticalHeader().setVisible(False)
        fit_height(table)
        layout.addWidget(table)
    fit_columns(raters, stretch=(6,))
    cost = CostBox(settings)
    layout.addWidget(cost)
    return host, raters, models, cost
