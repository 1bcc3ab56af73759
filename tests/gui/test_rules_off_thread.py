"""A large item's rules and long Markdown are worked out off the window's thread: the
window shows the results when they come back (issue 23). No timing is asserted here;
benchmarks/bench_ui_thread.py measures the stalls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import batch_files, item, response, write_folder
from PySide6.QtWidgets import QLabel
from steps_kit import TEXT_A, TEXT_B, open_rated_window

from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.gui.steps.panel import CHECKING_TEXT
from rater_desktop.rating.model import Step
from rater_desktop.rating.rule_runs import BACKGROUND_SIZE, RuleJob, RuleRun
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.rating.text import plain_text

LONG = ("I searched the shop for red umbrellas and opened the [Red Classic]"
        "(https://shop.example/red) page. ") * (BACKGROUND_SIZE // 60)


def _long_items() -> list[dict[str, Any]]:
    return [item("long-1", responses=[response("model-alpha", LONG, []),
                                      response("model-beta", "The Crimson Mini costs $15.", [])])]


def test_a_large_items_rules_come_back_from_the_worker(qtbot: Any, make_window: Any,
                                                       tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=_long_items())
    service = binding.service
    assert service is not None
    qtbot.waitUntil(lambda: not binding.rule_worker.busy and not service.rules_pending, timeout=20000)
    page = binding.panel.page(Step.CASE_FILE)
    badges = page.findChild(type(page.other_badges), "caseFileMainGoalRules")
    # The worker's results are drawn a turn after they come back (``badgesTurn``): wait
    # for what the rater sees, not for the worker (CI once looked in between).
    qtbot.waitUntil(lambda: "CF-1" in badges.rule_ids(), timeout=5000)
    assert "CF-1" in {r.rule_id for r in service.results}
    qtbot.keyClicks(page.main_goal, "Find a red umbrella")
    assert service.rating.case_file.main_goal == "Find a red umbrella"
    qtbot.waitUntil(lambda: not service.rules_pending, timeout=20000)
    qtbot.waitUntil(lambda: "CF-1" not in badges.rule_ids(), timeout=5000)


class HeldWorker:
    """Plays the window's rule worker; the test says when its runs come back."""

    def __init__(self) -> None:
        self.jobs: list[tuple[RuleJob, Any]] = []

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def submit(self, job: RuleJob, done: Any) -> None:
        self.jobs.append((job, done))

    def finish(self) -> None:
        jobs, self.jobs = self.jobs, []
        for job, done in jobs:
            run: RuleRun = job()
            done(run)

    def stop(self) -> None:
        self.jobs = []


def _small_then_long(make_window: Any, tmp_path: Path) -> tuple[Any, RatingBinding, HeldWorker]:
    root = tmp_path / "batch"
    small = item("small-1", responses=[response("model-alpha", TEXT_A, []),
                                       response("model-beta", TEXT_B, [])])
    write_folder(root, batch_files([small, *_long_items()]))
    window = make_window()
    binding = RatingBinding(window, store=MemoryRatingStore(), rater_id="rater-1")
    worker = HeldWorker()
    binding.rule_worker = worker  # type: ignore[assignment]
    assert window.open_batch_path(str(root))
    return window, binding, worker


def test_a_large_item_shows_nothing_of_the_item_before_while_its_first_check_runs(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """The small item's results (its steps open, "Ready to complete") were drawn on the
    large item opened after it until the worker's check came back."""
    window, binding, worker = _small_then_long(make_window, tmp_path)
    service, panel = binding.service, binding.panel
    assert service is not None and service.current_item_id == "small-1"
    service.set_main_goal("Find a red umbrella")
    assert "CF-1" not in {r.rule_id for r in service.results if not r.passed}
    window.item_list.select_item("long-1")
    assert service.current_item_id == "long-1" and worker.jobs
    qtbot.wait(50)  # any later turn (the badges' own) draws nothing of the small item
    badges = panel.page(Step.CASE_FILE).findChild(
        type(panel.page(Step.CASE_FILE).other_badges), "caseFileMainGoalRules")
    assert badges.rule_ids() == []
    assert panel.reason.text() == CHECKING_TEXT and not panel.complete_button.isEnabled()
    worker.finish()
    qtbot.waitUntil(lambda: "CF-1" in badges.rule_ids(), timeout=5000)
    assert panel.reason.text().startswith("Cannot complete yet")


def test_the_first_messages_of_a_large_item_come_even_while_its_main_goal_has_focus(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """CI: focus was in the empty Main goal when the worker's check came back, and its
    CF-1 message waited for the rater to leave the field, as if they had typed there."""
    window, binding, worker = _small_then_long(make_window, tmp_path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert binding.service is not None
    binding.service.set_main_goal("Find a red umbrella")  # the small item shows no CF-1
    window.item_list.select_item("long-1")
    qtbot.wait(50)  # the item switch's own badges turn, as in the app
    page = binding.panel.page(Step.CASE_FILE)
    page.main_goal.setFocus()
    qtbot.waitUntil(page.main_goal.hasFocus, timeout=2000)
    worker.finish()
    badges = page.findChild(type(page.other_badges), "caseFileMainGoalRules")
    qtbot.waitUntil(lambda: "CF-1" in badges.rule_ids(), timeout=5000)


def test_a_long_response_is_formatted_off_the_thread_and_shown_in_parts(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=_long_items())
    pane = window.item_view.pane_for_true_index(0)
    # The worker's thread is free (``busy`` False) before its HTML reaches the pane through
    # a queued signal: in between the pane still shows "Formatting…". Wait for the text.
    qtbot.waitUntil(lambda: not pane._fill.busy and "Red Classic"
                    in pane.text_browser.document().toPlainText(), timeout=20000)
    shown = pane.text_browser.document().toPlainText()
    assert "Red Classic" in shown and "Formatting" not in shown
    assert pane.text_browser.document().blockCount() > 1  # laid out a part at a time
    # cut between words only: every word is there, in order
    assert shown.split() == plain_text(LONG).split()


def test_the_main_goal_question_shows_the_goals_first_words(qtbot: Any, make_window: Any,
                                                            tmp_path: Path) -> None:
    """A 20,000-character goal in a label was laid out again on every keystroke."""
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=_long_items())
    service = binding.service
    assert service is not None
    service.set_main_goal("Find a red umbrella\n" + "- under $20\n" * 2_000)
    service.rating.current_step = Step.TASK_COMPLETION
    binding.panel.refresh_all()
    page = binding.panel.page(Step.TASK_COMPLETION)
    labels = [lbl.text() for lbl in page.findChildren(QLabel) if lbl.text().startswith("Main goal met?")]
    assert labels and all(text == "Main goal met? (Find a red umbrella)" for text in labels)
