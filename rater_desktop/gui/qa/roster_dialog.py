"""Manage the roster of trusted rater keys (an OpenSSH allowed_signers file)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.qa_review.roster import Roster, RosterError
from rater_desktop.wording import counted

ChooseFile = Callable[[QWidget], str | None]


def choose_roster_file(parent: QWidget) -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import allowed signers", "",
                                          "allowed_signers (allowed_signers*);;All files (*)")
    return path or None


class RosterDialog(QDialog):
    """List, add (one line), import (a file) and remove trusted keys; ``changed`` tells
    the window to verify the kept files again."""

    def __init__(self, roster: Roster, *, parent: QWidget | None = None,
                 choose_file: ChooseFile = choose_roster_file) -> None:
        super().__init__(parent)
        self.setObjectName("qaRosterDialog")
        self.setWindowTitle("Roster of trusted raters")
        self.roster = roster
        self.changed = False
        self._choose_file = choose_file
        layout = QVBoxLayout(self)
        where = QLabel(f"Results count only when signed by a key listed here. File: "
                       f"{roster.path}")
        where.setWordWrap(True)
        where.setTextFormat(Qt.TextFormat.PlainText)
        where.setProperty("role", "muted")
        layout.addWidget(where)
        self._build_table(layout)
        self._build_inputs(layout)
        self.message = QLabel("")
        self.message.setObjectName("qaRosterMessage")
        self.message.setAccessibleName("Roster message")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.message)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.setObjectName("qaRosterClose")
        close.rejected.connect(self.reject)
        close_button = close.button(QDialogButtonBox.StandardButton.Close)
        if close_button is not None:
            close_button.setObjectName("qaRosterCloseButton")
            close_button.setAccessibleName("Close the roster")
        layout.addWidget(close)
        self.resize(760, 420)
        self.refresh()

    def _build_table(self, layout: QVBoxLayout) -> None:
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("qaRosterTable")
        self.table.setAccessibleName("Trusted rater keys")
        self.table.setHorizontalHeaderLabels(["Rater", "Key fingerprint", "Key"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)

    def _build_inputs(self, layout: QVBoxLayout) -> None:
        add_row = QHBoxLayout()
        self.line = QLineEdit()
        self.line.setObjectName("qaRosterAddLine")
        self.line.setAccessibleName("New roster line")
        self.line.setPlaceholderText("rater-id ssh-ed25519 AAAA\u2026  (from the rater's profile)")
        self.line.returnPressed.connect(self.add_line)
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("qaRosterAddButton")
        self.add_button.setAccessibleName("Add the line to the roster")
        self.add_button.clicked.connect(self.add_line)
        add_row.addWidget(self.line, 1)
        add_row.addWidget(self.add_button)
        layout.addLayout(add_row)
        buttons = QHBoxLayout()
        self.import_button = QPushButton("Import file\u2026")
        self.import_button.setObjectName("qaRosterImportButton")
        self.import_button.setAccessibleName("Import an allowed signers file")
        self.import_button.clicked.connect(self.import_chosen)
        self.remove_button = QPushButton("Remove selected")
        self.remove_button.setObjectName("qaRosterRemoveButton")
        self.remove_button.setAccessibleName("Remove the selected keys")
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def refresh(self) -> None:
        try:
            entries = self.roster.entries()
        except RosterError as exc:
            self.message.setText(str(exc))
            entries = []
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            for column, text in enumerate((", ".join(entry.principals), entry.fingerprint,
                                           entry.public_key)):
                cell = QTableWidgetItem(text)
                cell.setData(Qt.ItemDataRole.UserRole, entry.fingerprint)
                self.table.setItem(row, column, cell)

    def add_line(self) -> bool:
        principal, _, key = self.line.text().strip().partition(" ")
        if not principal or not key.strip():
            self.message.setText("Write the rater id, a space, then the public key "
                                 "(ssh-ed25519 AAAA\u2026).")
            return False
        try:
            entry = self.roster.add(principal=principal, public_key=key.strip())
        except RosterError as exc:
            self.message.setText(str(exc))
            return False
        self.changed = True
        self.line.clear()
        self.message.setText(f"Trusted {principal} ({entry.fingerprint}).")
        self.refresh()
        return True

    def import_chosen(self) -> None:
        path = self._choose_file(self)
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        try:
            summary = self.roster.import_file(path)
        except RosterError as exc:
            self.message.setText(str(exc))
            return False
        self.changed = self.changed or bool(summary.added)
        self.message.setText(f"Added {counted(len(summary.added), 'key')}; "
                             f"{summary.already_present} already in the roster.")
        self.refresh()
        return True

    def remove_selected(self) -> int:
        removed = 0
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        for row in rows:
            names, key = self.table.item(row, 0), self.table.item(row, 1)
            if names is None or key is None:
                continue
            principals, fingerprint = names.text().split(", "), key.text()
            removed += self.roster.remove(principal=principals[0], fingerprint=fingerprint)
        if removed:
            self.changed = True
            self.message.setText(f"Removed {counted(removed, 'line')}.")
        self.refresh()
        return removed
