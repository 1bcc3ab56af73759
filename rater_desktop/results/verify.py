"""Verify a results file: signature over the raw bytes first, only then read the JSON.

Used by ``rater-desktop verify`` and the QA window. Outcomes and exit codes are
documented in docs/results-format.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.results.document import (
    READABLE_MAJORS,
    RESULTS_FORMAT,
    SIGNATURE_NAMESPACE,
)
from rater_desktop.results.export import signature_path_for
from rater_desktop.results.json_spans import ItemSpans, loads_with_item_spans

if TYPE_CHECKING:
    from rater_desktop.signing.allowed_signers import AllowedSigner
    from rater_desktop.signing.sshsig import SshSignature

MAX_RESULTS_BYTES = 512 * 1024 * 1024
MAX_SIGNATURE_BYTES = 64 * 1024


class VerifyStatus(StrEnum):
    VALID = "valid"
    UNKNOWN_SIGNER = "unknown_signer"
    TAMPERED = "tampered"
    WRONG_NAMESPACE = "wrong_namespace"
    MALFORMED_SIGNATURE = "malformed_signature"
    MISSING_SIGNATURE = "missing_signature"
    MALFORMED_RESULTS = "malformed_results"
    SIGNER_MISMATCH = "signer_mismatch"
    BATCH_MISMATCH = "batch_mismatch"
    UNREADABLE = "unreadable"

    @property
    def exit_code(self) -> int:
        if self is VerifyStatus.VALID:
            return 0
        return 3 if self is VerifyStatus.UNKNOWN_SIGNER else 1


@dataclass(frozen=True)
class VerifyOutcome:
    """What verification found. ``document`` is set only once the signature is valid."""

    status: VerifyStatus
    message: str
    signer_principal: str | None = None
    fingerprint: str | None = None
    claimed_rater_id: str | None = None
    document: dict[str, Any] | None = None
    # Where each item of ``document`` lies in the signed text (set with ``document``, when
    # the text was read that way): an import keeps each item's own text from it.
    item_spans: ItemSpans | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.status is VerifyStatus.VALID

    @property
    def exit_code(self) -> int:
        return self.status.exit_code


class _TooLargeError(OSError):
    pass


def _read_limited(path: Path, limit: int) -> bytes:
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _TooLargeError(0, f"it is larger than {limit} bytes")
    return data


def check_signature(data: bytes, signature: bytes, *,
                    namespace: str = SIGNATURE_NAMESPACE) -> SshSignature | VerifyOutcome:
    """The signature of ``data`` parsed, or the outcome saying why it does not hold (a
    results file's, or under ``namespace`` a QA decisions file's)."""
    from rater_desktop.signing import sshsig

    try:
        return sshsig.verify(data, signature, namespace=namespace)
    except sshsig.NamespaceMismatchError as exc:
        return VerifyOutcome(VerifyStatus.WRONG_NAMESPACE, f"Invalid signature: {exc}.")
    except sshsig.SignatureFormatError as exc:
        return VerifyOutcome(VerifyStatus.MALFORMED_SIGNATURE, f"Invalid signature file: {exc}.")
    except sshsig.SignatureMismatchError as exc:
        return VerifyOutcome(VerifyStatus.TAMPERED, f"INVALID: {exc}.")


def format_version_problem(version: str) -> str:
    """Why this app cannot read a results file of ``version`` ("" when it can)."""
    major = version.split(".")[0]
    if not major.isdigit():
        return f"format version {version!r} is not a MAJOR.MINOR version"
    if int(major) in READABLE_MAJORS:
        return ""
    newest = f"{max(READABLE_MAJORS)}.x"
    if int(major) > max(READABLE_MAJORS):
        return (
            f"format version {version!r} is newer than this Rater Desktop reads (up to "
            f"{newest}); install the Rater Desktop version that wrote it or a later one"
        )
    return f"format version {version!r} is older than any this Rater Desktop reads"


def _parse_document(
    results: bytes, fingerprint: str, spans: bool = False
) -> tuple[dict[str, Any], ItemSpans | None] | VerifyOutcome:
    def bad(reason: str) -> VerifyOutcome:
        return VerifyOutcome(
            VerifyStatus.MALFORMED_RESULTS,
            f"The signature is valid but the file is not usable results: {reason}.",
            fingerprint=fingerprint,
        )

    try:
        text = results.decode("utf-8")
        # Noting the items' places costs ~5 % more than json.loads while the collector runs
        # (its key cache is per call): only an import (collector paused) asks for them.
        document, places = loads_with_item_spans(text) if spans else (json.loads(text), None)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return bad(f"not UTF-8 JSON ({exc})")
    except ValueError:  # the only other one json.loads raises: its limit on an int's digits
        return bad("a number in it has too many digits")
    except RecursionError:
        return bad("the JSON is nested too deeply")
    if not isinstance(document, dict) or document.get("format") != RESULTS_FORMAT:
        return bad(f"the 'format' field is not {RESULTS_FORMAT!r}")
    version = str(document.get("format_version", ""))
    problem = format_version_problem(version)
    if problem:
        return bad(problem)
    rater, batch = document.get("rater"), document.get("batch")
    if not isinstance(rater, dict) or not isinstance(batch, dict):
        return bad("the 'rater' or 'batch' section is missing")
    if not all(isinstance(rater.get(k), str) for k in ("rater_id", "public_key", "fingerprint")):
        return bad("the rater's id, public key or fingerprint is missing")
    if not isinstance(batch.get("sha256"), str):
        return bad("the batch SHA-256 is missing")
    return document, places


def _check_signer(
    document: dict[str, Any],
    parsed: SshSignature,
    roster: Sequence[AllowedSigner],
    moment: datetime | None,
) -> VerifyOutcome:
    from rater_desktop.results.identity import identity_mismatch, roster_refusal
    from rater_desktop.signing.allowed_signers import find_signers

    rater = document["rater"]
    claimed, fingerprint = rater["rater_id"], parsed.fingerprint
    common: dict[str, Any] = {"fingerprint": fingerprint, "claimed_rater_id": claimed}
    mismatch = identity_mismatch(rater, key_blob=parsed.public_key_blob, fingerprint=fingerprint)
    if mismatch is not None:
        return VerifyOutcome(VerifyStatus.SIGNER_MISMATCH, f"INVALID: {mismatch}.", **common)
    when = moment or datetime.now(UTC)
    entries = find_signers(
        list(roster), key_blob=parsed.public_key_blob, namespace=SIGNATURE_NAMESPACE, moment=when
    )
    if not entries:
        refusal = roster_refusal(roster, key_blob=parsed.public_key_blob,
                                 namespace=SIGNATURE_NAMESPACE, moment=when)
        where = (f"is in the roster but not trusted here: {refusal}. Update the roster line "
                 "if the rater should be trusted" if refusal else
                 "is not in the allowed signers roster. Check the fingerprint with the rater "
                 "before trusting it")
        return VerifyOutcome(
            VerifyStatus.UNKNOWN_SIGNER,
            f"The signature is valid, but key {fingerprint} (claimed rater {claimed!r}) "
            f"{where}.",
            document=document,
            **common,
        )
    if not any(entry.matches_principal(claimed) for entry in entries):
        names = ", ".join(",".join(entry.principals) for entry in entries)
        return VerifyOutcome(
            VerifyStatus.SIGNER_MISMATCH,
            f"INVALID: signed with the key of {names}, but the file claims rater {claimed!r}.",
            **common,
        )
    return VerifyOutcome(
        VerifyStatus.VALID,
        f"Valid signature by {claimed} ({fingerprint}).",
        signer_principal=claimed,
        document=document,
        **common,
    )


def verify_results_bytes(
    *,
    results: bytes,
    signature: bytes,
    allowed_signers: Sequence[AllowedSigner],
    batch_sha256: str | None = None,
    moment: datetime | None = None,
    item_spans: bool = False,
) -> VerifyOutcome:
    """Verify in memory; see verify_results_file. ``item_spans``: also note where each item
    lies in the text (``VerifyOutcome.item_spans``, when the document was read that way)."""
    checked = check_signature(results, signature)
    if isinstance(checked, VerifyOutcome):
        return checked
    parsed = _parse_document(results, checked.fingerprint, item_spans)
    if isinstance(parsed, VerifyOutcome):
        return parsed
    document, spans = parsed
    outcome = _check_signer(document, checked, allowed_signers, moment)
    if outcome.status not in (VerifyStatus.VALID, VerifyStatus.UNKNOWN_SIGNER):
        return outcome
    recorded = str(document["batch"]["sha256"]).lower()
    if batch_sha256 is not None and recorded != batch_sha256.lower():
        return VerifyOutcome(
            VerifyStatus.BATCH_MISMATCH,
            f"The results are for another batch (SHA-256 {recorded}), not the given batch "
            f"({batch_sha256.lower()}).",
            signer_principal=outcome.signer_principal,
            fingerprint=outcome.fingerprint,
            claimed_rater_id=outcome.claimed_rater_id,
        )
    return outcome if spans is None else replace(outcome, item_spans=spans)


def verify_results_file(
    *,
    results_path: Path,
    allowed_signers: str | Path | Sequence[AllowedSigner] | None,
    batch_sha256: str | None = None,
    signature_path: Path | None = None,
    moment: datetime | None = None,
) -> VerifyOutcome:
    """Check ``results_path`` against ``<results_path>.sig`` and the roster.

    ``allowed_signers`` is a roster file, parsed roster lines, or None (no roster: a valid
    signature then gives UNKNOWN_SIGNER). A bad roster file raises AllowedSignersError.
    """
    from rater_desktop.signing.allowed_signers import load_allowed_signers

    roster = (
        load_allowed_signers(Path(allowed_signers))
        if isinstance(allowed_signers, str | Path)
        else list(allowed_signers or [])
    )
    sig_path = signature_path or signature_path_for(results_path)
    try:
        results = _read_limited(results_path, MAX_RESULTS_BYTES)
    except OSError as exc:
        return VerifyOutcome(
            VerifyStatus.UNREADABLE, f"Cannot read {results_path}: {exc.strerror}."
        )
    try:
        signature = _read_limited(sig_path, MAX_SIGNATURE_BYTES)
    except FileNotFoundError:
        return VerifyOutcome(
            VerifyStatus.MISSING_SIGNATURE,
            f"INVALID: the signature file {sig_path} is missing. Ask the rater for both files.",
        )
    except _TooLargeError:
        return VerifyOutcome(
            VerifyStatus.MALFORMED_SIGNATURE, f"Invalid signature file: {sig_path} is too large."
        )
    except OSError as exc:
        return VerifyOutcome(VerifyStatus.UNREADABLE, f"Cannot read {sig_path}: {exc.strerror}.")
    return verify_results_bytes(
        results=results,
        signature=signature,
        allowed_signers=roster,
        batch_sha256=batch_sha256,
        moment=moment,
    )
