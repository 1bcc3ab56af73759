"""Who signed a results file: every key field of the document against the signing key,
and an accurate reason when the roster has the key but does not trust it here.

Used by ``results.verify`` (issue 13, item 4): a file signed by one key must not carry
another rater's public key, and a roster line that only expired, is not valid yet, or is
limited to other namespaces must say so rather than "not in the roster".
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rater_desktop.signing.allowed_signers import AllowedSigner


def identity_mismatch(rater: dict[str, Any], *, key_blob: bytes, fingerprint: str) -> str | None:
    """Why the document's rater key fields do not describe the signing key (None: they do)."""
    from rater_desktop.signing.keys import KeyFormatError, parse_openssh_public_key, public_key_blob

    if rater.get("fingerprint") != fingerprint:
        return (f"the file says it was signed by key {rater.get('fingerprint')} but the "
                f"signature was made with {fingerprint}")
    try:
        claimed_blob = public_key_blob(parse_openssh_public_key(str(rater.get("public_key"))))
    except KeyFormatError as exc:
        return f"the file's rater public key is not a usable key ({exc})"
    if claimed_blob != key_blob:
        return ("the file's rater public key is not the key that signed it (the file names "
                f"{fingerprint} as its fingerprint but carries another public key)")
    return None


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _line(entry: AllowedSigner) -> str:
    return f"roster line {entry.line_number} ({','.join(entry.principals)})"


def roster_refusal(roster: Sequence[AllowedSigner], *, key_blob: bytes, namespace: str,
                   moment: datetime) -> str | None:
    """For a key the roster lists but does not trust for ``namespace`` at ``moment``: why.

    None when no roster line holds the key at all (then it is simply not in the roster).
    """
    lines = [entry for entry in roster if entry.key_blob == key_blob]
    if not lines:
        return None
    reasons = []
    for entry in lines:
        if entry.cert_authority:
            reasons.append(f"{_line(entry)} is a cert-authority line; certificates are not "
                           "supported, so it trusts no plain key")
        elif not entry.allows_namespace(namespace):
            allowed = ",".join(entry.namespaces or ())
            reasons.append(f"{_line(entry)} allows this key only for the namespaces "
                           f"\u201c{allowed}\u201d, not {namespace}")
        elif entry.valid_after is not None and moment < entry.valid_after:
            reasons.append(f"{_line(entry)} is valid only from {_when(entry.valid_after)} "
                           f"on (checked at {_when(moment)})")
        elif entry.valid_before is not None and moment >= entry.valid_before:
            reasons.append(f"{_line(entry)} expired on {_when(entry.valid_before)} "
                           f"(checked at {_when(moment)})")
    return "; ".join(reasons) or None
