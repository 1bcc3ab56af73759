"""Clicking "Show more" on a long prompt while writing the main goal: the keyboard stays in
Main goal and CF-1 stays a to-do (the click took the focus, which counted as leaving the
field and turned CF-1 into a red "Must fix"; seen at 853x480 under Xvfb)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import item
from PySide6.QtCore import Qt
from steps_kit import open_rated_window

from rater_desktop.rating.attention import Voice
from rater_desktop.rating.model import Step

LONG_PROMPT = "\n".join(f"Line {n}: find a red umbrella under $20 near the station." for n in range(12))


def test_show_more_keeps_the_keyboard_in_main_goal_and_cf1_a_to_do(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                           items=[item("long-prompt", prompt=LONG_PROMPT)])
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()
    qtbot.waitUntil(page.main_goal.hasFocus, timeout=2000)
    qtbot.keyClicks(page.main_goal, "Find")
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Backspace)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Backspace)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Backspace)
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Backspace)  # empty again: CF-1 fails
    header = window.item_view.prompt_header
    qtbot.waitUntil(header.toggle.isVisible, timeout=2000)
    qtbot.mouseClick(header.toggle, Qt.MouseButton.LeftButton)
    assert header.expanded
    assert page.main_goal.hasFocus()
    badges = page.findChild(type(page.other_badges), "caseFileMainGoalRules")
    qtbot.waitUntil(lambda: "CF-1" in badges.rule_ids(), timeout=5000)
    qtbot.wait(400)  # a held message's settle time (RuleBadges.SETTLE_MS) has passed
    cf1 = next(b for b in badges.badges.values() if b.result.rule_id == "CF-1")
    assert cf1.voice is Voice.TODO
