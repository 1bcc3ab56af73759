"""A reviewer's stored decision on one item, as plain data.

Kept apart from ``store`` so that the report's rendering modules can name it without
importing the store (which imports the migrations, which render rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

__all__ = ["NO_REVIEWER", "UNKNOWN_REVIEWER", "MissingReviewerError", "StoredAdjudication",
           "no_reviewer_advice", "require_reviewer", "reviewer_label", "saved_text"]

# What a decision is told by when its reviewer is not known (a store written before a
# reviewer id was required); never the name of whoever reads or exports it.
UNKNOWN_REVIEWER = "unknown reviewer"
NO_REVIEWER = ("A QA decision needs a reviewer profile: it names who decided. Create a "
               "profile, then decide again.")


class MissingReviewerError(ValueError):
    """A decision without a reviewer id: never stored, since nobody could later tell who
    decided (unattributed evidence)."""


def require_reviewer(reviewer_id: str) -> str:
    """``reviewer_id`` when it names someone, else MissingReviewerError."""
    if not reviewer_id.strip():
        raise MissingReviewerError(NO_REVIEWER)
    return reviewer_id


def no_reviewer_advice(problem: str) -> str:
    """What the QA window's decision panel says without a reviewer; ``problem`` is the
    profile lookup's words (left out when they only say there is none yet)."""
    why = "" if problem.startswith("No rater profile yet") else f" ({problem})"
    return ("Decisions need a reviewer profile: it names who decided and signs the exported "
            f"decisions{why}. Create one here to decide; reading and comparing work without it.")


def reviewer_label(reviewer_id: str) -> str:
    """Who decided, as a list or report shows it: the id, else "unknown reviewer"."""
    return reviewer_id.strip() or UNKNOWN_REVIEWER


def saved_text(decision_label: str, decided_at: str, reviewer_id: str) -> str:
    """The decision panel's line once a decision is stored: which one, when (UTC, to the
    minute) and by whom, so a reviewer deciding by key sees what the key chose."""
    try:
        when = datetime.fromisoformat(decided_at).astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    except ValueError:
        when = decided_at  # an older or foreign timestamp: shown as it was stored
    return f"Saved: {decision_label}, {when} by {reviewer_label(reviewer_id)}"


@dataclass(frozen=True)
class StoredAdjudication:
    """A reviewer's decision on one item (``decision``: accept, needs_fix, reject)."""

    batch_sha256: str
    item_id: str
    decision: str
    note: str
    corrected_verdict: str | None
    reviewer_id: str
    decided_at: str
    version: int = 1
