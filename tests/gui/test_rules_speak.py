"""Rules speak after the rater acts: a neutral to-do first, "Must fix" once the field was
visited or the rater tried to move on; the footer stays accurate throughout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from steps_kit import click, open_rated_window

from rater_desktop.gui.steps.badges import RuleBadge
from rater_desktop.rating.model import Step


def _tones(page: Any) -> dict[str, str]:
    QApplication.processEvents()  # new badges are shown by a queued call
    return {b.result.rule_id: str(b.property("tone")) for b in page.findChildren(RuleBadge)
            if b.isVisibleTo(page)}


def test_a_fresh_item_shows_to_dos_and_no_red(qtbot: Any, make_window: Any,
                                              tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = binding.panel
    page = panel.page(Step.CASE_FILE)
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}
    badge = next(b for b in page.findChildren(RuleBadge) if b.result.rule_id == "CF-1")
    assert badge.text.text().startswith("CF-1 \u00b7 To do: Write the user's main goal")
    assert "Must fix" not in badge.text.text()
    assert panel.reason.text().startswith("Cannot complete yet")  # still accurate
    assert panel.reason.property("tone") == "todo"
    assert not panel.complete_button.isEnabled()


def test_leaving_a_field_empty_makes_its_rule_speak(qtbot: Any, make_window: Any,
                                                    tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Tab)  # visited, left empty
    assert _tones(page) == {"CF-1": "block", "CF-2": "todo"}


def test_a_sub_request_row_speaks_once_the_rater_leaves_it(qtbot: Any, make_window: Any,
                                                           tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()
    qtbot.keyClicks(page.main_goal, "Find a red umbrella")
    click(qtbot, page.add_button)
    row = next(iter(page.sub_rows.values()))
    assert _tones(page) == {"CF-2": "todo"}  # the new row has no text yet: not red
    row.kind.setFocus()
    qtbot.keyClick(row.kind, Qt.Key.Key_Down)  # a kind, still in the same row
    assert _tones(page) == {"CF-2": "todo"}
    page.checklist.setFocus()  # leaves the row without text
    assert _tones(page) == {"CF-2": "block"}


def test_trying_to_move_on_makes_the_step_speak(qtbot: Any, make_window: Any,
                                                tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = binding.panel
    page = panel.page(Step.CASE_FILE)
    click(qtbot, panel.next_button)  # refused: the case file is empty
    assert binding.service.rating.current_step is Step.CASE_FILE
    assert _tones(page) == {"CF-1": "block", "CF-2": "block"}
    assert panel.reason.property("tone") == "block"
    assert panel.message.isVisibleTo(panel) and "Finish the case file" in panel.message.text()


def test_each_item_keeps_its_own_visits(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = binding.panel
    click(qtbot, panel.next_button)
    page = panel.page(Step.CASE_FILE)
    assert _tones(page)["CF-1"] == "block"
    binding.service.open_item("item-2")
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}
    binding.service.open_item("item-1")
    assert _tones(page) == {"CF-1": "block", "CF-2": "block"}
    assert window is not None


def test_a_field_left_while_items_switch_is_not_held_against_the_new_item(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()
    binding.service.open_item("item-2")  # e.g. Alt+Right with the cursor in Main goal
    page.checklist.setFocus()  # focus moved by the switch, not by the rater's visit
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}
    page.main_goal.setFocus()  # now the rater really enters and leaves Main goal
    page.checklist.setFocus()
    assert _tones(page) == {"CF-1": "block", "CF-2": "todo"}


def test_a_dialog_or_the_practice_card_in_front_is_not_a_visit(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QDialog, QLineEdit, QVBoxLayout

    from rater_desktop import appdirs
    from rater_desktop.gui.practice import PracticeTour, install_practice

    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()  # where the app puts the cursor on a new item
    instructions = QDialog(window)
    field = QLineEdit()
    QVBoxLayout(instructions).addWidget(field)
    instructions.show()
    instructions.activateWindow()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=2000)
    instructions.close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}
    install_practice(window, data_dir=appdirs.data_dir(), rater_id="rater-1",
                     focus_work=lambda: None)
    qtbot.waitUntil(lambda: window.findChild(PracticeTour) is not None
                    and window.findChild(PracticeTour).next_button.hasFocus(), timeout=3000)
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}


def test_searching_with_the_find_bar_is_not_moving_on(qtbot: Any, make_window: Any,
                                                      tmp_path: Path) -> None:
    from rater_desktop.gui.steps.case_file import CaseFileStep

    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    assert isinstance(page, CaseFileStep)
    page.main_goal.setFocus()
    qtbot.waitUntil(page.main_goal.hasFocus, timeout=2000)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.find_bar.field.hasFocus, timeout=2000)  # looking for the goal
    assert _tones(page) == {"CF-1": "todo", "CF-2": "todo"}
    page.checklist.setFocus()  # from the find bar on to another field: Main goal was left
    assert _tones(page) == {"CF-1": "block", "CF-2": "todo"}
