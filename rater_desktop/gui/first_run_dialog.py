"""The one first-run dialog: name, a rater id suggested from it, and (only when no secure
keyring can keep the key) a passphrase with its confirmation, all on one page.

What counts as a problem is decided by ``rater_desktop.first_run``; this dialog only
decides *when* to show it: a field's problem appears once the rater has typed in it and
moved on (or pressed Enter on it, or tried to create the profile), so nothing is red
before the rater did anything. The rater id is checked as it is typed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.first_run import first_run_problems, suggest_rater_id
from rater_desktop.gui.dialog_fit import fit_to_text, scrolling_body
from rater_desktop.gui.keys import bind_button
from rater_desktop.gui.theme import current_theme
from rater_desktop.signing.passphrase import MIN_PASSPHRASE_LENGTH, passphrase_strength

CreateProfile = Callable[[dict[str, Any]], Any]
KEY_SENTENCE = (
    "This computer has no secure keyring, so the key that signs your results is kept in a "
    "file locked with this passphrase; nobody can sign as you without it, and a forgotten "
    "passphrase cannot be recovered, so once you are set up keep a backup with "
    "\u201crater-desktop key export-backup --out FILE\u201d.")
ID_HINT = ("Suggested from your name; you can change it. It names your results and your "
           "entry in the QA lead's roster.")
ID_NEEDED = "Choose a rater id: letters, digits, '.', '_' and '-'."
FORM_CHARS = 80  # the dialog's least width in average characters (560 px at 10 pt)
_TONE_COLORS = {"light": {"error": "#9c2626", "hint": "#5f6a7d"},
                "dark": {"error": "#ffb4b4", "hint": "#a3acba"}}


def _note(object_name: str) -> QLabel:
    label = QLabel("")
    label.setObjectName(object_name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _add_field(form: QFormLayout, text: str, field: QWidget | QHBoxLayout,
               line: QLineEdit) -> None:
    """A row whose label is as tall as its text field, so their texts line up (QFormLayout
    keeps a short label at the top of a taller row: a few px above the field's text)."""
    label = QLabel(text)
    label.setMinimumHeight(line.sizeHint().height())
    form.addRow(label, field)


def _line(object_name: str, accessible: str) -> QLineEdit:
    field = QLineEdit()
    field.setObjectName(object_name)
    field.setAccessibleName(accessible)
    return field


class FirstRunDialog(QDialog):
    """Creates the first rater profile; ``profile`` holds it after ``Accepted``."""

    def __init__(self, parent: QWidget | None = None, *, needs_passphrase: bool,
                 create: CreateProfile, taken: Collection[str] = ()) -> None:
        super().__init__(parent)
        self.setObjectName("firstRunDialog")
        self.setWindowTitle("Welcome to Rater Desktop")
        self.profile: Any = None
        self._create = create
        self._taken = tuple(taken)
        self._touched: set[str] = set()
        self._suggested = ""
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        intro = QLabel("Create your rater profile. Your ratings are saved under it, and the "
                       "results you export are signed with a key made for it.")
        intro.setWordWrap(True)
        column.addWidget(intro)
        column.addLayout(self._build_identity())
        self.key_section = self._build_key_section()
        column.addWidget(self.key_section)
        self.problem = _note("firstRunProblem")
        self.problem.setVisible(False)
        column.addWidget(self.problem)
        buttons = QDialogButtonBox()
        self.create_button = buttons.addButton("Create profile",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("firstRunCreate")
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setObjectName("firstRunCancel")
        for button in (self.create_button, cancel):
            button.setAutoDefault(False)  # Enter is handled by keyPressEvent
        self.create_button.clicked.connect(self.submit)
        cancel.clicked.connect(self.reject)
        self.body_scroll = scrolling_body(self, body, buttons)
        self._apply_colors()
        for _key, field in self._all_fields():
            field.installEventFilter(self)
        self.set_needs_passphrase(needs_passphrase)
        self.setMinimumWidth(self._least_width())
        self.display_name.setFocus()

    def _least_width(self) -> int:
        """A line of the form's text from the font (was 560 px at every size), at most the
        screen's width."""
        want = self.fontMetrics().averageCharWidth() * FORM_CHARS
        screen = self.screen()
        return min(want, screen.availableGeometry().width()) if screen is not None else want

    def _build_identity(self) -> QFormLayout:
        form = QFormLayout()
        self.display_name = _line("firstRunDisplayName", "Your name")
        self.display_name.setPlaceholderText("e.g. Ana María López")
        self.display_name.textEdited.connect(self._name_edited)
        self.name_note = _note("firstRunDisplayNameNote")
        self.rater_id = _line("firstRunRaterId", "Rater id")
        self.rater_id.setPlaceholderText("letters, digits, . _ -")
        self.rater_id.textEdited.connect(self._id_edited)
        self.id_note = _note("firstRunRaterIdNote")
        _add_field(form, "Your name", self.display_name, self.display_name)
        form.addRow("", self.name_note)
        _add_field(form, "Rater id", self.rater_id, self.rater_id)
        form.addRow("", self.id_note)
        return form

    def _build_key_section(self) -> QFrame:
        section = QFrame()
        section.setObjectName("firstRunKeySection")
        form = QFormLayout(section)
        form.setContentsMargins(0, 6, 0, 0)
        self.key_sentence = _note("firstRunKeySentence")
        self.key_sentence.setText(KEY_SENTENCE)
        self.key_sentence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(self.key_sentence)
        self.passphrase = _line("firstRunPassphrase", "Passphrase")
        self.passphrase.setPlaceholderText(f"at least {MIN_PASSPHRASE_LENGTH} characters")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.textChanged.connect(lambda _t: self._recheck())
        self.show_toggle = QPushButton("Show")
        self.show_toggle.setObjectName("firstRunShowPassphrase")
        self.show_toggle.setAccessibleName("Show the passphrase")
        self.show_toggle.setCheckable(True)
        self.show_toggle.setAutoDefault(False)
        # Out of the Tab chain: between the two passphrase fields, a space typed into the
        # repeat while the button had the focus showed the passphrase. Alt+S or a click.
        self.show_toggle.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        bind_button(self.show_toggle, "show_passphrase", "Show or hide the passphrase")
        self.show_toggle.toggled.connect(self._toggle_echo)
        row = QHBoxLayout()
        row.addWidget(self.passphrase, 1)
        row.addWidget(self.show_toggle)
        self.passphrase_note = _note("firstRunPassphraseNote")
        self.confirmation = _line("firstRunConfirmation", "Repeat the passphrase")
        self.confirmation.setEchoMode(QLineEdit.EchoMode.Password)
        self.confirmation.textChanged.connect(lambda _t: self._recheck())
        self.confirmation_note = _note("firstRunConfirmationNote")
        _add_field(form, "Passphrase", row, self.passphrase)
        form.addRow("", self.passphrase_note)
        _add_field(form, "Repeat it", self.confirmation, self.confirmation)
        form.addRow("", self.confirmation_note)
        return section

    def _apply_colors(self) -> None:
        colors = _TONE_COLORS.get(current_theme(), _TONE_COLORS["light"])
        self.setStyleSheet(
            f'QLabel[tone="error"] {{ color: {colors["error"]}; }}\n'
            f'QLabel[tone="hint"] {{ color: {colors["hint"]}; }}')

    # ------------------------------------------------------------------ state

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_to_text(self, self.body_scroll)  # at its real width: wrapped text shows whole

    @property
    def needs_passphrase(self) -> bool:
        return not self.key_section.isHidden()

    def set_needs_passphrase(self, needed: bool) -> None:
        self.key_section.setVisible(needed)
        self._recheck()
        fit_to_text(self, self.body_scroll)

    def _all_fields(self) -> list[tuple[str, QLineEdit]]:
        return [("name", self.display_name), ("rater_id", self.rater_id),
                ("passphrase", self.passphrase), ("confirmation", self.confirmation)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A field typed in and left (Tab, a click elsewhere) says what is wrong with it."""
        if event.type() == QEvent.Type.FocusOut and isinstance(event, QFocusEvent) and \
                event.reason() != Qt.FocusReason.ActiveWindowFocusReason:
            key = next((k for k, w in self._all_fields() if w is watched), None)
            if key is not None and isinstance(watched, QLineEdit) and watched.text():
                self._touched.add(key)
                self._recheck()
        return super().eventFilter(watched, event)

    def fields(self) -> list[tuple[str, QLineEdit]]:
        order = [("name", self.display_name), ("rater_id", self.rater_id)]
        if self.needs_passphrase:
            order += [("passphrase", self.passphrase), ("confirmation", self.confirmation)]
        return order

    def problems(self) -> dict[str, str]:
        return first_run_problems(
            display_name=self.display_name.text(), rater_id=self.rater_id.text(),
            passphrase=self.passphrase.text() if self.needs_passphrase else None,
            confirmation=self.confirmation.text(), taken=self._taken)

    def _name_edited(self, text: str) -> None:
        if self.rater_id.text() == self._suggested:  # the rater has not changed it
            self._suggested = suggest_rater_id(text, taken=self._taken)
            self.rater_id.setText(self._suggested)
        self._recheck()

    def _id_edited(self, _text: str) -> None:
        self._touched.add("rater_id")  # checked as it is typed
        self._recheck()

    def _toggle_echo(self, shown: bool) -> None:
        mode = QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password
        self.passphrase.setEchoMode(mode)
        self.confirmation.setEchoMode(mode)
        self.show_toggle.setText("Hide" if shown else "Show")
        self.show_toggle.setAccessibleName("Hide the passphrase" if shown
                                           else "Show the passphrase")

    def _recheck(self) -> None:
        problems = self.problems()
        id_hint = ID_HINT if self.rater_id.text() else (ID_NEEDED if self.display_name.text()
                                                         else "")
        hints = {"name": "", "rater_id": id_hint,
                 "passphrase": self._strength_text(), "confirmation": ""}
        notes = {"name": self.name_note, "rater_id": self.id_note,
                 "passphrase": self.passphrase_note, "confirmation": self.confirmation_note}
        if self.confirmation.text() and len(self.confirmation.text()) >= len(
                self.passphrase.text()):
            self._touched.add("confirmation")  # finished typing it: say if it differs
        for key, label in notes.items():
            problem = problems.get(key) if key in self._touched else None
            label.setText(problem or hints[key])
            label.setProperty("tone", "error" if problem else "hint")
            label.style().unpolish(label)
            label.style().polish(label)
            label.setVisible(bool(label.text()))
        # A note shown, or one whose new text wraps to more lines: room for it, not a
        # squeezed form (a no-op when the height needed did not change). After the layout
        # has taken in the new texts: its cached heights are stale until then.
        QTimer.singleShot(0, self, lambda: fit_to_text(self, self.body_scroll))

    def _strength_text(self) -> str:
        minimum = f"At least {MIN_PASSPHRASE_LENGTH} characters"
        if not self.passphrase.text():
            return minimum + "."
        return f"{minimum} \u00b7 strength: {passphrase_strength(self.passphrase.text()).label}"

    # ------------------------------------------------------------------ keys and submit

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
                event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            self.advance()
            return
        super().keyPressEvent(event)  # Esc cancels

    def advance(self) -> None:
        """Enter: on to the next field when this one is fine, create after the last."""
        order = self.fields()
        focused = self.focusWidget()
        index = next((i for i, (_k, w) in enumerate(order) if w is focused), None)
        if index is None:
            if isinstance(focused, QPushButton):
                focused.click()
            else:
                self.submit()
            return
        key, _widget = order[index]
        self._touched.add(key)
        self._recheck()
        if key in self.problems():
            return
        if index + 1 < len(order):
            order[index + 1][1].setFocus()
            order[index + 1][1].selectAll()
        else:
            self.submit()

    def submit(self) -> None:
        self._touched.update(k for k, _w in self.fields())
        self._recheck()
        problems = self.problems()
        first = next((w for k, w in self.fields() if k in problems), None)
        if first is not None:
            first.setFocus()
            return
        self._try_create()

    def _try_create(self) -> None:
        from rater_desktop.profiles import ProfileError
        from rater_desktop.signing.keystore import KeyringUnavailableError

        values: dict[str, Any] = {"rater_id": self.rater_id.text().strip(),
                                  "display_name": self.display_name.text()}
        if self.needs_passphrase:
            values["passphrase"] = self.passphrase.text()
        try:
            self.profile = self._create(values)
        except KeyringUnavailableError as exc:
            self.set_needs_passphrase(True)  # the keyring refused after all
            # Say why the passphrase fields appeared (not only in a tooltip).
            self.problem.setText("The system keyring cannot keep your key, so it goes into a "
                                 "file locked with a passphrase: choose one below.")
            self.problem.setToolTip(str(exc))
            self.problem.setProperty("tone", "note")
            self.problem.style().polish(self.problem)
            self.problem.setVisible(True)
            fit_to_text(self, self.body_scroll)
            self.passphrase.setFocus()
            return
        except (ProfileError, OSError) as exc:
            self.problem.setText(str(exc))
            self.problem.setProperty("tone", "error")
            self.problem.style().polish(self.problem)
            self.problem.setVisible(True)
            fit_to_text(self, self.body_scroll)
            return
        self.accept()
