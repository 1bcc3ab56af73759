"""File > Export results: choose the file, unlock the key, collect and sign on a pool
thread with a progress dialog, then say where the files are and how to verify them."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QStandardPaths, Qt, QThreadPool, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.batch.model import Item
from rater_desktop.gui.background import ProgressReport, run_in_background
from rater_desktop.gui.main_window import MainWindow

PASSPHRASE_ENV = "RATER_DESKTOP_PASSPHRASE"
LAST_FOLDER_KEY = "export/lastFolder"


class NothingToExportError(Exception):
    """No item has a rating that may be exported with the chosen options."""


@dataclass(frozen=True)
class ExportRequest:
    """What the rater chose in the export dialog."""

    out_path: Path
    include_incomplete: bool = False


@dataclass(frozen=True)
class ExportOutcome:
    """What was written; ``left_out`` are item ids not in the file."""

    results_path: Path
    signature_path: Path
    results_sha256: str
    exported: int
    total: int
    left_out: list[str] = field(default_factory=list)


def default_file_name(batch_id: str, rater_id: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{batch_id}-{rater_id}")
    return f"{safe}.results.json"


def verify_command(results_path: Path, batch_path: str) -> str:
    return (f"rater-desktop verify {shlex.quote(str(results_path))} "
            f"--batch {shlex.quote(batch_path)}")


def export_batch(*, batch: Any, batch_path: str, store: Any, profile: Any, rubric: Any,
                 load_key: Callable[[], Any], include_incomplete: bool, out_path: Path,
                 progress: ProgressReport) -> ExportOutcome:
    """Collect, sign and write (runs on a pool thread; no Qt)."""
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.results.binding import bound_batch_sha256
    from rater_desktop.results.collect import collect_item_records
    from rater_desktop.results.document import BatchMeta, RaterInfo, build_results_document
    from rater_desktop.results.export import export_results

    manifest = batch.manifest
    entries = list(batch.index)
    steps = len(entries) + 2  # items, then hashing the batch, then signing and writing

    def items() -> Iterator[Item]:
        for number, entry in enumerate(entries):
            progress(number, steps)
            yield batch.item(entry.item_id)

    store.flush()
    extra: dict[str, Any] = {}
    if getattr(manifest, "protocol", "guideline") == "preference":  # the protocol seam
        from rater_desktop.preference.collect import collect_protocol_export

        records, left_out, extra = collect_protocol_export(
            manifest=manifest, items=items(), store=store, rater_id=profile.rater_id,
            include_incomplete=include_incomplete)
    else:
        records, left_out = collect_item_records(
            items=items(), store=store, batch_key=manifest.batch_id, rater_id=profile.rater_id,
            display_seed=manifest.display_seed or manifest.batch_id, rubric=rubric,
            include_incomplete=include_incomplete)
    if not records:
        hint = ("" if include_incomplete else
                " Tick \u201cAlso export items that are not complete\u201d to export "
                "unfinished work.")
        raise NothingToExportError(
            f"Nothing to export: none of the {len(entries)} items is complete.{hint}")
    progress(len(entries), steps)
    sha256 = bound_batch_sha256(store=store, batch_key=manifest.batch_id,
                                disk_sha256=batch_sha256(batch_path))
    meta = BatchMeta(batch_id=manifest.batch_id, sha256=sha256,
                     title=manifest.title, rubric=rubric.to_dict())
    progress(len(entries) + 1, steps)
    private_key = load_key()
    rater = RaterInfo(rater_id=profile.rater_id, display_name=profile.display_name,
                      public_key=profile.public_key, fingerprint=profile.fingerprint)
    document = build_results_document(batch=meta, rater=rater, items=records,
                                      exported_at=datetime.now(UTC), **extra)
    files = export_results(out_path=out_path, document=document, private_key=private_key)
    progress(steps, steps)
    return ExportOutcome(results_path=files.results_path, signature_path=files.signature_path,
                         results_sha256=files.results_sha256, exported=len(records),
                         total=len(entries), left_out=left_out)


def describe_export_failure(exc: Exception) -> str:
    """A plain message for any export failure (never a traceback)."""
    from rater_desktop.results.binding import RatedBatchChangedError
    from rater_desktop.signing.keys import WrongPassphraseError

    if isinstance(exc, NothingToExportError | RatedBatchChangedError):
        return str(exc)
    if isinstance(exc, WrongPassphraseError):
        return "The passphrase is not right, so your key could not be unlocked. Try again."
    if isinstance(exc, PermissionError):
        return (f"Permission denied: {exc.filename or exc}. Choose a folder you may write "
                "to, such as your Documents folder.")
    text = str(exc) or type(exc).__name__
    if "ermission denied" in text:
        text += "\n\nChoose a folder you may write to, such as your Documents folder."
    return f"The export did not finish and no file was written.\n\n{text}"


class ExportOptionsDialog(QDialog):
    """Output file (with a Choose\u2026 button) and the include-incomplete choice."""

    def __init__(self, parent: QWidget | None, request: ExportRequest, summary: str, *,
                 choose_path: Callable[[QWidget, str], str]) -> None:
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle("Export results")
        self._choose_path = choose_path
        column = QVBoxLayout(self)
        intro = QLabel("Your ratings of this batch are written to a results file and signed "
                       "with your key, so QA can check they come from you unchanged.")
        intro.setWordWrap(True)
        column.addWidget(intro)
        self.summary = QLabel(summary)
        self.summary.setObjectName("exportSummary")
        self.summary.setWordWrap(True)
        column.addWidget(self.summary)
        column.addWidget(QLabel("Results file"))
        row = QHBoxLayout()
        self.path_field = QLineEdit(str(request.out_path))
        self.path_field.setObjectName("exportPathField")
        self.path_field.setAccessibleName("Results file")
        self.browse = QPushButton("Choose\u2026")
        self.browse.setObjectName("exportBrowse")
        self.browse.clicked.connect(self._browse)
        row.addWidget(self.path_field, 1)
        row.addWidget(self.browse)
        column.addLayout(row)
        self.include_incomplete = QCheckBox("Also export items that are not complete "
                                            "(marked as incomplete in the file)")
        self.include_incomplete.setObjectName("exportIncludeIncomplete")
        self.include_incomplete.setChecked(request.include_incomplete)
        column.addWidget(self.include_incomplete)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = buttons.addButton("Export", QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setObjectName("exportStart")
        self.export_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.path_field.textChanged.connect(
            lambda text: self.export_button.setEnabled(bool(text.strip())))
        self.resize(620, self.sizeHint().height())

    def _browse(self) -> None:
        chosen = self._choose_path(self, self.path_field.text())
        if chosen:
            self.path_field.setText(chosen)

    def request(self) -> ExportRequest:
        return ExportRequest(Path(self.path_field.text().strip()).expanduser(),
                             self.include_incomplete.isChecked())


def choose_results_file(parent: QWidget, start: str) -> str:
    path, _ = QFileDialog.getSaveFileName(parent, "Export results to", start,
                                          "Results (*.results.json);;All files (*)")
    return path


def ask_export_options(parent: QWidget, request: ExportRequest, summary: str) -> \
        ExportRequest | None:
    dialog = ExportOptionsDialog(parent, request, summary, choose_path=choose_results_file)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.request()


def ask_passphrase(parent: QWidget, rater_id: str) -> str | None:
    text, ok = QInputDialog.getText(
        parent, "Unlock your signing key",
        f"Passphrase of {rater_id}'s key file (it signs the results):",
        QLineEdit.EchoMode.Password)
    return text if ok and text else None


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
        heading.setStyleSheet("font-weight: 600; font-size: 12pt;")
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
AskPassphrase = Callable[[QWidget, str], str | None]
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
        return ExportRequest(Path(folder) / name)

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
        load_key = self._key_loader()
        if load_key is None:
            return False
        self.window.settings.setValue(LAST_FOLDER_KEY, str(request.out_path.parent))
        rubric = self._rubric(batch)

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
        return True

    def _rubric(self, batch: Any) -> Any:
        rubric = self._rubric_for() if self._rubric_for is not None else None
        if rubric is not None:
            return rubric
        from rater_desktop.rating.rubric import Rubric, RubricError

        try:
            return Rubric.from_overrides(batch.manifest.rubric or None)
        except RubricError:
            return Rubric.default()

    def _key_loader(self) -> Callable[[], Any] | None:
        from rater_desktop.profiles import KeyStorage, load_private_key

        passphrase: str | None = None
        if self.profile.key_storage is KeyStorage.ENCRYPTED_FILE:
            passphrase = os.environ.get(PASSPHRASE_ENV) or self._ask_passphrase(
                self.window, self.profile.rater_id)
            if passphrase is None:
                return None
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
        lines = [f"Exported {outcome.exported} of {outcome.total} items.", "",
                 f"Results: {outcome.results_path}", f"Signature: {outcome.signature_path}",
                 f"SHA-256 of the results file: {outcome.results_sha256}", ""]
        if outcome.left_out:
            lines += [f"{len(outcome.left_out)} item(s) were left out (not complete).", ""]
        lines += ["Send both files to QA. To check them yourself, run:",
                  verify_command(outcome.results_path,
                                 str(Path(self.window.batch_path or "BATCH").resolve()))]
        self._inform(self.window, "Results exported", "\n".join(lines))
        self.window.statusBar().showMessage(f"Results exported to {outcome.results_path}",
                                            15000)
        self.finished.emit(outcome)

    def _failed(self, exc: Exception) -> None:
        self._close_progress()
        self._inform(self.window, "Export failed", describe_export_failure(exc), error=True)
        self.finished.emit(exc)
