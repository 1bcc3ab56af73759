"""The step badges, a sub-request's remove button and the QA note are sized from the font
on screen, not fixed pixels: at a larger font they grow with it."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QPushButton

from rater_desktop.gui.qa.adjudication_panel import AdjudicationPanel


def _big_font(size: int) -> QFont:
    font = QFont(QApplication.font())
    font.setPointSize(size)
    return font


def test_the_qa_note_holds_three_lines_of_its_font(qtbot: Any) -> None:
    sizes = []
    old = QApplication.font()
    try:
        for points in (9, 18):
            QApplication.setFont(_big_font(points))
            panel = AdjudicationPanel(save=lambda *a: None, clear=lambda *a: None)  # type: ignore[arg-type]
            qtbot.addWidget(panel)
            note: QPlainTextEdit = panel.note
            assert note.height() >= 3 * note.fontMetrics().lineSpacing()
            sizes.append(note.height())
    finally:
        QApplication.setFont(old)
    assert sizes[1] > sizes[0]


def test_step_badges_grow_with_the_font(qtbot: Any) -> None:
    from rater_desktop.gui.steps.panel import StepPanel

    widths = []
    old = QApplication.font()
    try:
        for points in (9, 18):
            QApplication.setFont(_big_font(points))
            panel = StepPanel()
            qtbot.addWidget(panel)
            badge: QPushButton = next(iter(panel.crumbs.values()))
            assert badge.width() > badge.fontMetrics().horizontalAdvance("8")
            widths.append(badge.width())
    finally:
        QApplication.setFont(old)
    assert widths[1] > widths[0]


def test_a_thumbnail_caption_is_as_wide_as_its_image(qtbot: Any) -> None:
    from rater_desktop.gui.image_loader import ImageLoader
    from rater_desktop.gui.thumbnails import CELL_THUMB, _Cell

    cell = _Cell(ImageLoader())
    qtbot.addWidget(cell)
    assert cell.caption.width() == cell.thumb.width() == CELL_THUMB[0]
