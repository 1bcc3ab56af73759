"""The one-document protocols' windows (preference, run audit) through the shared binding:
Edit > Undo / Redo and their keys, the menu naming the change, the step an undo goes to,
and the run audit's learning hooks (Mark unsure with its key, training feedback, export)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import jsonschema
from batchkit import batch_files, item, run_item, write_folder
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from run_audit_kit import bind, finish_audit, run_audit_batch

from rater_desktop.gui.learning_flow import UNSURE_ACTION
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.learning.unsure import make_mark
from rater_desktop.rater_export import export_batch
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.signing import keys

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _edit_actions(window: Any) -> tuple[QAction, QAction]:
    return window.actions_.undo, window.actions_.redo


def test_run_audit_undo_and_redo_by_key_and_menu(qtbot: Any, make_window: Callable[..., Any],
                                                 tmp_path: Path) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "b"), qtbot)
    undo, redo = _edit_actions(window)
    assert not undo.isEnabled() and not redo.isEnabled()
    binding.answer("checkpoints.C4", False)
    binding.move(1)
    binding.answer("observed.outcome", "incomplete")
    assert undo.isEnabled() and undo.text() == "&Undo outcome"
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL)
    service = binding.service
    assert service is not None and service.rating.observed.outcome is None
    assert redo.isEnabled() and redo.text() == "&Redo outcome"
    assert "Undone: outcome." in window.statusBar().currentMessage()
    assert undo.text().startswith("&Undo checkpoint C")
    undo.trigger()  # the menu entry: the checkpoints, on the trajectory's step
    assert service.rating.checkpoints["C4"].reached is None
    assert service.rating.current_step == "trajectory"
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert service.rating.checkpoints["C4"].reached is False
    redo.trigger()
    assert service.rating.observed.outcome == "incomplete"
    assert service.rating.current_step == "outcome"  # the redone answer's step
    assert not redo.isEnabled()


def test_run_audit_undo_reopens_a_complete_audit_and_says_so(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = bind(make_window, run_audit_batch(tmp_path / "b"), qtbot)
    finish_audit(binding)
    service = binding.service
    assert service is not None and service.complete().accepted
    binding._show()
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert "reopened this complete item" in binding.panel.reason.text()
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert service.rating.status is ItemStatus.COMPLETE
    assert "complete again" in window.statusBar().currentMessage()


def test_preference_undo_by_key_also_from_the_explanation_box(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    root = write_folder(tmp_path / "p", batch_files([item("i-1", shots=False)],
                                                    protocol="preference"))
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    preference = PreferenceBinding(window, store=store, rater_id="r1")
    window.show()
    assert window.open_batch_path(str(root))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    undo, _redo = _edit_actions(window)
    preference.choose("A")
    preference.panel.explanation.setFocus()
    QTest.keyClicks(preference.panel.explanation, "ok")
    service = preference.service
    assert service is not None and service.rating.explanation == "ok"
    assert undo.text() == "&Undo explanation"
    QTest.keyClick(preference.panel.explanation, Qt.Key.Key_Z, CTRL)
    assert service.rating.explanation == ""  # through the service, not the box's own undo
    assert preference.panel.explanation.toPlainText() == ""
    assert undo.text() == "&Undo choice"
    QTest.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert service.rating.choice is None and service.shown_choice() is None


def _training_batch(root: Path) -> Path:
    key = {"expected": {"outcome": "completed", "report_verdict": "accurate",
                        "checkpoints.C4": True},
           "explanations": {"report_verdict": "The cart shows the umbrella."}}
    items = [run_item("t-1", training=key), run_item("s-1")]
    return write_folder(root, batch_files(
        items, format_version="1.2", protocol="run-audit", batch_id="ra-learn",
        unsure={"reasons": ["The screenshots are unclear"]}))


def test_run_audit_training_feedback_unsure_and_export(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    window, binding = bind(make_window, _training_batch(tmp_path / "b"), qtbot)
    shown: list[Any] = []
    binding.learning.show_feedback = lambda _w, feedback, progress: shown.append(feedback)
    binding.learning.ask_unsure = lambda _w, reasons, _current: (
        "set", make_mark(reasons, reasons[0], "step 3 is blank"))
    action = window.findChild(QAction, UNSURE_ACTION)
    assert action is not None and action.isEnabled() and not action.isChecked()
    QTest.keyClick(window, Qt.Key.Key_N, CTRL | SHIFT)
    assert action.isChecked()
    state = binding.store.load_batch_state("ra-learn") or {}
    assert state["unsure"]["t-1"] == {"reason": "The screenshots are unclear",
                                      "note": "step 3 is blank"}
    finish_audit(binding, verdict="overstated")
    assert binding.complete_and_next()
    feedback = shown[0]
    by_field = {c.field: c for c in feedback.checks}
    assert by_field["report_verdict"].given_text.startswith("Overstated")
    assert not by_field["report_verdict"].matches and by_field["outcome"].matches
    assert by_field["checkpoints.C4"].label.startswith("Checkpoint C4 acted")
    assert feedback.checks[0].field in ("outcome", "report_verdict")  # the overall first
    assert not action.isChecked()  # the next item is not marked
    key = keys.generate_private_key()
    profile = SimpleNamespace(rater_id="rater-1", display_name="Rater One",
                              public_key=keys.openssh_public_key(key.public_key()),
                              fingerprint=keys.fingerprint(key.public_key()))
    (tmp_path / "out").mkdir()
    outcome = export_batch(batch=window.batch, batch_path=str(tmp_path / "b"),
                           store=binding.store, profile=profile, rubric=Rubric.default(),
                           load_key=lambda: key, include_incomplete=False,
                           out_path=tmp_path / "out" / "r1", progress=lambda *_: None)
    document = json.loads(outcome.results_path.read_text())
    entry = document["items"][0]
    assert entry["unsure"] == {"reason": "The screenshots are unclear",
                               "note": "step 3 is blank"}
    assert entry["training"]["differences"] == 1 and document["summary"]["unsure"] == 1
    # The fields exist since 2.3: no new version; a later marker (text sources) may win.
    assert document["format_version"] >= "2.3" and document["protocol"] == "run-audit"
    schema = Path(__file__).resolve().parents[2] / "rater_desktop" / "results" / "schema"
    jsonschema.validate(document, json.loads((schema / "results.schema.json").read_text()))


def test_preference_panel_lets_go_of_the_last_item_when_the_next_cannot_be_shown(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    # As in the guideline: the middle said "Item i-2 cannot be shown", but the
    # preference panel went on showing i-1, open to typing.
    root = write_folder(tmp_path / "p", batch_files([item("i-1"), item("i-2"), item("i-3")],
                                                    protocol="preference"))
    (root / "screens" / "i-2-a.png").unlink()
    window = make_window()
    window._report_error = lambda *_args: None
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    preference = PreferenceBinding(window, store=store, rater_id="r1")
    assert window.open_batch_path(str(root))
    service = preference.service
    assert service is not None and service.current_item_id == "i-1"
    preference.choose("A")
    window.item_list.select_item("i-2")
    assert service.current_item_id is None
    assert not preference.panel.explanation.isEnabled()
    assert store.load_item(service.batch_key, "i-1") is not None  # saved on the way out
    window.item_list.select_item("i-3")
    assert service.current_item_id == "i-3" and preference.panel.explanation.isEnabled()
