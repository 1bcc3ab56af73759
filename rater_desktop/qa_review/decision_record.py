"""A reviewer's stored decision on one item, as plain data.

Kept apart from ``store`` so that the report's rendering modules can name it without
importing the store (which imports the migrations, which render rows).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["StoredAdjudication"]


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
