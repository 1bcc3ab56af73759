"""Reading a signed JSON file whose signer must be in a roster: size, ``.sig``, SSHSIG,
JSON, the caller's shape check, then the roster and the principal the document claims.

One reader for the QA decisions file (``feedback``) and the study plan (``study``), so a
forged, tampered, huge or malformed file stops the same way in both: one line in the
caller's own words (``SignedJsonWords``) raised as the caller's error, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the roster code (and cryptography) loads when a file is read
    from rater_desktop.signing.allowed_signers import AllowedSigner


@dataclass(frozen=True)
class SignedJsonWords:
    """The caller's one-line messages; ``{path}`` and ``{name}`` (the file's name) are
    filled in everywhere, ``{problem}``, ``{fingerprint}`` and ``{claimed}`` where said."""

    too_large: str
    unreadable: str  # {problem}: why the file or its .sig cannot be read
    not_signed: str  # {problem}: why the signature does not verify
    not_json: str
    not_in_roster: str  # {fingerprint}
    someone_else: str  # {claimed}, {fingerprint}


@dataclass(frozen=True)
class SignedJson:
    """A verified document, its bytes as signed, the signer's fingerprint and principal."""

    document: Any
    data: bytes
    fingerprint: str
    principal: str


def load_roster(path: Path | None, *, default: Callable[[], Path], missing: str, hint: str,
                error: type[ValueError]) -> list[AllowedSigner]:
    """The allowed_signers roster at ``path`` (or ``default()``); ``error`` when there is
    none (``missing`` with ``{where}``, plus ``hint`` when the default was looked at) or it
    cannot be read."""
    from rater_desktop.signing.allowed_signers import AllowedSignersError, load_allowed_signers

    where = path if path is not None else default()
    if not where.is_file():
        raise error(missing.format(where=where) + ("" if path is not None else hint))
    try:
        return load_allowed_signers(where)
    except AllowedSignersError as exc:
        raise error(str(exc)) from exc


def read_signed_json(path: Path, *, namespace: str, max_bytes: int,
                     signers: Sequence[AllowedSigner], words: SignedJsonWords,
                     error: type[ValueError],
                     claimed: Callable[[Any, str], str]) -> SignedJson:  # fmt: skip
    """Verify ``path`` (+ ``.sig``) under ``namespace`` against ``signers``; ``error`` if not.

    ``claimed(document, fingerprint)`` checks the document's shape (raising ``error``
    itself) and returns the principal it claims, which the signer's roster entry must hold.
    """
    from rater_desktop.signing import sshsig
    from rater_desktop.signing.allowed_signers import find_signers

    def fail(template: str, **values: Any) -> ValueError:
        return error(template.format(path=path, name=path.name, **values))

    try:
        if path.stat().st_size > max_bytes:  # before reading: a hostile file may be huge
            raise fail(words.too_large)
        data = path.read_bytes()
        signature = path.with_name(path.name + ".sig").read_bytes()
    except OSError as exc:
        raise fail(words.unreadable, problem=exc.strerror or exc) from exc
    try:
        signed = sshsig.verify(data, signature, namespace=namespace)
    except (sshsig.SignatureFormatError, sshsig.SignatureMismatchError,
            sshsig.NamespaceMismatchError) as exc:  # fmt: skip
        raise fail(words.not_signed, problem=exc) from exc
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise fail(words.not_json) from exc
    principal = claimed(document, signed.fingerprint)
    entries = find_signers(list(signers), key_blob=signed.public_key_blob, namespace=namespace)
    if not entries:
        raise fail(words.not_in_roster, fingerprint=signed.fingerprint)
    if not any(entry.matches_principal(principal) for entry in entries):
        raise fail(words.someone_else, claimed=principal, fingerprint=signed.fingerprint)
    return SignedJson(document=document, data=data, fingerprint=signed.fingerprint,
                      principal=principal)
