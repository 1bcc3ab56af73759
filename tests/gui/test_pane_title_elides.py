"""A response pane's title shortens with an ellipsis when the pane is narrow, the whole
title in its tooltip. Seen under Xvfb in the QA window's Compare at 853x480: the titles
with the model's name were cut mid-letter ("Response A (model-alph") with no sign that
more followed, and no way to read the rest."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from rater_desktop.gui.image_loader import ImageLoader
from rater_desktop.gui.response_pane import ResponsePane
from rater_desktop.gui.safe_browser import LinkHandler
from rater_desktop.gui.theme import apply_theme, current_theme


def test_a_long_title_in_a_narrow_pane_elides_and_says_it_whole(qtbot: Any) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = current_theme(app)
    apply_theme(app, "dark")
    try:
        pane = ResponsePane("A", loader=ImageLoader(threads=1), link_handler=LinkHandler())
        qtbot.addWidget(pane)
        title = "Response A (model-alpha-2025-11-preview)"
        pane.title.setText(title)
        pane.resize(pane.title.fontMetrics().horizontalAdvance(title) // 2, 300)
        pane.show()
        qtbot.waitExposed(pane)
        shown = pane.title.text()
        room = pane.title.contentsRect().width()
        assert shown != title and shown.endswith("\u2026"), shown
        assert pane.title.fontMetrics().horizontalAdvance(shown) <= room
        assert pane.title.toolTip() == title
        assert pane.title.minimumSizeHint().width() < pane.width()
    finally:
        apply_theme(app, before)
