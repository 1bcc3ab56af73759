"""Step 1: the case file hides the responses until CF-1/CF-2 pass; rule badges live."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.rating.model import Step, SubRequestKind


def test_responses_stay_hidden_until_the_case_file_passes(qtbot: Any, make_window: Any,
                                                          tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = binding.panel
    page = panel.page(Step.CASE_FILE)
    assert binding.cover.isVisible()
    assert not window.item_view.panes["A"].isEnabled()
    assert "CF-1" in panel.findChild(type(page.other_badges), "caseFileMainGoalRules").rule_ids()
    assert not panel.crumbs[Step.TASK_COMPLETION].isEnabled()
    click(qtbot, panel.next_button)
    assert panel.message.isVisible() and "case file" in panel.message.text().lower()
    assert binding.cover.isVisible()

    fill_case_file(qtbot, binding)
    rating = binding.service.rating  # type: ignore[union-attr]
    assert rating.case_file.main_goal == "Find a red umbrella under $20"
    assert rating.case_file.sub_requests[0].kind is SubRequestKind.LOCATION
    assert rating.case_file.sub_requests[0].text == "Under $20"
    assert page.findChild(type(page.other_badges), "caseFileMainGoalRules").rule_ids() == []
    assert panel.crumbs[Step.TASK_COMPLETION].isEnabled()
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert rating.current_step is Step.TASK_COMPLETION
    assert not binding.cover.isVisible()
    assert window.item_view.panes["A"].isEnabled()


def test_sub_request_rows_add_and_remove_with_undo(qtbot: Any, make_window: Any,
                                                   tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    click(qtbot, page.add_button)
    click(qtbot, page.add_button)
    assert len(page.sub_rows) == 2
    badges = page.findChild(type(page.other_badges), "caseFileSubRequestRules")
    # the first row was left without text (it speaks); the new row waits for the rater
    assert badges.rule_ids() == ["CF-2"]
    assert "1 has no text" in next(iter(badges.badges.values())).text.text()
    page.add_button.setFocus()
    qtbot.waitUntil(lambda: badges.rule_ids() == ["CF-2", "CF-2"], timeout=2000)
    first = next(iter(page.sub_rows.values()))
    click(qtbot, first.remove)
    assert len(page.sub_rows) == 1
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(page.sub_rows) == 2
    assert [s.id for s in binding.service.rating.case_file.sub_requests] == list(page.sub_rows)


def test_checklist_warning_can_be_acknowledged(qtbot: Any, make_window: Any,
                                               tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.checklist.setFocus()
    qtbot.keyClicks(page.checklist, "Must be helpful")
    badges = page.findChild(type(page.other_badges), "caseFileChecklistRules")
    # new messages that need room wait while the rater types (nothing moves under them)
    assert badges.rule_ids() == []
    page.main_goal.setFocus()  # the rater leaves the checklist
    # rules v2: the vague word warns; the missing "Should" opening is only a quiet hint
    qtbot.waitUntil(lambda: badges.rule_ids() == ["CF-3", "CF-3"], timeout=2000)
    badge, hint = badges.badges.values()
    if "helpful" not in badge.text.text():
        badge, hint = hint, badge
    assert badge.property("tone") == "warn" and "helpful" in badge.text.text()
    assert hint.property("tone") == "hint" and hint.action.isHidden()
    click(qtbot, badge.action)
    qtbot.keyClicks(badge.reason, "The user asked for this wording")
    click(qtbot, badge.keep)
    service = binding.service
    assert service is not None
    assert service.rating.acknowledged == {"CF-3": "The user asked for this wording"}
    badge = next(b for b in badges.badges.values() if b.result.warning)
    assert badge.property("tone") == "acknowledged"
    page.checklist.clear()
    qtbot.keyClicks(page.checklist, "Should list an umbrella under $20")
    assert badges.rule_ids() == []


def test_complete_is_disabled_with_the_reason(qtbot: Any, make_window: Any,
                                              tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    panel = binding.panel
    assert not panel.complete_button.isEnabled()
    assert panel.reason.text().startswith("Cannot complete yet (+") and "CF-1:" in panel.reason.text()
    fill_case_file(qtbot, binding)
    assert not panel.complete_button.isEnabled()
    assert "CF-" not in panel.reason.text()


def test_keys_typed_right_after_adding_a_sub_request_land_in_its_text(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """Found by the rater robot: Enter on "+ Add sub-request" then typing at once lost the
    first keys (they went to the button; a Space added a second row), because the new
    row was shown, and so focused, only on a later turn of the event loop."""
    from PySide6.QtWidgets import QApplication

    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.add_button.setFocus()
    qtbot.waitUntil(page.add_button.hasFocus, timeout=2000)
    qtbot.keyClick(page.add_button, Qt.Key.Key_Return)
    # No event processing in between: the keys are already queued behind the Enter.
    row = next(iter(page.sub_rows.values()))
    assert QApplication.focusWidget() is row.text
    qtbot.keyClicks(QApplication.focusWidget(), "The year")
    assert len(page.sub_rows) == 1
    assert [s.text for s in binding.service.rating.case_file.sub_requests] == ["The year"]


def test_keys_typed_right_after_space_on_add_sub_request_land_in_its_text(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """The same with Space (a button clicks on its release): "Size 9 wide" once ended
    as "wide" with no kind; every key after the Space goes to the new row's text."""
    from PySide6.QtWidgets import QApplication

    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    page.add_button.setFocus()
    qtbot.waitUntil(page.add_button.hasFocus, timeout=2000)
    qtbot.keyClick(page.add_button, Qt.Key.Key_Space)
    for char in "Size 9 wide":  # each key to whatever has the focus, as the OS sends it
        qtbot.keyClick(QApplication.focusWidget(), char)
    assert len(page.sub_rows) == 1
    assert [s.text for s in binding.service.rating.case_file.sub_requests] == ["Size 9 wide"]
