"""The results panel: every imported file with its verification state.

Valid files by a rater in the roster feed the statistics; a valid signature by an
unknown key shows the key's fingerprint (add it to the roster to count it); an invalid
file shows the reason and is struck out. Nothing but the first kind is ever counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.qa_review.import_notes import shown_notes
from rater_desktop.qa_review.store import StoredFile
from rater_desktop.wording import counted

DETAILS_HINT = "Select a file to see what verification found."
COLUMNS = ("State", "Rater", "In statistics", "Details", "Key fingerprint", "Exported", "File")
PATH_ROLE = Qt.ItemDataRole.UserRole + 1
STATE_WORDS = {
    "valid": "Valid, known rater",
    "unknown_signer": "Valid, UNKNOWN key",
    "invalid": "INVALID",
}
STATE_COLORS = {"valid": "#1f7a4a", "unknown_signer": "#8f5c08", "invalid": "#b03131"}
STATE_ICONS = {
    "valid": QStyle.StandardPixmap.SP_DialogApplyButton,
    "unknown_signer": QStyle.StandardPixmap.SP_MessageBoxWarning,
    "invalid": QStyle.StandardPixmap.SP_MessageBoxCritical,
}


def state_word(stored: StoredFile, *, used: bool) -> str:
    if stored.status == "valid" and not used:
        return "Valid, superseded"  # an older export of the same rater
    return STATE_WORDS.get(stored.status, stored.status)


class ResultsPanel(QWidget):
    """List of imported results files; emits ``removeRequested(sha256)``."""

    removeRequested = Signal(str)
    openRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qaResultsPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        self.summary = QLabel("Open the batch, then the raters' signed results files.")
        self.summary.setObjectName("qaFilesSummary")
        self.summary.setAccessibleName("Results files summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.messages = QLabel("")
        self.messages.setObjectName("qaImportMessages")
        self.messages.setAccessibleName("Last import messages")
        self.messages.setWordWrap(True)
        self.messages.setTextFormat(Qt.TextFormat.PlainText)
        self.messages.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.messages.setVisible(False)
        layout.addWidget(self.messages)
        self.tree = QTreeWidget()
        self.tree.setObjectName("qaFilesTable")
        self.tree.setAccessibleName("Imported results files")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        header = self.tree.header()
        header.setStretchLastSection(False)
        for column in range(len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch if column == 3
                                        else QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.tree, 1)
        self.details = QLabel(DETAILS_HINT)
        self.details.setObjectName("qaFileDetails")
        self.details.setAccessibleName("Verification details of the selected file")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setProperty("role", "muted")
        layout.addWidget(self.details)
        buttons = QHBoxLayout()
        self.open_button = QPushButton("Open results\u2026")
        self.open_button.setObjectName("qaFilesOpenButton")
        self.open_button.setAccessibleName("Open results files")
        self.open_button.setProperty("accent", True)
        self.open_button.clicked.connect(self.openRequested)
        self.remove_button = QPushButton("Remove from review")
        self.remove_button.setObjectName("qaFilesRemoveButton")
        self.remove_button.setAccessibleName("Remove the selected file from the review")
        self.remove_button.setEnabled(False)
        self.remove_button.clicked.connect(self._remove_selected)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

    def set_files(self, files: Sequence[StoredFile], *, used: frozenset[str]) -> None:
        """Refill the list; the selected file stays selected and its details are redone
        (after a roster change its state may have changed)."""
        selected = {str(r.data(0, Qt.ItemDataRole.UserRole)) for r in self.tree.selectedItems()}
        self.tree.blockSignals(True)
        self.tree.clear()
        self.tree.blockSignals(False)
        style = self.style()
        counts = {"valid": 0, "unknown_signer": 0, "invalid": 0}
        for stored in files:
            counts[stored.status] = counts.get(stored.status, 0) + 1
            is_used = stored.file_sha256 in used
            row = QTreeWidgetItem([
                state_word(stored, used=is_used),
                stored.signer or stored.claimed_rater_id or "",
                "yes" if is_used else "no",
                stored.message,
                stored.fingerprint or "",
                stored.exported_at or "",
                Path(stored.path).name,
            ])
            row.setData(0, Qt.ItemDataRole.UserRole, stored.file_sha256)
            row.setData(0, PATH_ROLE, stored.path)
            row.setData(0, Qt.ItemDataRole.AccessibleTextRole,
                        f"{state_word(stored, used=is_used)}: {stored.path}")
            pixmap = STATE_ICONS.get(stored.status)
            row.setIcon(0, style.standardIcon(pixmap) if pixmap is not None else QIcon())
            color = QColor(STATE_COLORS.get(stored.status, "#6b7688"))
            for column in (0, 2):
                row.setForeground(column, color)
            bold = QFont(self.font())
            bold.setBold(True)
            row.setFont(0, bold)
            if not is_used:
                struck = QFont(self.font())
                struck.setStrikeOut(stored.status == "invalid")
                row.setFont(6, struck)
            for column in range(len(COLUMNS)):
                row.setToolTip(column, f"{stored.message}\n{stored.path}")
            self.tree.addTopLevelItem(row)
            if stored.file_sha256 in selected:
                row.setSelected(True)
        self._selection_changed()
        self.summary.setText(
            f"{counted(len(files), 'file')}: {counts['valid']} valid, "
            f"{counts['unknown_signer']} unknown key, {counts['invalid']} invalid. "
            f"{len(used)} used in the statistics (valid signature by a rater in the roster; "
            "the latest export per rater)." if files else
            "No results imported yet. Use File \u25b8 Open results\u2026 or drop files here.")

    def show_messages(self, lines: Sequence[str]) -> None:
        self.messages.setText("\n".join(shown_notes(lines)))
        self.messages.setVisible(bool(lines))

    def row_states(self) -> dict[str, str]:
        """File path -> state word shown (for tests and accessibility checks)."""
        rows = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        return {str(row.data(0, PATH_ROLE)): row.text(0) for row in rows if row is not None}

    def show_recheck(self, changed: Sequence[StoredFile]) -> None:
        """After a roster change: which files changed state (the old import lines are stale)."""
        lines = [f"{Path(f.path).name}: now {STATE_WORDS.get(f.status, f.status)}"
                 for f in changed]
        self.show_messages(["Roster changed; files verified again.",
                            *(lines or ["No file changed state."])])

    def _selection_changed(self) -> None:
        selected = self.tree.selectedItems()
        self.remove_button.setEnabled(bool(selected))
        if not selected:
            self.details.setText(DETAILS_HINT)
        else:
            row = selected[0]
            self.details.setText(f"{row.text(0)}: {row.text(3)}\nFile: "
                                 f"{row.data(0, PATH_ROLE)}\nKey: {row.text(4) or 'unknown'}")

    def _remove_selected(self) -> None:
        for row in self.tree.selectedItems():
            self.removeRequested.emit(str(row.data(0, Qt.ItemDataRole.UserRole)))
