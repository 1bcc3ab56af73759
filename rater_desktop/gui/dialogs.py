"""Small dialogs: keyboard shortcuts, about, batch instructions, and error messages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.safe_browser import LinkHandler, SafeTextBrowser
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.render_markdown import render_markdown

SHORTCUTS = (
    ("Ctrl+O", "Open a batch"),
    ("Ctrl+PgDown / Ctrl+PgUp", "Next / previous item in the list"),
    ("Ctrl+F", "Search items by id"),
    ("Ctrl+L", "Synchronised scrolling of A and B on or off"),
    ("F1", "This list of shortcuts"),
    ("Screenshot viewer: Left / Right, PgUp / PgDn", "Previous / next screenshot or step"),
    ("Screenshot viewer: + / - / 0 / 1", "Zoom in / out / fit / actual size"),
    ("Screenshot viewer: mouse wheel, drag", "Zoom around the pointer, pan"),
    ("Screenshot viewer: B", "Click point and target box on or off"),
    ("Screenshot viewer: Esc", "Close the viewer"),
)


def show_shortcuts(parent: QWidget) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName("shortcutsDialog")
    dialog.setWindowTitle("Keyboard shortcuts")
    table = QTableWidget(len(SHORTCUTS), 2)
    table.setObjectName("shortcutsTable")
    table.setHorizontalHeaderLabels(["Keys", "Action"])
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for row, (keys, action) in enumerate(SHORTCUTS):
        table.setItem(row, 0, QTableWidgetItem(keys))
        table.setItem(row, 1, QTableWidgetItem(action))
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(table)
    layout.addWidget(buttons)
    dialog.resize(640, 400)
    dialog.show()
    return dialog


def show_about(parent: QWidget, *, version: str) -> None:
    QMessageBox.about(
        parent, "About Rater Desktop",
        f"Rater Desktop {version}\n\nCompare two AI browser agent responses side by side "
        "and rate them against the guideline. Works fully offline.",
    )


def show_instructions(parent: QWidget, markdown: str, *, link_handler: LinkHandler) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName("instructionsDialog")
    dialog.setWindowTitle("Batch instructions")
    browser = SafeTextBrowser(link_handler=link_handler)
    browser.setObjectName("instructionsText")
    browser.setAccessibleName("Batch instructions")
    browser.document().setDefaultStyleSheet(document_css(current_theme()))
    browser.setHtml(render_markdown(markdown))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(720, 560)
    dialog.show()
    return dialog


def show_error(parent: QWidget, title: str, text: str, *, details: str = "") -> None:
    """A calm error dialog with a plain message; details (more problems) on request."""
    box = QMessageBox(parent)
    box.setObjectName("errorDialog")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText(text)
    if details:
        box.setDetailedText(details)
    box.exec()
