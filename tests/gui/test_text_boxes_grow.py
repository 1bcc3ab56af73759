"""Multi-line text boxes of the rating panels grow with their text up to a limit instead of
clipping it (seen under Xvfb at 1366x768: the verdict justification showed 2 lines with
the line being typed out of view)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget
from steps_kit import open_rated_window

from rater_desktop.gui.preference.panel import PreferencePanel
from rater_desktop.gui.steps.common import GROW_TO_LINES, TextField
from rater_desktop.gui.steps.panel import StepPanel
from rater_desktop.gui.text_fit import clipped_texts
from rater_desktop.rating.model import Step

WORDS = "the cheaper fare was picked and the receipt names it plainly "


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _fields(panel: QWidget) -> list[TextField]:
    return [f for f in panel.findChildren(TextField) if f._grows]


def _lines_shown(field: TextField) -> float:
    return field.viewport().height() / field.fontMetrics().lineSpacing()


def _check_grows(qtbot: Any, field: TextField) -> None:
    line = field.fontMetrics().lineSpacing()
    field.setPlainText("")
    _settle()
    empty = field.height()
    assert _lines_shown(field) >= field._lines, field.objectName()
    field.setPlainText("\n".join(f"line {n}" for n in range(field._lines + 2)))
    _settle()
    assert field.height() >= empty + 2 * line - 1, f"{field.objectName()} did not grow"
    assert field.verticalScrollBar().maximum() == 0  # every line shows
    field.setPlainText(WORDS * 3)  # one paragraph wrapped into several lines
    _settle()
    assert field.verticalScrollBar().maximum() == 0, field.objectName()
    assert not clipped_texts(field)
    field.setPlainText("\n".join(f"line {n}" for n in range(GROW_TO_LINES * 3)))
    _settle()
    assert _lines_shown(field) <= GROW_TO_LINES + 1  # the limit: past it the box scrolls
    assert field.verticalScrollBar().maximum() > 0
    assert not clipped_texts(field)  # scrolling at the limit is not clipping


def test_every_rating_text_box_grows_with_its_text(qtbot: Any, make_window: Any,
                                                   tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = window.findChild(StepPanel)
    checked: set[str] = set()
    for step in Step:
        page = binding.panel.page(step)  # built when first shown
        panel.stack.setCurrentWidget(panel.scrolls[step])
        _settle()
        for field in _fields(page):
            if field.isVisible():
                _check_grows(qtbot, field)
                checked.add(field.objectName())
    assert {"caseFileMainGoal", "caseFileChecklist", "verdictJustification", "itemNotes",
            "batchFeedback", "tcJustificationA", "aipJustificationA"} <= checked, checked


def test_the_preference_explanation_grows(qtbot: Any) -> None:
    panel = PreferencePanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.explanation_card.show()  # shown once A or B is chosen
    fields = _fields(panel)
    assert [f.objectName() for f in fields] == ["preferenceExplanation"]
    _check_grows(qtbot, fields[0])


@pytest.mark.parametrize("lines", [2, 8])
def test_the_line_being_typed_stays_in_view(qtbot: Any, lines: int) -> None:
    from PySide6.QtWidgets import QScrollArea, QVBoxLayout

    area = QScrollArea()
    area.setWidgetResizable(True)
    page = QWidget()
    column = QVBoxLayout(page)
    field = TextField("box", "Box", lines=lines)
    column.addWidget(field)
    column.addStretch(1)
    area.setWidget(page)
    qtbot.addWidget(area)
    area.resize(field.fontMetrics().averageCharWidth() * 40,
                 field.fontMetrics().lineSpacing() * 6)
    area.show()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=2000)
    for n in range(GROW_TO_LINES):
        qtbot.keyClicks(field, f"{WORDS}{n}")
        _settle()
    cursor = field.cursorRect()
    on_page = QRect(field.viewport().mapTo(area.viewport(), cursor.topLeft()), cursor.size())
    assert area.viewport().rect().contains(on_page), (on_page, area.viewport().rect())


def test_text_fit_reports_a_box_that_scrolls_before_its_limit(qtbot: Any) -> None:
    """The layout checker catches the old fixed-height box (the text out of view)."""
    field = TextField("box", "Box", lines=2)
    qtbot.addWidget(field)
    field.resize(field.fontMetrics().averageCharWidth() * 40, field.height())
    field.show()
    field.setPlainText("\n".join(f"line {n}" for n in range(6)))
    _settle()
    assert not clipped_texts(field)
    field._grows = False  # what a fixed height did
    field.setFixedHeight(field.fontMetrics().lineSpacing() * 2 + field._chrome())
    _settle()
    found = clipped_texts(field)
    assert [c.widget for c in found] == [field] and found[0].axis == "height"


def test_a_long_text_is_measured_only_up_to_the_box_limit(qtbot: Any) -> None:
    """Issue 23: measuring the text laid out each new block, whose size change measured
    again from the first block, nested (RecursionError past ~1,000 lines), and every
    keystroke measured all 20,000 lines of a long field."""
    field = TextField("box", "Box", lines=2)
    qtbot.addWidget(field)
    field.resize(field.fontMetrics().averageCharWidth() * 40, field.height())
    field.show()
    measured: list[int] = []
    real = field.blockBoundingRect

    def counting(block: Any) -> Any:
        measured.append(block.blockNumber())
        return real(block)

    field.blockBoundingRect = counting  # type: ignore[method-assign]
    field.setPlainText("\n".join(f"line {n}" for n in range(3_000)))
    _settle()
    assert len(measured) < 50 * GROW_TO_LINES, len(measured)
    assert _lines_shown(field) <= GROW_TO_LINES + 1  # still at its limit, and scrolls
    assert field.verticalScrollBar().maximum() > 0
    measured.clear()
    field.moveCursor(field.textCursor().MoveOperation.End)
    field.insertPlainText("x")  # a keystroke at the end
    _settle()
    assert max(measured, default=0) <= 2 * GROW_TO_LINES, max(measured)


def test_a_long_run_without_spaces_wraps_anywhere(qtbot: Any) -> None:
    """Issue 23: Qt's word wrapping relaid out 20,000 "#" in 25-40 ms on every keystroke;
    a box holding such a run wraps anywhere (the same lines: the run has no word
    boundary), and takes word wrapping back once the run is gone."""
    from PySide6.QtGui import QTextOption

    words = QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere
    field = TextField("box", "Box", lines=2)
    qtbot.addWidget(field)
    field.show()
    assert field.wordWrapMode() == words
    field.show_text("#" * 20_000)  # a saved value shown
    assert field.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
    field.show_text(WORDS * 50)
    assert field.wordWrapMode() == words
    field.moveCursor(field.textCursor().MoveOperation.End)
    field.insertPlainText("=&" * 1_000)  # typed or pasted
    assert field.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
