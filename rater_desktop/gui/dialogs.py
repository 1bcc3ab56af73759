"""Small dialogs: about, batch instructions, and error messages (F1 help: steps/help.py)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.dialog_fit import size_for_reading
from rater_desktop.gui.safe_browser import LinkHandler, SafeTextBrowser
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.render_markdown import render_markdown


def show_about(parent: QWidget) -> None:
    from rater_desktop import __version__

    QMessageBox.about(
        parent, "About Rater Desktop",
        f"Rater Desktop {__version__}\n\nCompare two AI browser agent responses side by side "
        "and rate them against the guideline. Works fully offline.",
    )


def show_markdown(browser: SafeTextBrowser, markdown: str) -> None:
    """Render ``markdown`` safely (no raw HTML, no remote images) in the current theme."""
    browser.document().setDefaultStyleSheet(document_css(current_theme()))
    browser.setHtml(render_markdown(markdown))


def show_plain_paragraph(browser: SafeTextBrowser, text: str) -> None:
    """One paragraph of plain text as ``show_markdown`` shows it, without the Markdown
    parser (its import costs ~40 ms; placeholders shown at start-up need none)."""
    browser.document().setDefaultStyleSheet(document_css(current_theme()))
    browser.setHtml(f"<p>{html.escape(text)}</p>")


def markdown_browser(markdown: str | None, *, object_name: str, accessible: str,
                     link_handler: LinkHandler | None = None) -> SafeTextBrowser:
    """A read-only SafeTextBrowser showing ``markdown`` (instructions, help texts); empty
    for None (the caller fills it later)."""
    browser = SafeTextBrowser(link_handler=link_handler)
    browser.setObjectName(object_name)
    browser.setAccessibleName(accessible)
    if markdown is not None:
        show_markdown(browser, markdown)
    return browser


def show_instructions(parent: QWidget, markdown: str, *, link_handler: LinkHandler) -> QDialog:
    dialog = QDialog(parent)
    dialog.setObjectName("instructionsDialog")
    dialog.setWindowTitle("Batch instructions")
    browser = markdown_browser(markdown, object_name="instructionsText",
                               accessible="Batch instructions", link_handler=link_handler)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    size_for_reading(dialog)
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


def save_problem_box(parent: QWidget, text: str) -> QMessageBox:
    """The non-blocking "changes not saved yet" message (one per window, reused)."""
    box = parent.findChild(QMessageBox, "saveProblemMessage")
    if box is None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Changes not saved yet", "",
                          QMessageBox.StandardButton.Close, parent)
        box.setObjectName("saveProblemMessage")
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.setTextFormat(Qt.TextFormat.PlainText)
    box.setText("Your latest changes could not be written to the ratings database. "
                "Rater Desktop keeps them in memory and keeps retrying; the status bar "
                f"says \u201cSaved\u201d once they are on disk.\n\nProblem: {text}\n\n"
                "Check free disk space and that the data folder is writable.")
    return box
