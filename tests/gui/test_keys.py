"""Keys built from the key table work in the window: previous / next step, the key that
puts the cursor in the rating panel, Edit > Undo / Redo <what>, Ctrl+Q from the viewer,
Ctrl+O in both windows, and F1 showing every row of the table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.gui.keys import sequences
from rater_desktop.keymap import BINDINGS, binding, plain_label
from rater_desktop.rating.model import Step

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = CTRL | Qt.KeyboardModifier.ShiftModifier


def test_every_key_of_the_table_is_one_valid_key_sequence() -> None:
    for entry in BINDINGS:
        for key in entry.keys:
            sequence = QKeySequence(key)
            assert sequence.count() == 1 and sequence[0].key() != Qt.Key.Key_unknown, key


def test_alt_up_goes_back_a_step_and_alt_down_forward(qtbot: Any, make_window: Any,
                                                      tmp_path: Path) -> None:
    window, binding_, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding_)
    service = binding_.service
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down, ALT)
    assert service.rating.current_step is Step.TASK_COMPLETION
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up, ALT)
    assert service.rating.current_step is Step.CASE_FILE
    assert binding_.panel.page(Step.CASE_FILE).isAncestorOf(QApplication.focusWidget())
    qtbot.keyClick(window, Qt.Key.Key_Up, ALT)  # nothing before the first step
    assert service.rating.current_step is Step.CASE_FILE


def test_ctrl_shift_r_puts_the_cursor_in_the_current_steps_field(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding_, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding_.panel.page(Step.CASE_FILE)
    qtbot.waitUntil(page.main_goal.hasFocus, timeout=2000)
    window.item_list.view.setFocus()
    assert not page.main_goal.hasFocus()
    qtbot.keyClick(window.item_list.view, Qt.Key.Key_R, CTRL_SHIFT)
    assert page.main_goal.hasFocus()
    qtbot.keyClicks(page.main_goal, "typed")
    assert binding_.service.rating.case_file.main_goal == "typed"


def test_edit_menu_names_the_edit_undo_and_redo_take_back(qtbot: Any, make_window: Any,
                                                          tmp_path: Path) -> None:
    window, binding_, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    undo, redo = window.actions_.undo, window.actions_.redo
    assert not undo.isEnabled() and not redo.isEnabled()
    page = binding_.panel.page(Step.CASE_FILE)
    qtbot.keyClicks(page.main_goal, "Find a red umbrella")
    assert undo.isEnabled() and undo.text() == "&Undo Main goal"
    assert not redo.isEnabled() and redo.text() == "&Redo"
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Z, CTRL)
    assert binding_.service.rating.case_file.main_goal == ""
    assert not undo.isEnabled() and undo.text() == "&Undo"
    assert redo.isEnabled() and redo.text() == "&Redo Main goal"
    redo.trigger()
    assert binding_.service.rating.case_file.main_goal == "Find a red umbrella"
    assert undo.text() == "&Undo Main goal" and not redo.isEnabled()


def test_edit_menu_holds_undo_and_redo(make_window: Any, tmp_path: Path) -> None:
    window, _binding, _ = open_rated_window(make_window, tmp_path)
    # findChild, not QAction.menu(): PySide6 6.11.0 hands out a menu wrapper that its next
    # call deletes ("Internal C++ object already deleted").
    edit = window.menuBar().findChild(QMenu, "menuEdit")
    assert edit is not None
    assert edit.actions() == [window.actions_.undo, window.actions_.redo]
    assert window.actions_.undo.shortcuts() == sequences("undo")


def test_ctrl_q_quits_from_the_screenshot_viewer(qtbot: Any, make_window: Callable[..., Any],
                                                 small_batch: Path) -> None:
    window = make_window()
    assert window.open_batch_path(str(small_batch))
    viewer = window.open_viewer(0, 0, "A")
    viewer.activateWindow()
    qtbot.waitUntil(viewer.isActiveWindow, timeout=2000)
    with qtbot.waitSignal(window.actions_.quit.triggered, timeout=2000):
        qtbot.keyClick(viewer.canvas, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)


def test_ctrl_o_opens_a_batch_in_both_windows(qtbot: Any) -> None:
    from rater_desktop.gui.main_actions import build_actions
    from rater_desktop.gui.qa.actions import build_qa_actions

    rater, qa = QMainWindow(), QMainWindow()
    qtbot.addWidget(rater)
    qtbot.addWidget(qa)
    qa_menus = [qa.menuBar().addMenu(title) for title in ("&File", "&View", "&Help")]
    main_acts, qa_acts = build_actions(rater), build_qa_actions(qa, *qa_menus)
    ctrl_o = QKeySequence("Ctrl+O")

    def named(window: QMainWindow) -> list[str]:
        return [a.text() for a in window.findChildren(type(main_acts.open_batch))
                if ctrl_o in a.shortcuts()]

    assert named(rater) == named(qa) == [binding("open_batch").label]
    assert qa_acts.open_batch.shortcuts() == main_acts.open_batch.shortcuts() == [ctrl_o]
    assert ctrl_o not in qa_acts.open_results.shortcuts()


def test_f1_shows_every_row_of_the_table(qtbot: Any, make_window: Any) -> None:
    from rater_desktop.gui.safe_browser import SafeTextBrowser
    from rater_desktop.gui.steps.help import show_help

    window = make_window()
    dialog = show_help(window)
    qtbot.addWidget(dialog)
    browser = dialog.findChild(SafeTextBrowser, "helpText_shortcuts")
    text = " ".join(browser.toPlainText().split())
    for entry in BINDINGS:
        assert " ".join(entry.help.split()) in text, entry.action
    assert plain_label("shortcuts") in window.actions_.shortcuts.text().replace("&", "")


def test_ctrl_shift_r_brings_the_rating_panel_forward_in_a_small_window(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    from layout_walk import SAMPLE, settle
    from PySide6.QtWidgets import QPlainTextEdit

    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.rating.store import MemoryRatingStore

    window = make_window()
    RatingBinding(window, store=MemoryRatingStore(), rater_id="small")
    window.resize(853, 480)  # 1280x720 at 150 %: the docks are tabs behind the rating
    settle()
    assert window.open_batch_path(str(SAMPLE))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    settle()
    rating, tools = window.step_dock, window.tools_dock
    assert rating in window.tabifiedDockWidgets(tools)
    tools.raise_()
    window.item_list.view.setFocus()
    settle()
    assert rating.visibleRegion().isEmpty()
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL_SHIFT)
    settle()
    goal = window.findChild(QPlainTextEdit, "caseFileMainGoal")
    assert not rating.visibleRegion().isEmpty() and goal.hasFocus()
    rating.toggleViewAction().trigger()  # closed from the View menu
    settle()
    assert rating.isHidden()
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL_SHIFT)
    settle()
    assert not rating.visibleRegion().isEmpty() and goal.hasFocus()
