"""Controls sized from their font and content, not from literal pixels: with a large
font (a rater's system setting, a 150 % screen) nothing they show is cut off."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.rating.model import Step


def _enlarge(widget: QWidget) -> None:
    big = QFont(widget.font())
    big.setPointSizeF(widget.font().pointSizeF() * 3)
    widget.setFont(big)
    QApplication.processEvents()


def test_the_sub_request_kind_list_is_as_wide_as_its_longest_kind(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    row = next(iter(binding.panel.page(Step.CASE_FILE).sub_rows.values()))
    qtbot.waitUntil(row.kind.isVisible, timeout=2000)
    row.kind.addItem("A kind with a much longer name", None)  # a translation, a big font
    qtbot.waitUntil(lambda: row.kind.width() >= row.kind.sizeHint().width(), timeout=2000)


def test_the_viewer_filmstrip_shows_its_numbers_whole(
        make_window: Callable[..., Any], small_batch: Path, qtbot: Any) -> None:
    window = make_window()
    assert window.open_batch_path(str(small_batch))
    viewer = window.open_viewer(0, 0, "A")
    strip = viewer.filmstrip
    qtbot.waitUntil(strip.isVisible, timeout=2000)
    _enlarge(strip)

    def number_whole() -> bool:
        item = strip.visualItemRect(strip.item(0))
        return 0 < item.height() and item.bottom() < strip.viewport().height()

    qtbot.waitUntil(number_whole, timeout=2000)
