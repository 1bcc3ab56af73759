"""Trust of stored files against the roster as it is now (checked on every report).

A file's signature is checked once, at import: the signed bytes never change, so that part
stays true. Whether its key is trusted depends on the reviewer's roster at the moment of the
report: a line removed, expired (``valid-before``) or narrowed to other namespaces since the
import leaves the file out, and a key added since then brings it in. Only the roster lookup
is repeated, from the fingerprint and rater id recorded at import, so no document is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from rater_desktop.qa_review.store import StoredFile
from rater_desktop.signing.allowed_signers import AllowedSigner

VALID = "valid"
UNKNOWN_SIGNER = "unknown_signer"
# Statuses of a file whose signature checked out at import (its signed bytes were kept).
SIGNATURE_CHECKED = (VALID, UNKNOWN_SIGNER)


@dataclass(frozen=True)
class TrustChange:
    """A file whose trust differs from what the import recorded."""

    file: StoredFile  # with the status the roster gives it now
    was: str

    @property
    def left_out(self) -> bool:
        return self.was == VALID and self.file.status != VALID

    def problem(self) -> str:
        """One line naming the signer and why the file no longer counts."""
        who = self.file.claimed_rater_id or self.file.signer or "unknown rater"
        name = self.file.path.replace("\\", "/").rsplit("/", 1)[-1]
        return f"{who}: {name} left out: {self.file.message}"


def _reason(
    lines: Sequence[AllowedSigner], claimed: str, fingerprint: str, moment: datetime
) -> str | None:
    """None when a line trusts the key for results and names ``claimed`` at ``moment``."""
    from rater_desktop.results.document import SIGNATURE_NAMESPACE
    from rater_desktop.results.identity import roster_refusal

    if not lines:
        return (f"key {fingerprint} (rater {claimed!r}) is no longer in the allowed signers "
                "roster")
    trusting = [
        s for s in lines
        if not s.cert_authority and s.allows_namespace(SIGNATURE_NAMESPACE) and s.valid_at(moment)
    ]  # fmt: skip
    if not trusting:
        refusal = roster_refusal(lines, key_blob=lines[0].key_blob,
                                 namespace=SIGNATURE_NAMESPACE, moment=moment)  # fmt: skip
        return f"key {fingerprint} (rater {claimed!r}) is not trusted now: {refusal}"
    if not any(s.matches_principal(claimed) for s in trusting):
        names = ", ".join(",".join(s.principals) for s in trusting)
        return f"key {fingerprint} is now the roster's key of {names}, not of {claimed!r}"
    return None


def current_trust(
    files: Sequence[StoredFile], signers: Sequence[AllowedSigner], moment: datetime
) -> tuple[list[StoredFile], list[TrustChange]]:
    """``files`` with the status the roster gives them at ``moment``, and what changed."""
    from rater_desktop.signing.fingerprints import fingerprint_of_blob

    by_fingerprint: dict[str, list[AllowedSigner]] = {}
    for signer in signers:
        by_fingerprint.setdefault(fingerprint_of_blob(signer.key_blob), []).append(signer)
    result: list[StoredFile] = []
    changes: list[TrustChange] = []
    for stored in files:
        if stored.status not in SIGNATURE_CHECKED or not stored.fingerprint:
            result.append(stored)
            continue
        claimed = stored.claimed_rater_id or ""
        lines = by_fingerprint.get(stored.fingerprint, [])
        reason = _reason(lines, claimed, stored.fingerprint, moment)
        status = VALID if reason is None else UNKNOWN_SIGNER
        if status == stored.status:
            result.append(stored)
            continue
        message = (f"Valid signature by {claimed} ({stored.fingerprint}); trusted by the "
                   "roster now." if reason is None else f"The signature is valid, but {reason}.")
        now = replace(stored, status=status, detail=status, message=message,
                      signer=claimed if reason is None else None)  # fmt: skip
        result.append(now)
        changes.append(TrustChange(now, stored.status))
    return result, changes
