"""Rater window integration: changed batch files, backups, autosave errors, F1 help, the
profile dialog, and the window's public provider setters."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from integration_kit import RATER, make_rig
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QPushButton, QWidget

from rater_desktop.gui.batch_guard import BatchChangeChoice, ask_batch_change
from rater_desktop.gui.item_list import ItemProgress
from rater_desktop.storage import BatchStatus


def _open_and_register(qtbot: Any, rig: Any, batch: Path) -> Any:
    with qtbot.waitSignal(rig.parts["guard"].registered, timeout=5000) as blocker:
        assert rig.window.open_batch_path(str(batch))
    return blocker.args[0]


def _touch_batch(batch: Path, text: str) -> None:
    (batch / "notes.txt").write_text(text, encoding="utf-8")  # any byte change counts


def test_batch_hash_registers_off_the_ui_thread_and_shows_short_sha(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    asked: list[Any] = []
    rig = make_rig(make_window, tmp_path, memory_keyring,
                   guard_ask=lambda _w, reg: asked.append(reg) or BatchChangeChoice.KEEP)
    registration = _open_and_register(qtbot, rig, small_batch)
    assert registration.status is BatchStatus.NEW
    label = rig.window.batch_hash_label
    assert label.text() == f"Batch {registration.sha256[:12]}"
    assert registration.sha256 in label.toolTip()
    assert threading.main_thread().name not in rig.store.threads["register_batch"]
    again = _open_and_register(qtbot, rig, small_batch)
    assert again.status is BatchStatus.SAME and asked == []


def test_changed_batch_keep_start_over_or_cancel(qtbot: Any, make_window: Any,
                                                 tmp_path: Path, small_batch: Path,
                                                 memory_keyring: Any) -> None:
    answers: list[BatchChangeChoice] = []
    asked: list[Any] = []

    def ask(_window: Any, registration: Any) -> BatchChangeChoice:
        asked.append(registration)
        return answers.pop(0)

    rig = make_rig(make_window, tmp_path, memory_keyring, guard_ask=ask)
    _open_and_register(qtbot, rig, small_batch)
    service = rig.binding.service
    service.set_main_goal("Find the cheapest kettle")
    service.flush()
    item_id = service.current_item_id
    batch_key = service.batch_key

    _touch_batch(small_batch, "first change")
    answers.append(BatchChangeChoice.KEEP)
    kept = _open_and_register(qtbot, rig, small_batch)
    assert asked[-1].needs_confirmation and asked[-1].rated_items == 1
    assert kept.status is BatchStatus.SAME
    assert rig.real_store.load_item(batch_key, item_id) is not None
    assert rig.binding.service.rating.case_file.main_goal == "Find the cheapest kettle"

    _touch_batch(small_batch, "second change")
    answers.append(BatchChangeChoice.START_OVER)
    _open_and_register(qtbot, rig, small_batch)
    assert rig.real_store.list_backups(), "starting over must keep a backup first"
    assert rig.binding.service.rating.case_file.main_goal == ""
    rig.binding.service.flush()
    saved = rig.real_store.load_item(batch_key, item_id)
    assert saved is None or saved["case_file"]["main_goal"] == ""

    _touch_batch(small_batch, "third change")
    answers.append(BatchChangeChoice.CANCEL)
    assert rig.window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: rig.window.batch is None, timeout=5000)
    assert rig.binding.service is None
    assert rig.window.item_list.visible_item_ids() == []
    assert not rig.window.actions_.export.isEnabled()


def test_batch_changed_dialog_buttons(qtbot: Any, make_window: Any) -> None:
    window = make_window()

    class Registration:
        title, sha256, previous_sha256, rated_items = "Kettles", "b" * 64, "a" * 64, 4

    def press(name: str) -> None:
        box = QApplication.activeModalWidget()
        assert box is not None and box.objectName() == "batchChangedDialog"
        assert "aaaaaaaaaaaa" in box.findChild(QWidget, "qt_msgbox_label").text()
        box.findChild(QPushButton, name).click()

    for name, expected in (("batchChangedKeep", BatchChangeChoice.KEEP),
                           ("batchChangedStartOver", BatchChangeChoice.START_OVER),
                           ("batchChangedCancel", BatchChangeChoice.CANCEL)):
        QTimer.singleShot(0, lambda n=name: press(n))
        assert ask_batch_change(window, Registration()) is expected


def test_backups_run_off_the_ui_thread_after_open_and_on_the_timer(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    rig = make_rig(make_window, tmp_path, memory_keyring, guard_backup_interval_ms=40)
    guard = rig.parts["guard"]
    with qtbot.waitSignal(guard.backedUp, timeout=5000):
        rig.window.open_batch_path(str(small_batch))
    assert len(rig.real_store.list_backups()) == 1
    qtbot.waitUntil(lambda: rig.store.calls.get("maybe_backup", 0) >= 3, timeout=5000)
    assert threading.main_thread().name not in rig.store.threads["maybe_backup"]
    assert len(rig.real_store.list_backups()) == 1  # daily: the timer only checks


def test_autosave_error_shows_in_indicator_and_recovers(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    rig = make_rig(make_window, tmp_path, memory_keyring)
    _open_and_register(qtbot, rig, small_batch)
    queue = rig.real_store._queue
    working_commit = queue._commit

    def failing(_batch: Any) -> None:
        raise OSError(28, "No space left on device")

    queue._commit = failing
    rig.binding.service.set_main_goal("typed while the disk is full")
    indicator = rig.window.save_indicator
    qtbot.waitUntil(lambda: indicator.property("state") == "error", timeout=5000)
    assert indicator.text() == "Not saved \u2014 retrying"
    assert "No space left" in indicator.toolTip()
    box = rig.window.findChild(QMessageBox, "saveProblemMessage")
    assert box is not None and box.isVisible() and not box.isModal()
    assert "No space left" in box.text()
    box.close()  # the rater dismissed it: later retries must not bring it back
    qtbot.waitUntil(lambda: queue.status().last_error is not None and queue._failures >= 2,
                    timeout=5000)
    QApplication.processEvents()
    assert not box.isVisible() and indicator.property("state") == "error"
    queue._commit = working_commit
    qtbot.waitUntil(lambda: indicator.property("state") == "saved", timeout=8000)
    assert indicator.text() == "Saved"
    stored = rig.real_store.load_item(rig.binding.service.batch_key,
                                      rig.binding.service.current_item_id)
    assert stored["case_file"]["main_goal"] == "typed while the disk is full"


def test_f1_opens_one_help_dialog_with_both_texts(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.actions_.shortcuts.trigger()
    window.actions_.shortcuts.trigger()
    dialogs = [d for d in window.findChildren(QDialog) if d.objectName() == "helpDialog"]
    assert len(dialogs) == 1 and dialogs[0].isVisible()
    assert window.findChild(QWidget, "shortcutsDialog") is None
    shortcuts = dialogs[0].findChild(QWidget, "helpText_shortcuts").toPlainText()
    assert "Ctrl+Shift+F" in shortcuts and "Ctrl+E" in shortcuts
    assert window.actions_.shortcuts.shortcut().toString() == "F1"


def test_profile_dialog_shows_fingerprint_and_copies_the_line(
        qtbot: Any, make_window: Any, tmp_path: Path, memory_keyring: Any) -> None:
    rig = make_rig(make_window, tmp_path, memory_keyring)
    action = rig.window.actions_.profile
    assert action.isEnabled()
    action.trigger()
    dialog = rig.window.findChild(QDialog, "profileDialog")
    assert dialog is not None and dialog.isVisible()
    assert dialog.findChild(QWidget, "profileRaterId").text() == RATER
    fingerprint = dialog.findChild(QWidget, "profileFingerprint").text()
    assert fingerprint == rig.profile.fingerprint and fingerprint.startswith("SHA256:")
    line = dialog.findChild(QWidget, "profileAllowedSignersLine").text()
    assert line == f"{RATER} {rig.profile.public_key}"
    dialog.findChild(QPushButton, "profileCopyLine").click()
    assert QApplication.clipboard().text() == line


def test_public_setters_for_display_order_and_status(make_window: Any,
                                                     small_batch: Path) -> None:
    window = make_window()
    window.set_display_order_provider(lambda _id: (1, 0))
    window.set_status_provider(lambda item_id: ItemProgress(
        "flagged" if item_id == "item-001" else "not_started"))
    assert window.open_batch_path(str(small_batch))
    assert "Second response text 0" in window.item_view.panes["A"].text_browser.toPlainText()
    window.item_list.filter_combo.setCurrentIndex(
        window.item_list.filter_combo.findData("flagged"))
    assert window.item_list.visible_item_ids() == ["item-001"]


def test_batch_changed_dialog_an_arrow_key_does_not_make_enter_start_over(
        qtbot: Any, make_window: Any) -> None:
    # Alt+Right out of habit moved the focus onto "Start over" and the next Enter
    # started over: Enter must keep the ratings wherever the arrows put the focus.
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window = make_window()
    window.show()

    class Registration:
        title, sha256, previous_sha256, rated_items = "Kettles", "b" * 64, "a" * 64, 4

    seen: list[Any] = []

    def arrow_then_enter() -> None:
        box = QApplication.activeModalWidget()
        assert box is not None
        keep = box.findChild(QPushButton, "batchChangedKeep")
        try:
            box.activateWindow()
            keep.setFocus()
            QTest.keyClick(keep, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
            seen.append(box.focusWidget().objectName())
            QTest.keyClick(box.focusWidget(), Qt.Key.Key_Return)
        finally:
            if box.isVisible():  # a key went nowhere: never leave the test waiting
                box.findChild(QPushButton, "batchChangedCancel").click()

    QTimer.singleShot(0, arrow_then_enter)
    answer = ask_batch_change(window, Registration())
    assert seen == ["batchChangedStartOver"]
    assert answer is BatchChangeChoice.KEEP


def test_closing_a_changed_batch_puts_the_keyboard_on_open_batch(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    # Esc ("Close the batch") left the focus in the item filter, not on "Open batch…".
    rig = make_rig(make_window, tmp_path, memory_keyring,
                   guard_ask=lambda _w, _reg: BatchChangeChoice.CANCEL)
    rig.window.show()
    _open_and_register(qtbot, rig, small_batch)
    rig.window.item_list.search.setFocus()
    _touch_batch(small_batch, "changed")
    assert rig.window.open_batch_path(str(small_batch))
    qtbot.waitUntil(lambda: rig.window.batch is None, timeout=5000)
    button = rig.window.item_view.findChild(QPushButton, "emptyOpenButton")
    assert button.isVisibleTo(rig.window) and rig.window.focusWidget() is button
