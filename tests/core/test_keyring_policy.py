"""Issue 13, item 1: a signing key never lands in a plain-file (or null) keyring.

keyrings.alt is installed as a test dependency so the real PlaintextKeyring is used; the
files it writes under the temporary HOME are scanned for the key's seed.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from pathlib import Path

import keyring as keyring_lib
import pytest
from cryptography.hazmat.primitives import serialization
from keyring.backends import chainer, fail, null
from keyrings.alt.file import EncryptedKeyring, PlaintextKeyring

from rater_desktop import appdirs, profiles
from rater_desktop.cli import main
from rater_desktop.signing import MIN_PASSPHRASE_LENGTH, keyring_policy, keys, keystore


def seed_forms(private_key: object) -> list[bytes]:
    seed = private_key.private_bytes(  # type: ignore[attr-defined]
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    return [seed, base64.b64encode(seed), seed.hex().encode(), base64.b64encode(seed)[:20]]


def readable_forms(data: bytes) -> Iterator[bytes]:
    """The file, and every base64-looking run in it decoded (backends re-encode values)."""
    yield data
    for token in re.findall(rb"[A-Za-z0-9+/]{16,}={0,2}", data):
        compact = token.rstrip(b"=")
        try:
            decoded = base64.b64decode(compact + b"=" * (-len(compact) % 4))
        except ValueError:
            continue
        yield decoded
        yield from readable_forms(decoded) if decoded != data and len(decoded) > 24 else ()


def files_under(root: Path) -> Iterator[Path]:
    yield from (p for p in root.rglob("*") if p.is_file())


def assert_seed_nowhere(root: Path, private_key: object) -> None:
    forms = seed_forms(private_key)
    for path in files_under(root):
        for data in readable_forms(path.read_bytes()):
            for form in forms:
                assert form not in data, f"the key's seed is readable in {path}"


@pytest.fixture
def plaintext_keyring(isolated_app_dirs: Path) -> Iterator[PlaintextKeyring]:
    backend = PlaintextKeyring()
    backend.file_path = str(isolated_app_dirs / "home" / "keyring_pass.cfg")
    previous = keyring_lib.get_keyring()
    keyring_lib.set_keyring(backend)
    yield backend
    keyring_lib.set_keyring(previous)


def test_insecure_backends_are_recognised(memory_keyring) -> None:  # type: ignore[no-untyped-def]
    encrypted = EncryptedKeyring.__new__(EncryptedKeyring)  # its crypto package is absent
    for backend in (PlaintextKeyring(), encrypted, null.Keyring(), fail.Keyring()):
        assert keyring_policy.insecure_reason(backend) is not None, backend
    assert keyring_policy.insecure_reason(memory_keyring) is None

    class LowRanked:  # keyring's own priority says "not recommended"
        priority = 0.5

    assert keyring_policy.insecure_reason(LowRanked()) is not None


def test_chainer_of_only_insecure_backends_is_refused(
    monkeypatch: pytest.MonkeyPatch, memory_keyring
) -> None:  # type: ignore[no-untyped-def]
    plain = PlaintextKeyring()
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [plain, null.Keyring()])
    assert keyring_policy.insecure_reason(chainer.ChainerBackend()) is not None
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [plain, memory_keyring])
    backend = chainer.ChainerBackend()
    assert keyring_policy.insecure_reason(backend) is None
    # The chainer's secure member is used, so a locked keyring never falls through.
    assert keyring_policy.secure_backend(backend) is memory_keyring


def test_plaintext_backend_is_refused_before_writing(plaintext_keyring) -> None:  # type: ignore[no-untyped-def]
    private = keys.generate_private_key()
    with pytest.raises(keystore.KeyringUnavailableError) as raised:
        keystore.store_in_keyring(keyring=plaintext_keyring, rater_id="alice", private_key=private)
    assert "--key-file" in str(raised.value) and "keyrings.alt" in str(raised.value)
    assert plaintext_keyring.get_password(keystore.KEYRING_SERVICE, "signing-key:alice") is None
    assert keystore.keyring_problem(plaintext_keyring) is not None


def test_no_keyring_message_does_not_recommend_a_plain_file_backend() -> None:
    message = keystore.keyring_problem(fail.Keyring())
    assert message is not None and "No usable keyring" in message
    assert "install" not in message.lower()


def test_cli_with_plaintext_keyring_never_writes_the_seed(
    plaintext_keyring, isolated_app_dirs: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # type: ignore[no-untyped-def]
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 1
    err = capsys.readouterr().err
    assert "--key-file" in err and "install" not in err.lower()
    assert profiles.list_profiles(data_dir=appdirs.data_dir()) == []
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "a long passphrase")
    assert main(["profile", "create", "--rater-id", "alice", "--name", "A", "--key-file"]) == 0
    out = capsys.readouterr().out
    assert "OS keyring" not in out
    profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    place = f"encrypted key file {appdirs.data_dir() / str(profile.key_file)}"
    assert f"Created profile alice (A); key kept in the {place}.\n" in out
    assert main(["key", "show"]) == 0
    assert f"Key kept in: {place}\n" in capsys.readouterr().out
    key = profiles.load_private_key(profile, keyring=plaintext_keyring,
                                    data_dir=appdirs.data_dir(), passphrase="a long passphrase")
    assert_seed_nowhere(isolated_app_dirs, key)


def _profile_in_plaintext_keyring(backend: PlaintextKeyring) -> tuple[profiles.Profile, object]:
    """What an older version left behind: the key's seed in the plain-file keyring."""
    private = keys.generate_private_key()
    backend.set_password(keystore.KEYRING_SERVICE, keystore.keyring_username("alice"),
                         keys.private_key_to_secret(private))
    profile = profiles.Profile(
        rater_id="alice", display_name="Alice", public_key=keys.openssh_public_key(
            private.public_key()), fingerprint=keys.fingerprint(private.public_key()),
        key_storage=profiles.KeyStorage.KEYRING, created_at="2026-11-30T09:00:00Z")
    profiles.save_profile(profile, data_dir=appdirs.data_dir())
    profiles.remember_last_used(data_dir=appdirs.data_dir(), rater_id="alice")
    return profile, private


def test_cli_moves_a_key_out_of_the_plaintext_keyring(
    plaintext_keyring, isolated_app_dirs: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # type: ignore[no-untyped-def]
    profile, private = _profile_in_plaintext_keyring(plaintext_keyring)
    with pytest.raises(AssertionError, match="readable"):  # the scan finds what is there
        assert_seed_nowhere(isolated_app_dirs, private)
    with pytest.raises(keystore.KeyInInsecureKeyringError):
        profiles.load_private_key(profile, keyring=plaintext_keyring, data_dir=appdirs.data_dir())
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "x" * (MIN_PASSPHRASE_LENGTH - 1))
    assert main(["key", "show"]) == 1
    assert f"at least {MIN_PASSPHRASE_LENGTH}" in capsys.readouterr().err
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "a long passphrase")
    assert main(["key", "show"]) == 0
    out = capsys.readouterr()
    assert "moved" in out.err and "encrypted key file" in out.out and "OS keyring" not in out.out
    moved = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
    assert moved.key_storage is profiles.KeyStorage.ENCRYPTED_FILE
    assert plaintext_keyring.get_password(keystore.KEYRING_SERVICE, "signing-key:alice") is None
    assert_seed_nowhere(isolated_app_dirs, private)
    key = profiles.load_private_key(moved, keyring=plaintext_keyring,
                                    data_dir=appdirs.data_dir(), passphrase="a long passphrase")
    assert keys.fingerprint(key.public_key()) == profile.fingerprint


def test_move_refuses_a_key_that_does_not_match(plaintext_keyring) -> None:  # type: ignore[no-untyped-def]
    profile, _private = _profile_in_plaintext_keyring(plaintext_keyring)
    other = keys.generate_private_key()
    plaintext_keyring.set_password(keystore.KEYRING_SERVICE, "signing-key:alice",
                                   keys.private_key_to_secret(other))
    with pytest.raises(profiles.ProfileError, match="does not match"):
        profiles.move_key_to_file(profile, keyring=plaintext_keyring,
                                  data_dir=appdirs.data_dir(), passphrase="a long passphrase")
    assert plaintext_keyring.get_password(keystore.KEYRING_SERVICE, "signing-key:alice")
    assert not (appdirs.data_dir() / "keys").exists()


def test_secure_keyring_profiles_are_left_alone(memory_keyring) -> None:  # type: ignore[no-untyped-def]
    profile = profiles.create_profile(rater_id="bob", display_name="Bob",
                                      keyring=memory_keyring, data_dir=appdirs.data_dir())
    assert not profiles.key_needs_moving(profile, keyring=memory_keyring)
    assert profiles.key_needs_moving(profile, keyring=PlaintextKeyring())


@pytest.fixture
def secure_next_to_plaintext(plaintext_keyring, memory_keyring, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A secure backend installed next to the legacy plain-file one: keyring's chainer."""
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [memory_keyring, plaintext_keyring])
    keyring_lib.set_keyring(chainer.ChainerBackend())
    return memory_keyring, plaintext_keyring


def test_a_key_left_in_a_legacy_plaintext_keyring_moves_to_the_secure_one(
    secure_next_to_plaintext, isolated_app_dirs: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:  # type: ignore[no-untyped-def]
    """Before: `key show` said "OS keyring", export failed "not in this computer's
    keyring" and the seed stayed in the plain file."""
    secure, plain = secure_next_to_plaintext
    profile, private = _profile_in_plaintext_keyring(plain)
    assert main(["key", "show"]) == 0
    assert "Key kept in: OS keyring" in capsys.readouterr().out
    username = keystore.keyring_username("alice")
    assert secure.get_password(keystore.KEYRING_SERVICE, username) == keys.private_key_to_secret(private)
    assert plain.get_password(keystore.KEYRING_SERVICE, username) is None
    assert_seed_nowhere(isolated_app_dirs, private)
    monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "a long passphrase")
    assert main(["key", "export-backup", "--out", str(tmp_path / "backup")]) == 0, capsys.readouterr().err
    key = profiles.load_private_key(profile, keyring=keystore.default_keyring(), data_dir=appdirs.data_dir())
    assert keys.fingerprint(key.public_key()) == profile.fingerprint


def test_the_takeover_never_drops_the_legacy_copy_before_the_secure_one_holds_it(
    secure_next_to_plaintext,
) -> None:  # type: ignore[no-untyped-def]
    secure, plain = secure_next_to_plaintext
    _profile, _private = _profile_in_plaintext_keyring(plain)

    def dropped(_service: str, _username: str, _password: str) -> None:
        return None  # accepts, keeps nothing

    secure.set_password = dropped
    with pytest.raises(keystore.KeyringUnavailableError):
        keystore.default_keyring().get_password(keystore.KEYRING_SERVICE, "signing-key:alice")
    assert plain.get_password(keystore.KEYRING_SERVICE, "signing-key:alice") is not None


@pytest.mark.parametrize("backend", ["no_such_module.Keyring", "keyring.backends.null.NoSuchClass"])
def test_a_keyring_backend_that_cannot_load_is_one_line_not_a_traceback(
    backend: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", backend)
    previous = keyring_lib.get_keyring()
    monkeypatch.setattr(keyring_lib.core, "_keyring_backend", None)  # loaded again from the env
    try:
        assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 1
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.startswith("error: ")
        assert backend in err.splitlines()[0] and "--key-file" in err
        monkeypatch.setenv("RATER_DESKTOP_PASSPHRASE", "a long passphrase")
        assert main(["profile", "create", "--rater-id", "alice", "--name", "A", "--key-file"]) == 0
        profile = profiles.load_profile(data_dir=appdirs.data_dir(), rater_id="alice")
        assert profile.key_storage is profiles.KeyStorage.ENCRYPTED_FILE
    finally:
        keyring_lib.set_keyring(previous)
