"""The run audit window: the batch's protocol puts up the run page and the panel; the
report stays covered until the checkpoints and the outcome are marked (RA-3), the judge
until the verdict (RA-6); steps are picked by key or click and cited on the focused row."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from rater_desktop.rating.model import ItemStatus
from tests.gui.run_audit_kit import bind, finish_audit, run_audit_batch

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_run_audit_batch_shows_one_run_and_its_panel(
        make_window: Callable[..., Any], tmp_path: Path, small_batch: Path) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"))
    assert window.item_view.currentWidget() is binding.view
    assert binding.panel.isVisible()
    assert binding.view.timeline.rows and len(binding.view.steps) == 5
    assert binding.view.cover.isVisible()
    assert "Red umbrella" not in _texts(binding.view)  # the report is covered
    assert binding.panel.title.text().startswith("Step 1 of 5")
    # another protocol's batch: the responses come back, the run page goes
    assert window.open_batch_path(str(small_batch))
    assert window.item_view.currentWidget() is not binding.view
    assert not binding.panel.isVisible() and binding.service is None
    assert not binding.shortcuts["ra_cite"][0].isEnabled()


def _texts(widget: Any) -> str:
    from PySide6.QtWidgets import QLabel

    return "\n".join(label.text() for label in widget.findChildren(QLabel)
                     if label.isVisibleTo(widget))


def _key(widget: Any, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
         ) -> None:
    QTest.keyClick(widget, key, modifier)


def test_checkpoints_by_key_then_report_revealed(make_window: Callable[..., Any],
                                                  tmp_path: Path, qtbot: Any) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"), qtbot)
    # Next step is refused while the checkpoints are open: the rule says why.
    binding.move(1)
    assert "Mark C1" in binding.panel.reason.text()
    assert binding.service.rating.current_step == "trajectory"
    binding.focus_panel()
    c4 = binding.panel.checkpoints.rows["checkpoints.C4"]
    c4.setFocus()
    assert QApplication.focusWidget() is c4
    for _ in range(5):
        _key(c4, Qt.Key.Key_Period)  # pick the last step
    assert binding.view.picked == 4
    _key(c4, Qt.Key.Key_Y)
    _key(c4, Qt.Key.Key_S)  # cite it
    marks = binding.service.rating.checkpoints
    assert marks["C4"].reached and marks["C4"].evidence.step == 4
    assert all(marks[c].reached for c in ("C1", "C2", "C3"))  # implied
    assert c4.cite_label.text() == "Evidence: step 5 (click \u2192 link 5)"
    _key(c4, Qt.Key.Key_Return, CTRL)
    assert binding.service.rating.current_step == "outcome"
    _key(window, Qt.Key.Key_3)  # blocked: needs a step and a quote
    assert binding.service.rating.observed.outcome == "blocked"
    assert binding.panel.outcome.quote_card.isVisible()
    _key(window, Qt.Key.Key_1)  # completed after all
    assert not binding.panel.outcome.quote_card.isVisible()
    assert binding.view.cover.isVisible()
    _key(window, Qt.Key.Key_Return, CTRL)
    assert binding.service.rating.report_shown
    assert not binding.view.cover.isVisible()
    assert "Red umbrella" in _texts(binding.view)
    rows = binding.panel.report.rows
    assert "statements.outcome" in rows and "statements.item" in rows
    assert QApplication.focusWidget() is rows["statements.outcome"]


def test_the_judge_shows_only_after_the_verdict(make_window: Callable[..., Any],
                                                tmp_path: Path, qtbot: Any) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"))
    service = binding.service
    verdict = binding.panel.verdict
    finish_audit(binding, None)
    assert service.rating.current_step == "verdict"
    assert not verdict.judge_card.isVisible() and not service.rating.judge_shown
    binding.answer("verdict", "overstated")
    assert service.rating.judge_shown
    assert verdict.judge_card.isVisible()
    assert "accurate" in verdict.judge_text.text() and "differs" in verdict.judge_text.text()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    # The guideline's own complete-and-next key (the same keys) sleeps on this batch.
    _key(window, Qt.Key.Key_Return, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert service.current_item_id == "run-2"
    assert window.item.id == "run-2"
    assert binding.view.cover.isVisible()  # the next run's report is covered again
    assert window.progress_label.text() == "1 of 3 complete"
    assert binding._progress("run-1").state == ItemStatus.COMPLETE.value


def test_tab_walks_the_rows_of_the_step_and_stays_on_it(make_window: Callable[..., Any],
                                                         tmp_path: Path, qtbot: Any) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"), qtbot)
    binding.focus_panel()
    names = []
    for _ in range(5):
        names.append(QApplication.focusWidget().objectName())
        _key(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert names == ["ra_checkpoints_C1", "ra_checkpoints_C2", "ra_checkpoints_C3",
                     "ra_checkpoints_C4", "ra_checkpoints_C1"]
    for _ in range(2):  # from C2 back past the first row
        _key(QApplication.focusWidget(), Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget().objectName() == "ra_checkpoints_C4"
    binding.answer("checkpoints.C4", False)
    binding.answer("checkpoints.C1", False)
    binding.move(1)
    binding.answer("observed.outcome", "blocked")
    binding.focus_panel()
    names = []
    for _ in range(4):
        names.append(QApplication.focusWidget().objectName())
        _key(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert names == ["ra_observed_block_step", "runAuditQuote", "ra_observed_outcome",
                     "ra_observed_block_step"]


def test_the_batch_survey_is_asked_after_the_first_completed_run(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    asked: list[Any] = []

    def ask(_window: Any, questions: Any) -> dict[str, Any]:
        asked.append(questions)
        return {"bg": "technical"}

    survey = {"questions": [{"id": "bg", "kind": "single", "text": "Work?",
                             "options": ["technical", "other"]}]}
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra", survey=survey),
                           ask_survey=ask)
    for _ in range(2):
        finish_audit(binding)
        assert binding.complete_and_next()
    assert len(asked) == 1 and [q.id for q in asked[0]] == ["bg"]
    assert binding.service.survey_state() == {"answers": {"bg": "technical"}, "skipped": False}


def test_a_step_is_picked_by_a_click_and_its_screenshot_opens(
        make_window: Callable[..., Any], tmp_path: Path, qtbot: Any) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"), qtbot)
    row = binding.view.timeline.rows[2]
    QTest.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.rect().topLeft() + QPoint(4, 4))
    assert binding.view.picked == 2 and row.property("picked") == "true"
    assert "step 3" in binding.view.picked_label.text()
    _key(window, Qt.Key.Key_V)
    viewer = binding.viewer
    assert viewer is not None and viewer.isVisible()
    assert viewer.current == 2 and viewer.title.text().startswith("Step 3")
    assert not viewer.mark_box.isVisible()  # the guideline's step marks are not asked here
    QTest.mouseClick(binding.view.timeline.rows[4].thumb, Qt.MouseButton.LeftButton)
    assert binding.view.picked == 4 and viewer.current == 4
    viewer.close()


def test_a_run_is_flagged_for_a_reviewer_and_unflagged(make_window: Callable[..., Any],
                                                      tmp_path: Path) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "ra"))
    action = window.actions_.flag_item
    assert action.isEnabled() and not action.isChecked()
    action.trigger()
    assert binding.service.rating.status is ItemStatus.FLAGGED
    assert action.isEnabled() and action.isChecked()
    assert binding._progress("run-1").state == "flagged"
    action.trigger()
    assert binding.service.rating.status is ItemStatus.IN_PROGRESS
    assert action.isEnabled() and not action.isChecked()


def test_a_batch_open_before_the_binding_is_made_moves_onto_the_run_page(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.gui.run_audit.binding import RunAuditBinding
    from rater_desktop.rating.store import MemoryRatingStore

    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    window.show()
    assert window.open_batch_path(str(run_audit_batch(tmp_path / "ra")))  # one run: no B
    assert window.item is not None and window.item.id == "run-1"
    binding = RunAuditBinding(window, store=store, rater_id="r1")  # start-up's order
    assert window.item_view.currentWidget() is binding.view
    assert binding.service is not None and binding.service.current_item_id == "run-1"
    assert binding.panel.isVisible() and binding.view.cover.isVisible()
