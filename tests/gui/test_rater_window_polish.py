"""The rater window's furniture sized from the font on screen, not fixed pixels."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel
from steps_kit import fill_case_file, open_rated_window, rating_items

from rater_desktop import appdirs
from rater_desktop.gui.practice import PracticeTour, focus_current_step, install_practice
from rater_desktop.rating.model import Step
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


def test_the_first_reason_shown_is_response_as_when_the_file_order_is_swapped(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # A rater shown the file's second response as A read "TC-1: Response B: ..." while
    # working down Response A's answers.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                items=rating_items(8))
    service = binding.service
    assert service is not None
    swapped = [i for i in window.item_list.model.item_ids() if service.order_for(i).swapped]
    assert swapped, "a batch of eight items has one shown the other way round"
    window.item_list.select_item(swapped[0])
    qtbot.waitUntil(lambda: not binding.second_turn.pending, timeout=2000)
    fill_case_file(qtbot, binding)
    assert not service.set_step(Step.TASK_COMPLETION).refused
    qtbot.waitUntil(lambda: "TC-1" in binding.panel.reason.text(), timeout=2000)
    text = binding.panel.reason.text()
    assert "Response A" in text and "Response B" not in text, text


def test_reading_order_puts_the_item_then_a_then_b_within_each_rule() -> None:
    from types import SimpleNamespace

    from rater_desktop.rating.display_order import DisplayOrder, in_reading_order

    results = [SimpleNamespace(rule_id=r, side=s) for r, s in
               (("TC-1", 0), ("TC-1", 1), ("CF-1", None), ("TC-5", 0), ("TC-1", None))]
    shown = in_reading_order(results, DisplayOrder(swapped=True))
    assert [(r.rule_id, r.side) for r in shown] == [
        ("TC-1", None), ("TC-1", 1), ("TC-1", 0), ("CF-1", None), ("TC-5", 0)]
    assert in_reading_order(results, DisplayOrder(swapped=False))[1:3] == results[0:2]
