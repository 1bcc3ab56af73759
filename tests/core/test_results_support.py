"""Shared builders for the results tests (imported by the test_results_* modules)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    Claim,
    ClaimRating,
    ItemRating,
    ItemStatus,
    ShownEvidence,
    ShownEvidenceKind,
)
from rater_desktop.results.document import (
    BatchMeta,
    ItemRecord,
    RaterInfo,
    build_results_document,
)
from rater_desktop.signing import keys

BATCH_SHA = "ab" * 32
EXPORTED_AT = datetime(2026, 11, 30, 10, 0, 0, tzinfo=UTC)


def rater_for(private_key: Ed25519PrivateKey, rater_id: str = "alice") -> RaterInfo:
    return RaterInfo(
        rater_id=rater_id,
        display_name="Alice Ærøskøbing",
        public_key=keys.openssh_public_key(private_key.public_key()),
        fingerprint=keys.fingerprint(private_key.public_key()),
    )


def rating_dict(item_id: str, *, seconds: float = 61.123456789) -> dict[str, Any]:
    rating = ItemRating(item_id=item_id)
    rating.case_file.main_goal = "Find the cheapest flight"
    rating.responses[0].tc = 4
    rating.responses[0].claims.append(
        Claim(id="c1", start=0, end=12, text="Flight at 9h", rating=ClaimRating.ACCURATE,
              sources=["https://www.google.com/search?q=flight"], justification="seen")
    )  # fmt: skip
    rating.responses[1].claims.append(
        Claim(id="c2", start=0, end=9, text="I sent it", rating=ClaimRating.ACCURATE,
              shown_evidence=[ShownEvidence(ShownEvidenceKind.SCREENSHOT, "shots/sent.png"),
                              ShownEvidence(ShownEvidenceKind.STEP, "shots/s3.png", 3)])
    )  # fmt: skip
    rating.responses[1].tc = 2
    rating.verdict = Verdict.A_BETTER
    rating.verdict_justification = "A found the flight; B did not — “quoted” text."
    rating.acknowledged = {"FC-6": "only one source exists"}
    rating.status = ItemStatus.COMPLETE
    rating.timing.active_seconds = seconds
    rating.timing.step_seconds = {"case_file": 10.0, "claims": seconds - 10.0}
    return rating.to_dict()


def item_record(item_id: str, *, swapped: bool = False, incomplete: bool = False) -> ItemRecord:
    return ItemRecord(
        item_id=item_id,
        identities={"A": "agent-x", "B": "agent-y"},
        display_order=("B", "A") if swapped else ("A", "B"),
        rating=rating_dict(item_id),
        rule_results=[
            {"rule_id": "FC-6", "severity": "warn", "passed": False, "message": "one source",
             "field": "responses.0.claims.c1.sources", "side": 0, "acknowledged": True,
             "reason": "only one source exists"},
            {"rule_id": "TC-1", "severity": "block", "passed": True, "message": "",
             "field": "responses.0.tc", "side": 0, "acknowledged": False, "reason": ""},
        ],
        status="in_progress" if incomplete else "complete",
        timing={"active_seconds": 61.123456789, "step_seconds": {"case_file": 10.0}},
        incomplete=incomplete,
        kind="standard",
    )  # fmt: skip


def sample_document(
    private_key: Ed25519PrivateKey,
    *,
    items: int = 2,
    exported_at: datetime = EXPORTED_AT,
    rater_id: str = "alice",
) -> dict[str, Any]:
    records = [item_record(f"item-{i:04d}", swapped=i % 2 == 1) for i in range(items)]
    return build_results_document(
        batch=BatchMeta(
            batch_id="demo-batch",
            sha256=BATCH_SHA,
            title="Demo",
            rubric={"AP-1": {"severity": "block", "min_words": 50}},
        ),
        rater=rater_for(private_key, rater_id),
        items=records,
        exported_at=exported_at,
    )
