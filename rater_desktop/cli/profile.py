"""``rater-desktop profile create | list``: who is rating on this computer."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rater_desktop.cli.keys import (
    EXIT_FAILED,
    EXIT_OK,
    data_dir,
    key_place,
    read_passphrase,
    reporting_errors,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("profile", help="create or list rater profiles")
    commands = parser.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    create = commands.add_parser(
        "create",
        help="create a profile with a new signing key",
        description="Create a rater profile and its Ed25519 signing key. The private key is "
        "kept in the OS keyring; with --key-file (for computers without a usable keyring) "
        "it is kept in a file encrypted with a passphrase you choose.",
    )
    create.add_argument("--rater-id", required=True, help="1-64 of A-Z a-z 0-9 . _ -")
    create.add_argument("--name", required=True, help="display name")
    create.add_argument(
        "--key-file",
        action="store_true",
        help="keep the key in a passphrase-encrypted file instead of the OS keyring",
    )
    create.set_defaults(handler=run_create)
    listing = commands.add_parser("list", help="list the profiles on this computer")
    listing.set_defaults(handler=run_list)


@reporting_errors
def run_create(args: argparse.Namespace) -> int:
    from rater_desktop.profiles import create_profile
    from rater_desktop.signing import keystore

    passphrase = None
    if args.key_file:
        passphrase = read_passphrase("New passphrase for the key file: ", new=True)
    try:
        profile = create_profile(
            rater_id=args.rater_id,
            display_name=args.name,
            keyring=keystore.default_keyring(),
            data_dir=data_dir(),
            passphrase=passphrase,
        )
    except keystore.KeyringUnavailableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        print(
            "No profile was created. To keep the key in an encrypted file instead, run:\n"
            f"  rater-desktop profile create --rater-id {args.rater_id} --name ... --key-file",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(f"Created profile {profile.rater_id} ({profile.display_name}); "
          f"key kept in the {key_place(profile)}.")
    print(f"Fingerprint: {profile.fingerprint}")
    print("allowed_signers line (give it to your QA reviewer):")
    print(profile.allowed_signers_line)
    return EXIT_OK


@reporting_errors
def run_list(args: argparse.Namespace) -> int:
    from rater_desktop.profiles import last_used_rater_id, list_profiles

    folder = data_dir()
    profiles = list_profiles(data_dir=folder)
    if not profiles:
        print(
            "No profiles yet. Create one with: "
            "rater-desktop profile create --rater-id ID --name NAME"
        )
        return EXIT_OK
    last = last_used_rater_id(data_dir=folder)
    for profile in profiles:
        marker = "*" if profile.rater_id == last else " "
        print(
            f"{marker} {profile.rater_id}\t{profile.display_name}\t{profile.fingerprint}\t"
            f"{profile.key_storage}"
        )
    return EXIT_OK
