"""F1 help: the keyboard shortcut sheet (written from the key table) and the rating
criteria cheat sheet."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from rater_desktop.gui.dialog_fit import size_for_reading
from rater_desktop.gui.safe_browser import SafeTextBrowser
from rater_desktop.gui.theme import current_theme, document_css
from rater_desktop.keymap import Scope, sheet_markdown
from rater_desktop.paths import resource_file
from rater_desktop.render_markdown import render_markdown

HELP_TEXTS = (("shortcuts.md", "Keyboard shortcuts"), ("criteria.md", "Rating criteria"))
QA_HELP_TEXTS = (("qa_shortcuts.md", "Keyboard shortcuts"),)  # the QA window's keys only
GENERATED = {"shortcuts.md": sheet_markdown,  # no file: the key table writes them
             "qa_shortcuts.md": lambda: sheet_markdown(Scope.QA)}


def help_text(file_name: str) -> str:
    """A help text (generated or bundled), or a short note if the installation lacks it."""
    if file_name in GENERATED:
        return GENERATED[file_name]()
    try:
        return resource_file("texts", file_name).read_text(encoding="utf-8")
    except (OSError, FileNotFoundError, UnicodeDecodeError):
        return f"The help text {file_name} is missing from this installation."


def show_help(parent: QWidget, tab: int = 0,
              texts: tuple[tuple[str, str], ...] = HELP_TEXTS) -> QDialog:
    """The one help window of ``parent``: F1 again raises the open one (on ``tab``)."""
    for shown in parent.findChildren(QDialog, "helpDialog",
                                     Qt.FindChildOption.FindDirectChildrenOnly):
        if shown.isVisible():
            for tabs in shown.findChildren(QTabWidget, "helpTabs"):
                tabs.setCurrentIndex(tab)
            shown.raise_()
            shown.activateWindow()
            return shown
    dialog = QDialog(parent)
    dialog.setObjectName("helpDialog")
    dialog.setWindowTitle("Help")
    tabs = QTabWidget()
    tabs.setObjectName("helpTabs")
    for file_name, title in texts:
        browser = SafeTextBrowser()
        browser.setObjectName(f"helpText_{file_name.removesuffix('.md')}")
        browser.setAccessibleName(title)
        browser.document().setDefaultStyleSheet(document_css(current_theme()))
        browser.setHtml(render_markdown(help_text(file_name)))
        tabs.addTab(browser, title)
    tabs.setCurrentIndex(tab)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(tabs)
    layout.addWidget(buttons)
    size_for_reading(dialog)
    dialog.show()
    return dialog
