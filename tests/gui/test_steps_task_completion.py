"""Step 2: Yes/No answers, TC by digits, rule badges per response, undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.rating.model import Step


def test_answers_scores_and_badges(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    click(qtbot, binding.panel.next_button)
    service = binding.service
    assert service is not None
    page = binding.panel.page(Step.TASK_COMPLETION)
    side = page.sides["A"]
    true_a = service.order.true_index("A")
    assert "TC-1" in side.rules.rule_ids()
    click(qtbot, side.main_goal.no)
    click(qtbot, next(iter(side.sub_rows.values())).yes)
    assert service.rating.responses[true_a].main_goal_met is False
    side.scale.buttons[3].setFocus()
    qtbot.keyClick(side.scale.buttons[3], Qt.Key.Key_4)  # digits choose the focused scale
    assert service.rating.responses[true_a].tc == 4
    assert side.scale.buttons[4].isChecked()
    assert "TC-2" in side.rules.rule_ids()  # main goal No -> TC 2 or lower
    badge = next(b for b in side.rules.badges.values() if b.result.rule_id == "TC-2")
    assert badge.property("tone") == "warn"
    qtbot.keyClick(side.scale.buttons[4], Qt.Key.Key_2)
    assert "TC-2" not in side.rules.rule_ids()
    qtbot.keyClicks(side.justification, "Main goal missed, 5 of 5 links dead.")
    assert service.rating.responses[true_a].tc == 2  # digits in a text field are just text
    assert "TC-5" not in side.rules.rule_ids()
    assert "TC-1" not in side.rules.rule_ids()
    assert "TC-1" in page.sides["B"].rules.rule_ids()  # the other response is untouched
    qtbot.keyClick(side.justification, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert side.justification.toPlainText() == ""
    assert service.rating.responses[true_a].tc_justification == ""


def test_sub_request_questions_follow_the_case_file(qtbot: Any, make_window: Any,
                                                   tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    click(qtbot, binding.panel.next_button)
    side = binding.panel.page(Step.TASK_COMPLETION).sides["B"]
    row = next(iter(side.sub_rows.values()))
    assert row.question.text() == "1. Location: Under $20"
    assert "Find a red umbrella" in side.main_goal.question.text()
