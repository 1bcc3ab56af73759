"""Found by walking the real app as a rater (keys only, under Xvfb): each test is one
thing that read wrong or sent the cursor to the wrong place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.rating.model import Step


def _add_suggested_claims(qtbot: Any, binding: Any, label: str, count: int) -> Any:
    service = binding.service
    if service.rating.current_step is not Step.CLAIMS:
        service.set_step(Step.TASK_COMPLETION)
        service.set_step(Step.CLAIMS)
    side = binding.panel.page(Step.CLAIMS).sides[label]
    for _ in range(count):
        click(qtbot, side.suggestions_host.itemAt(0).widget().add)
    return side


def test_the_claims_heading_counts_one_claim_in_the_singular(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    # The heading read "Response A · 1 claims".
    _window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    side = _add_suggested_claims(qtbot, binding, "B", 0)
    assert side.title.text() == "Response B \u00b7 0 claims"
    _add_suggested_claims(qtbot, binding, "B", 1)
    assert side.title.text() == "Response B \u00b7 1 claim"
    _add_suggested_claims(qtbot, binding, "B", 1)
    assert side.title.text() == "Response B \u00b7 2 claims"
