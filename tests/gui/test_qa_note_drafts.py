"""A QA note written before a decision is a draft of its item: it survives moving to
another item and reopening the window, is saved with the decision chosen later, stays
when a decision is cleared, and never reaches the QA store (nor exported decisions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from qa_window_kit import (
    Setup,
    build_setup,
    compare_window,
    make_qa_window,
    open_in_compare,
    stored_decision,
)

from rater_desktop.qa_review.adjudication import Decision
from rater_desktop.qa_review.note_drafts import (
    DRAFT_KEPT,
    NO_DECISION,
    SETTINGS_KEY,
    VERDICT_DRAFT,
    SettingsDrafts,
)

ALT = Qt.KeyboardModifier.AltModifier


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_a_note_without_a_decision_comes_back_and_is_saved_with_the_decision(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    panel = compare.adjudication
    first = compare.item_id
    assert first is not None
    qtbot.keyClick(compare.combo, Qt.Key.Key_N, ALT)
    qtbot.keyClicks(panel.note, "bob misread the price claim")
    qtbot.keyClick(panel.note, Qt.Key.Key_Right, ALT)  # Next, at once: the note's pause ran not
    assert compare.item_id != first
    assert panel.note.toPlainText() == "" and panel.status.text() == NO_DECISION
    qtbot.keyClick(panel.note, Qt.Key.Key_Left, ALT)
    assert compare.item_id == first
    assert panel.note.toPlainText() == "bob misread the price claim"
    assert panel.chosen() is None and panel.status.text() == DRAFT_KEPT
    assert stored_decision(window, first) is None  # a draft is no decision
    qtbot.keyClick(panel.note, Qt.Key.Key_2, ALT)
    assert stored_decision(window, first) == ("needs_fix", "bob misread the price claim")
    assert panel.status.text().startswith("Saved")
    assert not any(k.startswith("qa/noteDrafts") for k in temp_settings.allKeys())
    qtbot.keyClick(panel.note, Qt.Key.Key_Right, ALT)
    qtbot.keyClick(panel.note, Qt.Key.Key_Left, ALT)
    assert panel.note.toPlainText() == "bob misread the price claim"
    assert panel.chosen() is Decision.NEEDS_FIX


def test_a_draft_and_its_correction_survive_reopening_and_a_clear_keeps_the_note(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    panel = window.view.compare.adjudication
    item = window.view.compare.item_id
    assert item is not None
    panel.verdict_combo.setCurrentIndex(panel.verdict_combo.findData("B_better"))
    panel.note.setPlainText("re-check the screenshot")
    qtbot.waitUntil(lambda: panel.status.text() == DRAFT_KEPT, timeout=3_000)  # the pause
    window.close()
    again = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                           errors=[])
    open_in_compare(qtbot, again, item)
    panel = again.view.compare.adjudication
    assert panel.note.toPlainText() == "re-check the screenshot"
    assert panel.verdict_combo.currentData() == "B_better"
    assert panel.chosen() is None and stored_decision(again, item) is None
    panel.buttons[Decision.ACCEPT].click()
    assert stored_decision(again, item) == ("accept", "re-check the screenshot")
    panel.clear_button.click()  # the decision goes, the reviewer's words stay
    assert stored_decision(again, item) is None and panel.chosen() is None
    assert panel.note.toPlainText() == "re-check the screenshot"
    assert panel.status.text() == DRAFT_KEPT
    panel.note.clear()  # an emptied note leaves the correction's draft, then none
    panel.save_now(force=True)
    assert panel.status.text() == VERDICT_DRAFT
    panel.verdict_combo.setCurrentIndex(0)  # saved at once, as a change of decision is
    assert panel.status.text() == NO_DECISION
    assert not any(k.startswith("qa/noteDrafts") for k in temp_settings.allKeys())


def test_drafts_belong_to_one_reviewer_of_one_batch(tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    scope: list[tuple[str, str] | None] = [("abc", "quinn")]
    drafts = SettingsDrafts(settings, lambda: scope[0])
    drafts.keep("s1", ("a note", ""))
    assert drafts.draft("s1") == ("a note", "")
    scope[0] = ("abc", "rita")  # another profile on this computer
    assert drafts.draft("s1") is None
    scope[0] = ("other", "quinn")  # another batch
    assert drafts.draft("s1") is None
    scope[0] = None  # no batch read yet: nothing kept, nothing read
    drafts.keep("s1", ("lost?", ""))
    assert drafts.draft("s1") is None
    settings.setValue(SETTINGS_KEY.format(batch="abc"), "{not json")
    scope[0] = ("abc", "quinn")
    assert drafts.draft("s1") is None  # a damaged value reads as no draft
    drafts.keep("s1", ("again", "A_better"))
    assert drafts.draft("s1") == ("again", "A_better")
