"""``rater-desktop key show | export-backup | import-backup``: the rater's signing key.

Also holds what the profile/results commands share: passphrase input and error reporting.
Passphrases come from getpass, or from ``RATER_DESKTOP_PASSPHRASE`` (scripts and tests).
"""

from __future__ import annotations

import argparse
import functools
import getpass
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from rater_desktop.profiles import Profile

PASSPHRASE_ENV = "RATER_DESKTOP_PASSPHRASE"
EXIT_OK = 0
EXIT_FAILED = 1


class CliError(Exception):
    """A problem to print as one clear line (exit status 1)."""


def read_passphrase(prompt: str, *, new: bool = False) -> str:
    """From the environment, else asked on the terminal (twice for a new passphrase)."""
    from_env = os.environ.get(PASSPHRASE_ENV)
    if from_env is not None:
        passphrase = from_env
    else:
        try:
            passphrase = getpass.getpass(prompt)
            if new and getpass.getpass("Repeat the passphrase: ") != passphrase:
                raise CliError("The two passphrases differ; nothing was changed.")
        except EOFError as exc:
            raise CliError(f"No passphrase given (no terminal?). Set {PASSPHRASE_ENV}.") from exc
    from rater_desktop.signing.passphrase import passphrase_problem

    if not passphrase:
        raise CliError("The passphrase must not be empty.")
    problem = passphrase_problem(passphrase) if new else None
    if problem:
        raise CliError(problem)
    return passphrase


def reporting_errors(handler: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """Turn the expected failures into one 'error:' line and exit status 1."""

    @functools.wraps(handler)
    def wrapped(args: argparse.Namespace) -> int:
        from rater_desktop.profiles import ProfileError
        from rater_desktop.signing.keys import KeyFormatError, WrongPassphraseError
        from rater_desktop.signing.keystore import (
            KeyFileError,
            KeyNotFoundError,
            KeyringUnavailableError,
        )

        expected = (
            CliError,
            ProfileError,
            KeyFormatError,
            WrongPassphraseError,
            KeyFileError,
            KeyNotFoundError,
            KeyringUnavailableError,
        )
        try:
            return handler(args)
        except expected as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_FAILED

    return wrapped


def data_dir() -> Path:
    from rater_desktop import appdirs

    return appdirs.data_dir()


def current_profile(args: argparse.Namespace) -> Profile:
    from rater_desktop.profiles import resolve_profile

    return resolve_profile(data_dir=data_dir(), requested=getattr(args, "profile", None))


def profile_private_key(profile: Profile) -> Ed25519PrivateKey:
    """Unlock the profile's key: keyring, or the encrypted key file (asks the passphrase)."""
    from rater_desktop.profiles import KeyStorage, load_private_key
    from rater_desktop.signing import keystore

    keyring = keystore.default_keyring()
    passphrase = None
    if profile.key_storage is KeyStorage.KEYRING:
        profile = move_key_if_needed(profile, keyring=keyring)
    if profile.key_storage is KeyStorage.ENCRYPTED_FILE:
        passphrase = read_passphrase(f"Passphrase of {profile.rater_id}'s key file: ")
    return load_private_key(profile, keyring=keyring, data_dir=data_dir(), passphrase=passphrase)


def key_place(profile: Profile) -> str:
    """Where the profile's signing key is kept: "OS keyring" or "encrypted key file PATH"."""
    if profile.key_file:
        return f"encrypted key file {data_dir() / profile.key_file}"
    return "OS keyring"


def move_key_if_needed(profile: Profile, *, keyring: Any) -> Profile:
    """A key found in a refused keyring goes to an encrypted key file (asks a passphrase)."""
    from rater_desktop.profiles import KeyStorage, key_needs_moving, move_key_to_file
    from rater_desktop.signing import keystore

    if profile.key_storage is KeyStorage.KEYRING:
        # a key left in a legacy plain-file keyring moves into the secure one now
        keystore.take_over_legacy_key(keyring=keyring, rater_id=profile.rater_id)
    if not key_needs_moving(profile, keyring=keyring):
        return profile
    print(
        f"The signing key of {profile.rater_id} is kept by {type(keyring).__name__}, which "
        "does not protect it. It is now moved into a key file encrypted with a passphrase "
        "you choose, and removed from there.",
        file=sys.stderr,
    )
    if keystore.take_from_insecure_keyring(keyring=keyring, rater_id=profile.rater_id) is None:
        return profile  # nothing to move; loading reports the missing key
    passphrase = read_passphrase("New passphrase for the key file: ", new=True)
    moved = move_key_to_file(profile, keyring=keyring, data_dir=data_dir(), passphrase=passphrase)
    print(f"Key moved to the encrypted key file {data_dir() / (moved.key_file or '')}.",
          file=sys.stderr)
    return moved


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("key", help="show, back up or restore your signing key")
    commands = parser.add_subparsers(dest="key_command", metavar="ACTION", required=True)
    show = commands.add_parser("show", help="print the public key and allowed_signers line")
    show.add_argument("--line", action="store_true", help="print only the allowed_signers line")
    show.set_defaults(handler=run_show)
    backup = commands.add_parser("export-backup", help="write a passphrase-encrypted key backup")
    backup.add_argument("--out", required=True, type=Path, help="backup file to write")
    backup.add_argument("--force", action="store_true", help="replace an existing file")
    backup.set_defaults(handler=run_export_backup)
    restore = commands.add_parser("import-backup", help="use a key backup on this computer")
    restore.add_argument("file", type=Path, help="backup file made by 'key export-backup'")
    restore.add_argument("--rater-id", help="profile to create or update (default: current)")
    restore.add_argument("--name", help="display name, when a new profile is created")
    restore.add_argument(
        "--key-file", action="store_true", help="keep the key in an encrypted file, not a keyring"
    )
    restore.add_argument(
        "--force", action="store_true", help="replace the profile's current, different key"
    )
    restore.set_defaults(handler=run_import_backup)


@reporting_errors
def run_show(args: argparse.Namespace) -> int:
    profile = current_profile(args)
    if args.line:
        print(profile.allowed_signers_line)
        return EXIT_OK
    from rater_desktop.signing import keystore

    profile = move_key_if_needed(profile, keyring=keystore.default_keyring())
    print(f"Rater:       {profile.rater_id} ({profile.display_name})")
    print(f"Fingerprint: {profile.fingerprint}")
    print(f"Key kept in: {key_place(profile)}")
    print(f"Public key:  {profile.public_key}")
    print("allowed_signers line (give it to your QA reviewer):")
    print(profile.allowed_signers_line)
    return EXIT_OK


@reporting_errors
def run_export_backup(args: argparse.Namespace) -> int:
    from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically
    from rater_desktop.signing.keys import encrypted_private_key_file

    out: Path = args.out
    if out.exists() and not args.force:
        raise CliError(f"{out} already exists; choose another name or add --force.")
    profile = current_profile(args)
    private_key = profile_private_key(profile)
    passphrase = read_passphrase("New passphrase for the backup: ", new=True)
    data = encrypted_private_key_file(private_key, passphrase)
    try:
        write_files_atomically([(out, data)], mode=0o600)
    except AtomicWriteError as exc:
        raise CliError(str(exc.strerror)) from exc
    print(f"Backup of {profile.rater_id}'s key ({profile.fingerprint}) written to {out}.")
    print("Keep it and its passphrase apart; anyone with both can sign as you.")
    return EXIT_OK


def _import_target(args: argparse.Namespace) -> Profile | None:
    """The existing profile to update, or None when a new one is to be created."""
    from rater_desktop.profiles import list_profiles, load_profile

    rater_id = args.rater_id or args.profile
    if rater_id is None:
        return current_profile(args)
    if any(p.rater_id == rater_id for p in list_profiles(data_dir=data_dir())):
        return load_profile(data_dir=data_dir(), rater_id=rater_id)
    return None


@reporting_errors
def run_import_backup(args: argparse.Namespace) -> int:
    from rater_desktop.profiles import create_profile, remember_last_used, replace_key
    from rater_desktop.signing import keys, keystore

    try:
        data = args.file.read_bytes()[: keystore.MAX_KEY_FILE_BYTES + 1]
    except OSError as exc:
        raise CliError(f"Cannot read {args.file}: {exc.strerror}") from exc
    private_key = keys.load_encrypted_private_key(data, read_passphrase("Backup passphrase: "))
    new_fp = keys.fingerprint(private_key.public_key())
    local_passphrase = (
        read_passphrase("Passphrase for the key file on this computer: ", new=True)
        if args.key_file
        else None
    )
    keyring, folder = keystore.default_keyring(), data_dir()
    target = _import_target(args)
    if target is None:
        if not args.name:
            raise CliError(f"No profile {args.rater_id!r} here; add --name to create it.")
        profile = create_profile(
            rater_id=args.rater_id,
            display_name=args.name,
            keyring=keyring,
            data_dir=folder,
            passphrase=local_passphrase,
            private_key=private_key,
        )
        print(f"Created profile {profile.rater_id} with the imported key {new_fp}.")
        return EXIT_OK
    if target.fingerprint != new_fp and not args.force:
        raise CliError(
            f"Profile {target.rater_id} has another key ({target.fingerprint}); the backup "
            f"holds {new_fp}. Add --force to replace it (results signed before stay valid "
            "only for QA reviewers who keep the old key in their roster)."
        )
    profile = replace_key(
        target,
        private_key=private_key,
        keyring=keyring,
        data_dir=folder,
        passphrase=local_passphrase,
    )
    remember_last_used(data_dir=folder, rater_id=profile.rater_id)
    print(f"Profile {profile.rater_id} now uses the imported key {new_fp}.")
    return EXIT_OK
