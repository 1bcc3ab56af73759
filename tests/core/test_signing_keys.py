"""Ed25519 keys: OpenSSH encodings, fingerprints, keyring storage and the encrypted fallback."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from keyring.backends import fail, null

from rater_desktop.signing import keys, keystore

SSH_KEYGEN = shutil.which("ssh-keygen")
needs_ssh_keygen = pytest.mark.skipif(
    SSH_KEYGEN is None, reason="ssh-keygen (OpenSSH) is not installed on this machine"
)


def test_public_key_line_round_trips() -> None:
    private = keys.generate_private_key()
    line = keys.openssh_public_key(private.public_key())
    assert line.startswith("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5")
    parsed = keys.parse_openssh_public_key(line + " comment")
    assert keys.public_key_blob(parsed) == keys.public_key_blob(private.public_key())


def test_fingerprint_has_ssh_keygen_shape() -> None:
    fp = keys.fingerprint(keys.generate_private_key().public_key())
    assert fp.startswith("SHA256:") and len(fp) == 7 + 43 and not fp.endswith("=")


@needs_ssh_keygen
def test_fingerprint_matches_ssh_keygen(tmp_path: Path) -> None:
    private = keys.generate_private_key()
    pub = tmp_path / "id.pub"
    pub.write_text(keys.openssh_public_key(private.public_key()) + " rater\n")
    out = subprocess.run(
        [str(SSH_KEYGEN), "-l", "-f", str(pub)], capture_output=True, text=True, check=True
    ).stdout
    assert out.split()[1] == keys.fingerprint(private.public_key())


@pytest.mark.parametrize(
    "text",
    ["", "ssh-rsa AAAAB3NzaC1yc2E", "ssh-ed25519 not-base64!", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5"],
)
def test_bad_public_key_lines_are_refused(text: str) -> None:
    with pytest.raises(keys.KeyFormatError):
        keys.parse_openssh_public_key(text)


def test_keyring_stores_and_loads_the_key(memory_keyring) -> None:  # type: ignore[no-untyped-def]
    private = keys.generate_private_key()
    keystore.store_in_keyring(keyring=memory_keyring, rater_id="alice", private_key=private)
    loaded = keystore.load_from_keyring(keyring=memory_keyring, rater_id="alice")
    assert keys.fingerprint(loaded.public_key()) == keys.fingerprint(private.public_key())
    assert keystore.keyring_problem(memory_keyring) is None


def test_keyring_raising_no_keyring_error_is_reported() -> None:
    backend = fail.Keyring()
    with pytest.raises(keystore.KeyringUnavailableError, match="--key-file"):
        keystore.store_in_keyring(
            keyring=backend, rater_id="alice", private_key=keys.generate_private_key()
        )
    problem = keystore.keyring_problem(backend)
    assert problem is not None and "No usable keyring" in problem


def test_null_keyring_that_drops_secrets_is_detected() -> None:
    backend = null.Keyring()
    with pytest.raises(keystore.KeyringUnavailableError, match="not at all"):
        keystore.store_in_keyring(
            keyring=backend, rater_id="alice", private_key=keys.generate_private_key()
        )
    assert keystore.keyring_problem(backend) is not None


def test_backend_that_drops_secrets_is_detected() -> None:
    class Forgetful:
        priority = 5

        def set_password(self, service: str, username: str, password: str) -> None:
            pass

        def get_password(self, service: str, username: str) -> str | None:
            return None

        def delete_password(self, service: str, username: str) -> None:
            pass

    with pytest.raises(keystore.KeyringUnavailableError, match="did not keep it"):
        keystore.store_in_keyring(
            keyring=Forgetful(), rater_id="alice", private_key=keys.generate_private_key()
        )


def test_missing_keyring_entry_says_how_to_restore(memory_keyring) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(keystore.KeyNotFoundError, match="import-backup"):
        keystore.load_from_keyring(keyring=memory_keyring, rater_id="nobody")


def test_encrypted_key_file_is_private_and_encrypted(tmp_path: Path) -> None:
    private = keys.generate_private_key()
    path = keystore.key_file_path(tmp_path, "alice")
    keystore.write_encrypted_key_file(path, private_key=private, passphrase="correct horse")
    data = path.read_bytes()
    assert data.startswith(b"-----BEGIN OPENSSH PRIVATE KEY-----")
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    with pytest.raises(keys.WrongPassphraseError):
        keystore.read_encrypted_key_file(path, passphrase="wrong horse")
    loaded = keystore.read_encrypted_key_file(path, passphrase="correct horse")
    assert keys.fingerprint(loaded.public_key()) == keys.fingerprint(private.public_key())


def test_encrypted_key_file_uses_a_cipher_and_kdf(tmp_path: Path) -> None:
    import base64

    private = keys.generate_private_key()
    data = keys.encrypted_private_key_file(private, "correct horse")
    body = b"".join(data.splitlines()[1:-1])
    raw = base64.b64decode(body)
    assert raw.startswith(b"openssh-key-v1\0")
    assert b"bcrypt" in raw[:80] and b"aes256" in raw[:80]
    seed = private.private_bytes_raw()
    assert seed not in raw


def test_plain_private_key_files_are_refused() -> None:
    from cryptography.hazmat.primitives import serialization

    private = keys.generate_private_key()
    plain = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    with pytest.raises(keys.KeyFormatError, match="not encrypted"):
        keys.load_encrypted_private_key(plain, "anything")


def test_empty_passphrase_is_refused() -> None:
    with pytest.raises(ValueError, match="passphrase"):
        keys.encrypted_private_key_file(keys.generate_private_key(), "")
