"""Compare's answers table keeps each rater's id readable when many raters share a pane."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTableWidgetItem

from rater_desktop.gui.qa.rater_answers import _keep_ids_readable, make_table


def test_fifty_raters_in_a_narrow_pane_keep_their_ids_and_scroll(qtbot: Any) -> None:
    # Seen at 1366x768 with 5 raters: each header read "ater00" (cut on both sides).
    ids = [f"rater{n:03d}" for n in range(50)]
    table = make_table("answers", "answers", ids)
    qtbot.addWidget(table)
    for index, rater_id in enumerate(ids):
        table.setHorizontalHeaderItem(index, QTableWidgetItem(rater_id))
    _keep_ids_readable(table, ids)
    table.resize(600, 300)
    table.show()
    qtbot.waitExposed(table)
    header = table.horizontalHeader()
    text = header.fontMetrics().horizontalAdvance("rater049")
    assert all(header.sectionSize(i) > text for i in range(50))
    assert table.horizontalScrollBar().maximum() > 0


def test_a_few_raters_still_fill_the_pane(qtbot: Any) -> None:
    ids = ["ann", "bob"]
    table = make_table("answers", "answers", ids)
    qtbot.addWidget(table)
    _keep_ids_readable(table, ids)
    table.resize(600, 300)
    table.show()
    qtbot.waitExposed(table)
    header = table.horizontalHeader()
    assert header.length() >= table.viewport().width() - 1
    assert table.horizontalScrollBar().maximum() == 0
