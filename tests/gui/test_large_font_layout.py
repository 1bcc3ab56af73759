"""A rater's larger font: the window arranges itself for the room the font leaves.

Seen under Xvfb at 1366x768 with a 14 pt font: the normal arrangement's panels sat at
their least widths, the item list was squeezed to one row of ids cut to "shop…hoes" and
could not be dragged wider. The compact arrangement's thresholds were measured for a
10 pt body; they now grow with the font, as the stylesheets' sizes do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QStyle

from rater_desktop.dock_widths import Arrangement, arrangement_for
from rater_desktop.gui.app import create_main_window

SAMPLE = Path(__file__).resolve().parents[2] / "sample_batches" / "consumer-tasks"


def _settle() -> None:
    for _ in range(8):
        QApplication.processEvents()


def test_the_thresholds_grow_with_the_font() -> None:
    assert arrangement_for(width=1366, height=768) == Arrangement(False, False, False)
    assert arrangement_for(width=1366, height=768, points=14) == Arrangement(True, True, True)
    assert arrangement_for(width=1920, height=1080, points=14).compact is False
    # a smaller font than the themes are written for never makes a small window normal
    assert arrangement_for(width=853, height=480, points=8) == arrangement_for(
        width=853, height=480)


@pytest.fixture
def font_14pt() -> Iterator[None]:
    old = QApplication.font()
    big = QFont(old)
    big.setPointSizeF(14)
    QApplication.setFont(big)
    try:
        yield
    finally:
        QApplication.setFont(old)


@pytest.mark.usefixtures("font_14pt")
def test_at_14_pt_on_1366x768_the_item_list_shows_its_ids_whole(
        qtbot: Any, tmp_path: Path) -> None:
    window = create_main_window(settings=QSettings(str(tmp_path / "w.ini"),
                                                   QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.showNormal()
    window.resize(1366, 768)
    window.show()
    _settle()
    assert window.open_batch_path(str(SAMPLE))
    _settle()
    assert window.compact.arrangement.fold_side_docks
    window.compact.press(window.item_dock)
    _settle()
    view = window.item_list.view
    icon = view.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
    ids = window.item_list.model.item_ids()
    need = max(view.fontMetrics().horizontalAdvance(i) for i in ids) + icon
    qtbot.waitUntil(lambda: view.columnWidth(0) >= need, timeout=2000)
    rows = view.viewport().height() // max(1, view.sizeHintForRow(0))
    assert rows >= min(len(ids), 5), rows
