"""Move a signing key out of a keyring that does not protect it (issue 13, item 1).

A key a legacy plain-file keyring still holds next to a secure one (installed later) is
taken over by the secure one when the window starts (``keystore.LegacyKeyTakeover``).

When the window starts, the profile's keyring backend is judged on a worker thread
(loading ``keyring`` can take a moment). If the key sits in a plain-file or null keyring,
the rater is asked for a passphrase and the key is moved into the encrypted key file;
the keyring's copy is removed afterwards. The decisions are in ``rater_desktop.profiles``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtWidgets import QDialog, QInputDialog, QLabel, QLineEdit, QMessageBox, QWidget

from rater_desktop.gui.background import run_in_background

AskMovePassphrase = Callable[[QWidget, str], str | None]
Inform = Callable[[QWidget, str, str], None]


def _ask_secret(parent: QWidget, text: str) -> tuple[str, bool]:
    """A password prompt whose explanation wraps instead of stretching the dialog."""
    dialog = QInputDialog(parent)
    dialog.setObjectName("keyMovePassphrase")
    dialog.setWindowTitle("Protect your signing key")
    dialog.setLabelText(text)
    dialog.setTextEchoMode(QLineEdit.EchoMode.Password)
    for label in dialog.findChildren(QLabel):
        label.setWordWrap(True)
    dialog.setMinimumWidth(460)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    return dialog.textValue(), accepted


def ask_move_passphrase(parent: QWidget, rater_id: str) -> str | None:
    """Ask twice for the new key file's passphrase (None when the rater gives up)."""
    from rater_desktop.signing import MIN_PASSPHRASE_LENGTH

    prompt = (f"The signing key of {rater_id} is kept by a keyring that stores it in a plain "
              "file. It will be moved into a key file encrypted with a passphrase. Choose "
              f"one of at least {MIN_PASSPHRASE_LENGTH} characters:")
    while True:
        phrase, ok = _ask_secret(parent, prompt)
        if not ok or not phrase:
            return None
        if len(phrase) < MIN_PASSPHRASE_LENGTH:
            prompt = (f"That passphrase is shorter than {MIN_PASSPHRASE_LENGTH} characters. "
                      "Choose a longer one:")
            continue
        again, ok = _ask_secret(parent, "Type the passphrase again:")
        if not ok:
            return None
        if again == phrase:
            return phrase
        prompt = "The two passphrases differed. Choose the key file's passphrase again:"


def _inform(parent: QWidget, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def move_key_interactively(parent: QWidget, profile: Any, *, keyring: Any, data_dir: Path,
                           ask: AskMovePassphrase = ask_move_passphrase,
                           inform: Inform = _inform) -> Any:
    """Ask and move; returns the updated profile, or ``profile`` when nothing moved."""
    from rater_desktop import profiles
    from rater_desktop.signing.keys import KeyFormatError
    from rater_desktop.signing.keystore import KeyFileError

    while True:
        phrase = ask(parent, profile.rater_id)
        if phrase is None:
            inform(parent, "Signing key not protected",
                   "Your signing key stays where it is for now; exporting results needs it "
                   "in an encrypted key file, so you will be asked again next time.")
            return profile
        try:
            moved = profiles.move_key_to_file(profile, keyring=keyring, data_dir=data_dir,
                                              passphrase=phrase)
        except (profiles.ProfileError, KeyFileError, KeyFormatError) as exc:
            inform(parent, "Signing key not moved", str(exc))
            if isinstance(exc, profiles.ProfileError) and "at least" in str(exc):
                continue
            return profile
        inform(parent, "Signing key protected",
               f"Your signing key is now in the encrypted key file "
               f"{data_dir / (moved.key_file or '')} and was removed from the keyring.")
        return moved


def check_key_storage(owner: QObject, parent: QWidget, profile: Any, *, data_dir: Path,
                      on_moved: Callable[[Any], None],
                      keyring_factory: Callable[[], Any] | None = None,
                      ask: AskMovePassphrase = ask_move_passphrase,
                      inform: Inform = _inform, pool: QThreadPool | None = None) -> None:
    """Judge the keyring off the UI thread; offer the move when the key needs it."""
    from rater_desktop import profiles

    if profile.key_storage is not profiles.KeyStorage.KEYRING:
        return

    def work(_progress: Any) -> Any:
        # Imported here, off the UI thread: cryptography and keyring are not needed to rate.
        from rater_desktop.signing import keystore

        keyring = (keyring_factory or keystore.default_keyring)()
        # a key left in a legacy plain-file keyring next to a secure one moves into the
        # secure one now, without asking (nothing to choose: it only gets safer)
        keystore.take_over_legacy_key(keyring=keyring, rater_id=profile.rater_id)
        if not profiles.key_needs_moving(profile, keyring=keyring):
            return None
        held = keystore.take_from_insecure_keyring(keyring=keyring, rater_id=profile.rater_id)
        return keyring if held is not None else None

    def done(keyring: Any) -> None:
        if keyring is None:
            return
        moved = move_key_interactively(parent, profile, keyring=keyring, data_dir=data_dir,
                                       ask=ask, inform=inform)
        if moved is not profile:
            on_moved(moved)

    run_in_background(work, owner=owner, pool=pool, on_done=done, on_error=lambda _exc: None)
