"""Attach the rating core to the real window after its first paint: find (or create on
first run) the rater profile, open the profile's ratings database, bind the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from rater_desktop.gui.main_window import MainWindow


class FirstRunDialog(QDialog):
    """Asks for the display name and rater id of the first profile on this computer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("firstRunDialog")
        self.setWindowTitle("Welcome to Rater Desktop")
        form = QFormLayout(self)
        intro = QLabel("Create your rater profile. Your ratings are saved under it and "
                       "signed with a key made for it.")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.display_name = QLineEdit()
        self.display_name.setObjectName("firstRunDisplayName")
        self.display_name.setAccessibleName("Display name")
        self.rater_id = QLineEdit()
        self.rater_id.setObjectName("firstRunRaterId")
        self.rater_id.setAccessibleName("Rater id")
        self.rater_id.setPlaceholderText("letters, digits, . _ -")
        form.addRow("Display name", self.display_name)
        form.addRow("Rater id", self.rater_id)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


NO_PASSPHRASE = ("No passphrase was chosen. Without a system keyring your key needs one: "
                 "press OK to choose it.")


def ask_new_passphrase(parent: QWidget) -> str | None:
    """Ask twice for the passphrase of a new key file (None when the rater gives up)."""
    prompt = ("No system keyring is available, so your signing key is kept in a file "
              "protected by a passphrase. Choose one:")
    while True:
        phrase, ok = QInputDialog.getText(parent, "Key passphrase", prompt,
                                          QLineEdit.EchoMode.Password)
        if not ok or not phrase:
            return None
        again, ok = QInputDialog.getText(parent, "Key passphrase", "Type the passphrase again:",
                                         QLineEdit.EchoMode.Password)
        if not ok:
            return None
        if again == phrase:
            return phrase
        prompt = "The two passphrases differed. Choose a passphrase for your key file:"


def create_first_profile(parent: QWidget, data_dir: Path) -> Any:
    """Ask until a profile is created or the rater cancels (returns None)."""
    from rater_desktop import profiles
    from rater_desktop.signing import keystore

    dialog = FirstRunDialog(parent)
    while dialog.exec() == QDialog.DialogCode.Accepted:
        values: dict[str, Any] = dict(rater_id=dialog.rater_id.text().strip(),
                                      display_name=dialog.display_name.text(),
                                      data_dir=data_dir)
        try:
            return profiles.create_profile(keyring=keystore.default_keyring(), **values)
        except keystore.KeyringUnavailableError:
            phrase = ask_new_passphrase(parent)
            # Whatever the dialog said before is stale now: say what is missing instead.
            dialog.problem.setText("" if phrase else NO_PASSPHRASE)
            if phrase:
                try:
                    return profiles.create_profile(keyring=keystore.default_keyring(),
                                                   passphrase=phrase, **values)
                except (profiles.ProfileError, OSError) as exc:
                    dialog.problem.setText(str(exc))
        except (profiles.ProfileError, OSError) as exc:
            dialog.problem.setText(str(exc))
    return None


def attach_rating(window: MainWindow, then: Callable[[], None] | None = None) -> None:
    """Call once the window has painted (see gui.first_paint); loads profile and storage.

    ``then`` runs afterwards, whatever happened: the first batch opens only once the
    rating core can cover the responses (the first-run dialog runs its own event loop).
    """

    def attach() -> None:
        try:
            _attach_now(window)
        finally:
            if then is not None:
                then()

    QTimer.singleShot(0, attach)


def _attach_now(window: MainWindow) -> None:
    from rater_desktop import appdirs, profiles
    from rater_desktop.gui.batch_guard import SaveErrorRelay
    from rater_desktop.gui.profile_lock import already_open_message, claim_profile_lock
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.storage import StorageError, open_profile_store

    data_dir = appdirs.data_dir()
    profile: Any
    try:
        profile = profiles.resolve_profile(data_dir=data_dir, requested=window.profile)
    except profiles.ProfileError as exc:
        profile = create_first_profile(window, data_dir) if "No rater profile" in str(exc) \
            else None
        if profile is None:
            QMessageBox.warning(window, "No rater profile", str(exc))
            return
    lock = claim_profile_lock(data_dir, profile.rater_id)
    if lock is None:
        QMessageBox.warning(window, "Already open", already_open_message(profile.rater_id))
        return
    window.destroyed.connect(lambda *_: lock.unlock())
    window.setProperty("profileLock", lock)  # held for the window's lifetime
    relay = SaveErrorRelay(window)  # created first: the store reports through it
    try:
        store = open_profile_store(profile.rater_id, data_dir=data_dir, on_error=relay.report)
    except StorageError as exc:
        QMessageBox.warning(window, "Ratings database", str(exc))
        return
    window.setProperty("raterId", profile.rater_id)
    binding = RatingBinding(window, store=store, rater_id=profile.rater_id,
                            close_store=store.close)
    window.setProperty("ratingBinding", binding)
    attach_store_services(window, binding, store=store, profile=profile, data_dir=data_dir,
                          relay=relay)


def attach_store_services(window: MainWindow, binding: Any, *, store: Any, profile: Any,
                          data_dir: Path, relay: Any = None, **options: Any) -> dict[str, Any]:
    """Batch change check, backups, save errors, export and the profile dialog.

    ``options`` go to the parts by prefix (tests): ``guard_*`` to BatchGuard,
    ``export_*`` to ExportController.
    """
    from rater_desktop.gui.batch_guard import BatchGuard
    from rater_desktop.gui.export_flow import ExportController
    from rater_desktop.gui.profile_dialog import show_profile

    def picked(prefix: str) -> dict[str, Any]:
        return {k.removeprefix(prefix): v for k, v in options.items() if k.startswith(prefix)}

    if relay is not None:
        relay.failed.connect(window.show_save_problem)
        relay.failed.connect(lambda _text: binding.watch_save_state())
    guard = BatchGuard(window, store, restart=binding.restart_batch, **picked("guard_"))
    exporter = ExportController(
        window, store=store, profile=profile, data_dir=data_dir,
        rubric_for=lambda: binding.service.rubric if binding.service is not None else None,
        before_export=binding.flush, **picked("export_"))
    profile_action = window.actions_.profile
    profile_action.setEnabled(True)
    profile_action.triggered.connect(lambda: show_profile(window, profile))
    return {"guard": guard, "exporter": exporter, "relay": relay}  # all parented to window
