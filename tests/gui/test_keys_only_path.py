"""Found by the rater robot's keyboard-only item (tests/robot, KEYS-ONLY): where the cursor
goes when a step is reached by keys must not depend on a widget that a layout shows
only on the next turn of the event loop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import click, fill_case_file, open_rated_window, select_in

from rater_desktop.rating.model import Step

CTRL = Qt.KeyboardModifier.ControlModifier


def test_reaching_fact_checks_puts_the_cursor_on_the_first_fact_check(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # The step's fact-check cards are built when the step is reached; a layout shows a new
    # card only on the next turn of the event loop, so the cursor skipped it and went to
    # the FA score below (the rater's first to-do is the fact check above it).
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    claims = binding.panel.page(Step.CLAIMS).sides["A"]
    click(qtbot, claims.suggestions_host.itemAt(0).widget().add)
    click(qtbot, next(iter(claims.cards.values())).objective)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Return, CTRL)  # Ctrl+Enter: next step
    assert service.rating.current_step is Step.FACT_CHECKS
    card = next(iter(binding.panel.page(Step.FACT_CHECKS).sides["A"].cards.values()))
    assert window.focusWidget() in card.rating_buttons.values(), window.focusWidget()
    qtbot.wait(50)  # and it stays there once the card is drawn
    assert window.focusWidget() in card.rating_buttons.values(), window.focusWidget()


def test_o_right_after_ctrl_m_marks_the_new_claim_objective(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Ctrl+M gives the new claim's card the cursor, but the layout showed the card only on
    # the next turn of the event loop: an O the app read in the same pass as Ctrl+M (a
    # rater typing ahead of a busy app) went to a hidden card, whose keys do not fire.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    browser = window.item_view.panes["A"].text_browser
    sentence = browser.toPlainText().split(".")[0]
    select_in(browser, sentence)
    qtbot.keyClick(browser, Qt.Key.Key_M, CTRL)
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_O)  # no event-loop turn in between
    claims = service.rating.responses[service.order.true_index("A")].claims
    assert [c.text for c in claims] == [sentence]
    assert claims[0].objective is True


def test_shift_tab_right_after_adding_a_sub_request_reaches_its_kind(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # Enter on "+ Add sub-request" puts the cursor in the new row's text, but the layout
    # showed the row only on the next turn of the event loop: a Shift+Tab the app read in
    # the same pass skipped the hidden kind list, and the kind's letter went to the goal.
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.keyClicks(page.main_goal, "Find a red umbrella under $20")
    qtbot.keyClick(page.main_goal, Qt.Key.Key_Tab)
    assert window.focusWidget() is page.add_button
    qtbot.keyClick(page.add_button, Qt.Key.Key_Return)
    row = next(iter(page.sub_rows.values()))
    qtbot.keyClicks(window.focusWidget(), "Under $20")  # no event-loop turn in between
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert window.focusWidget() is row.kind, window.focusWidget()
    assert binding.service.rating.case_file.sub_requests[0].text == "Under $20"
