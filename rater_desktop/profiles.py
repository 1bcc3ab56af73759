"""Rater profiles: who rates on this laptop, with which signing key.

A profile lives in ``<data_dir>/profiles/<rater_id>/profile.json`` (the rating store puts
``ratings.sqlite3`` in the same folder). The private key is in the OS keyring, or, only when
the rater chose it, in a passphrase-encrypted OpenSSH key file under ``<data_dir>/keys``.
``cryptography`` and ``keyring`` are imported inside the functions that need them.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from rater_desktop.signing.keystore import KeyringBackend

PROFILE_FORMAT = "rater-desktop-profile"
PROFILE_VERSION = 1
LAST_USED_FILE = "last_profile.json"
_RATER_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
MAX_PROFILE_BYTES = 64 * 1024


class ProfileError(ValueError):
    """A profile cannot be created, found or read; the message says what to do."""


class KeyStorage(StrEnum):
    KEYRING = "keyring"
    ENCRYPTED_FILE = "encrypted-file"


@dataclass(frozen=True)
class Profile:
    """A rater's identity on this laptop. ``public_key`` is an OpenSSH public key line."""

    rater_id: str
    display_name: str
    public_key: str
    fingerprint: str
    key_storage: KeyStorage
    created_at: str
    key_file: str | None = None

    @property
    def allowed_signers_line(self) -> str:
        return f"{self.rater_id} {self.public_key}"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["key_storage"] = str(self.key_storage)
        return {"format": PROFILE_FORMAT, "version": PROFILE_VERSION, **data}


def validate_rater_id(rater_id: str) -> str:
    """1-64 of ``A-Z a-z 0-9 . _ -``; also what the ratings store accepts as a folder name."""
    from rater_desktop.storage.layout import validate_rater_id as storage_check

    if not isinstance(rater_id, str) or not _RATER_ID.fullmatch(rater_id):
        raise ProfileError(
            f"Invalid rater id {rater_id!r}: use 1-64 characters among letters, digits, "
            "'.', '_' and '-'."
        )
    try:
        storage_check(rater_id)  # also: starts with a letter or digit, no reserved names
    except ValueError as exc:
        raise ProfileError(str(exc)) from exc
    return rater_id


def validate_display_name(name: str) -> str:
    cleaned = name.strip()
    if not cleaned or len(cleaned) > 200 or any(ord(c) < 32 or ord(c) == 127 for c in cleaned):
        raise ProfileError("The display name must be 1-200 printable characters.")
    return cleaned


def profile_dir(data_dir: Path, rater_id: str) -> Path:
    return data_dir / "profiles" / validate_rater_id(rater_id)


def _profile_file(data_dir: Path, rater_id: str) -> Path:
    return profile_dir(data_dir, rater_id) / "profile.json"


def _write_json(path: Path, data: dict[str, Any]) -> None:
    from rater_desktop.signing.atomic_files import write_files_atomically

    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_files_atomically([(path, text.encode("utf-8"))])


def save_profile(profile: Profile, *, data_dir: Path) -> None:
    folder = profile_dir(data_dir, profile.rater_id)
    folder.mkdir(parents=True, exist_ok=True)
    if os.name == "posix":
        os.chmod(folder, 0o700)
    _write_json(folder / "profile.json", profile.to_json())


def _store_key(
    *,
    rater_id: str,
    private_key: Ed25519PrivateKey,
    keyring: KeyringBackend,
    data_dir: Path,
    passphrase: str | None,
) -> tuple[KeyStorage, str | None]:
    from rater_desktop.signing import keystore

    if passphrase is None:
        keystore.store_in_keyring(keyring=keyring, rater_id=rater_id, private_key=private_key)
        return KeyStorage.KEYRING, None
    path = keystore.key_file_path(data_dir, rater_id)
    keystore.write_encrypted_key_file(path, private_key=private_key, passphrase=passphrase)
    return KeyStorage.ENCRYPTED_FILE, path.relative_to(data_dir).as_posix()


def create_profile(
    *,
    rater_id: str,
    display_name: str,
    keyring: KeyringBackend,
    data_dir: Path,
    passphrase: str | None = None,
    private_key: Ed25519PrivateKey | None = None,
    now: Callable[[], datetime] | None = None,
) -> Profile:
    """Create a profile with a new (or the given) Ed25519 key and make it the last used.

    Without ``passphrase`` the key goes to ``keyring``; if that backend cannot keep it,
    KeyringUnavailableError is raised and nothing is written, so the caller can ask the
    rater for a passphrase and call again: then the key goes to an encrypted key file.
    """
    from rater_desktop.signing import keys

    validate_rater_id(rater_id)
    name = validate_display_name(display_name)
    if passphrase is not None:
        from rater_desktop.signing.passphrase import passphrase_problem

        problem = passphrase_problem(passphrase)  # the same minimum as the command line
        if problem:
            raise ProfileError(problem)
    if _profile_file(data_dir, rater_id).exists():
        raise ProfileError(f"A profile {rater_id!r} already exists on this computer.")
    key = private_key or keys.generate_private_key()
    storage, key_file = _store_key(
        rater_id=rater_id,
        private_key=key,
        keyring=keyring,
        data_dir=data_dir,
        passphrase=passphrase,
    )
    profile = Profile(
        rater_id=rater_id,
        display_name=name,
        public_key=keys.openssh_public_key(key.public_key()),
        fingerprint=keys.fingerprint(key.public_key()),
        key_storage=storage,
        created_at=(now or (lambda: datetime.now(UTC)))().strftime("%Y-%m-%dT%H:%M:%SZ"),
        key_file=key_file,
    )
    save_profile(profile, data_dir=data_dir)
    remember_last_used(data_dir=data_dir, rater_id=rater_id)
    return profile


def replace_key(
    profile: Profile,
    *,
    private_key: Ed25519PrivateKey,
    keyring: KeyringBackend,
    data_dir: Path,
    passphrase: str | None = None,
) -> Profile:
    """Give an existing profile another key (e.g. imported from a backup)."""
    from dataclasses import replace

    from rater_desktop.signing import keys

    storage, key_file = _store_key(
        rater_id=profile.rater_id,
        private_key=private_key,
        keyring=keyring,
        data_dir=data_dir,
        passphrase=passphrase,
    )
    updated = replace(
        profile,
        public_key=keys.openssh_public_key(private_key.public_key()),
        fingerprint=keys.fingerprint(private_key.public_key()),
        key_storage=storage,
        key_file=key_file,
    )
    save_profile(updated, data_dir=data_dir)
    return updated


def _profile_from_json(data: Any, where: Path) -> Profile:
    try:
        if data["format"] != PROFILE_FORMAT:
            raise ProfileError(f"{where} is not a Rater Desktop profile.")
        return Profile(
            rater_id=validate_rater_id(str(data["rater_id"])),
            display_name=str(data["display_name"]),
            public_key=str(data["public_key"]),
            fingerprint=str(data["fingerprint"]),
            key_storage=KeyStorage(data["key_storage"]),
            created_at=str(data["created_at"]),
            key_file=None if data.get("key_file") is None else str(data["key_file"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ProfileError):
            raise
        raise ProfileError(f"{where} is damaged ({exc}). Recreate the profile.") from exc


def load_profile(*, data_dir: Path, rater_id: str) -> Profile:
    path = _profile_file(data_dir, rater_id)
    try:
        if path.stat().st_size > MAX_PROFILE_BYTES:
            raise ProfileError(f"{path} is too large to be a profile.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ProfileError(
            f"No profile {rater_id!r} on this computer. "
            "Create one with 'rater-desktop profile create --rater-id ID --name NAME'."
        ) from exc
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProfileError(f"Cannot read {path}: {exc}") from exc
    profile = _profile_from_json(data, path)
    if profile.rater_id != rater_id:
        raise ProfileError(f"{path} names rater {profile.rater_id!r}, not {rater_id!r}.")
    return profile


def list_profiles(*, data_dir: Path) -> list[Profile]:
    """Every readable profile, sorted by rater id (unreadable ones are skipped)."""
    root = data_dir / "profiles"
    if not root.is_dir():
        return []
    found = []
    for folder in sorted(root.iterdir()):
        if not (folder / "profile.json").is_file():
            continue
        try:
            found.append(load_profile(data_dir=data_dir, rater_id=folder.name))
        except ProfileError:
            continue
    return found


def remember_last_used(*, data_dir: Path, rater_id: str) -> None:
    _write_json(data_dir / LAST_USED_FILE, {"rater_id": validate_rater_id(rater_id)})


def last_used_rater_id(*, data_dir: Path) -> str | None:
    try:
        data = json.loads((data_dir / LAST_USED_FILE).read_text(encoding="utf-8"))
        return validate_rater_id(str(data["rater_id"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def resolve_profile(*, data_dir: Path, requested: str | None) -> Profile:
    """The profile named by ``--profile``, else the last used, else the only one."""
    if requested:
        profile = load_profile(data_dir=data_dir, rater_id=validate_rater_id(requested))
        remember_last_used(data_dir=data_dir, rater_id=profile.rater_id)
        return profile
    last = last_used_rater_id(data_dir=data_dir)
    if last and _profile_file(data_dir, last).is_file():
        return load_profile(data_dir=data_dir, rater_id=last)
    profiles = list_profiles(data_dir=data_dir)
    if len(profiles) == 1:
        return profiles[0]
    if not profiles:
        raise ProfileError(
            "No rater profile yet. Create one with "
            "'rater-desktop profile create --rater-id ID --name NAME'."
        )
    names = ", ".join(p.rater_id for p in profiles)
    raise ProfileError(f"Several profiles exist ({names}); choose one with --profile ID.")


def load_private_key(
    profile: Profile,
    *,
    keyring: KeyringBackend,
    data_dir: Path,
    passphrase: str | None = None,
) -> Ed25519PrivateKey:
    """The profile's private key; checks it still matches the profile's public key."""
    from rater_desktop.signing import keys, keystore

    if profile.key_storage is KeyStorage.KEYRING:
        key = keystore.load_from_keyring(keyring=keyring, rater_id=profile.rater_id)
    else:
        if passphrase is None:
            raise ProfileError(
                f"The key of {profile.rater_id} is encrypted: a passphrase is needed."
            )
        path = data_dir / (profile.key_file or "")
        key = keystore.read_encrypted_key_file(path, passphrase=passphrase)
    if keys.fingerprint(key.public_key()) != profile.fingerprint:
        raise ProfileError(
            f"The stored key of {profile.rater_id} ({keys.fingerprint(key.public_key())}) does "
            f"not match the profile ({profile.fingerprint}). Import the right key backup."
        )
    return key


def key_needs_moving(profile: Profile, *, keyring: KeyringBackend) -> bool:
    """True when the profile's key is said to be in a keyring that must not hold keys."""
    from rater_desktop.signing import keystore

    return profile.key_storage is KeyStorage.KEYRING and keystore.refusal(keyring) is not None


def move_key_to_file(
    profile: Profile, *, keyring: KeyringBackend, data_dir: Path, passphrase: str
) -> Profile:
    """Move the key out of a refused keyring into an encrypted key file.

    The encrypted file and the updated profile are written first; only then is the
    keyring entry removed, so an interruption never loses the key.
    """
    from rater_desktop.signing import MIN_PASSPHRASE_LENGTH, keys, keystore

    if len(passphrase) < MIN_PASSPHRASE_LENGTH:
        raise ProfileError(f"Choose a passphrase of at least {MIN_PASSPHRASE_LENGTH} characters.")
    key = keystore.take_from_insecure_keyring(keyring=keyring, rater_id=profile.rater_id)
    if key is None:
        raise ProfileError(
            f"The signing key of {profile.rater_id} is not in {type(keyring).__name__} any "
            "more. Import your key backup with 'rater-desktop key import-backup FILE'."
        )
    if keys.fingerprint(key.public_key()) != profile.fingerprint:
        raise ProfileError(
            f"The key found for {profile.rater_id} does not match the profile "
            f"({profile.fingerprint}); nothing was moved. Import the right key backup."
        )
    moved = replace_key(profile, private_key=key, keyring=keyring, data_dir=data_dir,
                        passphrase=passphrase)
    if not keystore.remove_from_keyring(keyring=keyring, rater_id=profile.rater_id):
        raise ProfileError(
            f"The key is now in the encrypted file {data_dir / (moved.key_file or '')}, but "
            f"{type(keyring).__name__} did not delete its copy. Delete the "
            f"'{keystore.keyring_username(profile.rater_id)}' entry of the service "
            f"'{keystore.KEYRING_SERVICE}' by hand."
        )
    return moved
