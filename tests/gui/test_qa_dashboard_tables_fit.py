"""The Dashboard's tables are measured once per fill (issue 22): their rows were measured
by ``fit_height`` and then again by the header's ResizeToContents as the table grew to show
them all (50 raters' rows: ~35 ms of one turn); the rows still fit their wrapped text."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QHeaderView

from rater_desktop.gui.qa.dashboard_tables import RATER_COLUMNS, _set_row, tables_section
from rater_desktop.gui.qa.rater_answers import fit_height


def test_the_raters_rows_are_measured_by_fit_height_only(qtbot: Any, tmp_path: Any) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    host, raters, models, _cost = tables_section(settings)
    qtbot.addWidget(host)
    host.resize(host.fontMetrics().averageCharWidth() * 120, host.fontMetrics().height() * 40)
    host.show()
    long = "Coach: " + "re-read the guideline on claims and evidence; " * 6
    raters.setRowCount(50)
    for row in range(50):
        texts = [f"rater{row:03d}"] + ["1"] * (len(RATER_COLUMNS) - 2) + [long if row % 2 else "ok"]
        _set_row(raters, row, texts)
    fit_height(raters)
    models.setRowCount(1)
    for table in (raters, models):
        mode = table.verticalHeader().sectionResizeMode(0)
        assert mode != QHeaderView.ResizeMode.ResizeToContents
    assert raters.rowHeight(1) > raters.rowHeight(0)  # the wrapped note's row is taller
    assert all(raters.rowHeight(r) >= raters.sizeHintForRow(r) for r in range(50))
