"""The find bar on a small screen: the field keeps room for what the rater types.

Seen under Xvfb at 853x480 (a 1280x720 screen at 150 %): beside "Find in responses:" and
"Responses hidden" the field was four letters wide, "shoes" showed as "oes"."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from rater_desktop.gui.find_bar import FIELD_LEAST_CHARS


def test_the_find_field_keeps_a_words_room_at_853x480(qtbot: Any, make_window: Any,
                                                      small_batch: Any) -> None:
    window = make_window()
    window.showNormal()
    window.resize(853, 480)
    assert window.open_batch_path(str(small_batch))
    for _ in range(6):
        QApplication.processEvents()
    assert window.compact.arrangement.compact
    window.actions_.find.trigger()
    bar = window.find_bar
    qtbot.keyClicks(bar.field, "shoes")
    qtbot.waitUntil(lambda: bar.count.text() != "", timeout=2000)
    for _ in range(4):
        QApplication.processEvents()
    least = FIELD_LEAST_CHARS * bar.field.fontMetrics().averageCharWidth()
    assert bar.field.width() >= least, (bar.field.width(), least)
    assert bar.count.width() >= bar.count.fontMetrics().horizontalAdvance(bar.count.text())
    assert bar.close_button.geometry().right() <= bar.contentsRect().right()
