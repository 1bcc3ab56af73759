"""End to end, keyboard only: a preference batch through the real startup wiring. 20 items
are judged with 1 / 2 / 3, an explanation typed after Alt+E, Ctrl+Enter completing each;
the survey after the qualification items is answered with keys; the export verifies and
carries the choices (file order) and the survey answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from window_kit import StartWindow, export_verified

KEYS = {"A": Qt.Key.Key_1, "B": Qt.Key.Key_2, "tie": Qt.Key.Key_3}


def write_preference_batch(root: Path, count: int) -> Path:
    root.mkdir(parents=True)
    manifest = {"format": "rater-desktop-batch", "format_version": "1.1",
                "batch_id": "pref-e2e", "title": "Preference e2e",
                "created": "2026-11-30T09:00:00Z", "protocol": "preference",
                "preference": {"criteria": ["Answers the question", "Correct facts"]},
                "survey": {"questions": [
                    {"id": "background", "kind": "single", "text": "Your work?",
                     "options": ["technical", "non-technical"]}]}}
    (root / "batch.json").write_text(json.dumps(manifest), encoding="utf-8")
    lines = []
    for n in range(count):
        kind = "qualification" if n < 2 else "standard"
        lines.append(json.dumps({
            "id": f"p-{n:03d}", "kind": kind, "prompt": f"Question number {n}?",
            "responses": [{"identity": "base", "text": f"Short answer {n}."},
                          {"identity": "cand", "text": f"Longer, careful answer {n}."}],
            **({"gold": {"expected_choice": "B"}} if kind == "qualification" else {})}))
    (root / "items.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _answer_survey_with_keys(qtbot: Any) -> None:
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QDialog) or dialog.objectName() != "surveyDialog":
        QTimer.singleShot(20, lambda: _answer_survey_with_keys(qtbot))
        return
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Space)  # tick the first option
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)


def test_twenty_items_by_keyboard_then_export(qtbot: Any, tmp_path: Path,
                                              rater_window: StartWindow) -> None:
    batch = write_preference_batch(tmp_path / "batch", 20)
    started = rater_window(rater_id="kb-rater")
    window = started.window
    assert window.property("preferenceBinding") is None  # made when a preference batch opens
    assert window.open_batch_path(str(batch))
    binding = window.property("preferenceBinding")
    assert binding.panel.isVisible() and not window.property("ratingBinding").panel.isVisible()
    plan = ["B", "B"] + ["A", "B", "tie", "A"] * 4 + ["tie", "B"]
    QTimer.singleShot(0, lambda: _answer_survey_with_keys(qtbot))
    for number, shown in enumerate(plan):
        assert binding.service.current_item_id == f"p-{number:03d}"
        if window.item_view.tabbed:  # a small screen: F6 shows the other response first
            QTest.keyClick(window, Qt.Key.Key_F6)
        QTest.keyClick(window, KEYS[shown])
        if shown == "A":
            QTest.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
            assert window.focusWidget() is binding.panel.explanation
            QTest.keyClicks(window.focusWidget(), "clearer steps")
        QTest.keyClick(window.focusWidget() or window, Qt.Key.Key_Return,
                       Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    assert window.progress_label.text() == "20 of 20 complete"
    assert binding.service.survey_state() == {"answers": {"background": "technical"},
                                              "skipped": False}
    document = export_verified(qtbot, started, tmp_path / "out" / "kb.results.json",
                               include_incomplete=False)
    assert document["protocol"] == "preference" and len(document["items"]) == 20
    assert document["survey"]["answers"] == {"background": "technical"}
    for entry, shown in zip(document["items"], plan, strict=True):
        choice = entry["rating"]["choice"]
        expected = shown if shown == "tie" or entry["display_order"] == ["A", "B"] \
            else {"A": "B", "B": "A"}[shown]
        assert choice == expected  # stored in file order whatever side it was shown on
        assert (entry["rating"]["explanation"] == "clearer steps") == (shown == "A")
    window.close()
