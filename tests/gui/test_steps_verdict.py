"""Step 6: the 7-point verdict in display terms, built justification, word count."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import Step


def test_verdict_maps_display_to_file_order(qtbot: Any, make_window: Any,
                                            tmp_path: Path) -> None:
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in list(Step)[1:6]:
        service.set_step(step)
    service.set_tc(service.order.true_index("A"), 5)
    page = binding.panel.page(Step.VERDICT)
    assert page.score_labels[("tc", "A")].text() == "5"
    assert "FV-1" in page.findChild(type(page.other_badges), "verdictRules").rule_ids()
    click(qtbot, page.buttons[Verdict.A_SLIGHTLY_BETTER])
    expected = Verdict.B_SLIGHTLY_BETTER if service.order.swapped else Verdict.A_SLIGHTLY_BETTER
    assert service.rating.verdict is expected
    click(qtbot, page.build)
    text = page.justification.toPlainText()
    assert "Final Verdict: Response A is slightly better." in text
    assert "- Task Completion: 5" in text
    assert page.words.text() == "0 / 30 words of your own"
    qtbot.keyClicks(page.justification, " A had the right price.")
    assert page.words.text() == "5 / 30 words of your own"
