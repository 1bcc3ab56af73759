"""The QA window's Help menu: F1 opens a sheet of the QA window's own keys (written from
the key table), F1 again raises the open sheet rather than opening another, and About."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QMessageBox, QTabWidget, QWidget

from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.keymap import key_text
from rater_desktop.qa_review.roster import Roster


def _shown(qtbot: Any, settings: QSettings, tmp_path: Path) -> QaWindow:
    """The QA window (no batch), shown and active, its shell built."""
    window = QaWindow(settings=settings, data_dir=tmp_path, store=None,
                      roster=Roster(tmp_path / "allowed_signers"))
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: window.shell.done and QApplication.activeWindow() is window,
                    timeout=10_000)
    return window


def _help_dialogs(window: QWidget) -> list[QDialog]:
    return [d for d in window.findChildren(QDialog) if d.objectName() == "helpDialog"]


def test_the_qa_window_has_a_help_menu_with_the_key_sheet_on_f1_and_about(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path, monkeypatch: Any) -> None:
    window = _shown(qtbot, temp_settings, tmp_path)
    menu = window.findChild(QMenu, "qaMenuHelp")
    assert menu is not None and menu.title() == "&Help"
    assert [a.objectName() for a in menu.actions()] == ["actionQaShortcuts", "actionQaAbout"]
    assert window.actions_.shortcuts.shortcut().toString() == "F1"
    assert window.actions_.shortcuts.toolTip() == "Keyboard shortcuts (F1)"
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _parent, title, _text: told.append(title))
    window.actions_.about.trigger()
    assert told == ["About Rater Desktop"]


def test_f1_opens_the_qa_windows_keys_and_f1_again_raises_the_same_sheet(
        qtbot: Any, temp_settings: QSettings, tmp_path: Path) -> None:
    window = _shown(qtbot, temp_settings, tmp_path)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in _help_dialogs(window)), timeout=5_000)
    (dialog,) = _help_dialogs(window)
    tabs = dialog.findChild(QTabWidget, "helpTabs")
    assert tabs is not None and tabs.count() == 1  # no rating criteria: the QA keys only
    browser = dialog.findChild(QWidget, "helpText_qa_shortcuts")
    text = " ".join(browser.toPlainText().split())
    for action, words in (("qa_next_item", "the next item"),
                          ("qa_export_decisions", "Export the QA decisions"),
                          ("qa_list_walk", "In the Disagreements list"),
                          ("qa_list_open", "open the current row's item in Compare"),
                          ("shortcuts", "This help")):
        assert key_text(action) in text and words in text, action
    assert key_text("qa_next_item") == "Alt+Right or Ctrl+PgDown"
    assert key_text("flag_item") not in text  # the rater window's keys are not listed
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert _help_dialogs(window) == [dialog] and dialog.isVisible()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
