"""``rater-desktop profile ...`` and ``rater-desktop key ...`` end to end (in process)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from keyring.backends import null

from rater_desktop import appdirs, profiles
from rater_desktop.cli import main
from rater_desktop.signing import keys, keystore


@pytest.fixture
def use_keyring(monkeypatch: pytest.MonkeyPatch, memory_keyring):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    return memory_keyring


def test_create_list_show(use_keyring, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice A."]) == 0
    created = capsys.readouterr().out
    profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    assert profile.fingerprint in created and profile.allowed_signers_line in created
    assert main(["profile", "create", "--rater-id", "bob", "--name", "Bob"]) == 0
    capsys.readouterr()
    assert main(["profile", "list"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0].startswith("  alice") and listing[1].startswith("* bob")
    assert main(["--profile=alice", "key", "show", "--line"]) == 0
    assert capsys.readouterr().out.strip() == f"alice {profile.public_key}"
    assert main(["key", "show"]) == 0  # alice is now the last used
    shown = capsys.readouterr().out
    assert profile.public_key in shown and "OS keyring" in shown


def test_invalid_id_and_missing_profile(use_keyring, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["profile", "create", "--rater-id", "../x", "--name", "X"]) == 1
    assert "Invalid rater id" in capsys.readouterr().err
    assert main(["key", "show"]) == 1
    assert "profile create" in capsys.readouterr().err


def test_no_keyring_offers_the_key_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: null.Keyring())
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 1
    err = capsys.readouterr().err
    assert "No usable keyring" in err and "--key-file" in err
    assert profiles.list_profiles(data_dir=appdirs.data_dir()) == []
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "short")
    assert main(["profile", "create", "--rater-id", "alice", "--name", "A", "--key-file"]) == 1
    assert "at least 8" in capsys.readouterr().err
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "a long passphrase")
    assert main(["profile", "create", "--rater-id", "alice", "--name", "A", "--key-file"]) == 0
    assert "encrypted key file" in capsys.readouterr().out
    (profile,) = profiles.list_profiles(data_dir=appdirs.data_dir())
    assert profile.key_storage is profiles.KeyStorage.ENCRYPTED_FILE


def test_backup_moves_the_key_to_another_laptop(
    use_keyring, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "backup passphrase")
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 0
    original = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    backup = tmp_path / "alice.key"
    assert main(["key", "export-backup", "--out", str(backup)]) == 0
    assert backup.read_bytes().startswith(b"-----BEGIN OPENSSH PRIVATE KEY-----")
    if os.name == "posix":
        assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert main(["key", "export-backup", "--out", str(backup)]) == 1  # no silent overwrite
    capsys.readouterr()

    # "another laptop": fresh data folder and an empty keyring
    monkeypatch.setenv("RATER_DESKTOP_HOME", str(tmp_path / "laptop2"))
    use_keyring.secrets.clear()
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "not the passphrase")
    assert main(["key", "import-backup", str(backup), "--rater-id", "alice", "--name", "A"]) == 1
    assert "wrong passphrase" in capsys.readouterr().err
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "backup passphrase")
    assert main(["key", "import-backup", str(backup), "--rater-id", "alice"]) == 1
    assert "--name" in capsys.readouterr().err
    assert main(["key", "import-backup", str(backup), "--rater-id", "alice", "--name", "A"]) == 0
    moved = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    assert moved.fingerprint == original.fingerprint
    key = profiles.load_private_key(moved, keyring=use_keyring, data_dir=appdirs.data_dir())
    assert keys.fingerprint(key.public_key()) == original.fingerprint


def test_import_refuses_to_replace_a_different_key_without_force(
    use_keyring, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "backup passphrase")
    other = keys.generate_private_key()
    backup = tmp_path / "other.key"
    backup.write_bytes(keys.encrypted_private_key_file(other, "backup passphrase"))
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 0
    assert main(["key", "import-backup", str(backup)]) == 1
    assert "--force" in capsys.readouterr().err
    assert main(["key", "import-backup", str(backup), "--force"]) == 0
    profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    assert profile.fingerprint == keys.fingerprint(other.public_key())
