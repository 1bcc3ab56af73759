"""Help > Your rater profile: who signs the results, and the line a QA lead adds to the
roster (allowed_signers) to trust them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

KEY_STORAGE_TEXT = {
    "keyring": "the system keyring",
    "encrypted-file": "a passphrase-protected key file",
}


def _selectable(text: str, object_name: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName(object_name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(True)
    return label


class ProfileDialog(QDialog):
    """Rater id, display name, key fingerprint and the allowed_signers line with Copy."""

    def __init__(self, parent: QWidget | None, profile: Any) -> None:
        super().__init__(parent)
        self.setObjectName("profileDialog")
        self.setWindowTitle("Your rater profile")
        column = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow("Rater id", _selectable(profile.rater_id, "profileRaterId"))
        form.addRow("Display name", _selectable(profile.display_name, "profileDisplayName"))
        form.addRow("Key fingerprint", _selectable(profile.fingerprint, "profileFingerprint"))
        storage = str(getattr(profile, "key_storage", ""))
        form.addRow("Private key kept in",
                    _selectable(KEY_STORAGE_TEXT.get(storage, storage), "profileKeyStorage"))
        column.addLayout(form)
        intro = QLabel("Send this line to your QA lead. Added to their allowed_signers "
                       "roster, it lets them check that results signed by you are genuine.")
        intro.setWordWrap(True)
        column.addWidget(intro)
        row = QHBoxLayout()
        self.line = QLineEdit(profile.allowed_signers_line)
        self.line.setObjectName("profileAllowedSignersLine")
        self.line.setAccessibleName("allowed_signers line")
        self.line.setReadOnly(True)
        self.line.setCursorPosition(0)
        self.copy_button = QPushButton("Copy")
        self.copy_button.setObjectName("profileCopyLine")
        self.copy_button.setAccessibleName("Copy the allowed_signers line")
        self.copy_button.clicked.connect(self.copy_line)
        row.addWidget(self.line, 1)
        row.addWidget(self.copy_button)
        column.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.copy_button.setAutoDefault(False)  # Enter closes; Copy is a click or Space
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        if close is not None:
            close.setDefault(True)
        self.resize(720, self.sizeHint().height())

    def copy_line(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.line.text())
        self.copy_button.setText("Copied \u2713")


def show_profile(parent: QWidget, profile: Any) -> ProfileDialog:
    dialog = ProfileDialog(parent, profile)
    dialog.show()
    return dialog
