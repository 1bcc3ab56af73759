"""Compare's raters' answers: a tall row's label sits at its top, beside the first line of
its cells. Seen under Xvfb at 1366x768: "Guideline warnings" (a row of twenty rule lines)
was centred in its row, below the visible part, so the rows in view had no label."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTableWidgetItem

from rater_desktop.gui.qa.rater_answers import make_table


def _ink_rows(image: Any, background: QColor) -> list[int]:
    """The pixel rows of ``image`` with text darker than ``background`` (its edges, where
    the header draws its border lines, left out)."""
    return [y for y in range(2, image.height() - 2)
            if any(QColor(image.pixel(x, y)).lightness() < background.lightness() - 60
                   for x in range(3, image.width() - 3))]


def test_a_tall_rows_label_is_at_its_top(qtbot: Any) -> None:
    table = make_table("answersTest", "Answers", ["rater000"])
    qtbot.addWidget(table)
    table.setRowCount(1)
    table.setVerticalHeaderLabels(["Guideline warnings"])
    table.setItem(0, 0, QTableWidgetItem("\n".join(f"FC-{n} (warn)" for n in range(30))))
    table.resize(420, 260)
    table.show()
    qtbot.waitExposed(table)
    table.resizeRowsToContents()
    header = table.verticalHeader()
    line = header.fontMetrics().height()
    assert header.sectionSize(0) > 4 * line  # a tall row
    image = header.grab().toImage()
    ink = _ink_rows(image, header.palette().color(header.backgroundRole()))
    assert ink and min(ink) < 2 * line, (ink[:3], line)
