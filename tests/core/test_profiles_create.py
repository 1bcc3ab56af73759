"""Rater profiles: creation, storage of the key, listing, choosing the current profile."""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest
from keyring.backends import fail, null

from rater_desktop import profiles
from rater_desktop.profiles import KeyStorage, ProfileError
from rater_desktop.signing import keys, keystore


def _create(
    data_dir: Path, keyring: object, rater_id: str = "alice", **kw: object
) -> profiles.Profile:
    return profiles.create_profile(
        rater_id=rater_id,
        display_name=f"{rater_id.title()} Example",
        keyring=keyring,  # type: ignore[arg-type]
        data_dir=data_dir,
        now=lambda: datetime(2026, 11, 30, 9, 0, tzinfo=UTC),
        **kw,  # type: ignore[arg-type]
    )


def test_create_profile_with_keyring(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    profile = _create(tmp_path, memory_keyring)
    assert profile.key_storage is KeyStorage.KEYRING and profile.key_file is None
    stored = json.loads((tmp_path / "profiles" / "alice" / "profile.json").read_text())
    assert stored["public_key"] == profile.public_key
    assert stored["fingerprint"] == profile.fingerprint.replace("\n", "")
    assert stored["created_at"] == "2026-11-30T09:00:00Z"
    key = profiles.load_private_key(profile, keyring=memory_keyring, data_dir=tmp_path)
    assert keys.fingerprint(key.public_key()) == profile.fingerprint
    assert profile.allowed_signers_line == f"alice {profile.public_key}"
    assert not list(tmp_path.rglob("*_ed25519"))  # nothing on disk besides the profile


@pytest.mark.parametrize("backend", [fail.Keyring(), null.Keyring()], ids=["raising", "null"])
def test_no_usable_keyring_writes_nothing_and_says_so(tmp_path: Path, backend: object) -> None:
    with pytest.raises(keystore.KeyringUnavailableError, match="encrypted with a passphrase"):
        _create(tmp_path, backend)
    assert not (tmp_path / "profiles" / "alice").exists()


def test_explicit_encrypted_file_fallback(tmp_path: Path) -> None:
    profile = _create(tmp_path, null.Keyring(), passphrase="correct horse battery")
    assert profile.key_storage is KeyStorage.ENCRYPTED_FILE
    key_path = tmp_path / str(profile.key_file)
    assert key_path.is_file() and key_path.is_relative_to(tmp_path)
    if os.name == "posix":
        assert stat.S_IMODE(key_path.stat().st_mode) == 0o600
        assert stat.S_IMODE(key_path.parent.stat().st_mode) == 0o700
    with pytest.raises(ProfileError, match="passphrase is needed"):
        profiles.load_private_key(profile, keyring=null.Keyring(), data_dir=tmp_path)
    with pytest.raises(keys.WrongPassphraseError):
        profiles.load_private_key(
            profile, keyring=null.Keyring(), data_dir=tmp_path, passphrase="wrong"
        )
    key = profiles.load_private_key(
        profile, keyring=null.Keyring(), data_dir=tmp_path, passphrase="correct horse battery"
    )
    assert keys.fingerprint(key.public_key()) == profile.fingerprint


@pytest.mark.parametrize("rater_id", ["", "..", ".", "a/b", "a b", "x" * 65, "con", "-lead", "é"])
def test_invalid_rater_ids_are_refused(tmp_path: Path, memory_keyring, rater_id: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProfileError):
        _create(tmp_path, memory_keyring, rater_id=rater_id)
    assert not (tmp_path / "profiles").exists() or not any((tmp_path / "profiles").iterdir())


def test_valid_rater_ids(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    for rater_id in ("r.07_b-2", "A" * 64, "7"):
        assert _create(tmp_path, memory_keyring, rater_id=rater_id).rater_id == rater_id


def test_duplicate_profile_is_refused(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    first = _create(tmp_path, memory_keyring)
    with pytest.raises(ProfileError, match="already exists"):
        _create(tmp_path, memory_keyring)
    assert profiles.load_profile(data_dir=tmp_path, rater_id="alice") == first


def test_list_and_resolve_with_last_used(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProfileError, match="profile create"):
        profiles.resolve_profile(data_dir=tmp_path, requested=None)
    _create(tmp_path, memory_keyring, rater_id="bob")
    _create(tmp_path, memory_keyring, rater_id="alice")
    assert [p.rater_id for p in profiles.list_profiles(data_dir=tmp_path)] == ["alice", "bob"]
    assert profiles.resolve_profile(data_dir=tmp_path, requested=None).rater_id == "alice"
    assert profiles.resolve_profile(data_dir=tmp_path, requested="bob").rater_id == "bob"
    # choosing one with --profile makes it the default next time
    assert profiles.resolve_profile(data_dir=tmp_path, requested=None).rater_id == "bob"
    with pytest.raises(ProfileError, match="No profile 'carol'"):
        profiles.resolve_profile(data_dir=tmp_path, requested="carol")
    (tmp_path / profiles.LAST_USED_FILE).write_text("{broken")
    with pytest.raises(ProfileError, match="--profile"):
        profiles.resolve_profile(data_dir=tmp_path, requested=None)


def test_damaged_profile_file_gives_a_clear_error(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    _create(tmp_path, memory_keyring)
    path = tmp_path / "profiles" / "alice" / "profile.json"
    path.write_text('{"format": "rater-desktop-profile", "rater_id": "alice"}')
    with pytest.raises(ProfileError, match="damaged"):
        profiles.load_profile(data_dir=tmp_path, rater_id="alice")
    assert profiles.list_profiles(data_dir=tmp_path) == []


def test_key_that_no_longer_matches_the_profile_is_refused(tmp_path: Path, memory_keyring) -> None:  # type: ignore[no-untyped-def]
    profile = _create(tmp_path, memory_keyring)
    keystore.store_in_keyring(
        keyring=memory_keyring, rater_id="alice", private_key=keys.generate_private_key()
    )
    with pytest.raises(ProfileError, match="does not match"):
        profiles.load_private_key(profile, keyring=memory_keyring, data_dir=tmp_path)
