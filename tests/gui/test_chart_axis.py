"""The QA dashboard's charts: the axis labels are not struck through by their tick marks
and fit in the chart at a large font, and the muted text reads at 4.5:1 (WCAG AA).

Seen under Xvfb at 1366x768: each tick mark was drawn through the top of its label's
digits ("1|95", "-0.|2"), the labels' box was 12 px whatever the font, and the value
labels ("α -0.14 · 0 % agree") were #6b7688 on the light window, 4.2:1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, QSettings
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF

from rater_desktop.contrast import TEXT_MINIMUM, contrast_ratio
from rater_desktop.gui.qa.charts import INK, MUTED, PAD, Bar, BarChart
from rater_desktop.gui.theme import _PALETTES


class _Recorder:
    """Stands in for a QPainter: keeps the lines and the text boxes a chart draws."""

    def __init__(self, font: QFont) -> None:
        self.font = QFont(font)
        self.lines: list[tuple[QPointF, QPointF]] = []
        self.texts: list[tuple[QRectF, str, QFont]] = []

    def setFont(self, font: QFont) -> None:  # noqa: N802 - QPainter's name
        self.font = QFont(font)

    def setPen(self, _pen: Any) -> None:  # noqa: N802
        pass

    def fillRect(self, *_args: Any) -> None:  # noqa: N802
        pass

    def fontMetrics(self) -> QFontMetrics:  # noqa: N802
        return QFontMetrics(self.font)

    def drawLine(self, a: QPointF, b: QPointF) -> None:  # noqa: N802
        self.lines.append((QPointF(a), QPointF(b)))

    def drawText(self, rect: QRectF, _flags: Any, text: str) -> None:  # noqa: N802
        self.texts.append((QRectF(rect), text, QFont(self.font)))


@pytest.mark.parametrize("points", [10.0, 20.0])
def test_tick_labels_sit_under_their_ticks_and_inside_the_chart(qtbot: Any,
                                                                points: float) -> None:
    chart = BarChart("Agreement", name="qaChartTest", minimum=-0.2, maximum=1.0)
    qtbot.addWidget(chart)
    font = QFont(chart.font())
    font.setPointSizeF(points)
    chart.setFont(font)
    chart.set_bars([Bar("Task completion", -0.14, "α -0.14"), Bar("Verdict", 1.0, "α 1.00")])
    chart.resize(620, chart.height())
    recorder = _Recorder(chart.font())
    title = chart.sizes().title
    area = QRectF(0, title + PAD, chart.width(), chart.height() - title - PAD)
    chart._paint_horizontal(recorder, area, chart._colors())  # type: ignore[arg-type]
    axis_y = max(a.y() for a, b in recorder.lines if a.x() == b.x() and a.y() < b.y())
    ticks = [(a, b) for a, b in recorder.lines if a.x() == b.x() and a.y() == axis_y]
    labels = [(rect, text, f) for rect, text, f in recorder.texts if rect.top() > axis_y]
    assert len(ticks) == len(labels) >= 2
    for rect, text, label_font in labels:
        metrics = QFontMetricsF(label_font)
        assert all(rect.top() >= b.y() for _a, b in ticks), (text, rect)
        assert rect.height() >= metrics.height() and rect.width() >= metrics.horizontalAdvance(text)
        assert rect.bottom() <= chart.height(), (text, rect.bottom(), chart.height())


def test_the_time_chart_labels_its_axis_in_minutes(qtbot: Any, tmp_path: Path) -> None:
    """The axis read "0 ... 489" (seconds, unsaid); now "0 ... 9 min"."""
    from rater_desktop.gui.qa.dashboard import Dashboard
    from rater_desktop.qa_review.answer_rows import time_axis_top

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    dashboard = Dashboard(settings)
    qtbot.addWidget(dashboard)
    chart = dashboard.times
    chart.set_bars([Bar("ann", 300.0, "5 min 00 s", 240.0, 437.0)], minimum=0.0,
                   maximum=time_axis_top(437.0 * 1.12))
    chart.resize(620, chart.height())
    recorder = _Recorder(chart.font())
    title = chart.sizes().title
    area = QRectF(0, title + PAD, chart.width(), chart.height() - title - PAD)
    chart._paint_horizontal(recorder, area, chart._colors())  # type: ignore[arg-type]
    axis_y = max(a.y() for a, b in recorder.lines if a.x() == b.x() and a.y() < b.y())
    assert [text for rect, text, _f in recorder.texts if rect.top() > axis_y] == ["0", "9 min"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_chart_text_reads_on_the_window(theme: str) -> None:
    window = _PALETTES[theme]["window"]
    for name, table in (("muted", MUTED), ("ink", INK)):
        assert contrast_ratio(table[theme], window) >= TEXT_MINIMUM, name
