"""A close the rater asks for (Ctrl+Q) whose final save fails keeps the window open and
asks: Try again, Keep open, Close without saving. A quit signal's close never asks."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from integration_kit import RATER, RaterRig, make_rig
from PySide6.QtWidgets import QMessageBox, QWidget

from rater_desktop import profiles
from rater_desktop.gui.close_save import ask_failed_save, failed_save_box
from rater_desktop.gui.quit_signals import close_every_window, exit_code_at_end
from rater_desktop.quit_signals import UNSAVED_EXIT, FailedSaveAnswer
from rater_desktop.rating.model import Step
from rater_desktop.storage.errors import WriteFailedError

TYPED = "Typed before a full disk"
REPO = Path(__file__).resolve().parents[2]
PASSPHRASE = "close save passphrase"
# The whole app in its own process: the rater closes with Ctrl+Q; with "fail" the disk is
# full and the rater answers "Close without saving".
CLOSING = r"""
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from rater_desktop.quit_signals import FailedSaveAnswer
from rater_desktop.storage.errors import WriteFailedError

app = QApplication(sys.argv[:1])
asked = []

def failing(_batch):
    raise WriteFailedError(app.property("storePath"), "saving 1 change failed (disk full)")

def close_when_rating():
    window = next((w for w in app.topLevelWidgets() if w.objectName() == "mainWindow"), None)
    binding = window.property("ratingBinding") if window is not None else None
    if binding is None or binding.service is None or binding.service.current_item_id is None:
        QTimer.singleShot(50, close_when_rating)
        return
    binding.service.set_main_goal("typed, then Ctrl+Q")
    if sys.argv[2] == "fail":
        app.setProperty("storePath", str(binding.store.path))
        binding.store._queue._commit = failing
    binding.ask_failed_save = lambda _w, problem: (
        asked.append(problem) or FailedSaveAnswer.CLOSE_UNSAVED)
    window.actions_.quit.trigger()

QTimer.singleShot(0, close_when_rating)
QTimer.singleShot(60_000, app.quit)
from rater_desktop.cli import main
code = main(["open", sys.argv[1]])
print("ASKED", len(asked), flush=True)
sys.exit(code)
"""


class Asker:
    """Answers the close's question as a rater would (no modal is ever left open)."""

    def __init__(self, *answers: FailedSaveAnswer, before: Any = None) -> None:
        self.answers = list(answers)
        self.before = before  # what the rater does first (frees the disk)
        self.asked: list[str] = []

    def __call__(self, _parent: QWidget, problem: str) -> FailedSaveAnswer:
        self.asked.append(problem)
        if self.before is not None:
            self.before()
        # Never raises (an error out of the close filter crashes PySide): unasked-for
        # questions fail the test's asserts instead.
        return self.answers.pop(0) if self.answers else FailedSaveAnswer.KEEP_OPEN


class FullDisk:
    """The store's commit fails as on a full disk until ``free()``."""

    def __init__(self, rig: RaterRig) -> None:
        self.queue = rig.real_store._queue
        self.working = self.queue._commit
        self.path = rig.real_store.path

        def failing(_batch: Any) -> None:
            raise WriteFailedError(self.path, "saving 1 change failed (disk full)",
                                   hint="Free some disk space, then save again.")

        self.queue._commit = failing

    def free(self) -> None:
        self.queue._commit = self.working


def _recorded_main_goal(data_dir: Path, item_id: str) -> str | None:
    path = data_dir / "profiles" / RATER / "ratings.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT document FROM item_ratings WHERE item_id = ?",
                                  (item_id,)).fetchall()
    finally:
        connection.close()
    return json.loads(rows[0][0])["case_file"].get("main_goal") if rows else None


def _typed_then_disk_full(make_window: Any, tmp_path: Path, small_batch: Path, keyring: Any,
                          qtbot: Any, asker: Asker) -> tuple[RaterRig, Any, FullDisk]:
    # The autosave would wait a minute: only the close's save can write the text.
    rig = make_rig(make_window, tmp_path, keyring, debounce_seconds=60, ask_failed_save=asker)
    rig.window.setProperty("ratingBinding", rig.binding)  # as startup's attach keeps it
    assert rig.window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: rig.window.item is not None and rig.binding.service is not None)
    field = rig.binding.panel.page(Step.CASE_FILE).main_goal  # type: ignore[attr-defined]
    qtbot.keyClicks(field, TYPED)
    return rig, field, FullDisk(rig)


def test_keep_open_keeps_the_window_and_the_typed_text_and_says_what_failed(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    asker = Asker(FailedSaveAnswer.KEEP_OPEN)
    rig, field, disk = _typed_then_disk_full(make_window, tmp_path, small_batch,
                                             memory_keyring, qtbot, asker)
    item_id = rig.window.item.id
    rig.window.actions_.quit.trigger()  # Ctrl+Q
    assert len(asker.asked) == 1
    assert "disk full" in asker.asked[0] and "Free some disk space" in asker.asked[0]
    assert str(rig.real_store.path) in asker.asked[0]  # where, and what to do
    assert rig.window.isVisible() and not rig.binding.closed
    assert field.toPlainText() == TYPED
    assert rig.real_store.autosave_status().pending > 0
    # Back to work: the binding still saves what is typed next, once the disk is back.
    qtbot.keyClicks(field, "!")
    disk.free()
    rig.window.close()
    assert not rig.window.isVisible() and rig.binding.closed
    assert _recorded_main_goal(rig.data_dir, item_id) == TYPED + "!"
    assert exit_code_at_end(0, [rig.window]) == 0


def test_try_again_once_the_disk_is_back_saves_and_closes(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    holder: list[FullDisk] = []
    asker = Asker(FailedSaveAnswer.TRY_AGAIN, before=lambda: holder[0].free())
    rig, _field, disk = _typed_then_disk_full(make_window, tmp_path, small_batch,
                                              memory_keyring, qtbot, asker)
    holder.append(disk)
    item_id = rig.window.item.id
    rig.window.close()
    assert len(asker.asked) == 1
    assert not rig.window.isVisible() and rig.binding.closed
    assert _recorded_main_goal(rig.data_dir, item_id) == TYPED
    assert exit_code_at_end(0, [rig.window]) == 0  # a clean end


def test_close_without_saving_closes_and_the_app_does_not_exit_cleanly(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    asker = Asker(FailedSaveAnswer.TRY_AGAIN, FailedSaveAnswer.CLOSE_UNSAVED)
    rig, _field, disk = _typed_then_disk_full(make_window, tmp_path, small_batch,
                                              memory_keyring, qtbot, asker)
    item_id = rig.window.item.id
    rig.window.actions_.quit.trigger()
    assert len(asker.asked) == 2  # tried again, failed again, asked again
    assert not rig.window.isVisible() and rig.binding.closed
    assert exit_code_at_end(0, [rig.window]) == UNSAVED_EXIT != 0
    assert _recorded_main_goal(rig.data_dir, item_id) != TYPED
    disk.free()
    rig.real_store.close()  # kept in memory to the end: the disk back, it is written


def test_any_failure_of_the_final_save_asks_and_never_leaves_the_close_filter(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    """The autosave re-raises whatever its commit raised (here an OSError): out of the
    close filter it would crash PySide; the rater is asked as for a storage error."""
    asker = Asker(FailedSaveAnswer.CLOSE_UNSAVED)
    rig, _field, disk = _typed_then_disk_full(make_window, tmp_path, small_batch,
                                              memory_keyring, qtbot, asker)

    def failing(_batch: Any) -> None:
        raise OSError(28, "No space left on device")

    disk.queue._commit = failing
    rig.window.close()
    assert len(asker.asked) == 1 and "No space left on device" in asker.asked[0]
    assert not rig.window.isVisible() and rig.binding.closed
    assert exit_code_at_end(0, [rig.window]) == UNSAVED_EXIT
    disk.free()
    rig.real_store.close()


def test_a_quit_signals_close_asks_nothing_and_closes(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    asker = Asker()  # a question would keep the window open
    rig, _field, disk = _typed_then_disk_full(make_window, tmp_path, small_batch,
                                              memory_keyring, qtbot, asker)
    try:
        assert close_every_window([rig.window]) == []  # what the quit signal runs
    finally:
        disk.free()
    assert asker.asked == [] and rig.binding.closed
    assert rig.real_store.autosave_status().pending > 0  # the quit's exit code says so
    rig.real_store.close()


@pytest.mark.parametrize(("button", "answer"), [
    ("Try again", FailedSaveAnswer.TRY_AGAIN),
    ("Keep open", FailedSaveAnswer.KEEP_OPEN),
    ("Close without saving", FailedSaveAnswer.CLOSE_UNSAVED),
    (None, FailedSaveAnswer.KEEP_OPEN),  # closed with no button (Esc, the title bar)
])
def test_the_question_offers_three_answers_keep_open_by_default(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, button: str | None,
        answer: FailedSaveAnswer) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    box = failed_save_box(parent, "Ratings database /x: saving failed (disk full).")
    assert [b.text() for b in box.buttons()].count("Keep open") == 1
    assert box.defaultButton() is box.escapeButton()
    assert box.defaultButton().text() == "Keep open"
    assert "disk full" in box.informativeText()
    roles = {b.text(): box.buttonRole(b) for b in box.buttons()}
    assert roles["Close without saving"] == QMessageBox.ButtonRole.DestructiveRole

    def answered(shown: QMessageBox) -> int:  # the rater's click, no modal left open
        for choice in shown.buttons():
            if choice.text() == button:
                choice.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answered)
    assert ask_failed_save(parent, "Ratings database /x: saving failed.") is answer


class NoKeyring:  # the key lives in the encrypted file
    def get_password(self, *_: str) -> None:
        raise AssertionError("keyring used")


@pytest.mark.parametrize(("disk", "code", "asked"), [("ok", 0, 0), ("fail", UNSAVED_EXIT, 1)])
def test_the_app_exits_0_after_a_saved_close_and_1_after_closing_without_saving(
        disk: str, code: int, asked: int) -> None:
    home = Path(os.environ["RATER_DESKTOP_HOME"])
    profiles.create_profile(rater_id="closer", display_name="Closer", keyring=NoKeyring(),  # type: ignore[arg-type]
                            data_dir=home / "data", passphrase=PASSPHRASE)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RATER_DESKTOP_HOME=str(home),
               RATER_DESKTOP_PASSPHRASE=PASSPHRASE, PYTHONPATH=str(REPO))
    batch = REPO / "sample_batches" / "consumer-tasks"
    done = subprocess.run([sys.executable, "-c", CLOSING, str(batch), disk], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert f"ASKED {asked}" in done.stdout, done.stdout + done.stderr[-3000:]
    assert done.returncode == code, done.stderr[-3000:]
