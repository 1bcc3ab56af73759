"""Reading a signed QA decisions file on the rater's side: signature, QA lead, shape.

The file is verified against the QA-lead roster (an OpenSSH allowed_signers file, the
same format and code as the rater roster) under the decisions namespace; anything else
is refused with one line (FeedbackError), never a traceback.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.signing.signed_json import SignedJsonWords, load_roster, read_signed_json

if TYPE_CHECKING:
    from rater_desktop.signing.allowed_signers import AllowedSigner

DECISIONS_FORMAT = "rater-desktop-qa-decisions"
DECISIONS_NAMESPACE = "rater-desktop-qa-decisions@v1"
MAX_DECISIONS_BYTES = 64 * 1024 * 1024
DECISION_VALUES = ("accept", "needs_fix", "reject")
QA_LEADS_FOLDER = "feedback"
QA_LEADS_FILE = "qa_leads"
_WORDS = SignedJsonWords(
    too_large="{name} is larger than a decisions file can be",
    unreadable="cannot read {name} and its .sig ({problem})",
    not_signed="{name} is not validly signed QA feedback: {problem}",
    not_json="{name} is signed but is not JSON",
    not_in_roster="{name} is signed by key {fingerprint}, which is not a QA lead in the roster "
                  "(or its entry has expired); refused",
    someone_else="{name} claims reviewer {claimed!r}, but the roster gives key {fingerprint} "
                 "to someone else; refused")


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
    return load_roster(path, default=default_qa_leads_path, missing="no QA-lead roster at {where}",
                       hint=" (give --qa-leads FILE, an allowed_signers file of QA leads)",
                       error=FeedbackError)


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


def _reviewer(document: Any, fingerprint: str) -> str:
    del fingerprint  # the roster alone says whose key it is
    _check_shape(document)
    reviewer = document.get("reviewer")
    return str(reviewer.get("rater_id", "")) if isinstance(reviewer, dict) else ""


def read_decisions(path: Path, *, qa_leads: Sequence[AllowedSigner]) -> VerifiedDecisions:
    """Verify ``path`` (+ ``.sig``) against the QA-lead roster; FeedbackError if not."""
    signed = read_signed_json(path, namespace=DECISIONS_NAMESPACE, max_bytes=MAX_DECISIONS_BYTES,
                              signers=qa_leads, words=_WORDS, error=FeedbackError,
                              claimed=_reviewer)
    return VerifiedDecisions(document=signed.document, sha256=hashlib.sha256(signed.data).hexdigest(),
                             reviewer_id=signed.principal, fingerprint=signed.fingerprint)  # fmt: skip
