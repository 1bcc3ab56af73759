"""OpenSSH SSHSIG detached signatures (PROTOCOL.sshsig), Ed25519 only.

Blob: ``byte[6] "SSHSIG" || uint32 1 || string publickey || string namespace ||
string reserved || string hash_algorithm || string signature``. The key signs
``"SSHSIG" || string namespace || string reserved || string hash_algorithm ||
string H(message)``. ``ssh-keygen -Y sign/verify`` read and write the same files.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from rater_desktop.signing.keys import (
    ED25519_KEY_TYPE,
    KeyFormatError,
    fingerprint_of_blob,
    public_key_blob,
    public_key_from_blob,
)
from rater_desktop.signing.sshwire import WireFormatError, WireReader, ssh_string, ssh_uint32

MAGIC = b"SSHSIG"
VERSION = 1
HASH_ALGORITHM = "sha512"
ACCEPTED_HASHES = ("sha256", "sha512")
BEGIN = "-----BEGIN SSH SIGNATURE-----"
END = "-----END SSH SIGNATURE-----"
ARMOR_WIDTH = 70
MAX_ARMORED_BYTES = 64 * 1024


class SignatureFormatError(ValueError):
    """The signature file is not a well-formed SSHSIG signature."""


class SignatureMismatchError(ValueError):
    """The signature is well formed but does not match the message (tampering)."""


class NamespaceMismatchError(ValueError):
    """The signature was made for another purpose (namespace)."""


@dataclass(frozen=True)
class SshSignature:
    """A decoded SSHSIG blob."""

    public_key_blob: bytes
    namespace: str
    reserved: bytes
    hash_algorithm: str
    signature_blob: bytes

    @property
    def fingerprint(self) -> str:
        return fingerprint_of_blob(self.public_key_blob)


def _digest(hash_algorithm: str, message: bytes) -> bytes:
    return hashlib.new(hash_algorithm, message).digest()


def _signed_data(namespace: str, reserved: bytes, hash_algorithm: str, digest: bytes) -> bytes:
    return (
        MAGIC
        + ssh_string(namespace)
        + ssh_string(reserved)
        + ssh_string(hash_algorithm)
        + ssh_string(digest)
    )


def sign(message: bytes, *, private_key: Ed25519PrivateKey, namespace: str) -> str:
    """Return the armored SSHSIG signature of ``message`` (ends with a newline)."""
    if not namespace:
        raise ValueError("a signature namespace is required")
    digest = _digest(HASH_ALGORITHM, message)
    raw_sig = private_key.sign(_signed_data(namespace, b"", HASH_ALGORITHM, digest))
    blob = (
        MAGIC
        + ssh_uint32(VERSION)
        + ssh_string(public_key_blob(private_key.public_key()))
        + ssh_string(namespace)
        + ssh_string(b"")
        + ssh_string(HASH_ALGORITHM)
        + ssh_string(ssh_string(ED25519_KEY_TYPE) + ssh_string(raw_sig))
    )
    return armor(blob)


def armor(blob: bytes) -> str:
    text = base64.b64encode(blob).decode("ascii")
    lines = [text[i : i + ARMOR_WIDTH] for i in range(0, len(text), ARMOR_WIDTH)]
    return "\n".join([BEGIN, *lines, END]) + "\n"


_C_SPACE = b" \t\n\v\f\r"  # what C's isspace() skips inside OpenSSH's base64 reader


def dearmor(armored: bytes) -> bytes:
    """Decode the armor exactly as OpenSSH 9.2's ``ssh-keygen -Y verify`` does, so that the
    README's OpenSSH command and Rater Desktop never disagree on a signature file.

    The file must start with the BEGIN line ended by a bare line feed (a CRLF file is
    refused, as that ssh-keygen refuses it); the base64 runs up to the first line feed
    followed by the END line (whitespace inside is skipped, bytes after END are ignored,
    so a missing final newline is fine); the base64 itself must be exact (padding and
    unused bits), as OpenSSH's ``b64_pton`` demands. Whatever is accepted decodes to the
    one signature blob that the Ed25519 check then covers.
    """
    if len(armored) > MAX_ARMORED_BYTES:
        raise SignatureFormatError("the signature file is far too large to be a signature")
    header = BEGIN.encode("ascii")
    if armored.startswith(header + b"\r\n"):
        raise SignatureFormatError(
            "the signature file has Windows (CRLF) line ends, which OpenSSH's ssh-keygen "
            "refuses as well; convert it back to plain line feeds (e.g. dos2unix) or ask "
            "the rater to send it again unchanged"
        )
    if not armored.startswith(header + b"\n"):
        raise SignatureFormatError("not an armored SSH signature (BEGIN line missing)")
    body_start = len(header) + 1
    body_end = armored.find(b"\n" + END.encode("ascii"), body_start)
    if body_end < 0:
        raise SignatureFormatError("not an armored SSH signature (END line missing)")
    body = armored[body_start:body_end]
    compact = bytes(b for b in body if b not in _C_SPACE)
    try:
        blob = base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise SignatureFormatError("the signature's base64 text is damaged") from exc
    if b"\0" in body or base64.b64encode(blob) != compact:
        raise SignatureFormatError("the signature's base64 text is damaged")
    return blob


def parse_signature(armored: bytes) -> SshSignature:
    blob = dearmor(armored)
    try:
        reader = WireReader(blob)
        if reader.read_bytes(len(MAGIC)) != MAGIC:
            raise SignatureFormatError("not an SSHSIG signature (bad magic)")
        version = reader.read_uint32()
        if version > VERSION:  # as OpenSSH: the version is not signed, lower ones pass
            raise SignatureFormatError(f"unsupported SSHSIG version {version}")
        parsed = SshSignature(
            public_key_blob=reader.read_string(),
            namespace=reader.read_text(),
            reserved=reader.read_string(),
            hash_algorithm=reader.read_text(),
            signature_blob=reader.read_string(),
        )
        reader.expect_end()
    except WireFormatError as exc:
        raise SignatureFormatError(f"malformed SSHSIG signature: {exc}") from exc
    return parsed


def _raw_ed25519_signature(signature_blob: bytes) -> bytes:
    try:
        reader = WireReader(signature_blob)
        algorithm = reader.read_text()
        raw = reader.read_string()
        reader.expect_end()
    except WireFormatError as exc:
        raise SignatureFormatError(f"malformed signature field: {exc}") from exc
    if algorithm != ED25519_KEY_TYPE:
        raise SignatureFormatError(f"unsupported signature algorithm {algorithm!r}")
    if len(raw) != 64:
        raise SignatureFormatError("malformed Ed25519 signature (not 64 bytes)")
    return raw


def verify(message: bytes, armored_signature: bytes, *, namespace: str) -> SshSignature:
    """Check ``armored_signature`` over ``message``; return it (with the signer's key).

    Raises SignatureFormatError, NamespaceMismatchError or SignatureMismatchError. The
    caller still has to decide whether the signer's key is trusted.
    """
    parsed = parse_signature(armored_signature)
    if parsed.namespace != namespace:
        raise NamespaceMismatchError(
            f"the signature is for namespace {parsed.namespace!r}, expected {namespace!r}"
        )
    if parsed.hash_algorithm not in ACCEPTED_HASHES:
        raise SignatureFormatError(f"unsupported hash algorithm {parsed.hash_algorithm!r}")
    try:
        public_key = public_key_from_blob(parsed.public_key_blob)
    except KeyFormatError as exc:
        raise SignatureFormatError(str(exc)) from exc
    raw_sig = _raw_ed25519_signature(parsed.signature_blob)
    digest = _digest(parsed.hash_algorithm, message)
    signed = _signed_data(parsed.namespace, parsed.reserved, parsed.hash_algorithm, digest)
    try:
        public_key.verify(raw_sig, signed)
    except InvalidSignature as exc:
        raise SignatureMismatchError(
            "the signature does not match the file: the file or the signature was changed"
        ) from exc
    return parsed
