"""Compare's right column: the handle between the raters' answers and the decision panel
shows a line in either theme, so a reviewer can see it can be dragged (it was drawn in the
window's own background colour: an invisible gap)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QTableWidget, QTabWidget, QWidget

from rater_desktop.gui.qa.compare_column import CompareColumn
from rater_desktop.gui.theme import apply_theme


def _colours(widget: QWidget) -> set[str]:
    image = widget.grab().toImage()
    return {QColor(image.pixel(x, y)).name()
            for x in range(image.width()) for y in range(image.height())}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_answers_panel_handle_shows_a_line(qtbot: Any, theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        tabs, answers = QTabWidget(), QTableWidget(4, 2)
        tabs.addTab(answers, "Answers")
        column = CompareColumn(tabs, answers)
        column.addWidget(QWidget())
        qtbot.addWidget(column)
        column.resize(column.sizeHint().width(), 4 * column.sizeHint().height())
        column.show()
        qtbot.waitExposed(column)
        handle = column.handle(1)
        assert handle.isVisible() and handle.height() > 0
        # A line in another colour than the handle's fill: something to see and grab.
        assert len(_colours(handle)) >= 2, _colours(handle)
    finally:
        apply_theme(app, "light")
