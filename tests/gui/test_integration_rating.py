"""Rater window integration: saved step marks in the viewer, the run report judgement on
the AI performance step, and flagging an item."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from steps_kit import click, fill_case_file, open_rated_window

from rater_desktop.gui.icons import status_icon
from rater_desktop.rating.model import ItemStatus, Step
from rater_desktop.response_frames import frame_index_of_step
from tests.gui.conftest import standard_items, write_batch


def _open(qtbot: Any, make_window: Any, tmp_path: Path) -> tuple[Any, Any]:
    write_batch(tmp_path / "batch", standard_items())  # with trajectories and run reports
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    return window, binding


def test_viewer_shows_the_saved_step_marks_when_reopened(qtbot: Any, make_window: Any,
                                                         tmp_path: Path) -> None:
    window, binding = _open(qtbot, make_window, tmp_path)
    service = binding.service
    service.set_step_mark(0, 1, "wrong", "clicked the ad")  # type: ignore[arg-type]
    side = "A" if service.order.true_index("A") == 0 else "B"
    pane = window.item_view.pane_for_true_index(0)
    viewer = window.open_viewer(0, frame_index_of_step(pane.frames, 1), side)
    assert viewer.mark_buttons["wrong"].isChecked()
    assert viewer.note.text() == "clicked the ad"
    viewer.close()
    viewer = window.open_viewer(0, frame_index_of_step(pane.frames, 0), side)
    assert not any(b.isChecked() for b in viewer.mark_buttons.values())
    service.set_step_mark(0, 0, "correct", "")  # type: ignore[arg-type]
    assert viewer.mark_buttons["correct"].isChecked()  # a change updates the open viewer
    service.undo()
    assert not viewer.mark_buttons["correct"].isChecked()


def _to_performance(qtbot: Any, binding: Any) -> Any:
    fill_case_file(qtbot, binding)
    service = binding.service
    for step in (Step.TASK_COMPLETION, Step.CLAIMS, Step.FACT_CHECKS, Step.AI_PERFORMANCE):
        service.set_step(step)
    return binding.panel.page(Step.AI_PERFORMANCE)


def test_run_report_question_only_for_responses_with_a_report(qtbot: Any, make_window: Any,
                                                              tmp_path: Path) -> None:
    _window, binding = _open(qtbot, make_window, tmp_path)
    page = _to_performance(qtbot, binding)
    service = binding.service
    with_report = "A" if service.order.true_index("A") == 0 else "B"
    without = "B" if with_report == "A" else "A"
    side = page.sides[with_report]
    assert side.run_report_box.isVisibleTo(page)
    assert not page.sides[without].run_report_box.isVisibleTo(page)
    assert page.findChild(type(side.run_report_match), f"aipRunReportMatch{with_report}")
    assert not side.mismatch.isVisibleTo(page)
    click(qtbot, side.run_report_match.no)
    assert service.rating.responses[0].run_report_matches is False
    assert side.mismatch.isVisibleTo(page) and side.mismatch_label.isVisibleTo(page)
    qtbot.keyClicks(side.mismatch, "C3 not reached")
    assert service.rating.responses[0].run_report_mismatch == "C3 not reached"
    click(qtbot, side.run_report_match.yes)
    assert service.rating.responses[0].run_report_matches is True
    assert service.rating.responses[0].run_report_mismatch == ""
    assert not side.mismatch.isVisibleTo(page)
    service.undo()  # "Yes" dropped the typed mismatch: one step of its own
    assert service.rating.responses[0].run_report_matches is False
    assert service.rating.responses[0].run_report_mismatch == "C3 not reached"
    service.undo()  # "No" and the typing burst after it are one step: back to unanswered
    assert service.rating.responses[0].run_report_matches is None
    assert not side.run_report_match.yes.isChecked()
    assert not side.run_report_match.no.isChecked()
    service.redo()
    service.redo()  # the page follows every Change
    assert side.run_report_match.yes.isChecked() and not side.mismatch.isVisibleTo(page)


def test_flag_item_from_footer_and_menu(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding = _open(qtbot, make_window, tmp_path)
    service = binding.service
    action = window.actions_.flag_item
    assert action.isEnabled() and not action.isChecked()
    assert action.shortcut() == QKeySequence("Ctrl+Shift+F")
    click(qtbot, binding.panel.flag_button)
    item_id = service.current_item_id
    assert service.rating.status is ItemStatus.FLAGGED
    assert action.isChecked() and binding.panel.flag_button.isChecked()
    model = window.item_list.model
    assert model.progress(item_id).state == "flagged"
    row = model.index(window.item_list.model._row_of[item_id], 0)
    icon = model.data(row, Qt.ItemDataRole.DecorationRole)
    assert icon.pixmap(16).toImage() == status_icon("flagged").pixmap(16).toImage()
    assert icon.pixmap(16).toImage() != status_icon("in_progress").pixmap(16).toImage()
    combo = window.item_list.filter_combo
    combo.setCurrentIndex(combo.findData("flagged"))
    assert window.item_list.visible_item_ids() == [item_id]
    combo.setCurrentIndex(combo.findData("all"))
    action.trigger()
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert not action.isChecked() and not binding.panel.flag_button.isChecked()
    assert model.progress(item_id).state == "in_progress"


def test_item_list_shows_saved_progress_of_earlier_sessions(qtbot: Any, make_window: Any,
                                                           tmp_path: Path) -> None:
    first, binding = _open(qtbot, make_window, tmp_path)
    binding.service.set_main_goal("rated yesterday")
    first.item_list.select_item("item-001")
    store = binding.store
    binding.shutdown()
    window, _binding, _store = open_rated_window(make_window, tmp_path, store=store)
    window.item_list.select_item("item-002")
    assert window.item_list.model.progress("item-000").state == "in_progress"
    window.item_list.filter_combo.setCurrentIndex(
        window.item_list.filter_combo.findData("in_progress"))
    assert "item-000" in window.item_list.visible_item_ids()
