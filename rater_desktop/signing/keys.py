"""Ed25519 keys in OpenSSH's encodings: public key blobs, fingerprints, key files."""

from __future__ import annotations

import base64
import binascii

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from rater_desktop.signing.fingerprints import fingerprint_of_blob
from rater_desktop.signing.sshwire import WireFormatError, WireReader, ssh_string

ED25519_KEY_TYPE = "ssh-ed25519"
_SECRET_PREFIX = "ed25519-seed:"


class KeyFormatError(ValueError):
    """A key (blob, OpenSSH line or key file) cannot be read."""


class WrongPassphraseError(ValueError):
    """The passphrase does not decrypt the key file."""


def generate_private_key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


def _raw_public(public_key: Ed25519PublicKey) -> bytes:
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def public_key_blob(public_key: Ed25519PublicKey) -> bytes:
    """The SSH wire blob: ``string "ssh-ed25519" || string key``."""
    return ssh_string(ED25519_KEY_TYPE) + ssh_string(_raw_public(public_key))


def public_key_from_blob(blob: bytes) -> Ed25519PublicKey:
    """Parse an SSH public key blob; only Ed25519 is accepted."""
    try:
        reader = WireReader(blob)
        key_type = reader.read_text()
        if key_type != ED25519_KEY_TYPE:
            raise KeyFormatError(f"unsupported key type {key_type!r}; only ssh-ed25519 is used")
        raw = reader.read_string()
        reader.expect_end()
    except WireFormatError as exc:
        raise KeyFormatError(f"malformed public key: {exc}") from exc
    if len(raw) != 32:
        raise KeyFormatError("malformed public key: an Ed25519 key is 32 bytes")
    return Ed25519PublicKey.from_public_bytes(raw)


def openssh_public_key(public_key: Ed25519PublicKey) -> str:
    """``ssh-ed25519 AAAA...`` as in an ``authorized_keys`` or ``.pub`` file."""
    return f"{ED25519_KEY_TYPE} {base64.b64encode(public_key_blob(public_key)).decode('ascii')}"


def parse_openssh_public_key(text: str) -> Ed25519PublicKey:
    """Read ``ssh-ed25519 AAAA... [comment]``."""
    fields = text.strip().split()
    if len(fields) < 2 or fields[0] != ED25519_KEY_TYPE:
        raise KeyFormatError("expected an OpenSSH public key line 'ssh-ed25519 AAAA...'")
    try:
        blob = base64.b64decode(fields[1], validate=True)
    except binascii.Error as exc:
        raise KeyFormatError("the key's base64 text is damaged") from exc
    return public_key_from_blob(blob)


def fingerprint(public_key: Ed25519PublicKey) -> str:
    return fingerprint_of_blob(public_key_blob(public_key))


def encrypted_private_key_file(private_key: Ed25519PrivateKey, passphrase: str) -> bytes:
    """An OpenSSH private key file encrypted with ``passphrase`` (bcrypt KDF + AES)."""
    if not passphrase:
        raise ValueError("a passphrase is required: private keys are never written unencrypted")
    return private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.BestAvailableEncryption(passphrase.encode("utf-8")),
    )


def load_encrypted_private_key(data: bytes, passphrase: str) -> Ed25519PrivateKey:
    """Decrypt an OpenSSH private key file; refuses unencrypted files and non-Ed25519 keys."""
    try:
        serialization.load_ssh_private_key(data, password=None)
    except TypeError:
        pass  # password-protected, as it must be
    except ValueError as exc:
        raise KeyFormatError(f"not an OpenSSH private key file ({exc})") from exc
    else:
        raise KeyFormatError("the key file is not encrypted; refusing to use a plain private key")
    try:
        key = serialization.load_ssh_private_key(data, password=passphrase.encode("utf-8"))
    except ValueError as exc:
        raise WrongPassphraseError("wrong passphrase for the key file") from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFormatError("the key file holds a key that is not Ed25519")
    return key


def private_key_to_secret(private_key: Ed25519PrivateKey) -> str:
    """Text form for the OS keyring (the keyring encrypts it at rest)."""
    seed = private_key.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    return _SECRET_PREFIX + base64.b64encode(seed).decode("ascii")


def private_key_from_secret(secret: str) -> Ed25519PrivateKey:
    if not secret.startswith(_SECRET_PREFIX):
        raise KeyFormatError("the keyring entry is not a Rater Desktop signing key")
    try:
        seed = base64.b64decode(secret[len(_SECRET_PREFIX) :], validate=True)
    except binascii.Error as exc:
        raise KeyFormatError("the keyring entry is damaged") from exc
    if len(seed) != 32:
        raise KeyFormatError("the keyring entry is damaged")
    return Ed25519PrivateKey.from_private_bytes(seed)
