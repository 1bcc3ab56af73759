"""Step 4: claim ratings, sources with inline validation (FC-7), FA scale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.rating.model import ClaimRating, Step


def test_fact_check_of_an_objective_claim(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    true_b = service.order.true_index("B")
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    claims = binding.panel.page(Step.CLAIMS).sides["B"]
    click(qtbot, claims.suggestions_host.itemAt(0).widget().add)
    click(qtbot, next(iter(claims.cards.values())).objective)
    click(qtbot, binding.panel.next_button)
    side = binding.panel.page(Step.FACT_CHECKS).sides["B"]
    card = next(iter(side.cards.values()))
    click(qtbot, card.rating_buttons[ClaimRating.ACCURATE])
    claim = service.rating.responses[true_b].claims[0]
    assert claim.rating is ClaimRating.ACCURATE
    assert "FC-6" in card.rules.rule_ids()
    qtbot.keyClicks(card.sources, "https://www.google.com/search?q=crimson+mini")
    assert "search results page" in card.source_notes.text()
    assert "FC-7" in card.rules.rule_ids()
    card.sources.selectAll()
    qtbot.keyClicks(card.sources, "ftp://files.example/x")
    assert "not a web address" in card.source_notes.text()
    card.sources.selectAll()
    qtbot.keyClicks(card.sources, "https://shop.example/crimson-mini")
    assert not card.source_notes.isVisible()
    assert service.rating.responses[true_b].claims[0].sources == [
        "https://shop.example/crimson-mini"]
    rules = card.rules.rule_ids()
    assert "FC-7" not in rules and "FC-6" in rules  # one source: two are recommended
    badge = next(b for b in card.rules.badges.values() if b.result.rule_id == "FC-6")
    assert badge.property("tone") == "hint"  # rules v2: a quiet hint, nothing to acknowledge
    assert badge.action.isHidden()
    side.scale.buttons[2].setFocus()
    qtbot.keyClick(side.scale.buttons[2], Qt.Key.Key_2)
    assert "FC-9" in side.rules.rule_ids()  # all claims Accurate but FA 2
    qtbot.keyClick(side.scale.buttons[2], Qt.Key.Key_5)
    assert "FC-9" not in side.rules.rule_ids()
    assert side.cards and page_empty_hint_hidden(side)


def page_empty_hint_hidden(side: Any) -> bool:
    return not side.empty.isVisible()
