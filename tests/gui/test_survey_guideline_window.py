"""The survey in the guideline window: asked once with the real dialog after the last
qualification item is completed, never again (not after reopening the batch), revised from
Help > Survey..., and carried by the signed export, which verifies. Also the Tools dock of
a preference batch: its own criteria, no guideline-only tabs."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from batchkit import item
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from steps_kit import open_rated_window

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.gui.go_to import show_item
from rater_desktop.gui.survey_dialog import SurveyDialog, SurveyReply
from rater_desktop.gui.survey_flow import SURVEY_ACTION
from rater_desktop.rater_export import export_batch
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.verify import verify_results_file
from rater_desktop.signing import keys

SURVEY = {"questions": [
    {"id": "background", "kind": "single", "text": "Your work?",
     "options": ["technical", "non-technical"]},
    {"id": "comment", "kind": "text", "text": "Anything else?"}]}
ITEMS = [item("q-1", kind="qualification", shots=False),
         item("q-2", kind="qualification", shots=False),
         item("s-1", shots=False), item("s-2", shots=False)]


def _open(make_window: Any, tmp_path: Path, qtbot: Any,
          store: MemoryRatingStore | None = None) -> tuple[Any, Any, MemoryRatingStore]:
    return open_rated_window(make_window, tmp_path, qtbot=qtbot, store=store, items=ITEMS,
                             format_version="1.1", survey=SURVEY)


def _complete(window: Any, binding: Any, item_id: str) -> None:
    """Open and complete one item (the rules have their own tests: they are made to pass)."""
    assert show_item(window.item_list, item_id)
    assert binding.service.current_item_id == item_id
    binding.service.set_main_goal("Find it")
    binding.service._results = ()
    binding.panel.refresh_all()
    binding.panel.complete_button.click()
    assert window.item_list.model.progress(item_id).state == "complete"


def _answer_with_keys(shown: list[str]) -> None:
    """Tick the first option by key and press Enter (Save answers), like a rater."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QDialog) or dialog.objectName() != "surveyDialog":
        QTimer.singleShot(20, lambda: _answer_with_keys(shown))
        return
    shown.append(dialog.windowTitle())
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Space)
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)


def test_asked_once_after_the_qualification_items_and_exported(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, store = _open(make_window, tmp_path, qtbot)
    shown: list[str] = []
    _complete(window, binding, "q-1")
    qtbot.wait(50)
    assert binding.service.survey_state() is None  # q-2 is not complete yet
    QTimer.singleShot(0, lambda: _answer_with_keys(shown))
    _complete(window, binding, "q-2")
    qtbot.waitUntil(lambda: binding.service.survey_state() is not None, timeout=5000)
    assert len(shown) == 1
    assert binding.service.survey_state() == {"answers": {"background": "technical"},
                                              "skipped": False}
    _complete(window, binding, "s-1")
    qtbot.wait(100)
    assert QApplication.activeModalWidget() is None and len(shown) == 1  # never twice
    # Reopened (a new window on the same store): not asked again.
    window.close()
    window2, binding2, _ = _open(make_window, tmp_path, qtbot, store=store)
    asked: list[Any] = []
    binding2.survey.ask = lambda *args: asked.append(args) or {}
    _complete(window2, binding2, "s-2")
    qtbot.wait(50)
    assert asked == [] and binding2.survey.due() is False
    assert binding2.service.survey_state() == {"answers": {"background": "technical"},
                                               "skipped": False}
    # The signed export carries the answers and verifies.
    key = keys.generate_private_key()
    public = keys.openssh_public_key(key.public_key())
    profile = SimpleNamespace(rater_id="rater-1", display_name="Rater One",
                              public_key=public, fingerprint=keys.fingerprint(key.public_key()))
    batch_path = str(tmp_path / "batch")
    (tmp_path / "out").mkdir()
    outcome = export_batch(batch=window2.batch, batch_path=batch_path, store=store,
                           profile=profile, rubric=Rubric.default(), load_key=lambda: key,
                           include_incomplete=False, out_path=tmp_path / "out" / "r1",
                           progress=lambda *_: None)
    document = json.loads(outcome.results_path.read_text())
    assert document["format_version"] == "2.1" and document["protocol"] == "guideline"
    assert document["survey"]["answers"] == {"background": "technical"}
    assert document["survey"]["answered"] is True
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"rater-1 {public}\n")
    assert verify_results_file(results_path=outcome.results_path, allowed_signers=roster,
                               batch_sha256=batch_sha256(batch_path)).ok


def test_skipped_survey_is_not_asked_again_and_can_be_revised(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = _open(make_window, tmp_path, qtbot)
    binding.survey.ask = lambda *_args: None  # the rater skips
    _complete(window, binding, "q-1")
    _complete(window, binding, "q-2")
    qtbot.waitUntil(lambda: binding.service.survey_state() is not None, timeout=3000)
    assert binding.service.survey_state() == {"answers": {}, "skipped": True}
    action = window.findChild(QAction, SURVEY_ACTION)
    assert action is not None and action.isEnabled()
    assert action in window.menuBar().findChild(type(window.actions_.view_menu),
                                                "menuHelp").actions()
    seen: list[Any] = []

    def revise(_window: Any, questions: Any, saved: Any) -> SurveyReply:
        seen.append(saved)
        return SurveyReply(False, {"background": "non-technical", "comment": " later "})

    binding.survey.revise = revise
    action.trigger()
    assert seen == [{"answers": {}, "skipped": True}]
    assert binding.service.survey_state() == {
        "answers": {"background": "non-technical", "comment": "later"}, "skipped": False}
    binding.survey.revise = lambda *_args: None  # Cancel: nothing changes
    action.trigger()
    assert binding.service.survey_state()["answers"]["background"] == "non-technical"


def test_revising_fills_in_the_saved_answers(qtbot: Any, make_window: Any,
                                             tmp_path: Path) -> None:
    window, binding, _ = _open(make_window, tmp_path, qtbot)
    questions = binding.service.survey
    dialog = SurveyDialog(window, questions, revising=True,
                          answers={"background": "non-technical", "comment": "hi"})
    qtbot.addWidget(dialog)
    assert dialog.answers() == {"background": "non-technical", "comment": "hi"}
    assert dialog.findChild(QPushButton, "surveyCancel") is not None
    skip = dialog.findChild(QPushButton, "surveySkip")
    assert skip is not None and skip.text() == "Withdraw answers"
    first = SurveyDialog(window, questions)
    qtbot.addWidget(first)
    assert first.findChild(QPushButton, "surveyCancel") is None  # first time: Skip only
    assert first.answers() == {"comment": ""}


def test_a_batch_without_a_survey_disables_the_menu_action(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    action = window.findChild(QAction, SURVEY_ACTION)
    assert action is not None and not action.isEnabled()
    binding.survey.ask = lambda *_args: {"x": "y"}
    assert not binding.survey.ask_if_due()


def _preference_batch(root: Path, criteria: list[str]) -> Path:
    root.mkdir(parents=True)
    (root / "batch.json").write_text(json.dumps({
        "format": "rater-desktop-batch", "format_version": "1.1", "batch_id": "pref",
        "title": "Pref", "created": "2026-11-30T09:00:00Z", "protocol": "preference",
        "preference": {"criteria": criteria}}))
    (root / "items.jsonl").write_text(json.dumps({
        "id": "p-0", "prompt": "Prompt", "responses": [{"identity": "x", "text": "one"},
                                                       {"identity": "y", "text": "two"}]}) + "\n")
    return root


def test_tools_dock_follows_the_batch_protocol(qtbot: Any, make_window: Any,
                                               tmp_path: Path) -> None:
    window, _binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    dock = window.tools_dock
    titles = [dock.tabs.tabText(i) for i in range(dock.tabs.count())]
    dock.tabs.setCurrentIndex(titles.index("Criteria"))  # rendered when first shown
    guideline_criteria = dock.criteria.toPlainText()
    assert "Rating criteria" in guideline_criteria
    dock.tabs.setCurrentIndex(titles.index("Notes"))
    assert window.open_batch_path(str(_preference_batch(tmp_path / "p", [
        "Stays on the question", "Gets the facts right"])))
    text = dock.criteria.toPlainText()
    assert "Stays on the question" in text and "Gets the facts right" in text
    assert text != guideline_criteria
    visible = [dock.tabs.tabText(i) for i in range(dock.tabs.count())
               if dock.tabs.isTabVisible(i)]
    assert visible == ["Instructions", "Criteria"]
    assert dock.tabs.isTabVisible(dock.tabs.currentIndex())  # Notes was hidden
    assert window.open_batch_path(str(tmp_path / "batch"))  # back to a guideline batch
    assert dock.criteria.toPlainText() == guideline_criteria
    assert all(dock.tabs.isTabVisible(i) for i in range(dock.tabs.count()))
    assert window.open_batch_path(str(_preference_batch(tmp_path / "p2", [])))
    assert "no criteria" in dock.criteria.toPlainText()
