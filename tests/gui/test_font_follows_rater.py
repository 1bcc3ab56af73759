"""The themes follow the rater's font: a bigger system or application font makes the
whole window bigger (the stylesheets pinned every widget to 10 pt)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel

from rater_desktop.font_sizes import scale_points, scaled_font_sizes
from rater_desktop.gui.steps.style import panel_stylesheet
from rater_desktop.gui.theme import apply_theme, current_theme


def test_font_sizes_scale_with_the_body_font() -> None:
    sheet = "a { font-size: 11pt; } b { font-weight: 600; font-size: 9pt; }"
    assert scaled_font_sizes(sheet, 20) == (
        "a { font-size: 22pt; } b { font-weight: 600; font-size: 18pt; }")
    assert scaled_font_sizes(sheet, 10) == sheet
    assert scale_points(11, -1) == 11  # a pixel-sized font: the written size stays


@pytest.fixture
def big_app_font() -> Iterator[float]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    old_font, old_theme = QApplication.font(), current_theme(app)
    big = QFont(old_font)
    big.setPointSizeF(20)
    QApplication.setFont(big)
    apply_theme(app, "dark")
    try:
        yield 20.0
    finally:
        QApplication.setFont(old_font)
        apply_theme(app, old_theme)


def test_a_bigger_application_font_reaches_every_label(
        big_app_font: float, make_window: Callable[..., Any]) -> None:
    window = make_window()
    window.show()
    plain = QLabel("Item 1 of 3", window)
    plain.ensurePolished()
    assert plain.font().pointSizeF() == pytest.approx(big_app_font)
    title = QLabel("Prompt", window)
    title.setProperty("role", "paneTitle")  # written as 11 pt for a 10 pt body
    title.ensurePolished()
    assert title.font().pointSizeF() == pytest.approx(1.1 * big_app_font)


def test_the_rating_panel_titles_scale_with_the_font() -> None:
    assert "font-size: 22pt" in panel_stylesheet("light", 20)
    assert "font-size: 11pt" in panel_stylesheet("light", 10)
