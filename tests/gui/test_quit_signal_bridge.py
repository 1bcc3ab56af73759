"""The quit-signal bridge: a signal the event loop sleeps through in C++ wakes it through
the socket; the windows are closed (their close path saves) and the app quits with 0."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from integration_kit import RATER, make_rig
from PySide6.QtCore import QEventLoop
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow

from rater_desktop.gui.quit_signals import install_quit_signals, save_open_work
from rater_desktop.quit_signals import UNSAVED_EXIT
from rater_desktop.rating.model import Step
from rater_desktop.storage.errors import WriteFailedError


class FakeBinding:
    def __init__(self) -> None:
        self.flushed = 0

    def flush(self) -> None:
        self.flushed += 1


class SavingWindow(QMainWindow):
    """Stands for the rater and QA windows: saves in closeEvent, as they do."""

    def __init__(self) -> None:
        super().__init__()
        self.binding = FakeBinding()
        self.setProperty("ratingBinding", self.binding)
        self.saved_on_close = False
        self.pending_saved = 0

    def save_pending(self) -> None:
        self.pending_saved += 1

    def closeEvent(self, event: QCloseEvent) -> None:
        self.saved_on_close = True
        super().closeEvent(event)


@pytest.mark.timeout(30, method="thread")  # an idle Qt loop never runs a SIGALRM handler
@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_to_the_idle_loop_closes_the_windows_and_quits_cleanly(
        qapp: QApplication, name: str) -> None:
    signum = getattr(signal, name, None)
    if signum is None:
        pytest.skip(f"{name} does not exist on this platform")
    windows = [SavingWindow(), SavingWindow()]  # the rater window and the QA window
    for window in windows:
        window.show()
    loop = QEventLoop()  # not qapp.exec(): the session's app would activate no window after
    wake = install_quit_signals(qapp, quit=loop.exit)
    try:
        # Sent from another thread once the loop idles: no timer, no Python in between.
        sender = threading.Timer(0.3, os.kill, (os.getpid(), signum))
        sender.start()
        code = loop.exec()
        sender.join()
    finally:
        wake.restore()
    assert code == 0
    assert [w.saved_on_close for w in windows] == [True, True]
    assert not any(w.isVisible() for w in windows)


def test_a_session_logout_saves_every_window_and_keeps_it_open(qapp: QApplication) -> None:
    window = SavingWindow()
    window.show()
    save_open_work(qapp)  # what commitDataRequest runs
    assert window.binding.flushed == 1 and window.pending_saved == 1
    assert window.isVisible()
    window.close()


def _recorded_main_goal(data_dir: Path, item_id: str) -> str | None:
    """The main goal in the profile's database file (what survives the process)."""
    path = data_dir / "profiles" / RATER / "ratings.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT document FROM item_ratings WHERE item_id = ?",
                                  (item_id,)).fetchall()
    finally:
        connection.close()
    return json.loads(rows[0][0])["case_file"].get("main_goal") if rows else None


@pytest.mark.timeout(60, method="thread")
def test_a_signal_saves_what_the_rater_typed_in_the_real_window(
        qapp: QApplication, qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    # The autosave would wait a minute: only the close path's flush can write the text.
    rig = make_rig(make_window, tmp_path, memory_keyring, debounce_seconds=60)
    window = rig.window
    assert window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: window.item is not None and rig.binding.service is not None)
    item_id = window.item.id
    field = rig.binding.panel.page(Step.CASE_FILE).main_goal
    qtbot.keyClicks(field, "Typed just before logout")
    assert _recorded_main_goal(rig.data_dir, item_id) != "Typed just before logout"
    loop = QEventLoop()  # not qapp.exec(): the session's app would activate no window after
    wake = install_quit_signals(qapp, quit=loop.exit)
    try:
        sender = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM))
        sender.start()
        code = loop.exec()
        sender.join()
    finally:
        wake.restore()
    assert code == 0 and not window.isVisible()
    assert _recorded_main_goal(rig.data_dir, item_id) == "Typed just before logout"


@pytest.mark.timeout(60, method="thread")
def test_a_signal_whose_save_fails_does_not_exit_cleanly(
        qapp: QApplication, qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    """A full disk at the quit: the typed text is not on disk, so the exit code is not 0
    (a session manager or script must not take the quit for a clean one)."""
    rig = make_rig(make_window, tmp_path, memory_keyring, debounce_seconds=60)
    window = rig.window
    window.setProperty("ratingBinding", rig.binding)  # as startup's attach keeps it
    assert window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: window.item is not None and rig.binding.service is not None)
    item_id = window.item.id
    field = rig.binding.panel.page(Step.CASE_FILE).main_goal  # type: ignore[attr-defined]
    qtbot.keyClicks(field, "Lost to a full disk")
    queue = rig.real_store._queue
    working_commit = queue._commit

    def failing(_batch: Any) -> None:  # what the store's commit raises on a full disk
        raise WriteFailedError(rig.real_store.path, "saving 1 change failed (disk full)")

    queue._commit = failing
    loop = QEventLoop()
    wake = install_quit_signals(qapp, quit=loop.exit)
    try:
        sender = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM))
        sender.start()
        code = loop.exec()
        sender.join()
    finally:
        wake.restore()
        queue._commit = working_commit
    assert code == UNSAVED_EXIT != 0 and not window.isVisible()
    assert _recorded_main_goal(rig.data_dir, item_id) != "Lost to a full disk"
    rig.real_store.close()  # the disk is back: what was kept in memory is written now
    assert _recorded_main_goal(rig.data_dir, item_id) == "Lost to a full disk"


def test_a_failed_save_on_close_stays_in_memory_and_out_of_the_close_path(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    """The binding's close filter must not raise: PySide keeps an error raised in an event
    filter and crashed (segfault) on it in a later override."""
    rig = make_rig(make_window, tmp_path, memory_keyring, debounce_seconds=60)
    assert rig.window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: rig.binding.service is not None and rig.window.item is not None)
    rig.binding.service.set_main_goal("kept while the disk is full")
    queue = rig.real_store._queue
    working_commit = queue._commit

    def failing(_batch: Any) -> None:
        raise WriteFailedError(rig.real_store.path, "saving 1 change failed (disk full)")

    queue._commit = failing
    try:
        rig.binding.shutdown()  # what closing the window runs
    finally:
        queue._commit = working_commit
    assert rig.binding.closed and rig.real_store.autosave_status().pending > 0
    rig.real_store.close()


class QtPropertyWindow(SavingWindow):
    """Under X11 the rater window holds a dynamic property PySide cannot convert (its
    ``property()`` raises "Can't find converter for 'std::shared_ptr<char>'")."""

    def __init__(self) -> None:
        super().__init__()
        self.setProperty("_q_unconvertible", 1)
        self.setProperty("platformThing", 2)

    def property(self, name: str) -> Any:  # type: ignore[override]
        if name in ("_q_unconvertible", "platformThing"):
            raise RuntimeError("Can't find converter for 'std::shared_ptr<char>'.")
        return super().property(name)


@pytest.mark.timeout(30, method="thread")
def test_a_property_without_a_python_type_stops_neither_the_quit_nor_a_logout(
        qapp: QApplication) -> None:
    """Seen by the rater robot: the quit's look at the windows' bindings raised, so the
    app showed "Something went wrong" and never ended."""
    window = QtPropertyWindow()
    window.show()
    save_open_work(qapp)
    assert window.binding.flushed == 1
    loop = QEventLoop()
    wake = install_quit_signals(qapp, quit=loop.exit)
    try:
        sender = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGTERM))
        sender.start()
        code = loop.exec()
        sender.join()
    finally:
        wake.restore()
    assert code == 0 and window.saved_on_close and not window.isVisible()
