"""Switching the theme from the View menu restyles the rating panel at once (seen under
Xvfb: after choosing Dark the step panel stayed light, because it asked for the current
theme while the palette change was still being announced, before the theme was set)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from steps_kit import open_rated_window

from rater_desktop.gui.steps.style import panel_stylesheet  # at the app font's size
from rater_desktop.gui.theme import app_points, apply_theme


def test_the_rating_panel_follows_a_theme_switch(qtbot: Any, make_window: Any,
                                                 tmp_path: Path) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    try:
        window.set_theme("light")
        assert binding.panel.styleSheet() == panel_stylesheet("light", app_points())
        window.set_theme("dark")
        assert binding.panel.styleSheet() == panel_stylesheet("dark", app_points())
        window.set_theme("light")
        assert binding.panel.styleSheet() == panel_stylesheet("light", app_points())
    finally:
        apply_theme(app, "light")


def test_the_preference_panel_follows_a_theme_switch(qtbot: Any) -> None:
    from rater_desktop.gui.preference.panel import PreferencePanel

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "light")
    panel = PreferencePanel()
    qtbot.addWidget(panel)
    try:
        assert panel.styleSheet() == panel_stylesheet("light", app_points())
        apply_theme(app, "dark")  # switched while the panel is hidden (a guideline batch)
        panel.show()  # a preference batch opens
        qtbot.waitExposed(panel)
        assert panel.styleSheet() == panel_stylesheet("dark", app_points())
        apply_theme(app, "light")  # switched while it shows
        assert panel.styleSheet() == panel_stylesheet("light", app_points())
    finally:
        apply_theme(app, "light")
