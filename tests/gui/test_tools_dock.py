"""The Tools dock: instructions, notes per item and batch feedback through the service,
kept in step with step 7, and the criteria cheat sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDockWidget
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.gui.tools_dock import NO_BATCH
from rater_desktop.paths import resource_file
from rater_desktop.rating.model import Step


def _to_step_7(qtbot: Any, binding: Any) -> Any:
    fill_case_file(qtbot, binding)
    for step in list(Step)[1:]:
        binding.service.set_step(step)
    assert binding.service.rating.current_step is Step.ROADBLOCKS_FEEDBACK
    return binding.panel.page(Step.ROADBLOCKS_FEEDBACK)


def test_dock_without_a_batch_is_disabled_with_placeholders(make_window: Any) -> None:
    window = make_window()
    dock = window.tools_dock
    assert window.findChild(QDockWidget, "toolsDock") is dock
    # beside the rating form, never a tab that hides it
    assert window.tabifiedDockWidgets(window.step_dock) == []
    assert window.dockWidgetArea(dock) == window.dockWidgetArea(window.item_dock)
    assert window.dockWidgetArea(dock) != window.dockWidgetArea(window.step_dock)
    assert dock.isVisible() and window.step_dock.isVisible()
    assert window.findChild(type(window.actions_.find), "actionToggleToolsDock") in \
        window.actions_.view_menu.actions()
    assert [dock.tabs.tabText(i) for i in range(dock.tabs.count())] == \
        ["Instructions", "Notes", "Criteria", "Feedback"]
    assert NO_BATCH in dock.instructions.toPlainText()
    assert not dock.notes.isEnabled() and not dock.feedback.isEnabled()
    assert dock.notes.placeholderText() and dock.feedback.placeholderText()
    criteria = resource_file("texts", "criteria.md").read_text(encoding="utf-8")
    heading = criteria.splitlines()[0].lstrip("# ").strip()
    # rendered when its tab is first shown, not while the window is being built
    assert not dock.criteria_rendered and heading not in dock.criteria.toPlainText()
    dock.tabs.setCurrentWidget(dock.criteria)
    assert heading and heading in dock.criteria.toPlainText()
    window.set_theme("dark")  # a theme change renders it again, still there
    assert heading in dock.criteria.toPlainText()


def test_dock_shows_the_batch_instructions(qtbot: Any, make_window: Any,
                                           tmp_path: Path) -> None:
    window, _binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    text = window.tools_dock.instructions.toPlainText()
    assert "Rate carefully." in text and "<" not in text  # rendered, not raw
    window.close_current_batch()
    assert NO_BATCH in window.tools_dock.instructions.toPlainText()
    assert not window.tools_dock.feedback.isEnabled()


def test_notes_typed_in_the_dock_are_saved_and_shown_in_step_7(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = _to_step_7(qtbot, binding)
    dock = window.tools_dock
    item_id = binding.service.current_item_id
    assert dock.notes.isEnabled() and item_id in dock.notes_label.text()
    qtbot.keyClicks(dock.notes, "Check prices")
    # The echo of each keystroke must not move the cursor: type in the middle.
    cursor = dock.notes.textCursor()
    cursor.setPosition(len("Check"))
    dock.notes.setTextCursor(cursor)
    qtbot.keyClicks(dock.notes, " the")
    assert dock.notes.toPlainText() == "Check the prices"
    assert dock.notes.textCursor().position() == len("Check the")
    assert binding.service.rating.notes == "Check the prices"
    assert page.notes.toPlainText() == "Check the prices"
    binding.service.flush()
    assert store.load_item("test-batch", item_id)["notes"] == "Check the prices"
    page.notes.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(page.notes, " again")
    assert dock.notes.toPlainText() == "Check the prices again"
    window.item_list.step(1)  # notes belong to the item
    assert binding.service.current_item_id != item_id
    assert dock.notes.toPlainText() == ""
    window.item_list.step(-1)
    assert dock.notes.toPlainText() == "Check the prices again"


def test_feedback_in_the_dock_and_step_7_is_one_batch_text(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    page = _to_step_7(qtbot, binding)
    dock = window.tools_dock
    qtbot.keyClicks(dock.feedback, "Nice batch")
    assert binding.service.batch_state()["feedback"] == "Nice batch"
    assert store.load_batch_state("test-batch")["feedback"] == "Nice batch"
    assert page.feedback.toPlainText() == "Nice batch"
    page.feedback.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(page.feedback, "!")
    assert dock.feedback.toPlainText() == "Nice batch!"
    window.item_list.step(1)  # feedback is about the whole batch
    assert dock.feedback.toPlainText() == "Nice batch!"


def test_instructions_come_forward_on_the_first_visit_of_a_batch_only(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, _binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    dock = window.tools_dock
    assert dock.isVisible() and dock.tabs.currentIndex() == 0
    assert window.step_dock.isVisible() and not window.step_dock.visibleRegion().isEmpty()
    path = window.batch_path
    dock.tabs.setCurrentIndex(2)
    dock.close()
    window.close_current_batch()
    assert window.open_batch_path(path)  # second visit: the rater's choice stays
    assert not dock.isVisible()
    batch_id = window.batch.manifest.batch_id
    window.settings.remove(f"instructionsSeen/{batch_id}")
    window.close_current_batch()
    assert window.open_batch_path(path)  # as if new: the instructions open again
    assert dock.isVisible() and dock.tabs.tabText(dock.tabs.currentIndex()) == "Instructions"


def test_the_tool_tabs_keep_the_dock_narrow_with_every_title_whole(make_window: Any) -> None:
    """Seen at 1366x768: tabs along the top made the dock ~325 px wide and the responses'
    tables broke prices mid-number. Down the side, they cost no width."""
    window = make_window()
    tabs = window.tools_dock.tabs
    bar = tabs.tabBar()
    assert tabs.tabPosition() == tabs.TabPosition.West
    assert window.tools_dock.minimumSizeHint().width() <= 260
    metrics = bar.fontMetrics()
    for index in range(bar.count()):
        # West tabs are rotated: the title runs along the tab's height
        assert bar.tabRect(index).height() >= metrics.horizontalAdvance(bar.tabText(index))


def test_criteria_follow_the_protocol_registry_and_say_when_it_is_unknown() -> None:
    from types import SimpleNamespace

    from rater_desktop.gui.tools_dock import criteria_of

    def batch(protocol: str) -> Any:
        settings = SimpleNamespace(criteria=("Be correct",))
        return SimpleNamespace(manifest=SimpleNamespace(protocol=protocol, preference=settings))

    guideline, hidden = criteria_of(batch("guideline"))
    assert not hidden and "Be correct" not in guideline
    preference, hidden = criteria_of(batch("preference"))
    assert hidden and "- Be correct" in preference
    # The run audit has its own page and no guideline tabs.
    text, hidden = criteria_of(batch("run-audit"))
    assert hidden and "RA-1" in text and "Be correct" not in text
    # An unknown protocol once got the guideline's criteria and tabs without a word.
    text, hidden = criteria_of(batch("made-up"))
    assert hidden and "unknown rating protocol 'made-up'" in text
