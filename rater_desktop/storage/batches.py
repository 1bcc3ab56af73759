"""Batch registration: notice when a batch file changed since the rater last opened it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import func
from sqlmodel import Session, col, delete, select

from .tables import BatchRecord, BatchStateRecord, ItemRatingRecord
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


def _rated_items(session: Session, batch_key: str) -> int:
    query = select(func.count()).select_from(ItemRatingRecord).where(
        col(ItemRatingRecord.batch_key) == batch_key
    )
    return int(session.exec(query).one())


def register(
    session: Session, *, batch_key: str, sha256: str, title: str, source_path: str, now: str
) -> BatchRegistration:
    """Record an opened batch; on a SHA-256 mismatch change nothing and report CHANGED."""
    record = session.get(BatchRecord, batch_key)
    previous = record.sha256 if record is not None else None
    if record is not None and previous is not None and previous != sha256:
        status = BatchStatus.CHANGED
    else:
        status = BatchStatus.SAME if previous == sha256 else BatchStatus.NEW
        if record is None:
            record = BatchRecord(batch_key=batch_key, first_opened_at=now, last_opened_at=now)
        record.sha256, record.title, record.source_path = sha256, title, source_path
        record.last_opened_at = now
        session.add(record)
        session.commit()
        session.refresh(record)
    return BatchRegistration(
        batch_key=batch_key,
        status=status,
        sha256=sha256,
        previous_sha256=previous,
        title=title,
        source_path=source_path,
        first_opened_at=parse_iso(record.first_opened_at) if record is not None else None,
        rated_items=_rated_items(session, batch_key),
    )


def accept_change(
    session: Session, registration: BatchRegistration, *, keep_ratings: bool, now: str
) -> BatchRegistration:
    """Adopt the new SHA-256 after the rater confirmed; optionally drop the old ratings."""
    record = session.get(BatchRecord, registration.batch_key)
    if record is None or record.sha256 != registration.previous_sha256:
        raise ValueError(
            f"Batch {registration.batch_key!r} changed again since it was registered; "
            "register it again before confirming."
        )
    if not keep_ratings:
        for table in (ItemRatingRecord, BatchStateRecord):
            session.exec(delete(table).where(col(table.batch_key) == registration.batch_key))
    record.sha256 = registration.sha256
    record.title, record.source_path = registration.title, registration.source_path
    record.last_opened_at = now
    session.add(record)
    session.commit()
    return BatchRegistration(
        batch_key=registration.batch_key,
        status=BatchStatus.SAME,
        sha256=registration.sha256,
        previous_sha256=registration.previous_sha256,
        title=registration.title,
        source_path=registration.source_path,
        first_opened_at=registration.first_opened_at,
        rated_items=_rated_items(session, registration.batch_key),
    )
