"""The cover's message is sized from its font, not in pixels: at a larger font it keeps
the same number of characters a line instead of wrapping into a narrow column."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from rater_desktop.gui.steps.cover import ResponseCover


def test_the_cover_text_width_follows_its_font(qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    splitter = QSplitter(host)
    QVBoxLayout(host).addWidget(splitter)
    cover = ResponseCover(splitter)
    small = cover.text.maximumWidth()
    small_chars = small / cover.text.fontMetrics().averageCharWidth()
    assert 40 <= small_chars <= 80
    cover.text.setStyleSheet("font-size: 33pt")
    large = cover.text.maximumWidth()
    assert large / cover.text.fontMetrics().averageCharWidth() == small_chars
    assert large > 2 * small
