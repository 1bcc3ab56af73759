"""After a batch opens: hash it off the UI thread, register it in the ratings database and,
if the file changed since the rater last rated it, ask what to do. Also the rolling
backups of the ratings database and the relay of autosave errors to the window."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.gui.background import BackgroundTask, run_in_background
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.wording import counted

BACKUP_INTERVAL_MS = 3 * 60 * 60 * 1000  # the backup is daily; look every few hours


class BatchChangeChoice(StrEnum):
    """The rater's answer when a batch file differs from the one rated before."""

    KEEP = "keep"
    START_OVER = "start_over"
    CANCEL = "cancel"


class GuardedStore(Protocol):
    def register_batch(self, batch_id: str, sha256: str, title: str, path: str | Path) -> Any: ...

    def confirm_batch_change(self, registration: Any, *, keep_ratings: bool = True) -> Any: ...

    def maybe_backup(self) -> Path | None: ...


AskBatchChange = Callable[[QWidget, Any], BatchChangeChoice]
Tell = Callable[[QWidget, str], None]


def tell_batch_edited(parent: QWidget, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, "Batch changed on disk", text,
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("batchEditedDialog")
    box.exec()


BATCH_EDITED_TEXT = (
    "The batch file was changed on disk while you had it open. It is opened again now, so "
    "that what you see is what the file holds. Your saved ratings are kept; if the items "
    "changed, you are asked next what to do with them.")
Restart = Callable[[Callable[[], Any]], Any]


def ask_batch_change(parent: QWidget, registration: Any) -> BatchChangeChoice:
    """Three-way question; closing the box counts as Cancel (the batch is closed)."""
    box = QMessageBox(parent)
    box.setObjectName("batchChangedDialog")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Batch file changed")
    box.setTextFormat(Qt.TextFormat.PlainText)
    old = (registration.previous_sha256 or "")[:12]
    box.setText(
        f"\u201c{registration.title}\u201d is not the same file you rated before: its "
        f"content changed (fingerprint {old} before, {registration.sha256[:12]} now).\n\n"
        f"You have saved ratings for {counted(registration.rated_items, 'item')} of this "
        "batch. If "
        "only the file's packaging changed, keep them. If the items themselves changed, "
        "start over; a backup of your ratings is made first.")
    keep = box.addButton("Keep my ratings", QMessageBox.ButtonRole.AcceptRole)
    restart = box.addButton("Start over (after a backup)", QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton("Close the batch", QMessageBox.ButtonRole.RejectRole)
    for button, name in ((keep, "batchChangedKeep"), (restart, "batchChangedStartOver"),
                         (cancel, "batchChangedCancel")):
        button.setObjectName(name)
    # An arrow key moves the focus along the buttons (Alt+Right out of habit): Enter
    # must still keep the ratings, so only Space or a click starts over.
    restart.setAutoDefault(False)
    box.setDefaultButton(keep)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if clicked is keep:
        return BatchChangeChoice.KEEP
    if clicked is restart:
        return BatchChangeChoice.START_OVER
    return BatchChangeChoice.CANCEL


def _run_now(between: Callable[[], Any]) -> Any:
    return between()


class BatchGuard(QObject):
    """Watches ``window`` for opened batches; one per window, created with the store."""

    registered = Signal(object)  # the final BatchRegistration (tests, other listeners)
    backedUp = Signal(object)  # Path of a new backup, or None when none was due

    def __init__(self, window: MainWindow, store: GuardedStore, *,
                 restart: Restart = _run_now, ask: AskBatchChange = ask_batch_change,
                 hasher: Callable[[str], str] = batch_sha256,
                 tell: Tell = tell_batch_edited,
                 pool: QThreadPool | None = None,
                 backup_interval_ms: int = BACKUP_INTERVAL_MS) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self._restart = restart
        self._ask = ask
        self._hasher = hasher
        self._tell = tell
        self._reopening = False
        self._pool = pool
        self._token = 0
        self.sha256: str | None = None
        self.registration: Any = None
        self._backup_task: BackgroundTask | None = None
        self.backup_timer = QTimer(self)
        self.backup_timer.setInterval(backup_interval_ms)
        self.backup_timer.timeout.connect(self.backup_soon)
        self.backup_timer.start()
        window.batchOpened.connect(self.check_batch)
        window.batchClosed.connect(self._forget)
        window.batchChangedOnDisk.connect(self.reopen_changed_batch)
        if window.batch is not None:
            self.check_batch(window.batch)

    def _forget(self) -> None:
        self._token += 1
        self.sha256 = None
        self.registration = None

    def check_batch(self, batch: Any) -> None:
        """Hash and register ``batch`` in the background; answers come back on this thread."""
        self._forget()
        token = self._token
        path = self.window.batch_path or ""
        manifest = batch.manifest
        self.window.set_batch_hash(None, "Checking batch\u2026")

        def work(_progress: Any) -> Any:
            sha = self._hasher(path)
            return self.store.register_batch(manifest.batch_id, sha, manifest.title, path)

        run_in_background(work, owner=self, pool=self._pool,
                          on_done=lambda reg: self._registered(token, reg),
                          on_error=lambda exc: self._check_failed(token, exc))

    def reopen_changed_batch(self) -> None:
        """The open batch's files changed: tell the rater, then open the file again (its
        hash is checked as on any open, so a changed content asks what to do)."""
        path = self.window.batch_path
        if path is None or self._reopening:
            return
        self._reopening = True
        try:
            self._tell(self.window, BATCH_EDITED_TEXT)
            if self.window.batch_path == path and not self.window.open_batch_path(path):
                self.window.close_current_batch()
        finally:
            self._reopening = False

    def _current(self, token: int) -> bool:
        return token == self._token and self.window.batch is not None

    def _check_failed(self, token: int, exc: Exception) -> None:
        if not self._current(token):
            return
        self.window.set_batch_hash(None, "Batch not checked")
        self.window.statusBar().showMessage(
            f"The batch file could not be checked for changes: {exc}", 15000)

    def _registered(self, token: int, registration: Any) -> None:
        if not self._current(token):
            return  # another batch was opened meanwhile
        if registration.needs_confirmation:
            choice = self._ask(self.window, registration)
            if not self._current(token):
                return
            if choice is BatchChangeChoice.CANCEL:
                self.window.close_current_batch()
                return
            registration = self._confirm(registration, keep=choice is BatchChangeChoice.KEEP)
            if registration is None:
                return
        self.registration = registration
        self.sha256 = registration.sha256
        self.window.set_batch_hash(registration.sha256)
        self.registered.emit(registration)
        self.backup_soon()

    def _confirm(self, registration: Any, *, keep: bool) -> Any:
        def confirm() -> Any:
            return self.store.confirm_batch_change(registration, keep_ratings=keep)

        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            # Starting over must not let the open item's in-memory rating be saved again
            # after the old ratings are gone, so the binding reopens the batch around it.
            return confirm() if keep else self._restart(confirm)
        except Exception as exc:  # noqa: BLE001 - storage failures become a message
            QMessageBox.warning(self.window, "Batch change not recorded",
                                f"Your choice could not be saved: {exc}\n\nYour ratings "
                                "are unchanged. Close and reopen the batch to try again.")
            return None
        finally:
            QGuiApplication.restoreOverrideCursor()

    # ------------------------------------------------------------------ backups

    def backup_soon(self) -> None:
        """Take the daily backup on a pool thread if one is due (never twice at once)."""
        if self._backup_task is not None and not self._backup_task.done:
            return
        self._backup_task = run_in_background(
            lambda _progress: self.store.maybe_backup(), owner=self, pool=self._pool,
            on_done=self._backed_up, on_error=self._backup_failed)

    def _backed_up(self, path: Path | None) -> None:
        if path is not None:
            self.window.statusBar().showMessage(f"Ratings backed up to {path}", 8000)
        self.backedUp.emit(path)

    def _backup_failed(self, exc: Exception) -> None:
        self.window.statusBar().showMessage(f"The daily backup of your ratings failed: {exc}",
                                            20000)
        self.backedUp.emit(None)


class SaveErrorRelay(QObject):
    """Give ``report`` to the store as ``on_error``: it runs on the autosave thread and
    hands the message to the UI thread through a queued signal."""

    failed = Signal(str)

    def report(self, error: Exception) -> None:
        self.failed.emit(str(error) or type(error).__name__)
