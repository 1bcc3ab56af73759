"""Focus follows the work, and undo/redo show where they change things."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.gui.steps.where import is_unanswered
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import Step

CTRL = Qt.KeyboardModifier.ControlModifier


def test_opening_an_item_puts_the_cursor_in_the_main_goal(qtbot: Any, make_window: Any,
                                                          tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.waitUntil(page.main_goal.hasFocus, timeout=2000)
    qtbot.keyClicks(QApplication.focusWidget(), "Typed without a click")
    assert binding.service.rating.case_file.main_goal == "Typed without a click"


def test_arrowing_through_the_item_list_keeps_the_focus_there(qtbot: Any, make_window: Any,
                                                              tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    view = window.item_list.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert window.item.id == "item-2"
    assert view.hasFocus()


def test_next_step_focuses_its_first_unanswered_field(qtbot: Any, make_window: Any,
                                                      tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return, CTRL)
    assert binding.service.rating.current_step is Step.TASK_COMPLETION
    page = binding.panel.page(Step.TASK_COMPLETION)
    first = page.sides["A"].main_goal.yes
    assert first.hasFocus()
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    binding.panel.go_previous()
    binding.panel.go_next()  # the answered question is skipped
    focus = QApplication.focusWidget()
    assert focus is not first and page.isAncestorOf(focus)
    assert is_unanswered(focus) and focus.objectName().startswith("tc")


def test_undo_goes_to_the_step_and_field_it_changes(qtbot: Any, make_window: Any,
                                                    tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Z, CTRL)
    assert service.rating.current_step is Step.CASE_FILE
    row = next(iter(binding.panel.page(Step.CASE_FILE).sub_rows.values()))
    assert row.text.hasFocus()
    assert "Undone in Case file" in window.statusBar().currentMessage()


def test_a_reopening_notice_stays_visible_after_the_step_switch(qtbot: Any, make_window: Any,
                                                               tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    change = Change(service.current_item_id, "undo", ("case_file.main_goal",), service.results,
                    notice="Undo reopened this complete item: CF-1: ...")
    binding.panel.apply_change(change)
    binding.focus.show_where(service, change)
    assert service.rating.current_step is Step.CASE_FILE
    assert binding.panel.message.isVisibleTo(binding.panel)
    assert "reopened" in binding.panel.message.text()
    assert binding.panel.page(Step.CASE_FILE).main_goal.hasFocus()


def test_enter_on_a_focused_button_presses_it(qtbot: Any, make_window: Any,
                                              tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.waitUntil(page.add_button.isVisible, timeout=2000)
    page.add_button.setFocus()
    qtbot.keyClick(page.add_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(binding.service.rating.case_file.sub_requests) == 1,
                    timeout=2000)
    row = next(iter(page.sub_rows.values()))
    assert row.text.hasFocus()  # ready to type the sub-request


def test_tab_goes_through_added_rows_in_the_order_shown(qtbot: Any, make_window: Any,
                                                        tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.keyClicks(page.main_goal, "Find a red umbrella under $20")
    for count, text in enumerate(("red", "under $20"), start=1):
        page.add_button.setFocus()
        qtbot.keyClick(page.add_button, Qt.Key.Key_Return)
        # The new row shows on a later turn of the event loop (as between a person's keys):
        # wait for its own text field, visible and focused, before typing.
        qtbot.waitUntil(lambda n=count: len(page.sub_rows) == n
                        and (row := list(page.sub_rows.values())[-1]).text.isVisible()
                        and QApplication.focusWidget() is row.text, timeout=2000)
        qtbot.keyClicks(QApplication.focusWidget(), text)
    first, second = page.sub_rows.values()
    order = []
    widget = first.kind
    widget.setFocus()
    for _ in range(7):
        order.append(QApplication.focusWidget())
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert order == [first.kind, first.text, first.remove, second.kind, second.text,
                     second.remove, page.add_button]
