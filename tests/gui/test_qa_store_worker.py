"""The QA window opens a shared store on a worker (the window answers meanwhile, shows a
busy indicator, then opens the batch and results that waited), says clearly when it
cannot, and polls other reviewers' decisions only on a shared store."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QMessageBox
from qa_window_kit import Errors, Setup, build_setup, make_qa_window, result_files, wait_idle

from rater_desktop.gui.qa import open_qa_window
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa_review.store import QaStore, QaStoreError

WAIT_SECONDS = 10.0  # only a bound for a broken build: the tests wait on events, not time


class _SharedLike(QaStore):
    """A SQLite store that says it is shared (as a PostgreSQL one would)."""

    @property
    def is_shared(self) -> bool:
        return True


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


class _Gate:
    """A store opener that holds until released and says where and when it ran: a slow
    server or another reviewer's migration lock, without a clock."""

    def __init__(self, make: Callable[[], QaStore]) -> None:
        self.make = make
        self.entered = threading.Event()
        self.release = threading.Event()
        self.returned = threading.Event()
        self.thread: int | None = None

    def __call__(self) -> QaStore:
        self.thread = threading.get_ident()
        self.entered.set()
        self.release.wait(WAIT_SECONDS)  # on the UI thread (a bug) this holds the window
        try:
            return self.make()
        finally:
            self.returned.set()


@pytest.fixture
def gate(tmp_path: Path) -> Iterator[Callable[[type[QaStore]], _Gate]]:
    made: list[_Gate] = []

    def make(kind: type[QaStore]) -> _Gate:
        def opened() -> QaStore:
            store = QaStore.open(tmp_path / "team.sqlite3")
            store.__class__ = kind
            return store

        made.append(_Gate(opened))
        return made[-1]

    yield make
    for each in made:  # a failed test leaves no worker waiting
        each.release.set()


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
        qtbot: Any, setup: Setup, temp_settings: QSettings,
        gate: Callable[[type[QaStore]], _Gate]) -> None:
    slow = gate(_SharedLike)
    errors: Errors = []
    window = _open(qtbot, setup, temp_settings, errors, slow)
    # The window is built while the opener still holds: it was not waited for.
    assert not slow.returned.is_set()
    assert window.store is None and window.store_opening
    assert not window.busy_bar.isHidden() and "Opening the QA store" in window.busy_label.text()
    assert "opening" in window.store_label.text()
    qtbot.waitUntil(slow.entered.is_set, timeout=10_000)
    assert slow.thread != threading.main_thread().ident  # the opener ran on a worker
    ticked: list[bool] = []
    QTimer.singleShot(0, lambda: ticked.append(slow.returned.is_set()))
    qtbot.waitUntil(lambda: bool(ticked), timeout=10_000)
    assert ticked == [False]  # the UI thread ran events while the store was still opening
    slow.release.set()
    qtbot.waitUntil(lambda: window.store is not None, timeout=10_000)
    wait_idle(qtbot, window)  # the batch and the results given at start waited for it
    qtbot.waitUntil(lambda: len(window.files_panel.row_states()) == 2, timeout=30_000)
    assert errors == []
    assert "shared" in window.store_label.text()
    assert window.watcher.timer.isActive()  # a shared store is polled


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
        qtbot: Any, setup: Setup, temp_settings: QSettings,
        gate: Callable[[type[QaStore]], _Gate]) -> None:
    closed: list[bool] = []

    class _Tracked(_SharedLike):
        def close(self) -> None:
            closed.append(True)
            super().close()

    slow = gate(_Tracked)
    window = _open(qtbot, setup, temp_settings, [], slow)
    qtbot.waitUntil(slow.entered.is_set, timeout=10_000)
    window.close()
    assert not slow.returned.is_set()  # closed while the opener still holds: not waited for
    slow.release.set()
    qtbot.waitUntil(lambda: bool(closed), timeout=10_000)  # closed on arrival, never used
    assert window.store is None
