"""The first-run dialog, driven with real keys: suggestion, live checks, Enter and Esc."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit

from rater_desktop.gui.first_run_dialog import FirstRunDialog
from rater_desktop.profiles import ProfileError
from rater_desktop.signing.keystore import KeyringUnavailableError
from rater_desktop.signing.passphrase import MIN_PASSPHRASE_LENGTH


def _dialog(qtbot: Any, *, needs_passphrase: bool, create: Any = None,
            taken: tuple[str, ...] = ()) -> tuple[FirstRunDialog, list[dict[str, Any]]]:
    made: list[dict[str, Any]] = []

    def record(values: dict[str, Any]) -> str:
        made.append(values)
        return "profile"

    dialog = FirstRunDialog(None, needs_passphrase=needs_passphrase,
                            create=create or record, taken=taken)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=2000)  # focus events need it
    dialog.display_name.setFocus()
    return dialog, made


def _red(label: Any) -> bool:
    return label.isVisibleTo(label.window()) and label.property("tone") == "error"


def _notes(dialog: FirstRunDialog) -> list[Any]:
    return [dialog.name_note, dialog.id_note, dialog.passphrase_note, dialog.confirmation_note,
            dialog.problem]


def test_nothing_is_red_before_the_rater_types(qtbot: Any) -> None:
    dialog, _ = _dialog(qtbot, needs_passphrase=True)
    assert not any(_red(note) for note in _notes(dialog))
    assert f"At least {MIN_PASSPHRASE_LENGTH} characters" in dialog.passphrase_note.text()
    assert "export-backup" in dialog.key_sentence.text()


def test_the_rater_id_follows_the_name_until_edited(qtbot: Any) -> None:
    dialog, _ = _dialog(qtbot, needs_passphrase=False, taken=("ana-maria-lopez",))
    dialog.display_name.insert("Ana María López")  # keyClicks is ASCII only; insert is an edit
    assert dialog.rater_id.text() == "ana-maria-lopez-2"  # the first is taken here
    dialog.rater_id.setFocus()
    dialog.rater_id.selectAll()
    qtbot.keyClicks(dialog.rater_id, "aml")
    qtbot.keyClicks(dialog.display_name, " Jr")
    assert dialog.rater_id.text() == "aml"  # the rater's own choice stays


def test_the_rater_id_is_checked_as_it_is_typed(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=False, taken=("bo",))
    dialog.rater_id.setFocus()
    qtbot.keyClicks(dialog.rater_id, "bo")
    assert _red(dialog.id_note) and "already exists" in dialog.id_note.text()
    qtbot.keyClicks(dialog.rater_id, " x")
    assert _red(dialog.id_note) and "letters, digits" in dialog.id_note.text()
    assert not _red(dialog.name_note)  # the name field was not reached yet
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Backspace)
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Backspace)
    qtbot.keyClicks(dialog.rater_id, "2")
    assert not _red(dialog.id_note)
    assert made == []


def test_enter_moves_on_and_creates_after_the_last_field(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=True)
    qtbot.keyClicks(dialog.display_name, "Cy Rater")
    qtbot.keyClick(dialog.display_name, Qt.Key.Key_Return)
    assert dialog.focusWidget() is dialog.rater_id
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Return)
    assert dialog.focusWidget() is dialog.passphrase
    qtbot.keyClicks(dialog.passphrase, "short")
    qtbot.keyClick(dialog.passphrase, Qt.Key.Key_Return)
    assert dialog.focusWidget() is dialog.passphrase  # stays: the problem is shown next to it
    assert _red(dialog.passphrase_note) and "at least 8" in dialog.passphrase_note.text()
    assert not _red(dialog.confirmation_note)
    qtbot.keyClicks(dialog.passphrase, " but longer")
    assert not _red(dialog.passphrase_note)
    qtbot.keyClick(dialog.passphrase, Qt.Key.Key_Return)
    qtbot.keyClicks(dialog.confirmation, "short but longer")
    qtbot.keyClick(dialog.confirmation, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert made == [{"rater_id": "cy-rater", "display_name": "Cy Rater",
                     "passphrase": "short but longer"}]


def test_a_different_confirmation_is_named_next_to_it(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=True)
    qtbot.keyClicks(dialog.display_name, "Dee")
    dialog.passphrase.setText("correct horse")
    dialog.confirmation.setFocus()
    qtbot.keyClicks(dialog.confirmation, "correct hors")
    assert not _red(dialog.confirmation_note)  # still typing
    qtbot.keyClicks(dialog.confirmation, "x")
    assert _red(dialog.confirmation_note) and "differ" in dialog.confirmation_note.text()
    dialog.create_button.click()
    assert made == [] and dialog.focusWidget() is dialog.confirmation


def test_show_toggles_both_fields_and_strength_is_hinted(qtbot: Any) -> None:
    dialog, _ = _dialog(qtbot, needs_passphrase=True)
    assert dialog.passphrase.echoMode() is QLineEdit.EchoMode.Password
    qtbot.mouseClick(dialog.show_toggle, Qt.MouseButton.LeftButton)
    assert dialog.passphrase.echoMode() is QLineEdit.EchoMode.Normal
    assert dialog.confirmation.echoMode() is QLineEdit.EchoMode.Normal
    assert dialog.show_toggle.text() == "Hide"
    dialog.passphrase.setText("abcdefgh")
    weak = dialog.passphrase_note.text()
    dialog.passphrase.setText("Four Words Make 1 Passphrase!")
    assert "weak" in weak and "strong" in dialog.passphrase_note.text()


def test_esc_cancels_without_creating(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=False)
    qtbot.keyClicks(dialog.display_name, "Eve")
    qtbot.keyClick(dialog.display_name, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected and made == []


def test_no_passphrase_asked_when_the_keyring_keeps_the_key(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=False)
    assert not dialog.key_section.isVisible()
    qtbot.keyClicks(dialog.display_name, "Fay")
    qtbot.keyClick(dialog.display_name, Qt.Key.Key_Return)
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Return)
    assert made == [{"rater_id": "fay", "display_name": "Fay"}]


def test_a_keyring_that_refuses_late_brings_the_passphrase_in(qtbot: Any) -> None:
    def refuse(values: dict[str, Any]) -> Any:
        if "passphrase" not in values:
            raise KeyringUnavailableError("the keyring did not keep it")
        return "profile"

    dialog, _ = _dialog(qtbot, needs_passphrase=False, create=refuse)
    qtbot.keyClicks(dialog.display_name, "Gus")
    dialog.create_button.click()
    assert dialog.key_section.isVisible() and dialog.focusWidget() is dialog.passphrase
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.problem.isVisible() and "keyring" in dialog.problem.text()  # says why


@pytest.mark.parametrize("error", [ProfileError("A profile 'hal' already exists."),
                                   OSError(28, "No space left on device")])
def test_a_refusal_from_the_core_is_shown_in_the_dialog(qtbot: Any, error: Exception) -> None:
    def fail(_values: dict[str, Any]) -> Any:
        raise error

    dialog, _ = _dialog(qtbot, needs_passphrase=False, create=fail)
    qtbot.keyClicks(dialog.display_name, "Hal")
    dialog.create_button.click()
    assert _red(dialog.problem) and str(error)[:10] in dialog.problem.text()
    assert dialog.isVisible()


def test_a_name_with_nothing_to_suggest_asks_for_an_id(qtbot: Any) -> None:
    dialog, made = _dialog(qtbot, needs_passphrase=False)
    dialog.display_name.insert("李小龙")
    assert dialog.rater_id.text() == ""
    assert "Choose a rater id" in dialog.id_note.text() and not _red(dialog.id_note)
    qtbot.keyClick(dialog.display_name, Qt.Key.Key_Return)
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Return)  # empty: the problem shows, no create
    assert _red(dialog.id_note) and made == []
    qtbot.keyClicks(dialog.rater_id, "bruce")
    qtbot.keyClick(dialog.rater_id, Qt.Key.Key_Return)
    assert made == [{"rater_id": "bruce", "display_name": "李小龙"}]


def test_a_field_typed_in_and_left_with_tab_shows_its_problem(qtbot: Any) -> None:
    dialog, _ = _dialog(qtbot, needs_passphrase=True)
    dialog.passphrase.setFocus()
    qtbot.keyClicks(dialog.passphrase, "abc")
    assert not _red(dialog.passphrase_note)  # still typing
    qtbot.keyClick(dialog.passphrase, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is not dialog.passphrase
    assert _red(dialog.passphrase_note) and "at least 8" in dialog.passphrase_note.text()
    dialog.display_name.setFocus()
    qtbot.keyClick(dialog.display_name, Qt.Key.Key_Tab)  # left empty, never typed: quiet
    assert not _red(dialog.name_note)


def test_tab_goes_from_passphrase_to_its_repeat_and_alt_s_shows_them(qtbot: Any) -> None:
    # seen under Xvfb: Tab from the passphrase went to Show, and the repeat typed there
    # toggled it with its spaces, showing the passphrase
    dialog, _ = _dialog(qtbot, needs_passphrase=True)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    dialog.passphrase.setFocus()
    qtbot.keyClicks(dialog.passphrase, "correct horse battery")
    qtbot.keyClick(dialog.passphrase, Qt.Key.Key_Tab)
    assert dialog.confirmation.hasFocus()
    assert dialog.passphrase.echoMode() is QLineEdit.EchoMode.Password
    # Alt+S is the button's own shortcut (offscreen key clicks do not reach Qt's shortcut
    # map; checked by hand under Xvfb); a click leaves the focus where the rater types.
    assert dialog.show_toggle.shortcut().toString() == "Alt+S"
    qtbot.mouseClick(dialog.show_toggle, Qt.MouseButton.LeftButton)
    assert dialog.passphrase.echoMode() is QLineEdit.EchoMode.Normal
    assert dialog.confirmation.hasFocus(), QApplication.focusWidget()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_each_label_sits_level_with_its_fields_text(qtbot: Any, theme: str) -> None:
    """Seen under Xvfb: the themed fields are taller than QFormLayout lets a label be, so
    "Your name", "Passphrase"... sat 3 px above the text typed beside them."""
    from PySide6.QtWidgets import QFormLayout

    from rater_desktop.gui.theme import apply_theme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    try:
        dialog, _made = _dialog(qtbot, needs_passphrase=True)
        rows = []
        for form in dialog.findChildren(QFormLayout):
            for row in range(form.rowCount()):
                label = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
                field = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
                text = label.widget() if label is not None else None
                if isinstance(text, QLabel) and text.text() and field is not None:
                    rows.append((text.text(), text.geometry().center().y(),
                                 field.geometry().center().y()))
        assert [text for text, _l, _f in rows] == ["Your name", "Rater id", "Passphrase",
                                                   "Repeat it"]
        assert all(abs(label - field) <= 1 for _t, label, field in rows), rows
    finally:
        apply_theme(app, "light")
