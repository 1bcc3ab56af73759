"""The export dialogs by keyboard: Enter exports, Esc cancels, the passphrase has its own
field that never shows what is typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit

from rater_desktop.gui.export_dialogs import ExportOptionsDialog, ExportRequest, ask_passphrase
from rater_desktop.gui.steps.case_file import KIND_LABELS, CaseFileStep
from rater_desktop.gui.steps.page import StepContext


def _dialog(qtbot: Any, tmp_path: Path, needs: bool) -> ExportOptionsDialog:
    request = ExportRequest(tmp_path / "mine.results.json", needs_passphrase=needs)
    dialog = ExportOptionsDialog(None, request, "1 of 2 items are complete.",
                                 choose_path=lambda *_: "")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
    return dialog


def test_passphrase_is_typed_into_its_own_hidden_field_and_enter_exports(
        qtbot: Any, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path, needs=True)
    field = dialog.findChild(QLineEdit, "exportPassphrase")
    assert field is not None and field.hasFocus()
    assert field.echoMode() is QLineEdit.EchoMode.Password
    qtbot.keyClicks(QApplication.focusWidget(), "correct horse")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    request = dialog.request()
    assert request.passphrase == "correct horse"
    assert request.out_path == tmp_path / "mine.results.json"  # the file name is untouched
    assert "correct horse" not in repr(request)


def test_enter_exports_from_the_path_field_and_esc_cancels(qtbot: Any, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path, needs=False)
    assert dialog.findChild(QLineEdit, "exportPassphrase") is None
    dialog.path_field.setFocus()
    qtbot.keyClick(dialog.path_field, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    other = _dialog(qtbot, tmp_path, needs=True)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # no passphrase yet
    assert other.isVisible()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert other.result() == QDialog.DialogCode.Rejected


def test_passphrase_dialog_enter_unlocks_and_shows_why_it_asks_again(qtbot: Any) -> None:
    seen: list[str] = []

    def type_it() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog.objectName() != "passphraseDialog":
            QTimer.singleShot(20, type_it)
            return
        seen.append(dialog.findChild(QLineEdit, "passphraseField").echoMode().name)
        seen.append(dialog.problem.text())
        field = dialog.findChild(QLineEdit, "passphraseField")
        assert field.hasFocus() or QApplication.focusWidget() is None
        qtbot.keyClicks(field, "s3cret words")
        qtbot.keyClick(field, Qt.Key.Key_Return)

    QTimer.singleShot(0, type_it)
    assert ask_passphrase(None, "rater-1", "Try again (2 of 3).") == "s3cret words"  # type: ignore[arg-type]
    assert seen == ["Password", "Try again (2 of 3)."]


def test_sub_request_hint_names_the_kinds_as_the_choice_shows_them(qtbot: Any) -> None:
    page = CaseFileStep(StepContext())
    qtbot.addWidget(page)
    hint = page.kind_hint.text()
    assert "place" not in hint
    assert all(label.lower() in hint for label in KIND_LABELS.values())


def test_profile_and_export_messages_close_with_enter_and_esc(qtbot: Any) -> None:
    from types import SimpleNamespace

    from rater_desktop.gui.export_flow import ExportMessage
    from rater_desktop.gui.profile_dialog import ProfileDialog

    profile = SimpleNamespace(rater_id="r1", display_name="R", fingerprint="SHA256:x",
                              key_storage="keyring", allowed_signers_line="r1 ssh-ed25519 AAAA")
    for make, key in ((lambda: ProfileDialog(None, profile), Qt.Key.Key_Return),
                      (lambda: ProfileDialog(None, profile), Qt.Key.Key_Escape),
                      (lambda: ExportMessage(None, "Results exported",
                                             "rater-desktop verify x --batch y"),
                       Qt.Key.Key_Return)):
        dialog = make()
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)
        target = QApplication.focusWidget() or dialog
        qtbot.keyClick(target, key)
        assert not dialog.isVisible(), (type(dialog).__name__, key)
    assert QApplication.clipboard().text() != "rater-desktop verify x --batch y"
