"""Every answer has a key, shown on its control; keys act on the focused row or the
active step and never while typing in a text field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import ClaimRating, EvidenceKind, Step


def _focus_key(qtbot: Any, widget: Any, key: Qt.Key) -> None:
    qtbot.waitUntil(widget.isVisible, timeout=2000)  # new rows show on the next turn
    widget.setFocus()
    assert widget.hasFocus()
    qtbot.keyClick(widget, key)


def test_yes_no_rows_answer_with_y_and_n_but_not_while_typing(qtbot: Any, make_window: Any,
                                                             tmp_path: Path) -> None:
    _window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    side = binding.panel.page(Step.TASK_COMPLETION).sides["A"]
    true_a = service.order.true_index("A")
    assert (side.main_goal.yes.text(), side.main_goal.no.text()) == ("Yes (Y)", "No (N)")
    _focus_key(qtbot, side.main_goal.yes, Qt.Key.Key_N)
    assert service.rating.responses[true_a].main_goal_met is False
    qtbot.keyClick(side.main_goal.no, Qt.Key.Key_Y)
    assert service.rating.responses[true_a].main_goal_met is True
    row = next(iter(side.sub_rows.values()))
    _focus_key(qtbot, row.yes, Qt.Key.Key_N)
    assert list(service.rating.responses[true_a].sub_request_met.values()) == [False]
    side.justification.setFocus()
    qtbot.keyClicks(side.justification, "Yes no 5")
    assert service.rating.responses[true_a].tc_justification == "Yes no 5"
    assert service.rating.responses[true_a].main_goal_met is True
    assert service.rating.responses[true_a].tc is None


def _to_claims(qtbot: Any, binding: Any) -> Any:
    fill_case_file(qtbot, binding)
    binding.service.set_step(Step.TASK_COMPLETION)
    binding.service.set_step(Step.CLAIMS)
    return binding.panel.page(Step.CLAIMS)


def test_claim_cards_take_o_and_s_and_fact_checks_a_i_c(qtbot: Any, make_window: Any,
                                                        tmp_path: Path) -> None:
    _window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    service = binding.service
    page = _to_claims(qtbot, binding)
    true_b = service.order.true_index("B")
    service.add_claim(true_b, 0, 10)
    card = next(iter(page.sides["B"].cards.values()))
    assert (card.objective.text(), card.subjective.text()) == ("Objective (O)", "Subjective (S)")
    _focus_key(qtbot, card.subjective, Qt.Key.Key_O)
    claim = service.rating.responses[true_b].claims[0]
    assert claim.objective is True
    qtbot.keyClick(card.objective, Qt.Key.Key_S)
    assert service.rating.responses[true_b].claims[0].objective is False
    qtbot.keyClick(card.objective, Qt.Key.Key_O)
    service.set_claim_action(true_b, claim.id, True)
    service.set_step(Step.FACT_CHECKS)
    check = next(iter(binding.panel.page(Step.FACT_CHECKS).sides["B"].cards.values()))
    texts = [b.text() for b in check.rating_buttons.values()]
    assert texts == ["Accurate (A)", "Inaccurate (I)", "Can't assess (C)"]
    _focus_key(qtbot, check.rating_buttons[ClaimRating.ACCURATE], Qt.Key.Key_I)
    assert service.rating.responses[true_b].claims[0].rating is ClaimRating.INACCURATE
    qtbot.keyClick(check.rating_buttons[ClaimRating.INACCURATE], Qt.Key.Key_C)
    assert service.rating.responses[true_b].claims[0].rating is ClaimRating.CCA
    qtbot.keyClick(check.rating_buttons[ClaimRating.CCA], Qt.Key.Key_P)
    assert service.rating.responses[true_b].claims[0].evidence is EvidenceKind.PARTIAL
    assert check.evidence.currentText() == "Partly proves it (P)"
    check.justification.setFocus()
    qtbot.keyClicks(check.justification, "A page")
    assert service.rating.responses[true_b].claims[0].rating is ClaimRating.CCA
    assert service.rating.responses[true_b].claims[0].justification == "A page"


def test_verdict_digits_on_the_verdict_step(qtbot: Any, make_window: Any,
                                            tmp_path: Path) -> None:
    _window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    service = binding.service
    _to_claims(qtbot, binding)
    for step in (Step.FACT_CHECKS, Step.AI_PERFORMANCE, Step.VERDICT):
        service.set_step(step)
    page = binding.panel.page(Step.VERDICT)
    labels = [b.text() for b in page.buttons.values()]
    assert labels[0].startswith("1  ") and labels[6].startswith("7  ")
    _focus_key(qtbot, page.build, Qt.Key.Key_2)
    assert service.order.verdict_to_display(service.rating.verdict) is Verdict.A_BETTER
    qtbot.keyClick(page.buttons[Verdict.A_BETTER], Qt.Key.Key_7)
    assert service.order.verdict_to_display(service.rating.verdict) is Verdict.B_MUCH_BETTER
    page.justification.setFocus()
    qtbot.keyClicks(page.justification, "4 reasons")
    assert service.order.verdict_to_display(service.rating.verdict) is Verdict.B_MUCH_BETTER
