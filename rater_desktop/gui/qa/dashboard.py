"""The QA dashboard: charts (QPainter) and tables of one batch's figures."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QTableWidget, QVBoxLayout, QWidget

from rater_desktop.gui.qa.charts import Bar, BarChart
from rater_desktop.gui.qa.dashboard_tables import CostBox, fill_models, fill_raters, tables_section
from rater_desktop.gui.qa.in_parts import InParts
from rater_desktop.gui.qa.rater_answers import fit_height
from rater_desktop.qa.scoreboard import MIN_ITEMS_FOR_INTERVAL
from rater_desktop.qa_review.answer_rows import duration_tick_text, seconds_text, time_axis_top
from rater_desktop.qa_review.report_study import study_lines
from rater_desktop.qa_review.summary import QaFigures
from rater_desktop.wording import counted

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
        self._settings = settings
        self._tables: tuple[QTableWidget, QTableWidget, CostBox] | None = None
        # The first figures arrive a turn after the build; then charts and tables a part
        # per turn (fifty raters' rows), so no turn draws the whole page.
        self.later = InParts(self)
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
        # Standard items only (as the figures count them): gold items' verdicts are not in
        # it, so its bars add up to fewer than the headline's judgments.
        self.verdicts = BarChart("Verdict distribution, standard items (true A/B)",
                                 name="qaChartVerdicts", vertical=True)
        self.verdict_spread = BarChart("Verdict spread across raters (items)",
                                       name="qaChartVerdictSpread", vertical=True)
        self.score_spread = BarChart("Largest TC/FA/AIP spread (items)",
                                     name="qaChartScoreSpread", vertical=True)
        self.times = BarChart("Time per judgment per rater (median, quartiles)",
                              name="qaChartTimes", tick_text=duration_tick_text)
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
        layout.addStretch(1)
        self._layout = layout
        self.setWidget(content)
        # The tables and the cost box a turn after the page: with the page put in its tab
        # they held one turn 22-43 ms at 50 raters (issue 22).
        self.later.add(self._build_tables)

    def _build_tables(self) -> None:
        """The tables section, once: in its own turn, or at once when something asks."""
        if self._tables is None:
            host, raters, models, cost = tables_section(self._settings)
            self._layout.insertWidget(self._layout.count() - 1, host)  # before the stretch
            self._tables = raters, models, cost

    def _section(self) -> tuple[QTableWidget, QTableWidget, CostBox]:
        self._build_tables()
        assert self._tables is not None
        return self._tables

    @property
    def raters_table(self) -> QTableWidget:
        return self._section()[0]

    @property
    def models_table(self) -> QTableWidget:
        return self._section()[1]

    @property
    def cost(self) -> CostBox:
        """The cost inputs (e.g. the report's), built now if their turn has not come."""
        return self._section()[2]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        QTimer.singleShot(0, self._fit_tables)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_tables)

    def _fit_tables(self) -> None:
        # Wrapped cells change height with the width: keep the tables free of inner scrolling.
        if self._tables is not None:
            for table in self._tables[:2]:
                fit_height(table)

    @property
    def drawing(self) -> bool:
        """Parts of the last figures still wait for their turn."""
        return self.later.pending

    def set_figures(self, figures: QaFigures) -> None:
        """Show ``figures``: the headline now, charts and tables in the next turns."""
        self.figures = figures
        self.headline.setText(
            f"{figures.batch_title or figures.batch_id}: "
            f"{counted(len(figures.raters), 'rater')} used "
            f"({', '.join(figures.raters) or 'none'}), {figures.items_judged} of "
            f"{figures.items_in_batch} items judged, {figures.judgments} judgments. "
            f"Qualification threshold {figures.qualification_threshold[0]} of "
            f"{figures.qualification_threshold[1]}; intervals from "
            f"{figures.bootstrap_resamples} bootstrap resamples.")
        charts = chart_bars(figures)
        # This replaces any parts still waiting, the tables' build among them: it comes
        # first again, so the tables are built once and show these figures.
        self.later.start([self._build_tables,
                          lambda: self._draw_charts(charts, first=True),
                          lambda: self._draw_charts(charts, first=False),
                          lambda: fill_raters(self.raters_table, figures),
                          lambda: fit_height(self.raters_table),  # 50 wrapped rows: a turn
                          lambda: self._draw_rest(figures)])

    def _draw_charts(self, charts: dict[str, ChartBars], *, first: bool) -> None:
        for name in (FIRST_CHARTS if first else LATER_CHARTS):
            bars, minimum, maximum, empty = charts[name]
            chart: BarChart = getattr(self, name)
            chart.set_bars(bars, minimum=minimum, maximum=maximum, empty_text=empty)

    def _draw_rest(self, figures: QaFigures) -> None:
        fill_models(self.models_table, figures)
        self.study.setText("Study checks\n" + "\n".join(study_lines(figures.study))
                           if figures.study is not None else "")
        self.cost.set_figures(figures)


# A chart's bars, scale and text when empty, made from the figures before any is drawn.
ChartBars = tuple[list[Bar], "float | None", "float | None", str]
FIRST_CHARTS = ("agreement", "verdicts", "strengths")  # the top of the page
LATER_CHARTS = ("times", "verdict_spread", "score_spread")


def chart_bars(figures: QaFigures) -> dict[str, ChartBars]:
    """Every chart's bars (attribute name of the Dashboard -> bars, minimum, maximum, text
    when empty): plain data, no widget touched."""
    verdicts = [Bar(VERDICT_LABELS[s], float(n), str(n))
                for s, n in figures.verdict_distribution.items()]
    spreads = figures.disagreements
    verdict_spread = histogram_bars(
        [int(d.verdict_spread) for d in spreads if d.verdict_spread is not None], 6)
    score_spread = histogram_bars(
        [int(d.max_score_spread) for d in spreads if d.max_score_spread is not None], 4)
    times = time_bars(figures)
    strengths = strength_bars(figures)
    return {"agreement": (agreement_bars(figures), None, None, "Needs two raters"),
            "verdicts": (verdicts, 0.0, _top(verdicts), "No data yet"),
            "verdict_spread": (verdict_spread, 0.0, _top(verdict_spread), "Needs two raters"),
            "score_spread": (score_spread, 0.0, _top(score_spread), "Needs two raters"),
            "times": (times, 0.0, time_axis_top(_top(times, floor=10.0)), "No data yet"),
            "strengths": (strengths, 0.0, _top(strengths), "No data yet")}
