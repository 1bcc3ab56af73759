"""Complete and go on by key, the warnings question, Ctrl+G, and the session pace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from steps_kit import open_rated_window, rating_items

from rater_desktop.gui.go_to import best_match
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.rules.base import RuleResult, Severity

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _fake_ready(binding: Any, warnings: tuple[RuleResult, ...] = ()) -> None:
    """Let the open item pass every block rule (the rules have their own tests)."""
    service = binding.service
    service._results = warnings
    binding.panel.refresh_all()


def _warning() -> RuleResult:
    return RuleResult(rule_id="CF-3", severity=Severity.WARN, passed=False,
                      message="A checklist line is not phrased as Should / Should NOT.",
                      field="case_file.checklist")


def test_ctrl_shift_enter_completes_and_opens_the_next_unfinished(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                           items=rating_items(3))
    binding.service.set_main_goal("Find it")
    _fake_ready(binding)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return, CTRL_SHIFT)
    assert window.item_list.model.progress("item-1").state == "complete"
    assert window.item.id == "item-2"
    assert "items/h" in binding.completion.pace_label.text()
    assert binding.completion.completed == {"item-1"}
    page = binding.panel.page(binding.service.rating.current_step)
    assert page.isAncestorOf(QApplication.focusWidget())  # ready to type the next one


def test_warnings_are_shown_once_and_asked(qtbot: Any, make_window: Any,
                                           tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    binding.service.set_main_goal("Find it")
    asked: list[list[str]] = []
    answers = [False, True]

    def ask(_parent: Any, warnings: Any) -> bool:
        asked.append([w.rule_id for w in warnings])
        return answers.pop(0)

    binding.completion.ask = ask
    _fake_ready(binding, (_warning(),))
    binding.panel.complete_button.click()  # "Go back": nothing changes
    assert binding.service.rating.status is not ItemStatus.COMPLETE
    binding.panel.complete_button.click()  # "Complete anyway"
    assert binding.service.rating.status is ItemStatus.COMPLETE
    assert asked == [["CF-3"], ["CF-3"]]
    binding.service.set_status(ItemStatus.IN_PROGRESS)
    _fake_ready(binding, (_warning(),))
    binding.panel.complete_button.click()  # the same warnings: not asked again
    assert binding.service.rating.status is ItemStatus.COMPLETE and len(asked) == 2


def test_best_match_prefers_exact_then_prefix_then_part() -> None:
    ids = ["item-10", "item-1", "shop-item-1x"]
    assert best_match(ids, "ITEM-1") == "item-1"
    assert best_match(ids, "item") == "item-10"
    assert best_match(ids, "1x") == "shop-item-1x"
    assert best_match(ids, "  ") is None and best_match(ids, "zzz") is None


def test_ctrl_g_enter_opens_the_item_and_clears_a_hiding_filter(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                           items=rating_items(3))
    items = window.item_list
    items.filter_combo.setCurrentIndex(items.filter_combo.findData("in_progress"))
    assert items.proxy.rowCount() == 0
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert items.search.hasFocus()
    qtbot.keyClicks(items.search, "item-3")
    qtbot.keyClick(items.search, Qt.Key.Key_Return)
    assert window.item.id == "item-3"
    assert items.filter_combo.currentData() == "all"
    assert not items.isAncestorOf(QApplication.focusWidget())  # the cursor is in the form


def test_ctrl_g_down_then_enter_in_the_list(qtbot: Any, make_window: Any,
                                            tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                           items=rating_items(3))
    items = window.item_list
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(items.search, "item")
    qtbot.keyClick(items.search, Qt.Key.Key_Down)
    assert items.view.hasFocus()
    qtbot.keyClick(items.view, Qt.Key.Key_Down)
    assert items.view.hasFocus(), "moving in the list keeps the focus there"
    qtbot.keyClick(items.view, Qt.Key.Key_Return)
    assert window.item.id == items.current_item_id()
    assert not items.isAncestorOf(QApplication.focusWidget())
