"""The rating dock's width follows the screen and what the panel needs, never a claim
card: seen under Xvfb at 1366x768 the dock widened from ~397 to ~455 px when the first
claim card appeared and kept (saved) that width across batches, squeezing the responses
until their Markdown tables broke mid-word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.gui.steps.claims import ClaimCard
from rater_desktop.gui.text_fit import clipped_texts
from rater_desktop.gui.window_layout import STATE_VERSION, restore_dock_state
from rater_desktop.rating.model import Step


def _settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


@pytest.mark.parametrize("size", [None, (853, 480)])  # the fixture's size; 1280x720 at 150 %
def test_a_claim_card_does_not_widen_the_rating_dock(qtbot: Any, make_window: Any,
                                                     tmp_path: Path,
                                                     size: tuple[int, int] | None) -> None:
    """At 853x480 the widened dock ran past the window's right edge, cutting "Complete
    item" and the status chip (seen under Xvfb)."""
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    if size is not None:
        window.resize(*size)
    _settle()
    before = window.step_dock.width()
    fill_case_file(qtbot, binding)
    service = binding.service
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    service.add_claim_from_selection(0, "The Red Classic costs $18.99")
    _settle()
    cards = [c for c in window.findChildren(ClaimCard) if c.isVisible()]
    assert cards, "the claim card shows"
    assert window.step_dock.width() == before
    scroll = binding.panel.scrolls[Step.CLAIMS]
    assert scroll.minimumSizeHint().width() <= scroll.width()
    for card in cards:  # and the card is whole inside the panel
        right = card.mapTo(scroll.viewport(), card.rect().topRight()).x()
        assert right < scroll.viewport().width()
    panel = binding.panel
    assert panel.mapTo(window, QPoint(panel.width() - 1, 0)).x() < window.width()
    found = [str(p) for p in clipped_texts(window.step_dock)]
    assert not found, "\n".join(found)
    claim = service.rating.responses[0].claims[0].id
    service.set_claim_objective(0, claim, True)
    service.set_step(Step.FACT_CHECKS)  # the fact-check card widened it too
    _settle()
    assert service.rating.current_step is Step.FACT_CHECKS
    assert window.step_dock.width() == before


def test_a_layout_saved_with_a_widened_dock_is_not_restored(
        qtbot: Any, make_window: Any, tmp_path: Path, temp_settings: Any) -> None:
    """Layouts saved before the fix may hold a dock a claim card widened: dropped once."""
    window, _binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    _settle()
    temp_settings.setValue("window/state", window.saveState(2))
    assert restore_dock_state(window, temp_settings) is False
    temp_settings.setValue("window/state", window.saveState(STATE_VERSION))
    assert restore_dock_state(window, temp_settings) is True
