"""QA window with a store other reviewers write too: their decisions appear without a
restart, a clash on the same item is told and shows theirs, and the store setting refuses
a password in a URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog, QLabel, QMessageBox
from qa_window_kit import (
    Setup,
    build_setup,
    make_qa_window,
    open_in_compare,
    result_files,
    wait_idle,
)

from rater_desktop.batch.loader import open_batch
from rater_desktop.gui.qa import team_store
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa_review.adjudication import Decision
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _window(qtbot: Any, setup: Setup, settings: QSettings, keyring: Any) -> QaWindow:
    window = make_qa_window(qtbot, setup, settings=settings, keyring=keyring, errors=[])
    window.import_paths(result_files(setup, "alice", "bob", "carol"))
    wait_idle(qtbot, window)
    return window


def _rita_decides(window: QaWindow, setup: Setup, item_id: str, decision: str) -> None:
    """Another reviewer, with her own connection to the same store, decides an item."""
    assert window.store.path is not None
    with QaStore.open(window.store.path) as store, open_batch(setup.batch_path) as batch:
        rita = QaSession(store=store, roster=Roster(setup.roster), batch=batch, reviewer_id="rita")
        rita.adjudication(item_id)
        rita.set_adjudication(item_id, decision=decision, note="rita was here")


def test_another_reviewers_decision_appears_in_the_window(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _window(qtbot, setup, temp_settings, memory_keyring)
    open_in_compare(qtbot, window, "s1")
    panel = window.view.compare.adjudication
    assert panel.chosen() is None
    window.watcher.poll()  # the first look only remembers the state
    qtbot.waitUntil(lambda: window.session.batch_sha256 in window.watcher._stamps, timeout=5000)
    _rita_decides(window, setup, "s1", "reject")
    with qtbot.waitSignal(window.watcher.refreshed, timeout=5000) as changed:
        window.watcher.poll()
    assert changed.args == [{"s1"}]
    assert panel.chosen() is Decision.REJECT and panel.note.toPlainText() == "rita was here"
    listing = window.view.disagreements
    assert "Reject" in [listing.text(r, 8) for r in range(listing.rows.total)]


def test_deciding_an_item_another_reviewer_just_decided_is_refused_and_shows_theirs(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _window(qtbot, setup, temp_settings, memory_keyring)
    open_in_compare(qtbot, window, "s2")
    panel = window.view.compare.adjudication
    _rita_decides(window, setup, "s2", "accept")
    panel.note.setPlainText("my own careful note")
    panel.buttons[Decision.REJECT].click()
    assert "rita decided 'accept'" in panel.status.text()
    assert panel.status.wordWrap()  # the long message never widens the window
    assert "my own careful note" in panel.status.text()  # the reviewer's text is not lost
    assert panel.chosen() is Decision.ACCEPT and panel.note.toPlainText() == "rita was here"
    panel.buttons[Decision.REJECT].click()  # now knowingly: replaces rita's decision
    assert panel.status.text().startswith("Saved")
    assert window.session is not None
    found = window.session.adjudication("s2")
    assert found is not None and (found.decision, found.reviewer_id) == (Decision.REJECT, "quinn")


def test_store_setting_checks_and_saves(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(qtbot, setup, temp_settings, memory_keyring)
    assert window.findChild(type(window.actions_.close), "actionQaStore") is not None
    label = window.findChild(QLabel, "qaStoreLabel")
    assert label is not None and label.toolTip().endswith("qa.sqlite3")
    assert label.sizeHint().width() <= 420  # a long path or URL is cut in the middle
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, _t, text: warnings.append(text))
    answers = iter([("postgresql://qa:pw@db/study", True), ("postgresql://qa@db/study", True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    assert team_store.choose_store(window) is None
    assert "holds a password" in warnings[0]
    assert team_store.choose_store(window) == "postgresql://qa@db/study"
    assert team_store.store_setting(temp_settings) == "postgresql://qa@db/study"


def test_an_unreachable_team_store_offers_the_local_one(
        qtbot: Any, temp_settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    from rater_desktop.gui import qa_entry

    temp_settings.setValue("qa/store", "postgresql://qa@/nowhere?host=/nonexistent-socket-dir")
    asked: list[str] = []

    def answer(_parent: Any, _title: str, text: str) -> Any:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)  # the window asks
    window = qa_entry.open_qa_review(parent=None, settings=temp_settings)
    assert window is not None
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.store is not None, timeout=15_000)  # opened on a worker
    assert "Cannot reach the shared QA store postgresql://qa@/nowhere" in asked[0]
    assert not window.store.is_shared and str(window.store.path).endswith("qa.sqlite3")
    assert temp_settings.value("qa/store")  # still names the team's store for next time
    window.close()


def test_a_refresh_never_replaces_a_note_being_typed_nor_lets_it_overwrite(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _window(qtbot, setup, temp_settings, memory_keyring)
    open_in_compare(qtbot, window, "s3")
    panel = window.view.compare.adjudication
    window.watcher.poll()
    qtbot.waitUntil(lambda: window.session.batch_sha256 in window.watcher._stamps, timeout=5000)
    panel.buttons[Decision.ACCEPT].click()  # saved: version 1
    panel.note.setPlainText("typing...")  # pending, not saved yet
    assert panel._timer.isActive()
    _rita_decides_again(window, setup, "s3")
    with qtbot.waitSignal(window.watcher.refreshed, timeout=5000):
        window.watcher.poll()
    assert panel.note.toPlainText() == "typing..."  # not pulled away from under the cursor
    panel.save_now()
    assert "rita decided 'reject'" in panel.status.text()  # told, rita's decision kept
    assert window.session is not None
    kept = window.session.adjudication("s3")
    assert kept is not None and kept.reviewer_id == "rita"


def _rita_decides_again(window: QaWindow, setup: Setup, item_id: str) -> None:
    assert window.store.path is not None
    with QaStore.open(window.store.path) as store, open_batch(setup.batch_path) as batch:
        rita = QaSession(store=store, roster=Roster(setup.roster), batch=batch, reviewer_id="rita")
        rita.adjudication(item_id)  # she sees quinn's accept, then changes it
        rita.set_adjudication(item_id, decision="reject", note="rita disagrees")
