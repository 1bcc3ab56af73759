"""The QA window opens a shared store on a worker (the window answers meanwhile, shows a
busy indicator, then opens the batch and results that waited), says clearly when it
cannot, and polls other reviewers' decisions only on a shared store."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QMessageBox
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.gui.qa import open_qa_window
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa_review.store import QaStore, QaStoreError

SLOW_SECONDS = 1.0


class _SharedLike(QaStore):
    """A SQLite store that says it is shared (as a PostgreSQL one would)."""

    @property
    def is_shared(self) -> bool:
        return True


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _open(qtbot: Any, setup: Setup, settings: QSettings, errors: Errors,
          opener: Any) -> QaWindow:
    window = open_qa_window(
        parent=None, settings=settings, data_dir=setup.batch_path.parent / "profiles",
        batch_path=str(setup.batch_path), results=result_files(setup, "alice", "bob"),
        profile="quinn", roster_path=setup.roster, resamples=20, store_opener=opener,
        report_error=lambda _p, title, text, _d: errors.append((title, text)))
    qtbot.addWidget(window)
    return window


def test_a_slow_shared_store_opens_on_a_worker_and_the_window_stays_responsive(
        qtbot: Any, setup: Setup, temp_settings: QSettings, tmp_path: Path) -> None:
    def slow() -> QaStore:
        time.sleep(SLOW_SECONDS)  # a server far away, or another reviewer's migration lock
        store = QaStore.open(tmp_path / "team.sqlite3")
        store.__class__ = _SharedLike
        return store

    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(50)
    started = time.monotonic()
    errors: Errors = []
    window = _open(qtbot, setup, temp_settings, errors, slow)
    assert time.monotonic() - started < SLOW_SECONDS * 0.8  # not waited for on the UI thread
    assert window.store is None and window.store_opening
    assert not window.busy_bar.isHidden() and "Opening the QA store" in window.busy_label.text()
    assert "opening" in window.store_label.text()
    qtbot.waitUntil(lambda: window.store is not None, timeout=10_000)
    assert len([t for t in ticks if t < started + SLOW_SECONDS]) >= 5  # events ran meanwhile
    wait_idle(qtbot, window)  # the batch and the results given at start waited for it
    qtbot.waitUntil(lambda: len(window.files_panel.row_states()) == 2, timeout=30_000)
    assert errors == []
    assert "shared" in window.store_label.text()
    assert window.watcher.timer.isActive()  # a shared store is polled
    timer.stop()


def test_a_shared_store_that_cannot_open_is_a_clear_message(
        qtbot: Any, setup: Setup, temp_settings: QSettings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    def failing() -> QaStore:
        raise QaStoreError("Cannot reach the shared QA store postgresql://qa@db/study: "
                           "timeout expired.")

    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda _p, _t, text: asked.append(text)
                        or QMessageBox.StandardButton.No)
    errors: Errors = []
    window = _open(qtbot, setup, temp_settings, errors, failing)
    qtbot.waitUntil(lambda: bool(errors), timeout=10_000)
    assert "Open this computer's own store instead?" in asked[0]
    assert errors[0] == ("QA store not opened", "Cannot reach the shared QA store "
                         "postgresql://qa@db/study: timeout expired.")
    assert window.store is None and window.session is None
    assert window.busy_bar.isHidden()
    assert "No QA store" in window.store_label.text()
    assert not window.open_batch_path(str(setup.batch_path))  # said, not a crash
    assert errors[-1][0] == "No QA store"


def test_the_local_store_is_not_polled(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = make_qa_window(qtbot, setup, settings=temp_settings, keyring=memory_keyring,
                            errors=[])
    assert window.store is not None and not window.store.is_shared
    assert not window.watcher.timer.isActive()


def test_closing_while_the_store_opens_does_not_wait_and_closes_it_later(
        qtbot: Any, setup: Setup, temp_settings: QSettings, tmp_path: Path) -> None:
    closed: list[bool] = []

    class _Tracked(_SharedLike):
        def close(self) -> None:
            closed.append(True)
            super().close()

    def slow() -> QaStore:
        time.sleep(SLOW_SECONDS)
        store = QaStore.open(tmp_path / "team.sqlite3")
        store.__class__ = _Tracked
        return store

    window = _open(qtbot, setup, temp_settings, [], slow)
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < SLOW_SECONDS * 0.8
    qtbot.waitUntil(lambda: bool(closed), timeout=10_000)  # closed on arrival, never used
    assert window.store is None
