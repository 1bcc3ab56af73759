"""Adjudications (accept / needs fix / reject per item) and their signed export.

The export is a document of its own format, ``rater-desktop-qa-decisions`` 1.0, written as
canonical JSON next to an SSHSIG signature by the reviewer's key, with the namespace
``rater-desktop-qa-decisions@v1`` (so it can never pass as rater results, nor the other
way round). See docs/results-format.md, "QA decisions".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rater_desktop
from rater_desktop.batch.model import Verdict
from rater_desktop.qa_review.decision_record import NO_REVIEWER
from rater_desktop.qa_review.store import (
    DecisionConflictError,
    QaStore,
    StoredAdjudication,
    StoredFile,
)

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from rater_desktop.results.document import RaterInfo
    from rater_desktop.results.export import ExportedFiles
    from rater_desktop.results.verify import VerifyOutcome
    from rater_desktop.signing.allowed_signers import AllowedSigner

DECISIONS_FORMAT = "rater-desktop-qa-decisions"
DECISIONS_FORMAT_VERSION = "1.1"  # 1.1: per decision, the raters and the field a note is about
DECISIONS_NAMESPACE = "rater-desktop-qa-decisions@v1"
DECISIONS_SUFFIX = ".qa-decisions.json"
MAX_NOTE_CHARS = 20_000


class Decision(StrEnum):
    ACCEPT = "accept"
    NEEDS_FIX = "needs_fix"
    REJECT = "reject"

    @property
    def label(self) -> str:
        return {"accept": "Accept", "needs_fix": "Needs fix", "reject": "Reject"}[self.value]


class AdjudicationError(ValueError):
    """A decision cannot be recorded or exported; the message says why."""


class AdjudicationConflict(AdjudicationError):
    """Another reviewer decided the item since this one read it; nothing was saved.
    ``current`` is their decision (None when they cleared it)."""

    def __init__(self, message: str, current: Adjudication | None) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class Adjudication:
    """The reviewer's decision on one item; ``corrected_verdict`` is in file order."""

    item_id: str
    decision: Decision
    note: str
    corrected_verdict: Verdict | None
    reviewer_id: str
    decided_at: str
    version: int = 1  # the store's version of this decision (optimistic check)


def _from_stored(row: StoredAdjudication) -> Adjudication:
    return Adjudication(
        item_id=row.item_id,
        decision=Decision(row.decision),
        note=row.note,
        corrected_verdict=Verdict(row.corrected_verdict) if row.corrected_verdict else None,
        reviewer_id=row.reviewer_id,
        decided_at=row.decided_at,
        version=row.version,
    )


def _conflict(exc: DecisionConflictError) -> AdjudicationConflict:
    current = None if exc.current is None else _from_stored(exc.current)
    return AdjudicationConflict(str(exc), current)


def set_adjudication(
    *,
    store: QaStore,
    batch_sha256: str,
    item_id: str,
    decision: Decision | str,
    note: str = "",
    corrected_verdict: Verdict | str | None = None,
    reviewer_id: str,
    now: datetime,
    expected_version: int | None,
) -> Adjudication:
    """Record the decision on one item and return it as stored. ``expected_version`` is
    the version of the decision the reviewer saw (None: they saw none); when another
    reviewer changed it since, AdjudicationConflict says so and nothing is saved. Without
    a reviewer id nothing is saved either: AdjudicationError says a profile is needed."""
    if not reviewer_id.strip():
        raise AdjudicationError(NO_REVIEWER)
    try:
        chosen = Decision(decision)
        corrected = None if corrected_verdict is None else Verdict(corrected_verdict)
    except ValueError as exc:
        raise AdjudicationError(f"Item {item_id}: {exc}.") from exc
    if len(note) > MAX_NOTE_CHARS:
        raise AdjudicationError(f"The QA note is longer than {MAX_NOTE_CHARS} characters.")
    record = StoredAdjudication(
        batch_sha256=batch_sha256.lower(),
        item_id=item_id,
        decision=chosen.value,
        note=note,
        corrected_verdict=None if corrected is None else corrected.value,
        reviewer_id=reviewer_id,
        decided_at=now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
    try:
        stored = store.set_adjudication(record, expected_version=expected_version)
    except DecisionConflictError as exc:
        raise _conflict(exc) from exc
    return _from_stored(stored)


def get_adjudication(*, store: QaStore, batch_sha256: str, item_id: str) -> Adjudication | None:
    row = store.adjudication(batch_sha256=batch_sha256.lower(), item_id=item_id)
    return None if row is None else _from_stored(row)


def list_adjudications(*, store: QaStore, batch_sha256: str) -> list[Adjudication]:
    return [_from_stored(r) for r in store.adjudications(batch_sha256=batch_sha256.lower())]


def clear_adjudication(
    *, store: QaStore, batch_sha256: str, item_id: str, expected_version: int | None = None
) -> None:
    """Remove the decision (only if still at ``expected_version``, when given)."""
    try:
        store.remove_adjudication(
            batch_sha256=batch_sha256.lower(), item_id=item_id, expected_version=expected_version
        )
    except DecisionConflictError as exc:
        raise _conflict(exc) from exc


def build_decisions_document(
    *,
    batch_id: str,
    batch_sha256: str,
    batch_title: str,
    reviewer: RaterInfo,
    adjudications: Sequence[Adjudication],
    sources: Sequence[StoredFile],
    exported_at: datetime,
) -> dict[str, Any]:
    """The decisions document as plain data (see docs/results-format.md)."""
    counts = Counter(a.decision.value for a in adjudications)
    return {
        "format": DECISIONS_FORMAT,
        "format_version": DECISIONS_FORMAT_VERSION,
        "app_version": rater_desktop.__version__,
        "exported_at": exported_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "signature_namespace": DECISIONS_NAMESPACE,
        "reviewer": {
            "rater_id": reviewer.rater_id,
            "display_name": reviewer.display_name,
            "public_key": reviewer.public_key,
            "fingerprint": reviewer.fingerprint,
        },
        "batch": {"batch_id": batch_id, "sha256": batch_sha256.lower(), "title": batch_title},
        "sources": [
            {
                "file_sha256": f.file_sha256,
                "rater_id": f.signer,
                "fingerprint": f.fingerprint,
                "exported_at": f.exported_at,
            }
            for f in sources
        ],
        "summary": {
            "decisions": len(adjudications),
            **{d.value: counts[d.value] for d in Decision},
        },
        "decisions": [
            {
                "item_id": a.item_id,
                "decision": a.decision.value,
                "note": a.note,
                "corrected_verdict": None
                if a.corrected_verdict is None
                else a.corrected_verdict.value,
                "corrected_verdict_score": None
                if a.corrected_verdict is None
                else a.corrected_verdict.score,
                # null, not the exporter's id, when the store holds no reviewer for it
                "reviewer_id": a.reviewer_id.strip() or None,
                "decided_at": a.decided_at,
                **_addressing(a),
            }
            for a in sorted(adjudications, key=lambda a: a.item_id)
        ],
    }


def _addressing(adjudication: Adjudication) -> dict[str, Any]:
    """``raters`` and ``field`` from the note's ``@rater`` / ``[field]`` opening (1.1)."""
    from rater_desktop.feedback.notes import parse_note

    parsed = parse_note(adjudication.note)
    field = parsed.field or ("verdict" if adjudication.corrected_verdict is not None else None)
    return {"raters": list(parsed.raters), "field": field}


def decisions_paths(out_path: Path) -> tuple[Path, Path]:
    """``x`` / ``x.json`` / ``x.qa-decisions.json`` all give ``x.qa-decisions.json`` (+ .sig)."""
    from rater_desktop.results.export import suffixed_paths

    return suffixed_paths(out_path, DECISIONS_SUFFIX)


def export_decisions(
    *, out_path: Path, document: dict[str, Any], private_key: Ed25519PrivateKey
) -> ExportedFiles:
    """Canonical JSON + detached SSHSIG signature, both written atomically."""
    from rater_desktop.results.export import ExportError, write_signed_json

    try:
        return write_signed_json(
            paths=decisions_paths(Path(out_path)),
            document=document,
            private_key=private_key,
            namespace=DECISIONS_NAMESPACE,
            what="decisions",
        )
    except ExportError as exc:
        raise AdjudicationError(str(exc)) from exc


def verify_decisions_bytes(
    *, data: bytes, signature: bytes, allowed_signers: Sequence[AllowedSigner]
) -> VerifyOutcome:
    """Check a decisions file like a results file, under the decisions namespace."""
    import json

    from rater_desktop.results.verify import VerifyOutcome, VerifyStatus, check_signature
    from rater_desktop.signing.allowed_signers import find_signers

    parsed = check_signature(data, signature, namespace=DECISIONS_NAMESPACE)
    if isinstance(parsed, VerifyOutcome):
        return parsed
    try:
        document = json.loads(data.decode("utf-8"))
        claimed = str(document["reviewer"]["rater_id"])
        ok_format = document.get("format") == DECISIONS_FORMAT
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        ok_format, claimed = False, ""
    if not ok_format:
        return VerifyOutcome(
            VerifyStatus.MALFORMED_RESULTS,
            "The signature is valid but this is not a QA decisions file.",
        )
    entries = find_signers(
        list(allowed_signers), key_blob=parsed.public_key_blob, namespace=DECISIONS_NAMESPACE
    )
    common: dict[str, Any] = {"fingerprint": parsed.fingerprint, "claimed_rater_id": claimed}
    if not entries:
        return VerifyOutcome(
            VerifyStatus.UNKNOWN_SIGNER,
            f"Valid signature by key {parsed.fingerprint}, which is not in the roster.",
            document=document,
            **common,
        )
    if not any(e.matches_principal(claimed) for e in entries):
        return VerifyOutcome(
            VerifyStatus.SIGNER_MISMATCH,
            f"INVALID: the file claims reviewer {claimed!r}.",
            **common,
        )
    return VerifyOutcome(
        VerifyStatus.VALID,
        f"Valid QA decisions by {claimed} ({parsed.fingerprint}).",
        signer_principal=claimed,
        document=document,
        **common,
    )
