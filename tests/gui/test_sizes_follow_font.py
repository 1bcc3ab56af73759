"""Reading dialogs and the QA charts are sized from the font (house rule: no literal
pixels): at 16 pt they are bigger than at 10 pt, in proportion, within the screen."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.font_boxes import READING_CHARS, READING_LINES, chart_sizes, text_box
from rater_desktop.gui.dialog_fit import FRAME_ALLOWANCE
from rater_desktop.gui.dialogs import show_instructions
from rater_desktop.gui.qa.charts import Bar, BarChart
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.gui.steps.help import show_help


def _font(points: float) -> QFont:
    font = QFont(QWidget().font())
    font.setPointSizeF(points)
    return font


@pytest.mark.parametrize("opener", [
    lambda parent: show_instructions(parent, "# Batch\nRead me.", link_handler=LinkHandler()),
    lambda parent: show_help(parent)])
def test_reading_dialogs_are_a_page_of_their_font(qtbot: Any, opener: Any) -> None:
    sizes, old_font = [], QApplication.font()
    for points in (10.0, 16.0):
        QApplication.setFont(_font(points))  # the rater's font is the application's
        parent = QWidget()
        qtbot.addWidget(parent)
        try:
            dialog = opener(parent)
            metrics, room = QFontMetrics(dialog.font()), dialog.screen().availableGeometry()
            assert (dialog.width(), dialog.height()) == text_box(
                READING_CHARS, READING_LINES, char_width=metrics.averageCharWidth(),
                line_height=metrics.lineSpacing(),
                room=(room.width(), room.height() - FRAME_ALLOWANCE))
            assert dialog.font().pointSizeF() == points
            sizes.append(dialog.size())
            dialog.close()
        finally:
            QApplication.setFont(old_font)
    assert sizes[1].width() > sizes[0].width() and sizes[1].height() > sizes[0].height()


@pytest.mark.parametrize("vertical", [False, True])
def test_chart_rows_title_and_widths_follow_the_font(qtbot: Any, vertical: bool) -> None:
    measured = {}
    for points in (10.0, 16.0):
        chart = BarChart("Agreement", name="qaChartTest", vertical=vertical)
        qtbot.addWidget(chart)
        chart.setFont(_font(points))
        chart.set_bars([Bar("Task completion", 0.5, "0.50"), Bar("Verdict", 0.9, "0.90")])
        metrics = QFontMetrics(chart.font())
        sizes = chart_sizes(char_width=metrics.averageCharWidth(),
                            line_height=metrics.lineSpacing())
        assert chart.sizes() == sizes
        assert chart.minimumWidth() == sizes.least_width
        assert chart.sizeHint().width() == sizes.width
        if vertical:
            assert chart.height() == sizes.vertical
        measured[points] = (chart.height(), chart.minimumWidth())
    assert measured[16.0][0] > measured[10.0][0] * 1.4 and measured[16.0][1] > measured[10.0][1] * 1.4
