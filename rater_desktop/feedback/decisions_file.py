"""Reading a signed QA decisions file on the rater's side: signature, QA lead, shape.

The file is verified against the QA-lead roster (an OpenSSH allowed_signers file, the
same format and code as the rater roster) under the decisions namespace; anything else
is refused with one line (FeedbackError), never a traceback.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rater_desktop.signing.allowed_signers import AllowedSigner

DECISIONS_FORMAT = "rater-desktop-qa-decisions"
DECISIONS_NAMESPACE = "rater-desktop-qa-decisions@v1"
MAX_DECISIONS_BYTES = 64 * 1024 * 1024
DECISION_VALUES = ("accept", "needs_fix", "reject")
QA_LEADS_FOLDER = "feedback"
QA_LEADS_FILE = "qa_leads"


class FeedbackError(ValueError):
    """QA feedback that cannot be taken; the message says why in one line."""


@dataclass(frozen=True)
class VerifiedDecisions:
    """A decisions document whose signer is a QA lead, with the file's SHA-256."""

    document: dict[str, Any]
    sha256: str
    reviewer_id: str
    fingerprint: str


def default_qa_leads_path() -> Path:
    from rater_desktop.appdirs import data_dir

    return data_dir() / QA_LEADS_FOLDER / QA_LEADS_FILE


def load_qa_leads(path: Path | None) -> list[AllowedSigner]:
    """The QA-lead roster (``path`` or the default); FeedbackError when there is none."""
    from rater_desktop.signing.allowed_signers import AllowedSignersError, load_allowed_signers

    where = path if path is not None else default_qa_leads_path()
    if not where.is_file():
        hint = "" if path is not None else " (give --qa-leads FILE, an allowed_signers file of QA leads)"
        raise FeedbackError(f"no QA-lead roster at {where}{hint}")
    try:
        return load_allowed_signers(where)
    except AllowedSignersError as exc:
        raise FeedbackError(str(exc)) from exc


def _check_shape(document: Any) -> None:
    if not isinstance(document, dict) or document.get("format") != DECISIONS_FORMAT:
        raise FeedbackError("the signature is valid but this is not a QA decisions file")
    batch = document.get("batch")
    if not isinstance(batch, dict) or not isinstance(batch.get("sha256"), str):
        raise FeedbackError("the decisions name no batch")
    decisions = document.get("decisions")
    if not isinstance(decisions, list):
        raise FeedbackError("the decisions file has no decision list")
    for number, entry in enumerate(decisions, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("item_id"), str):
            raise FeedbackError(f"decision {number} names no item")
        if entry.get("decision") not in DECISION_VALUES:
            raise FeedbackError(f"decision {number} is not one of {', '.join(DECISION_VALUES)}")
        if not isinstance(entry.get("note", ""), str):
            raise FeedbackError(f"decision {number}: the note is not text")
    if not isinstance(document.get("sources", []), list):
        raise FeedbackError("the decisions' sources are not a list")


def read_decisions(path: Path, *, qa_leads: Sequence[AllowedSigner]) -> VerifiedDecisions:
    """Verify ``path`` (+ ``.sig``) against the QA-lead roster; FeedbackError if not."""
    from rater_desktop.signing import sshsig
    from rater_desktop.signing.allowed_signers import find_signers

    try:
        if path.stat().st_size > MAX_DECISIONS_BYTES:
            raise FeedbackError(f"{path.name} is larger than a decisions file can be")
        data = path.read_bytes()
        signature = path.with_name(path.name + ".sig").read_bytes()
    except OSError as exc:
        raise FeedbackError(f"cannot read {path.name} and its .sig ({exc.strerror or exc})") from exc
    try:
        signed = sshsig.verify(data, signature, namespace=DECISIONS_NAMESPACE)
    except (sshsig.SignatureFormatError, sshsig.SignatureMismatchError,
            sshsig.NamespaceMismatchError) as exc:  # fmt: skip
        raise FeedbackError(f"{path.name} is not validly signed QA feedback: {exc}") from exc
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise FeedbackError(f"{path.name} is signed but is not JSON") from exc
    _check_shape(document)
    entries = find_signers(list(qa_leads), key_blob=signed.public_key_blob, namespace=DECISIONS_NAMESPACE)
    if not entries:
        raise FeedbackError(f"{path.name} is signed by key {signed.fingerprint}, which is not a QA "
                            "lead in the roster (or its entry has expired); refused")  # fmt: skip
    reviewer = document.get("reviewer")
    claimed = str(reviewer.get("rater_id", "")) if isinstance(reviewer, dict) else ""
    if not any(entry.matches_principal(claimed) for entry in entries):
        raise FeedbackError(f"{path.name} claims reviewer {claimed!r}, but the roster gives key "
                            f"{signed.fingerprint} to someone else; refused")  # fmt: skip
    return VerifiedDecisions(document=document, sha256=hashlib.sha256(data).hexdigest(),
                             reviewer_id=claimed, fingerprint=signed.fingerprint)  # fmt: skip
