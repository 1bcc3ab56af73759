"""No label or button text is wider than its widget, on every step and in the viewer, at
1280x720 and 1920x1080 (1920x1080 at 150 % lays out like 1280x720), and at 853x480 (1280x720
at 150 %: the compact arrangement), light and dark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_walk import SAMPLE, problems_of, walk
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.gui.app import create_main_window
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.theme import apply_theme
from rater_desktop.rating.store import MemoryRatingStore


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [(853, 480), (1280, 720), (1920, 1080)])
def test_every_step_and_the_viewer_fit_their_text(qtbot: Any, tmp_path: Path,
                                                  size: tuple[int, int], theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        settings = QSettings(str(tmp_path / "w.ini"), QSettings.Format.IniFormat)
        window = create_main_window(settings=settings)
        qtbot.addWidget(window)
        binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="layout")
        window.showNormal()
        window.resize(*size)
        window.show()
        assert window.open_batch_path(str(SAMPLE))
        assert (window.width(), window.height()) == size
        found: list[str] = []

        def visit(name: str, widget: QWidget) -> None:
            window.step_dock.raise_()  # compact: the rating tab, not the instructions
            found.extend(f"{name}: {p}" for p in problems_of(widget))

        walk(window, binding, visit)
        assert not found, "\n".join(found)
    finally:
        apply_theme(app, "light")
