"""Step 5: AIP, live word count, dimensions ticked off, step marks from the viewer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from steps_kit import fill_case_file, open_rated_window

from rater_desktop.rating.model import Step, StepMarkKind


def test_word_count_dimensions_and_step_marks(qtbot: Any, make_window: Any,
                                              tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in (Step.TASK_COMPLETION, Step.CLAIMS, Step.FACT_CHECKS, Step.AI_PERFORMANCE):
        service.set_step(step)
    side = binding.panel.page(Step.AI_PERFORMANCE).sides["A"]
    assert side.words.text() == "0 / 50 words"
    qtbot.keyClicks(side.justification, "Navigation was direct and every click landed.")
    assert side.words.text() == "7 / 50 words"
    assert side.words.property("tone") == "warn"
    tones = {k: chip.property("tone") for k, chip in side.dimensions.items()}
    assert tones == {"navigation": "good", "interaction": "good", "efficiency": "off",
                     "output_quality": "off"}
    assert {"AP-1", "AP-2"} <= set(side.rules.rule_ids())
    true_a = service.order.true_index("A")
    window.stepMarked.emit(window.item.id, true_a, 2, "unnecessary", "went to help page")
    mark = service.rating.responses[true_a].step_marks[2]
    assert mark.mark is StepMarkKind.UNNECESSARY and mark.note == "went to help page"
    assert side.marks.text() == "Steps marked: 1 unnecessary."
    window.stepMarked.emit("another-item", true_a, 3, "wrong", "")
    assert 3 not in service.rating.responses[true_a].step_marks
