"""The export dialogs: results file and options, and the key file's passphrase.

A passphrase is only ever typed into its own field that never shows it; Enter accepts
and Esc cancels each dialog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


@dataclass(frozen=True)
class ExportRequest:
    """What the rater chose in the export dialog."""

    out_path: Path
    include_incomplete: bool = False
    # Asked in the same dialog (its own hidden field) when the key sits in a file.
    needs_passphrase: bool = field(default=False, compare=False)
    passphrase: str | None = field(default=None, compare=False, repr=False)


def keep_default(dialog: QDialog, default: QPushButton) -> None:
    """Make ``default`` the button Enter presses. A button box shown while its accept
    button is disabled makes Cancel the default, so Enter would cancel."""
    for button in dialog.findChildren(QPushButton):
        button.setAutoDefault(button is default)
        button.setDefault(button is default)


def press_enter(dialog: QDialog, event: QKeyEvent, default: QPushButton) -> bool:
    """Enter presses the focused button, else the dialog's main button (when enabled)."""
    plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter) or plain:
        return False
    focused = dialog.focusWidget()
    target = focused if isinstance(focused, QPushButton) else default
    if target.isEnabled():
        target.click()
    event.accept()
    return True


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
        self.passphrase: QLineEdit | None = None
        if request.needs_passphrase:
            self.passphrase = passphrase_field("exportPassphrase")
            column.addWidget(QLabel("Passphrase of your key file (it signs the results)"))
            column.addWidget(self.passphrase)
        self.browse.setAutoDefault(False)  # Enter always exports, wherever the focus is
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.export_button = buttons.addButton("Export", QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setObjectName("exportStart")
        self.export_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.path_field.textChanged.connect(self._sync_button)
        if self.passphrase is not None:
            self.passphrase.textChanged.connect(self._sync_button)
            self.passphrase.setFocus()
        else:
            self.export_button.setFocus()
        self._sync_button()
        self.resize(620, self.sizeHint().height())

    def _sync_button(self) -> None:
        ready = bool(self.path_field.text().strip())
        if self.passphrase is not None:
            ready = ready and bool(self.passphrase.text())
        self.export_button.setEnabled(ready)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        keep_default(self, self.export_button)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not press_enter(self, event, self.export_button):
            super().keyPressEvent(event)

    def _browse(self) -> None:
        chosen = self._choose_path(self, self.path_field.text())
        if chosen:
            self.path_field.setText(chosen)

    def request(self) -> ExportRequest:
        phrase = self.passphrase.text() if self.passphrase is not None else None
        return ExportRequest(Path(self.path_field.text().strip()).expanduser(),
                             self.include_incomplete.isChecked(),
                             needs_passphrase=self.passphrase is not None,
                             passphrase=phrase or None)


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


def passphrase_field(object_name: str) -> QLineEdit:
    """A field that never shows what is typed and never offers it to be copied."""
    edit = QLineEdit()
    edit.setObjectName(object_name)
    edit.setAccessibleName("Passphrase")
    edit.setEchoMode(QLineEdit.EchoMode.Password)
    edit.setInputMethodHints(Qt.InputMethodHint.ImhHiddenText
                             | Qt.InputMethodHint.ImhNoPredictiveText
                             | Qt.InputMethodHint.ImhSensitiveData)
    return edit


class PassphraseDialog(QDialog):
    """Asks for the key file's passphrase; ``problem`` says why it asks again."""

    def __init__(self, parent: QWidget | None, rater_id: str, problem: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("passphraseDialog")
        self.setWindowTitle("Unlock your signing key")
        column = QVBoxLayout(self)
        self.problem = QLabel(problem)
        self.problem.setObjectName("passphraseProblem")
        self.problem.setWordWrap(True)
        self.problem.setVisible(bool(problem))
        column.addWidget(self.problem)
        column.addWidget(QLabel(f"Passphrase of {rater_id}'s key file (it signs the results):"))
        self.field = passphrase_field("passphraseField")
        column.addWidget(self.field)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Unlock")
        self.ok.setDefault(True)
        self.ok.setEnabled(False)
        self.field.textChanged.connect(lambda text: self.ok.setEnabled(bool(text)))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.field.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        keep_default(self, self.ok)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not press_enter(self, event, self.ok):
            super().keyPressEvent(event)


def ask_passphrase(parent: QWidget, rater_id: str, problem: str = "") -> str | None:
    dialog = PassphraseDialog(parent, rater_id, problem)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.field.text() or None
