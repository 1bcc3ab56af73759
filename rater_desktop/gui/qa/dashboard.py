"""The QA dashboard: charts (QPainter) and tables of one batch's figures."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from rater_desktop.gui.qa.charts import Bar, BarChart
from rater_desktop.gui.qa.dashboard_tables import fill_models, fill_raters, tables_section
from rater_desktop.gui.qa.rater_answers import fit_height
from rater_desktop.qa.scoreboard import MIN_ITEMS_FOR_INTERVAL
from rater_desktop.qa_review.answer_rows import seconds_text
from rater_desktop.qa_review.report_study import study_lines
from rater_desktop.qa_review.summary import QaFigures

VERDICT_LABELS = {-3: "A\u226b", -2: "A>", -1: "A\u2265", 0: "=", 1: "B\u2265", 2: "B>",
                  3: "B\u226b"}


def agreement_bars(figures: QaFigures) -> list[Bar]:
    bars = []
    for d in figures.agreement:
        text = "\u03b1 n/a" if d.alpha is None else f"\u03b1 {d.alpha:.2f}"
        if d.percent is not None:
            text += f" \u00b7 {d.percent * 100:.0f} % agree"
        bars.append(Bar(d.label, d.alpha, text))
    return bars


def histogram_bars(values: list[int], top: int) -> list[Bar]:
    counts = Counter(values)
    return [Bar(str(v), float(counts.get(v, 0)), str(counts.get(v, 0))) for v in range(top + 1)]


def time_bars(figures: QaFigures) -> list[Bar]:
    return [Bar(rater, t.median, f"{seconds_text(t.median)} (n={t.count})", t.q1, t.q3)
            for rater, t in figures.times_per_rater.items()]


def strength_bars(figures: QaFigures) -> list[Bar]:
    bars = []
    for s in figures.scoreboard:
        ci = s.strength_ci
        text = "n/a" if s.strength is None else f"{s.strength:.2f}"
        if ci:
            text += f" [{ci[0]:.2f}\u2013{ci[1]:.2f}]"
        elif s.ci_withheld:
            text += f" (no interval: under {MIN_ITEMS_FOR_INTERVAL} items)"
        bars.append(Bar(s.model, s.strength, text, ci[0] if ci else None, ci[1] if ci else None))
    return bars


def _top(bars: list[Bar], *, floor: float = 1.0) -> float:
    values = [v for b in bars for v in (b.value, b.high) if v is not None]
    return max([floor, *values]) * 1.12


class Dashboard(QScrollArea):
    """Charts and tables; ``set_figures`` fills everything from one QaFigures."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaDashboard")
        self.setAccessibleName("QA dashboard")
        self.setWidgetResizable(True)
        self.figures: QaFigures | None = None
        content = QWidget()
        content.setObjectName("qaDashboardContent")
        layout = QVBoxLayout(content)
        layout.setContentsMargins(16, 12, 16, 16)
        self.headline = QLabel("Open a batch and results to see the figures.")
        self.headline.setObjectName("qaDashboardHeadline")
        self.headline.setAccessibleName("Dashboard summary")
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.headline)
        grid = QGridLayout()
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(12)
        self.agreement = BarChart("Agreement per dimension (Krippendorff's \u03b1)",
                                  name="qaChartAgreement", minimum=-0.2, maximum=1.0)
        self.verdicts = BarChart("Verdict distribution (true A/B)", name="qaChartVerdicts",
                                 vertical=True)
        self.verdict_spread = BarChart("Verdict spread across raters (items)",
                                       name="qaChartVerdictSpread", vertical=True)
        self.score_spread = BarChart("Largest TC/FA/AIP spread (items)",
                                     name="qaChartScoreSpread", vertical=True)
        self.times = BarChart("Time per judgment per rater (median, quartiles)",
                              name="qaChartTimes")
        self.strengths = BarChart("Model strength, Bradley\u2013Terry (95% CI)",
                                  name="qaChartScoreboard")
        charts = (self.agreement, self.verdicts, self.strengths, self.times,
                  self.verdict_spread, self.score_spread)
        for index, chart in enumerate(charts):
            grid.addWidget(chart, index // 2, index % 2, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(grid)
        self.study = QLabel("")
        self.study.setObjectName("qaDashboardStudy")
        self.study.setAccessibleName("Study checks")
        self.study.setWordWrap(True)
        self.study.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.study)
        tables, self.raters_table, self.models_table, self.cost = tables_section(settings)
        layout.addWidget(tables)
        layout.addStretch(1)
        self.setWidget(content)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self._fit_tables)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_tables)

    def _fit_tables(self) -> None:
        # Wrapped cells change height with the width: keep the tables free of inner scrolling.
        for table in (self.raters_table, self.models_table):
            fit_height(table)

    def set_figures(self, figures: QaFigures) -> None:
        self.figures = figures
        self.headline.setText(
            f"{figures.batch_title or figures.batch_id}: {len(figures.raters)} rater(s) used "
            f"({', '.join(figures.raters) or 'none'}), {figures.items_judged} of "
            f"{figures.items_in_batch} items judged, {figures.judgments} judgments. "
            f"Qualification threshold {figures.qualification_threshold[0]} of "
            f"{figures.qualification_threshold[1]}; intervals from "
            f"{figures.bootstrap_resamples} bootstrap resamples.")
        self.agreement.set_bars(agreement_bars(figures), empty_text="Needs two raters")
        distribution = figures.verdict_distribution
        verdicts = [Bar(VERDICT_LABELS[s], float(n), str(n)) for s, n in distribution.items()]
        self.verdicts.set_bars(verdicts, minimum=0.0, maximum=_top(verdicts))
        spreads = [d for d in figures.disagreements]
        verdict_spread = histogram_bars(
            [int(d.verdict_spread) for d in spreads if d.verdict_spread is not None], 6)
        score_spread = histogram_bars(
            [int(d.max_score_spread) for d in spreads if d.max_score_spread is not None], 4)
        self.verdict_spread.set_bars(verdict_spread, minimum=0.0, maximum=_top(verdict_spread),
                                     empty_text="Needs two raters")
        self.score_spread.set_bars(score_spread, minimum=0.0, maximum=_top(score_spread),
                                   empty_text="Needs two raters")
        times = time_bars(figures)
        self.times.set_bars(times, minimum=0.0, maximum=_top(times, floor=10.0))
        strengths = strength_bars(figures)
        self.strengths.set_bars(strengths, minimum=0.0, maximum=_top(strengths))
        fill_raters(self.raters_table, figures)
        fill_models(self.models_table, figures)
        self.study.setText("Study checks\n" + "\n".join(study_lines(figures.study))
                           if figures.study is not None else "")
        self.cost.set_figures(figures)
