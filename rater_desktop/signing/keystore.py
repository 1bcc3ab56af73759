"""Where a rater's private key lives: the OS keyring, or (explicitly) an encrypted file.

The keyring backend is always passed in. Backends that would keep the key in a plain file
or not at all are refused before anything is written (see ``keyring_policy``); a backend
that raises (``keyring.errors.NoKeyringError`` on a headless Linux) or drops what it was
given is detected by writing and reading back. Both are reported as
KeyringUnavailableError so the caller can offer the encrypted key file instead. A key
already sitting in a refused backend is moved out with ``take_from_insecure_keyring``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from rater_desktop.signing import keyring_policy
from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically
from rater_desktop.signing.keys import (
    encrypted_private_key_file,
    load_encrypted_private_key,
    private_key_from_secret,
    private_key_to_secret,
)

KEYRING_SERVICE = "rater-desktop"
MAX_KEY_FILE_BYTES = 64 * 1024


class KeyringBackend(Protocol):
    def get_password(self, service: str, username: str) -> str | None: ...

    def set_password(self, service: str, username: str, password: str) -> None: ...

    def delete_password(self, service: str, username: str) -> None: ...


class KeyringUnavailableError(RuntimeError):
    """No usable OS keyring. Offer the passphrase-encrypted key file instead."""


class KeyInInsecureKeyringError(KeyringUnavailableError):
    """The profile's key sits in a refused backend: move it to the encrypted key file."""


class KeyNotFoundError(LookupError):
    """The profile's private key is not where the profile says it is."""


class KeyFileError(OSError):
    """The encrypted key file cannot be read or written."""


class UnloadableKeyring:
    """Stands in for a keyring backend that cannot be loaded (``PYTHON_KEYRING_BACKEND``
    naming a missing module or class): it holds nothing, and the policy refuses it with
    ``unusable_reason``, so callers offer the encrypted key file as for any unusable
    keyring instead of failing with a traceback."""

    def __init__(self, name: str, error: str) -> None:
        self.backend_name = name
        self.unusable_reason = (
            f"it cannot be loaded ({error}); unset PYTHON_KEYRING_BACKEND or name an "
            "installed backend"
        )

    def get_password(self, service: str, username: str) -> str | None:
        return None

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringUnavailableError(unavailable_message(self, self.unusable_reason))

    def delete_password(self, service: str, username: str) -> None:
        return None


class LegacyKeyTakeover:
    """A secure backend that takes over a key still kept by a legacy plain-file backend
    of the same chain (stored there before the secure one was installed): on first read
    the key is written to the secure backend, read back, and only then deleted from the
    legacy one. Writes go to the secure backend only."""

    def __init__(self, secure: Any, legacy: list[Any]) -> None:
        self.secure = secure
        self.legacy = legacy
        self.backend_name = keyring_policy.backend_name(secure)

    @property
    def priority(self) -> Any:
        return getattr(self.secure, "priority", None)

    def get_password(self, service: str, username: str) -> str | None:
        value = self.secure.get_password(service, username)
        if value is not None:
            return value
        for old in self.legacy:
            try:
                value = old.get_password(service, username)
            except Exception:  # noqa: BLE001 - an unreadable legacy backend holds nothing
                continue
            if value is not None:
                return self._take_over(old, service, username, value)
        return None

    def _take_over(self, old: Any, service: str, username: str, value: str) -> str:
        self.secure.set_password(service, username, value)
        if self.secure.get_password(service, username) != value:
            raise KeyringUnavailableError(unavailable_message(
                self.secure, "it did not keep the key moved from the plain-file keyring"))
        try:
            old.delete_password(service, username)
        except Exception:  # noqa: BLE001 - checked by the caller's remove_from_keyring
            pass
        return value

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secure.set_password(service, username, password)

    def delete_password(self, service: str, username: str) -> None:
        for backend in (self.secure, *self.legacy):
            try:
                backend.delete_password(service, username)
            except Exception:  # noqa: BLE001 - "not found" in one of them is fine
                pass


def default_keyring() -> Any:
    """The platform's keyring backend (imports ``keyring`` only when called); of a chainer,
    its best secure backend, taking over keys its legacy plain-file backends still hold.
    A backend that cannot be loaded gives an :class:`UnloadableKeyring`."""
    import keyring

    try:
        chain = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - ImportError, AttributeError, keyring errors
        name = os.environ.get("PYTHON_KEYRING_BACKEND", "") or "the configured keyring backend"
        return UnloadableKeyring(name, f"{type(exc).__name__}: {exc}")
    secure = keyring_policy.secure_backend(chain)
    legacy = keyring_policy.legacy_backends(chain)
    if legacy and keyring_policy.insecure_reason(secure) is None:
        return LegacyKeyTakeover(secure, legacy)
    return secure


def take_over_legacy_key(*, keyring: Any, rater_id: str) -> bool:
    """Read the profile's key once so a legacy plain-file copy moves to the secure backend
    now (the window does this when it starts); True when a key is held afterwards."""
    try:
        return keyring.get_password(KEYRING_SERVICE, keyring_username(rater_id)) is not None
    except Exception:  # noqa: BLE001 - reported when the key is needed
        return False


def _backend_name(backend: object) -> str:
    return keyring_policy.backend_name(backend)


def unavailable_message(backend: object, reason: str) -> str:
    # Never echo keyring's own advice: it suggests installing plain-file backends.
    if "keyrings.alt" in reason or "install" in reason.lower():
        reason = "no system keyring service is available"
    return (
        f"No usable keyring to keep the signing key ({_backend_name(backend)}: {reason}). "
        "You can store the key instead in a file encrypted with a passphrase you choose, "
        "kept in Rater Desktop's data folder with owner-only permissions "
        "(command line: add --key-file)."
    )


def refusal(keyring: object) -> str | None:
    """The message why ``keyring`` must not hold a key, or None when it may."""
    reason = keyring_policy.insecure_reason(keyring)
    return None if reason is None else unavailable_message(keyring, reason)


def keyring_username(rater_id: str) -> str:
    return f"signing-key:{rater_id}"


def store_in_keyring(
    *, keyring: KeyringBackend, rater_id: str, private_key: Ed25519PrivateKey
) -> None:
    """Store the key and read it back; raise KeyringUnavailableError if it was not kept
    or if the backend is one that must not hold keys (nothing is written then)."""
    refused = refusal(keyring)
    if refused is not None:
        raise KeyringUnavailableError(refused)
    secret = private_key_to_secret(private_key)
    username = keyring_username(rater_id)
    try:
        keyring.set_password(KEYRING_SERVICE, username, secret)
        read_back = keyring.get_password(KEYRING_SERVICE, username)
    except Exception as exc:  # backends raise NoKeyringError, KeyringLocked, D-Bus errors...
        raise KeyringUnavailableError(
            unavailable_message(keyring, str(exc) or type(exc).__name__)
        ) from exc
    if read_back != secret:
        raise KeyringUnavailableError(
            unavailable_message(keyring, "it accepted the key but did not keep it")
        )


def load_from_keyring(*, keyring: KeyringBackend, rater_id: str) -> Ed25519PrivateKey:
    """Raises KeyInInsecureKeyringError when the key sits in a refused backend."""
    refused = refusal(keyring)
    if refused is not None:
        if take_from_insecure_keyring(keyring=keyring, rater_id=rater_id) is None:
            raise KeyringUnavailableError(refused)
        raise KeyInInsecureKeyringError(
            f"The signing key of {rater_id} is kept by {_backend_name(keyring)}, which does "
            "not protect it (it is a plain file or no keyring at all). Move it into a key "
            "file encrypted with a passphrase: the rating window asks for one when it "
            "starts, and so does 'rater-desktop key show' on the command line."
        )
    try:
        secret = keyring.get_password(KEYRING_SERVICE, keyring_username(rater_id))
    except Exception as exc:
        raise KeyringUnavailableError(
            unavailable_message(keyring, str(exc) or type(exc).__name__)
        ) from exc
    if secret is None:
        raise KeyNotFoundError(
            f"The signing key of {rater_id} is not in this computer's keyring. "
            "Import your key backup with 'rater-desktop key import-backup FILE'."
        )
    return private_key_from_secret(secret)


def keyring_problem(keyring: KeyringBackend) -> str | None:
    """None if the backend keeps secrets, else a message (for the first-run dialog)."""
    refused = refusal(keyring)
    if refused is not None:
        return refused
    username = "probe"
    try:
        keyring.set_password(KEYRING_SERVICE, username, "probe-value")
        kept = keyring.get_password(KEYRING_SERVICE, username) == "probe-value"
        keyring.delete_password(KEYRING_SERVICE, username)
    except Exception as exc:
        return unavailable_message(keyring, str(exc) or type(exc).__name__)
    return None if kept else unavailable_message(keyring, "it does not keep secrets")


def take_from_insecure_keyring(
    *, keyring: KeyringBackend, rater_id: str
) -> Ed25519PrivateKey | None:
    """The key a refused backend holds for ``rater_id`` (None if it holds none)."""
    try:
        secret = keyring.get_password(KEYRING_SERVICE, keyring_username(rater_id))
    except Exception:  # noqa: BLE001 - a backend that cannot be read holds nothing to move
        return None
    return None if secret is None else private_key_from_secret(secret)


def remove_from_keyring(*, keyring: KeyringBackend, rater_id: str) -> bool:
    """Delete the key's entry; True when the backend no longer returns it."""
    username = keyring_username(rater_id)
    try:
        keyring.delete_password(KEYRING_SERVICE, username)
    except Exception:  # noqa: BLE001 - "not found" and backend errors are checked below
        pass
    try:
        return keyring.get_password(KEYRING_SERVICE, username) is None
    except Exception:  # noqa: BLE001
        return False


def key_file_path(data_dir: Path, rater_id: str) -> Path:
    return data_dir / "keys" / f"{rater_id}_ed25519"


def _private_folder(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if os.name == "posix":
        os.chmod(folder, 0o700)


def write_encrypted_key_file(
    path: Path, *, private_key: Ed25519PrivateKey, passphrase: str
) -> None:
    """Write the key as a passphrase-encrypted OpenSSH file, mode 0600 in a 0700 folder."""
    data = encrypted_private_key_file(private_key, passphrase)
    try:
        _private_folder(path.parent)
        write_files_atomically([(path, data)], mode=0o600)
    except AtomicWriteError as exc:
        raise KeyFileError(exc.errno, exc.strerror) from exc
    except OSError as exc:
        raise KeyFileError(exc.errno, f"Cannot create {path.parent}: {exc.strerror}") from exc


def read_encrypted_key_file(path: Path, *, passphrase: str) -> Ed25519PrivateKey:
    """Raises KeyNotFoundError, KeyFileError, WrongPassphraseError or KeyFormatError."""
    try:
        if path.stat().st_size > MAX_KEY_FILE_BYTES:
            raise KeyFileError(0, f"{path} is too large to be a key file")
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise KeyNotFoundError(f"The key file {path} does not exist.") from exc
    except OSError as exc:
        raise KeyFileError(exc.errno, f"Cannot read {path}: {exc.strerror}") from exc
    return load_encrypted_private_key(data, passphrase)
