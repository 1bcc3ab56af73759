"""Raters who learn as they go, in both protocols' windows: training feedback after a
training item (the real dialog), the qualification notice once the threshold is out of
reach, Item > Mark unsure with a reason (its key), and a conversation's earlier turns
folded above the last user turn."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from batchkit import batch_files, item, write_folder
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton
from steps_kit import open_rated_window

from rater_desktop.gui.go_to import show_item
from rater_desktop.gui.learning_flow import UNSURE_ACTION
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.learning.unsure import make_mark
from rater_desktop.rater_export import export_batch
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.verify import verify_results_file
from rater_desktop.signing import keys

KEY = {"expected": {"verdict": "B_better", "responses.A.tc": 2},
       "explanations": {"verdict": "B reached the checkout; A stopped at the cart."},
       "note": "Read both runs to the end."}
TURNS = [{"role": "system", "text": "You are a shopping helper."},
         {"role": "user", "text": "I need an <b>umbrella</b> <img src='http://x.invalid/a.png'>."},
         {"role": "assistant", "text": "Which colour would you like?"}]
MANIFEST = {"format_version": "1.2",
            "qualification": {"score_locally": True, "when_unreachable": "continue_unpaid",
                              "message": "You may go on; the main items are not paid."},
            "unsure": {"reasons": ["I do not know the topic", "Both equally wrong"]}}


def _answer_modal(name: str, button: str, seen: list[dict[str, Any]]) -> None:
    """When the dialog ``name`` is up, note its labels and press ``button`` (polls)."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QDialog) or dialog.objectName() != name:
        QTimer.singleShot(20, lambda: _answer_modal(name, button, seen))
        return
    seen.append({label.objectName(): label.text() for label in dialog.findChildren(QLabel)})
    found = dialog.findChild(QPushButton, button)
    assert found is not None, button
    found.click()


def _complete(window: Any, binding: RatingBinding, item_id: str) -> None:
    """Open and complete one guideline item (its rules have their own tests)."""
    assert show_item(window.item_list, item_id)
    binding.service.set_main_goal("Find it")
    binding.service._results = ()
    binding.panel.refresh_all()
    binding.panel.complete_button.click()


def test_guideline_training_feedback_and_the_unreachable_notice(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    gold = {"expected_verdict": "B_better"}
    items = [item("q-1", kind="qualification", shots=False, gold=gold, training=KEY),
             item("q-2", kind="qualification", shots=False, gold=gold), item("s-1", shots=False)]
    window, binding, store = open_rated_window(make_window, tmp_path, qtbot=qtbot, items=items,
                                               **MANIFEST)
    seen: list[dict[str, Any]] = []
    QTimer.singleShot(0, lambda: _answer_modal("trainingFeedbackDialog", "trainingContinue",
                                               seen))
    QTimer.singleShot(0, lambda: _answer_modal("qualificationNotice", "qualificationContinue",
                                               seen))
    _complete(window, binding, "q-1")
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=5000)
    feedback, notice = seen
    assert "2 of 2 checked answers differ" in feedback["trainingHeadline"]
    assert "B reached the checkout" in feedback["trainingCheck0"]
    assert "Your answer: (not answered)" in feedback["trainingCheck0"]
    assert feedback["trainingItemNote"] == "Read both runs to the end."
    # No verdict given: 0 of 1 right, and 2 of 2 are needed (8 of 10 of two items).
    assert feedback["trainingProgress"] == "Qualification: 0 of 1 right so far (2 of 2 needed)"
    assert notice["qualificationMessage"] == "You may go on; the main items are not paid."
    state = store.load_batch_state("test-batch") or {}
    assert state["training"]["q-1"]["differences"] == 2
    assert state["qualification"]["decision"] == "continue_unpaid"
    assert "continue unpaid" in window.statusBar().currentMessage()
    assert window.item_list.model.progress("q-1").state == "complete"  # answers as given
    # The window's export carries what was shown, signed, and it verifies.
    key = keys.generate_private_key()
    public = keys.openssh_public_key(key.public_key())
    profile = SimpleNamespace(rater_id="rater-1", display_name="Rater One", public_key=public,
                              fingerprint=keys.fingerprint(key.public_key()))
    (tmp_path / "out").mkdir()
    outcome = export_batch(batch=window.batch, batch_path=str(tmp_path / "batch"), store=store,
                           profile=profile, rubric=Rubric.default(), load_key=lambda: key,
                           include_incomplete=False, out_path=tmp_path / "out" / "r1",
                           progress=lambda *_: None)
    document = json.loads(outcome.results_path.read_text())
    assert document["format_version"] == "2.3"
    assert document["items"][0]["training"]["differences"] == 2
    assert document["qualification"]["decision"] == "continue_unpaid"
    (tmp_path / "roster").write_text(f"rater-1 {public}\n")
    assert verify_results_file(results_path=outcome.results_path,
                               allowed_signers=tmp_path / "roster").ok


def test_unsure_with_a_reason_by_its_key(qtbot: Any, make_window: Callable[..., Any],
                                         tmp_path: Path) -> None:
    window, binding, store = open_rated_window(
        make_window, tmp_path, qtbot=qtbot, items=[item("s-1", shots=False)], **MANIFEST)
    action = window.findChild(QAction, UNSURE_ACTION)
    assert action is not None and action.isEnabled() and not action.isChecked()
    seen: list[dict[str, Any]] = []

    def pick_second_reason() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog) or dialog.objectName() != "unsureDialog":
            QTimer.singleShot(20, pick_second_reason)
            return
        seen.append({})
        dialog.findChild(QPushButton, "unsureSave").click()  # Other, no words: refused
        problem = dialog.findChild(QLabel, "unsureProblem")
        seen[0]["problem"] = problem.text()
        dialog.reason.setCurrentIndex(1)
        QTest.keyClicks(dialog.note, "the returns policy")
        QTest.keyClick(dialog.note, Qt.Key.Key_Return)

    QTimer.singleShot(0, pick_second_reason)
    # The real dialog, opened on Other, so Save without words is refused first.
    binding.learning.ask_unsure = _other_first
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen[0]["problem"].startswith("Pick a reason or say")
    state = store.load_batch_state("test-batch") or {}
    assert state["unsure"]["s-1"] == {"reason": "Both equally wrong",
                                      "note": "the returns policy"}
    assert action.isChecked()
    assert "marked unsure: Both equally wrong: the returns policy" in \
        window.statusBar().currentMessage()


def _other_first(parent: Any, reasons: Any, current: Any) -> Any:
    """``ask_unsure`` with the real dialog opened on Other."""
    from rater_desktop.gui.learning_dialogs import UnsureDialog

    dialog = UnsureDialog(parent, reasons, current)
    dialog.reason.setCurrentIndex(len(reasons))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return ("remove", None) if dialog.removed else ("set", dialog.mark)


def _preference_window(make_window: Callable[..., Any], tmp_path: Path,
                       items: list[dict[str, Any]]) -> tuple[Any, PreferenceBinding,
                                                             MemoryRatingStore]:
    root = write_folder(tmp_path / "p", batch_files(items, protocol="preference", **MANIFEST))
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    preference = PreferenceBinding(window, store=store, rater_id="r1")
    window.show()
    assert window.open_batch_path(str(root))
    return window, preference, store


def test_preference_training_qualification_and_unsure(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    gold = {"expected_choice": "A"}
    key = {"expected": {"choice": "A"}, "explanations": {"choice": "A answers the question."}}
    items = [item(f"q-{n}", kind="qualification", shots=False, gold=gold, training=key)
             for n in range(2)] + [item("s-1", shots=False)]
    window, preference, store = _preference_window(make_window, tmp_path, items)
    shown: list[Any] = []
    asked: list[Any] = []
    preference.learning.show_feedback = lambda _w, feedback, progress: shown.append(
        (feedback, progress))
    preference.learning.ask_unreachable = lambda _w, notice: asked.append(notice) or "stop"
    preference.choose("tie")
    assert preference.complete_and_next()
    feedback, progress = shown[0]
    check = feedback.checks[0]
    assert (check.given_text, check.matches) == ("Tie", False)
    assert check.expected_text.endswith("is better")  # in the rater's own A/B labels
    assert progress == "Qualification: 0 of 1 right so far (2 of 2 needed)"
    assert asked and asked[0].options == ("stop", "continue_unpaid")
    state = store.load_batch_state("test-batch") or {}
    assert state["qualification"]["decision"] == "stop"
    assert "asks you to stop" in window.statusBar().currentMessage()
    preference.learning.ask_unsure = lambda _w, reasons, _current: (
        "set", make_mark(reasons, reasons[0], ""))
    window.findChild(QAction, UNSURE_ACTION).trigger()
    state = store.load_batch_state("test-batch") or {}
    assert state["unsure"] == {"q-1": {"reason": "I do not know the topic", "note": ""}}


def test_conversation_turns_fold_above_the_last_user_turn_in_both_protocols(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    items = [item("c-1", shots=False, conversation=TURNS, prompt="Red, under $20."),
             item("plain", shots=False)]
    window, _binding, _store = open_rated_window(make_window, tmp_path / "g", items=items,
                                                 **MANIFEST)
    window.show()
    header = window.item_view.prompt_header
    fold = header.conversation
    QApplication.processEvents()
    assert fold.isVisible() and not fold.text.isVisible()  # folded at first
    assert fold.toggle.text() == "\u25b8 Earlier conversation (3 turns)"
    assert header.title.text() == "Last user turn"
    assert "Red, under $20." in header.text.toPlainText()
    fold.toggle.click()
    assert fold.text.isVisible() and fold.toggle.text().startswith("\u25be")
    shown = fold.text.toPlainText()
    assert shown.index("SYSTEM") < shown.index("USER") < shown.index("ASSISTANT")
    assert "Which colour would you like?" in shown
    # Batch text is shown as written: markup in a turn is text, never HTML or a fetch.
    assert "<b>umbrella</b> <img src='http://x.invalid/a.png'>" in shown
    assert fold.text.height() <= window.height() * 0.3 + 1
    window.show_item("plain")
    QApplication.processEvents()
    assert not fold.isVisible() and header.title.text() == "Prompt"
    pref_window, _pref, _s = _preference_window(make_window, tmp_path, items)
    pref_fold = pref_window.item_view.prompt_header.conversation
    pref_window.show_item("c-1")  # the same batch id: the window reopens at "plain"
    QApplication.processEvents()
    assert pref_fold.isVisible() and pref_fold.count == 3


def test_training_on_the_sample_batch_gives_feedback_after_each_training_item(
        make_window: Callable[..., Any]) -> None:
    sample = Path(__file__).resolve().parents[2] / "sample_batches" / "learning-preference"
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="trainee")
    preference = PreferenceBinding(window, store=store, rater_id="trainee")
    window.show()
    assert window.open_batch_path(str(sample))
    shown: list[Any] = []
    told: list[str] = []
    preference.learning.show_feedback = lambda _w, feedback, progress: (
        shown.append((feedback.item_id, progress)),
        told.append(f"{feedback.headline()} {feedback.note}"))
    preference.learning.ask_unreachable = lambda _w, _notice: "continue_unpaid"
    for _ in range(6):  # the six qualification items, four of them training items
        preference.choose("A")
        assert preference.complete_and_next()
    # A wrong answer's feedback said twice that the answer is kept as given (headline, note).
    assert any("as you gave it" in text for text in told)
    assert all(text.count("as you gave") <= 1 for text in told), told
    assert [item_id for item_id, _ in shown] == ["q01-sort", "q02-boil", "q03-medical",
                                                  "q04-capital"]
    assert shown[-1][1].startswith("Qualification: ") and "(4 of 6 needed)" in shown[-1][1]
    assert "Qualification: " in window.statusBar().currentMessage()
    training = (store.load_batch_state("sample-learning-preference-2026-12") or {})["training"]
    assert set(training) == {item_id for item_id, _ in shown}


def test_the_status_bar_counts_the_answer_just_given_while_its_feedback_is_up(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # Found walking the learning sample: the feedback window said "1 of 4 right so far"
    # while the status bar under it still said "1 of 3" (told only after the windows).
    gold = {"expected_verdict": "B_better"}
    items = [item("q-1", kind="qualification", shots=False, gold=gold, training=KEY),
             item("q-2", kind="qualification", shots=False, gold=gold), item("s-1", shots=False)]
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                items=items, **MANIFEST)
    status: list[str] = []
    binding.learning.show_feedback = lambda w, _f, _p: status.append(
        w.statusBar().currentMessage())
    binding.learning.ask_unreachable = lambda w, _n: status.append(
        w.statusBar().currentMessage()) or "continue_unpaid"
    _complete(window, binding, "q-1")
    qtbot.waitUntil(lambda: len(status) == 2, timeout=5000)
    assert all(s.startswith("Qualification: 0 of 1 right so far") for s in status), status


def _shown_unsure(window: Any) -> str:
    label = window.findChild(QLabel, "unsureMarkLabel")
    return label.text() if label is not None and label.isVisibleTo(window) else ""


def test_an_unsure_mark_stays_in_sight_while_its_item_is_open_in_both_protocols(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # The mark showed only as a passing status message: gone a few seconds later.
    items = [item("s-1", shots=False), item("s-2", shots=False)]
    guideline, binding, _store = open_rated_window(make_window, tmp_path / "g", qtbot=qtbot,
                                                   items=items, **MANIFEST)
    window, preference, _s = _preference_window(make_window, tmp_path, items)
    for win, flow in ((guideline, binding.learning), (window, preference.learning)):
        win.item_list.select_item("s-1")
        flow.ask_unsure = lambda _w, reasons, _current: ("set", make_mark(reasons, reasons[1],
                                                                          "the returns"))
        win.findChild(QAction, UNSURE_ACTION).trigger()
        win.statusBar().clearMessage()
        assert _shown_unsure(win) == "Unsure: Both equally wrong: the returns"
        win.item_list.select_item("s-2")
        assert _shown_unsure(win) == ""
        win.item_list.select_item("s-1")
        assert _shown_unsure(win) == "Unsure: Both equally wrong: the returns"
        flow.ask_unsure = lambda _w, _reasons, _current: ("clear", None)
        win.findChild(QAction, UNSURE_ACTION).trigger()  # the same action removes it
        assert _shown_unsure(win) == ""
