"""The rater window's furniture sized from the font on screen, not fixed pixels."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel
from steps_kit import open_rated_window

from rater_desktop import appdirs
from rater_desktop.gui.practice import PracticeTour, focus_current_step, install_practice
from rater_desktop.gui.tour import CARD_CHARS, card_width
from rater_desktop.wording import counted, unacknowledged_text


def _placeholder_width(make_window: Callable[..., Any]) -> int:
    label = make_window().findChild(QLabel, "stepPanelPlaceholder")
    assert label is not None
    assert label.minimumWidth() > label.fontMetrics().horizontalAdvance("Open a batch")
    return int(label.minimumWidth())


def test_the_rating_docks_placeholder_grows_with_the_font(
        make_window: Callable[..., Any]) -> None:
    # It was 300 px at any font: at a large one its words wrapped one to a line.
    normal = _placeholder_width(make_window)
    old = QApplication.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 3)
    QApplication.setFont(big)
    try:
        assert _placeholder_width(make_window) > 2 * normal
    finally:
        QApplication.setFont(old)


def test_the_practice_card_is_as_wide_as_its_font_and_stays_in_the_window(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # It was 380 px at any font: at a large font a few words a line, cut in a small window.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    install_practice(window, data_dir=appdirs.data_dir(), rater_id="rater-1",
                     focus_work=lambda: focus_current_step(binding.panel))
    qtbot.waitUntil(lambda: window.findChild(PracticeTour, "practiceCard") is not None
                    and window.findChild(PracticeTour, "practiceCard").isVisible(),
                    timeout=3000)
    tour = window.findChild(PracticeTour, "practiceCard")
    normal = tour.width()
    assert normal >= 40 * tour.fontMetrics().averageCharWidth()
    points = tour.font().pointSizeF()
    tour.setStyleSheet(tour.styleSheet() + f"\n* {{ font-size: {2 * points}pt; }}")
    tour.advance()
    qtbot.waitUntil(lambda: tour.width() > 1.6 * normal, timeout=2000)
    buttons = (tour.skip_button, tour.back_button, tour.next_button)
    assert all(b.width() >= b.sizeHint().width() for b in buttons)  # none cut
    window.resize(tour.width() // 2 * 3 // 2, window.height())
    qtbot.waitUntil(lambda: tour.geometry().right() <= window.width(), timeout=2000)
    assert tour.width() < window.width()


def test_card_width_follows_the_font_the_buttons_and_the_window() -> None:
    assert card_width(char_width=7, least=200, area_width=1366) == CARD_CHARS * 7
    assert card_width(char_width=21, least=200, area_width=4000) == CARD_CHARS * 21
    assert card_width(char_width=7, least=500, area_width=1366) == 500  # the buttons
    assert card_width(char_width=21, least=200, area_width=853) == 853 - 42  # the window


def test_counts_agree_with_their_nouns() -> None:
    assert counted(1, "warning") == "1 warning"
    assert counted(3, "warning") == "3 warnings"
    assert counted(2, "reply", "replies") == "2 replies"
    assert unacknowledged_text(1) == "1 warning is not acknowledged"
    assert unacknowledged_text(2) == "2 warnings are not acknowledged"
    assert unacknowledged_text(0) == ""


def test_the_complete_question_says_one_warning_not_warning_s(qtbot: Any) -> None:
    # "1 warning(s) are not acknowledged" read as a form letter after every item.
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox, QWidget

    from rater_desktop.gui.complete_flow import ask_complete_with_warnings
    from rater_desktop.rating.rules.base import RuleResult, Severity

    parent = QWidget()
    qtbot.addWidget(parent)
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box.text())
        box.reject()

    QTimer.singleShot(0, answer)
    warning = RuleResult("FC-4", Severity.WARN, False, "Response B reports an action.", "x")
    assert not ask_complete_with_warnings(parent, [warning])
    assert seen and seen[0].startswith("1 warning is not acknowledged:"), seen
