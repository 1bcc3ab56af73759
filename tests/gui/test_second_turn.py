"""An item switch is drawn over two turns (issue 23): the responses at once, the rating
panel a turn later. Whatever the rater does to the panel in between is neither lost nor
written into the new item from the previous item's fields."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from steps_kit import open_rated_window

from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.steps.case_file import CaseFileStep
from rater_desktop.rating.model import Step


def _case_file(binding: RatingBinding) -> CaseFileStep:
    page = binding.panel.page(Step.CASE_FILE)
    assert isinstance(page, CaseFileStep)
    return page


def _written_first_item(qtbot: Any, make_window: Callable[..., Any],
                        tmp_path: Path) -> tuple[Any, RatingBinding]:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = _case_file(binding)
    page.main_goal.setFocus()
    qtbot.keyClicks(page.main_goal, "First goal")
    assert binding.service is not None and binding.service.current_item_id == "item-1"
    return window, binding


def _followed(qtbot: Any, binding: RatingBinding) -> None:
    qtbot.waitUntil(lambda: not binding.second_turn.pending, timeout=2000)


def test_the_panel_follows_a_switch_one_turn_after_the_responses(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _written_first_item(qtbot, make_window, tmp_path)
    page = _case_file(binding)
    assert window.item_list.select_item("item-2")
    assert window.item_view.item.id == "item-2"  # the responses: in the switch's turn
    assert binding.second_turn.pending
    assert page.main_goal.toPlainText() == "First goal"  # the panel: not yet
    _followed(qtbot, binding)
    assert page.main_goal.toPlainText() == ""
    assert binding.service is not None
    assert binding.service.rating.case_file.main_goal == ""


def test_keys_typed_between_the_turns_land_in_the_new_items_field(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _written_first_item(qtbot, make_window, tmp_path)
    page = _case_file(binding)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.item.id == "item-2" and binding.second_turn.pending
    # The field still shows item 1's goal and has the focus: a key reaching it would
    # write "First goal..." into item 2.
    qtbot.keyClicks(QApplication.focusWidget(), "Second")
    assert binding.service is not None
    assert binding.service.rating.case_file.main_goal == ""
    _followed(qtbot, binding)
    assert page.main_goal.hasFocus()
    assert binding.service.rating.case_file.main_goal == "Second"
    assert page.main_goal.toPlainText() == "Second"
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    _followed(qtbot, binding)
    assert binding.service.rating.case_file.main_goal == "First goal"


def test_keys_held_for_one_item_go_to_it_when_the_next_switch_comes_first(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _written_first_item(qtbot, make_window, tmp_path)
    page = _case_file(binding)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClicks(QApplication.focusWidget(), "Second")  # held: typed on item 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.item.id == "item-1"
    _followed(qtbot, binding)
    assert binding.service is not None
    assert binding.service.rating.case_file.main_goal == "First goal"
    assert page.main_goal.toPlainText() == "First goal"
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    _followed(qtbot, binding)
    assert binding.service.rating.case_file.main_goal == "Second"


def test_a_click_on_the_panel_between_the_turns_is_dropped(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = _written_first_item(qtbot, make_window, tmp_path)
    page = _case_file(binding)
    assert window.item_list.select_item("item-2")
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)  # aimed at item 1's page
    _followed(qtbot, binding)
    assert binding.service is not None
    assert binding.service.rating.case_file.sub_requests == []
    assert page.sub_rows == {}
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)  # the panel is current now
    assert len(binding.service.rating.case_file.sub_requests) == 1
