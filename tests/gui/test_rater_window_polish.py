"""The rater window's furniture sized from the font on screen, not fixed pixels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel


def _placeholder_width(make_window: Callable[..., Any]) -> int:
    label = make_window().findChild(QLabel, "stepPanelPlaceholder")
    assert label is not None
    assert label.minimumWidth() > label.fontMetrics().horizontalAdvance("Open a batch")
    return int(label.minimumWidth())


def test_the_rating_docks_placeholder_grows_with_the_font(
        make_window: Callable[..., Any]) -> None:
    # It was 300 px at any font: at a large one its words wrapped one to a line.
    normal = _placeholder_width(make_window)
    old = QApplication.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 3)
    QApplication.setFont(big)
    try:
        assert _placeholder_width(make_window) > 2 * normal
    finally:
        QApplication.setFont(old)
