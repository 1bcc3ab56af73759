"""Dialogs show their wrapped text whole and stay on the screen (seen under Xvfb on a
1280x720 screen at 150 %: the first-run dialog cut its keyring paragraph mid-sentence,
because Qt sizes a new window to at most two thirds of the screen)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget

from rater_desktop.gui.first_run_dialog import FirstRunDialog


def _clipped_labels(dialog: QWidget) -> list[str]:
    return [label.text()[:40] for label in dialog.findChildren(QLabel)
            if label.isVisible() and label.wordWrap() and label.text()
            and label.height() < label.heightForWidth(label.width())]


@pytest.fixture
def app_font() -> Any:
    """Sets the application's font size for one test (the dialog's style sheet would
    override a font set on the dialog itself)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = QFont(app.font())
    style_sheet = app.styleSheet()  # a theme's font size would win over the app's font
    app.setStyleSheet("")

    def set_size(point_size: int) -> None:
        font = QFont(before)
        font.setPointSize(point_size)
        app.setFont(font)

    yield set_size
    app.setFont(before)
    app.setStyleSheet(style_sheet)


def _shown(qtbot: Any, set_font_size: Any, point_size: int) -> FirstRunDialog:
    set_font_size(point_size)
    dialog = FirstRunDialog(needs_passphrase=True, create=lambda **_: None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_text_needing_more_than_two_thirds_of_the_screen_shows_whole(
        qtbot: Any, app_font: Any) -> None:
    dialog = _shown(qtbot, app_font, 22)  # 18 pt fit in two thirds once the width followed the font
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.height() > screen.height() * 2 // 3  # the case Qt cut short
    assert _clipped_labels(dialog) == []
    assert dialog.height() <= screen.height()
    assert all(area.verticalScrollBar().maximum() == 0
               for area in dialog.findChildren(QScrollArea))  # fits: nothing scrolls


def test_text_taller_than_the_screen_scrolls_inside_the_screen(qtbot: Any,
                                                              app_font: Any) -> None:
    dialog = _shown(qtbot, app_font, 30)
    dialog.set_needs_passphrase(True)  # re-fitted when its content changes
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.height() <= screen.height()
    assert _clipped_labels(dialog) == []
    assert dialog.body_scroll.verticalScrollBar().maximum() > 0
    assert dialog.create_button.isVisible()  # the buttons stay outside the scrolling part


def test_a_long_survey_stays_on_a_small_screen(qtbot: Any) -> None:
    from rater_desktop.batch.protocol import SurveyQuestion
    from rater_desktop.gui.survey_dialog import SurveyDialog

    questions = [SurveyQuestion(id=f"q{n}", kind="text", text=f"Question {n} " * 8)
                 for n in range(30)]
    dialog = SurveyDialog(None, questions)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert dialog.height() <= min(screen.height(), 640)
    scroll = dialog.findChild(QScrollArea, "surveyScroll")
    assert scroll is not None and scroll.verticalScrollBar().maximum() > 0
    assert _clipped_labels(dialog) == []


def test_a_note_appearing_grows_the_dialog_instead_of_scrolling(qtbot: Any,
                                                                app_font: Any) -> None:
    # seen under Xvfb at 853x480: typing the name brought the rater id note in, and the
    # dialog shrank back to Qt's two-thirds size and scrolled its form
    dialog = _shown(qtbot, app_font, 15)
    before = dialog.height()
    qtbot.keyClicks(dialog.display_name, "Dana Reyes")
    assert dialog.id_note.isVisible()
    qtbot.waitUntil(lambda: dialog.height() > before, timeout=2000)
    assert dialog.body_scroll.verticalScrollBar().maximum() == 0
    assert _clipped_labels(dialog) == []


def test_a_note_that_wraps_to_more_lines_grows_the_dialog(qtbot: Any, app_font: Any,
                                                          monkeypatch: Any) -> None:
    # seen under Xvfb at 1366x768: a note already shown changed to a text of more lines,
    # and the form scrolled instead of the dialog growing
    from rater_desktop.gui import first_run_dialog

    dialog = _shown(qtbot, app_font, 15)
    qtbot.keyClicks(dialog.display_name, "Dana")
    assert dialog.id_note.isVisible()
    before = dialog.height()
    monkeypatch.setattr(first_run_dialog, "ID_HINT", first_run_dialog.ID_HINT * 3)
    qtbot.keyClicks(dialog.display_name, " Reyes")
    assert dialog.id_note.text() == first_run_dialog.ID_HINT
    qtbot.waitUntil(lambda: dialog.height() > before, timeout=2000)
    assert dialog.body_scroll.verticalScrollBar().maximum() == 0
    assert _clipped_labels(dialog) == []


def test_the_dialogs_least_width_follows_the_font(qtbot: Any, app_font: Any) -> None:
    """It was 560 px at every font: cramped fields and labels at a large font."""
    small = _shown(qtbot, app_font, 6).minimumWidth()
    large = _shown(qtbot, app_font, 12)
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert large.minimumWidth() >= min(screen.width(), small * 3 // 2), (small, large)
    assert large.minimumWidth() <= screen.width()
