"""The Dashboard's verdict chart says what it counts: the verdicts on standard items only
(``verdict_distribution``), so its bars add up to fewer than the headline's judgments when
the batch has gold items (3 raters x 20 items: 60 judgments, 54 verdicts in the chart)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from rater_desktop.gui.qa.dashboard import Dashboard


def test_the_verdict_chart_title_names_standard_items(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dashboard = Dashboard(settings)
    qtbot.addWidget(dashboard)
    assert "standard items" in dashboard.verdicts.title
    assert dashboard.verdicts.accessibleName() == dashboard.verdicts.title
