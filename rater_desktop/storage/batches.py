"""Batch registration: notice when a batch file changed since the rater last opened it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from .tables import BATCH_COLUMNS, BatchRecord
from .timeutil import parse_iso


class BatchStatus(StrEnum):
    """How an opened batch file relates to what this profile saw before."""

    NEW = "new"
    SAME = "same"
    CHANGED = "changed"


@dataclass(frozen=True)
class BatchRegistration:
    """Outcome of register_batch; CHANGED means nothing was updated yet (ask the rater)."""

    batch_key: str
    status: BatchStatus
    sha256: str
    previous_sha256: str | None
    title: str
    source_path: str
    first_opened_at: datetime | None
    rated_items: int

    @property
    def needs_confirmation(self) -> bool:
        return self.status is BatchStatus.CHANGED


def _rated_items(conn: sqlite3.Connection, batch_key: str) -> int:
    row = conn.execute(
        "SELECT count(*) FROM item_ratings WHERE batch_key = ?", (batch_key,)
    ).fetchone()
    return int(row[0])


def _record(conn: sqlite3.Connection, batch_key: str) -> BatchRecord | None:
    row = conn.execute(
        f"SELECT {BATCH_COLUMNS} FROM batches WHERE batch_key = ?", (batch_key,)
    ).fetchone()
    return None if row is None else BatchRecord(*row)


def list_records(conn: sqlite3.Connection) -> list[BatchRecord]:
    """Every registered batch, by key."""
    rows = conn.execute(f"SELECT {BATCH_COLUMNS} FROM batches ORDER BY batch_key").fetchall()
    return [BatchRecord(*row) for row in rows]


_UPSERT_BATCH_SQL = (
    "INSERT INTO batches (batch_key, sha256, title, source_path, first_opened_at, "
    "last_opened_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (batch_key) DO UPDATE SET "
    "sha256 = excluded.sha256, title = excluded.title, source_path = excluded.source_path, "
    "last_opened_at = excluded.last_opened_at"
)


def register(
    conn: sqlite3.Connection, *, batch_key: str, sha256: str, title: str, source_path: str,
    now: str,
) -> BatchRegistration:
    """Record an opened batch; on a SHA-256 mismatch change nothing and report CHANGED.

    ``conn`` is inside a write transaction, so the read and the update see one state.
    """
    record = _record(conn, batch_key)
    previous = record.sha256 if record is not None else None
    if record is not None and previous is not None and previous != sha256:
        status = BatchStatus.CHANGED
        first_opened = record.first_opened_at
    else:
        status = BatchStatus.SAME if previous == sha256 else BatchStatus.NEW
        conn.execute(_UPSERT_BATCH_SQL, (batch_key, sha256, title, source_path, now, now))
        first_opened = record.first_opened_at if record is not None else now
    return BatchRegistration(
        batch_key=batch_key,
        status=status,
        sha256=sha256,
        previous_sha256=previous,
        title=title,
        source_path=source_path,
        first_opened_at=parse_iso(first_opened),
        rated_items=_rated_items(conn, batch_key),
    )


def accept_change(
    conn: sqlite3.Connection, registration: BatchRegistration, *, keep_ratings: bool, now: str
) -> BatchRegistration:
    """Adopt the new SHA-256 after the rater confirmed; optionally drop the old ratings.

    ``conn`` is inside a write transaction: the ValueError below rolls it back.
    """
    record = _record(conn, registration.batch_key)
    if record is None or record.sha256 != registration.previous_sha256:
        raise ValueError(
            f"Batch {registration.batch_key!r} changed again since it was registered; "
            "register it again before confirming."
        )
    if not keep_ratings:
        for table in ("item_ratings", "batch_state"):
            conn.execute(f"DELETE FROM {table} WHERE batch_key = ?", (registration.batch_key,))
    conn.execute(
        "UPDATE batches SET sha256 = ?, title = ?, source_path = ?, last_opened_at = ? "
        "WHERE batch_key = ?",
        (registration.sha256, registration.title, registration.source_path, now,
         registration.batch_key),
    )
    return BatchRegistration(
        batch_key=registration.batch_key,
        status=BatchStatus.SAME,
        sha256=registration.sha256,
        previous_sha256=registration.previous_sha256,
        title=registration.title,
        source_path=registration.source_path,
        first_opened_at=registration.first_opened_at,
        rated_items=_rated_items(conn, registration.batch_key),
    )
