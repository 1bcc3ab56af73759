"""Step 3: claims from a selection in a response pane, highlights, suggestions, labels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import TEXT_A, click, fill_case_file, open_rated_window, select_in

from rater_desktop.gui.steps.highlight import highlighted_texts
from rater_desktop.rating.model import Step


def _to_claims(qtbot: Any, make_window: Any, tmp_path: Path) -> tuple[Any, Any]:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    click(qtbot, binding.panel.next_button)
    click(qtbot, binding.panel.next_button)
    assert binding.service.rating.current_step is Step.CLAIMS
    return window, binding


def _pane_with_text_a(window: Any) -> str:
    return "A" if "Red Classic" in window.item_view.panes["A"].text_browser.toPlainText() else "B"


def test_selected_text_becomes_a_verbatim_highlighted_claim(qtbot: Any, make_window: Any,
                                                            tmp_path: Path) -> None:
    window, binding = _to_claims(qtbot, make_window, tmp_path)
    label = _pane_with_text_a(window)
    browser = window.item_view.panes[label].text_browser
    select_in(browser, "The Red Classic costs $18.99")
    qtbot.keyClick(browser, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    service = binding.service
    true_index = service.order.true_index(label)
    claim = service.rating.responses[true_index].claims[0]
    assert claim.text == "The Red Classic costs $18.99"
    assert TEXT_A[claim.start:claim.end] == claim.text
    assert highlighted_texts(browser) == ["The Red Classic costs $18.99"]
    side = binding.panel.page(Step.CLAIMS).sides[label]
    card = side.cards[claim.id]
    assert "FC-2" in card.rules.rule_ids()
    click(qtbot, card.objective)
    click(qtbot, card.critical)
    claim = service.rating.responses[true_index].claims[0]
    assert claim.objective is True and claim.critical is True
    assert "FC-2" not in card.rules.rule_ids()
    click(qtbot, card.remove)
    assert service.rating.responses[true_index].claims == []
    assert highlighted_texts(browser) == []
    assert side.cards == {} and side.cards_host.count() == 0 and card.isHidden()


def test_nothing_selected_gives_a_message(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding = _to_claims(qtbot, make_window, tmp_path)
    page = binding.panel.page(Step.CLAIMS)
    click(qtbot, page.add_button)
    assert page.message.isVisible() and "Select" in page.message.text()


def test_suggestions_mark_actions_and_add_with_one_click(qtbot: Any, make_window: Any,
                                                         tmp_path: Path) -> None:
    window, binding = _to_claims(qtbot, make_window, tmp_path)
    label = _pane_with_text_a(window)
    side = binding.panel.page(Step.CLAIMS).sides[label]
    assert "FC-4" in side.rules.rule_ids()  # the unlisted "I added ..." action warns
    first = side.suggestions_host.itemAt(0).widget()
    assert first.sentence.is_action and first.sentence.text.startswith("I searched")
    click(qtbot, first.add)
    claims = binding.service.rating.responses[binding.service.order.true_index(label)].claims
    assert [c.text for c in claims] == ["I searched the shop for red umbrellas."]
    assert claims[0].action is True
    card = side.cards[claims[0].id]
    assert card.action.isChecked()
    remaining = [side.suggestions_host.itemAt(i).widget().sentence.text
                 for i in range(side.suggestions_host.count())]
    assert "I searched the shop for red umbrellas." not in remaining
