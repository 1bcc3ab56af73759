"""File > Export results: choose the file, unlock the key, collect and sign on a pool
thread with a progress dialog, then say where the files are and how to verify them."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, Qt, QThreadPool, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QPlainTextEdit,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.background import ProgressReport, run_in_background
from rater_desktop.gui.export_dialogs import (
    ExportOptionsDialog,
    ExportRequest,
    PassphraseDialog,
    ask_export_options,
    ask_passphrase,
    choose_results_file,
    passphrase_field,
)
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.theme import fitted_stylesheet
from rater_desktop.rater_export import (
    ExportOutcome,
    default_file_name,
    describe_export_failure,
    export_batch,
    exported_text,
)

PASSPHRASE_ENV = "RATER_DESKTOP_PASSPHRASE"
LAST_FOLDER_KEY = "export/lastFolder"
__all__ = ["ExportOptionsDialog", "PassphraseDialog", "choose_results_file",
           "passphrase_field"]  # the dialogs moved to export_dialogs; old imports still work


class ExportMessage(QDialog):
    """Non-modal result of an export: the text (selectable, wide enough for paths) and a
    button that copies the verify command."""

    def __init__(self, parent: QWidget | None, title: str, text: str, *,
                 error: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("exportFailedMessage" if error else "exportDoneMessage")
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        column = QVBoxLayout(self)
        heading = QLabel(title)
        heading.setProperty("role", "stepTitle")
        heading.setStyleSheet(fitted_stylesheet("font-weight: 600; font-size: 12pt;"))
        column.addWidget(heading)
        body = QPlainTextEdit(text)
        body.setObjectName("exportMessageText")
        body.setReadOnly(True)
        body.setFrameShape(QFrame.Shape.NoFrame)
        body.viewport().setAutoFillBackground(False)
        column.addWidget(body, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.command = next((line for line in text.splitlines()
                             if line.startswith("rater-desktop verify ")), "")
        if self.command:
            copy = buttons.addButton("Copy verify command",
                                     QDialogButtonBox.ButtonRole.ActionRole)
            copy.setObjectName("exportCopyVerify")
            copy.clicked.connect(lambda: self._copy(copy))
        buttons.rejected.connect(self.close)
        column.addWidget(buttons)
        for button in buttons.buttons():  # Enter closes the message, as Esc does
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        if close is not None:
            close.setDefault(True)
        lines = text.count("\n") + 4  # room for the long paths that wrap
        self.resize(820, min(560, 110 + lines * body.fontMetrics().lineSpacing()))

    def _copy(self, button: QPushButton) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.command)
        button.setText("Copied \u2713")


def show_message(parent: QWidget, title: str, text: str, *, error: bool = False) -> None:
    """Non-blocking message (the window keeps working behind it)."""
    ExportMessage(parent, title, text, error=error).show()


AskOptions = Callable[[QWidget, ExportRequest, str], ExportRequest | None]
AskPassphrase = Callable[[QWidget, str, str], str | None]
PASSPHRASE_TRIES = 3
Inform = Callable[..., None]


class ExportController(QObject):
    """Owns File > Export results of one window; dependencies are passed in."""

    finished = Signal(object)  # ExportOutcome, or the Exception that stopped the export

    def __init__(self, window: MainWindow, *, store: Any, profile: Any, data_dir: Path,
                 rubric_for: Callable[[], Any] | None = None,
                 before_export: Callable[[], None] = lambda: None,
                 keyring_factory: Callable[[], Any] | None = None,
                 ask_options: AskOptions = ask_export_options,
                 ask_for_passphrase: AskPassphrase = ask_passphrase,
                 inform: Inform = show_message,
                 pool: QThreadPool | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.store = store
        self.profile = profile
        self.data_dir = data_dir
        self._rubric_for = rubric_for
        self._before_export = before_export
        self._keyring_factory = keyring_factory
        self._ask_options = ask_options
        self._ask_passphrase = ask_for_passphrase
        self._inform = inform
        self._pool = pool
        self.progress: QProgressDialog | None = None
        self.running = False
        self._job: tuple[Any, str, ExportRequest, Any] = (None, "", ExportRequest(Path()), None)
        self._tries = 0
        action = window.actions_.export
        action.triggered.connect(self.start)
        window.batchOpened.connect(lambda _batch: self._sync_action())
        window.batchClosed.connect(self._sync_action)
        self._sync_action()

    def _sync_action(self) -> None:
        self.window.actions_.export.setEnabled(self.window.batch is not None
                                               and not self.running)

    def _summary(self, batch: Any) -> str:
        total = len(batch.index)
        lister = getattr(self.store, "list_items", None)
        states = [s.status for s in lister(batch.manifest.batch_id)] if callable(lister) else []
        complete = sum(1 for s in states if s == "complete")
        started = len(states) - complete
        return (f"{complete} of {total} items are complete"
                + (f"; {started} more started but not complete." if started else "."))

    def _default_request(self, batch: Any) -> ExportRequest:
        folder = str(self.window.settings.value(LAST_FOLDER_KEY, "") or "")
        if not folder or not Path(folder).is_dir():
            # Not next to the batch: it may sit on read-only media or in a shared folder.
            documents = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation)
            folder = documents if documents and Path(documents).is_dir() else str(Path.home())
        name = default_file_name(batch.manifest.batch_id, self.profile.rater_id)
        needs = self._needs_passphrase() and not os.environ.get(PASSPHRASE_ENV)
        return ExportRequest(Path(folder) / name, needs_passphrase=needs)

    def start(self) -> bool:
        """Ask, then export in the background; False if nothing was started."""
        batch, batch_path = self.window.batch, self.window.batch_path
        if batch is None or batch_path is None or self.running:
            return False
        self._before_export()  # the open item's latest edits go into the file
        request = self._ask_options(self.window, self._default_request(batch),
                                    self._summary(batch))
        if request is None:
            return False
        passphrase = request.passphrase
        if passphrase is None and self._needs_passphrase():
            passphrase = os.environ.get(PASSPHRASE_ENV) or self._ask_passphrase(
                self.window, self.profile.rater_id, "")
            if passphrase is None:
                return False
        self.window.settings.setValue(LAST_FOLDER_KEY, str(request.out_path.parent))
        self._job = (batch, batch_path, request, self._rubric(batch))
        self._tries = 1
        self._run(passphrase)
        return True

    def _needs_passphrase(self) -> bool:
        from rater_desktop.profiles import KeyStorage

        return bool(self.profile.key_storage is KeyStorage.ENCRYPTED_FILE)

    def _run(self, passphrase: str | None) -> None:
        batch, batch_path, request, rubric = self._job
        load_key = self._key_loader(passphrase)

        def work(progress: ProgressReport) -> ExportOutcome:
            return export_batch(batch=batch, batch_path=batch_path, store=self.store,
                                profile=self.profile, rubric=rubric, load_key=load_key,
                                include_incomplete=request.include_incomplete,
                                out_path=request.out_path, progress=progress)

        self._show_progress(len(batch.index) + 2)
        self.running = True
        self._sync_action()
        run_in_background(work, owner=self, pool=self._pool, on_done=self._done,
                          on_error=self._failed, on_progress=self._progressed)

    def _retry_passphrase(self, exc: Exception) -> str:
        """A wrong passphrase asks again (up to PASSPHRASE_TRIES in all) and reruns:
        "again", "cancelled" (the rater gave up) or "" (not a passphrase problem)."""
        from rater_desktop.signing.keys import WrongPassphraseError

        if not isinstance(exc, WrongPassphraseError) or self._tries >= PASSPHRASE_TRIES:
            return ""
        problem = (f"That passphrase did not unlock your key. Try again "
                   f"({self._tries + 1} of {PASSPHRASE_TRIES}).")
        phrase = self._ask_passphrase(self.window, self.profile.rater_id, problem)
        if phrase is None:
            return "cancelled"
        self._tries += 1
        self._run(phrase)
        return "again"

    def _rubric(self, batch: Any) -> Any:
        rubric = self._rubric_for() if self._rubric_for is not None else None
        if rubric is not None:
            return rubric
        from rater_desktop.rating.rubric import Rubric, RubricError

        try:
            return Rubric.from_overrides(batch.manifest.rubric or None)
        except RubricError:
            return Rubric.default()

    def _key_loader(self, passphrase: str | None) -> Callable[[], Any]:
        from rater_desktop.profiles import load_private_key
        from rater_desktop.signing.keystore import default_keyring

        factory: Callable[[], Any] = self._keyring_factory or default_keyring
        profile, data_dir = self.profile, self.data_dir
        return lambda: load_private_key(profile, keyring=factory(), data_dir=data_dir,
                                        passphrase=passphrase)

    def _show_progress(self, steps: int) -> None:
        dialog = QProgressDialog("Collecting your ratings\u2026", "", 0, steps, self.window)
        dialog.setObjectName("exportProgress")
        dialog.setWindowTitle("Exporting results")
        dialog.setCancelButton(None)  # type: ignore[arg-type]  # signing is not cancellable
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setValue(0)
        dialog.show()
        self.progress = dialog

    def _progressed(self, done: int, total: int) -> None:
        dialog = self.progress
        if dialog is None:
            return
        items = total - 2
        dialog.setLabelText(
            f"Collecting your ratings\u2026 item {min(done + 1, items)} of {items}"
            if done < items else "Signing and writing the results file\u2026")
        dialog.setMaximum(total)
        # Last: on a modal dialog setValue() processes events, which may finish the export.
        dialog.setValue(done)

    def _close_progress(self) -> None:
        self.running = False
        self._sync_action()
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def _done(self, outcome: ExportOutcome) -> None:
        self._close_progress()
        self._inform(self.window, "Results exported",
                     exported_text(outcome, self.window.batch_path or "BATCH"))
        self.window.statusBar().showMessage(f"Results exported to {outcome.results_path}",
                                            15000)
        self.finished.emit(outcome)

    def _failed(self, exc: Exception) -> None:
        self._close_progress()
        retry = self._retry_passphrase(exc)
        if retry == "again":
            return
        if retry == "cancelled":
            self.window.statusBar().showMessage("Export cancelled: nothing was written.", 15000)
            self.finished.emit(exc)
            return
        self._inform(self.window, "Export failed", describe_export_failure(exc), error=True)
        self.finished.emit(exc)
