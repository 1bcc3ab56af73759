"""Step 7: roadblocks per response, item notes, batch feedback; complete button."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.rating.model import RoadblockKind, Step


def test_roadblocks_notes_and_feedback(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    _window, binding, store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in list(Step)[1:]:
        service.set_step(step)
    page = binding.panel.page(Step.ROADBLOCKS_FEEDBACK)
    side = page.sides["B"]
    side.kind.setCurrentIndex(1)
    qtbot.keyClicks(side.text, "second shot blank")
    click(qtbot, side.add)
    blocks = service.rating.responses[service.order.true_index("B")].roadblocks
    assert [(b.kind, b.text) for b in blocks] == [(RoadblockKind.SCREENSHOT_MISSING,
                                                   "second shot blank")]
    assert side.text.text() == ""
    qtbot.keyClicks(page.notes, "Check prices again")
    qtbot.keyClicks(page.feedback, "Nice batch")
    assert service.rating.notes == "Check prices again"
    assert service.batch_state()["feedback"] == "Nice batch"
    assert store.load_batch_state("test-batch")["feedback"] == "Nice batch"
    remove = side.findChild(type(side.add), "roadblockRemoveB_0")
    click(qtbot, remove)
    assert service.rating.responses[service.order.true_index("B")].roadblocks == []
    assert not binding.panel.complete_button.isEnabled()
    assert "TC-1:" in binding.panel.reason.text()
