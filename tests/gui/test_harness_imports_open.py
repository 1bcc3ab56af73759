"""Batches imported from the agent harnesses' saved runs open in the window with their steps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch_import.run import ImportRequest, import_batch

DATA = Path(__file__).resolve().parent.parent / "core" / "data" / "harness"


@pytest.mark.parametrize("kind, folder, answers", [
    ("computer-use", "computer_use", True),
    ("playwright-trace", "playwright", False),  # a trace records no final answer
    ("mind2web", "mind2web", False),  # only one of the two records adds an answer
    ("mind2web", "online_mind2web", True),  # Online-Mind2Web result folders
    ("browsergym", "browsergym/study", False),  # only one run logged its send_msg_to_user
])  # fmt: skip
def test_imported_run_pair_opens_with_steps_and_answers(make_window: Callable[..., Any], tmp_path: Path,
                                                        kind: str, folder: str, answers: bool) -> None:  # fmt: skip
    out = tmp_path / "batch"
    report = import_batch(ImportRequest(kind=kind, source=DATA / folder, output=out, batch_id="h",
                                        title="Harness runs"))  # fmt: skip
    assert report.ok, report.skipped + report.validation
    window = make_window()
    assert window.open_batch_path(str(out))
    pane_a, pane_b = window.item_view.panes["A"], window.item_view.panes["B"]
    assert len(pane_a.timeline.rows) >= 2 and len(pane_b.timeline.rows) >= 1
    assert bool(pane_a.final_answer_text.text() and pane_b.final_answer_text.text()) == answers
    assert pane_a.strip.thumbnails
