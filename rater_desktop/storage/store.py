"""ProfileStore: one rater's ratings database with coalescing background autosave."""

from __future__ import annotations

import atexit
import json
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, cast

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from . import batches as batch_registry
from .autosave import (
    AutosaveQueue,
    AutosaveStatus,
    ErrorListener,
    PendingItem,
    PendingState,
    WriteBatch,
)
from .backup import backup_due, copy_database, list_backups, new_backup_path, rotate_backups
from .batches import BatchRegistration
from .errors import CorruptDatabaseError, StorageError, WriteFailedError
from .layout import ProfileLayout
from .tables import (
    BatchRecord,
    BatchStateRecord,
    ItemRatingRecord,
    ProfileValueRecord,
)
from .timeutil import Clock, iso, parse_iso


class ItemSummary(NamedTuple):
    """One row of the item list."""

    item_id: str
    status: str
    current_step: Any
    updated_at: datetime


def encode_document(document: dict[str, Any]) -> str:
    """The exact JSON text stored; raises TypeError/ValueError for non-JSON values.

    ASCII-only on purpose: a lone surrogate (valid in JSON input, e.g. a batch's text) cannot
    be encoded as UTF-8 and would make every later commit fail; escaped it round-trips.
    """
    if not isinstance(document, dict):
        raise TypeError(f"a rating document must be a dict, not {type(document).__name__}")
    return json.dumps(document, allow_nan=False, separators=(",", ":"))


def check_key(kind: str, value: str) -> str:
    """Batch keys and item ids go into SQL as text; refuse what the writer could not store."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{kind} must be a non-empty string, not {value!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{kind} {value!r} is not valid Unicode text") from None
    return value


def _encode_step(step: Any) -> str | None:
    return None if step is None else json.dumps(step)


def _decode_step(stored: str | None) -> Any:
    if stored is None:
        return None
    try:
        return json.loads(stored)
    except json.JSONDecodeError:
        return stored  # hand-edited value: show it rather than fail the item list


# The autosave thread writes with plain SQL on the driver: it keeps the thread's Python work
# (and so its hold on the GIL, which the window's thread competes for) to a minimum.
_ENSURE_BATCH_SQL = (
    "INSERT OR IGNORE INTO batches (batch_key, title, source_path, first_opened_at, "
    "last_opened_at) VALUES (?, '', '', ?, ?)"
)
_UPSERT_ITEM_SQL = (
    "INSERT INTO item_ratings (batch_key, item_id, document, status, current_step, "
    "updated_at, revision, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
    "ON CONFLICT (batch_key, item_id) DO UPDATE SET document = excluded.document, "
    "status = excluded.status, current_step = excluded.current_step, "
    "updated_at = excluded.updated_at, revision = item_ratings.revision + 1"
)
_UPSERT_STATE_SQL = (
    "INSERT INTO batch_state (batch_key, state, updated_at) VALUES (?, ?, ?) "
    "ON CONFLICT (batch_key) DO UPDATE SET state = excluded.state, "
    "updated_at = excluded.updated_at"
)


class ProfileStore:
    """A rater profile's ratings database; satisfies the rating package's RatingStore.

    ``save_item``/``save_batch_state`` return immediately; a writer thread commits within
    about ``debounce_seconds`` plus one fsync. Call ``flush()`` before export and ``close()``
    on exit. ``on_error`` is called from the writer thread when a commit fails.
    """

    def __init__(
        self,
        *,
        engine: Engine,
        layout: ProfileLayout,
        clock: Clock,
        debounce_seconds: float = 0.25,
        backups_to_keep: int = 7,
        on_error: ErrorListener | None = None,
        recovered_from: Path | None = None,
    ) -> None:
        self._engine = engine
        self.layout = layout
        self._clock = clock
        self._backups_to_keep = backups_to_keep
        self.recovered_from = recovered_from
        self._closed = False
        self._released = False
        self._queue = AutosaveQueue(
            self._commit, debounce_seconds=debounce_seconds, on_error=on_error
        )
        # Safety net for an exit path that forgets close(): the writer is a daemon thread
        # and would otherwise drop the last debounce window of saves.
        atexit.register(self._flush_at_exit)

    @property
    def path(self) -> Path:
        return self.layout.database_path

    # --- RatingStore protocol -------------------------------------------------------------

    def load_item(self, batch_key: str, item_id: str) -> dict[str, Any] | None:
        pending = self._queue.peek_item((batch_key, item_id))
        if pending is not None:
            return cast(dict[str, Any], json.loads(pending.document_json))
        with self._session() as session:
            query = select(ItemRatingRecord.document).where(
                col(ItemRatingRecord.batch_key) == batch_key,
                col(ItemRatingRecord.item_id) == item_id,
            )
            stored = session.exec(query).first()
        return None if stored is None else self._decode(stored, f"item {item_id!r}")

    def save_item(self, batch_key: str, item_id: str, document: dict[str, Any]) -> None:
        self._ensure_open()
        encoded = encode_document(document)
        item = PendingItem(
            document_json=encoded,
            status=str(document.get("status") or ""),
            current_step=document.get("current_step"),
            saved_at=self._clock(),
        )
        key = (check_key("batch key", batch_key), check_key("item id", item_id))
        self._queue.put_item(key, item)

    def load_batch_state(self, batch_key: str) -> dict[str, Any] | None:
        pending = self._queue.peek_state(batch_key)
        if pending is not None:
            return cast(dict[str, Any], json.loads(pending.state_json))
        with self._session() as session:
            record = session.get(BatchStateRecord, batch_key)
            stored = record.state if record is not None else None
        return None if stored is None else self._decode(stored, f"state of {batch_key!r}")

    def save_batch_state(self, batch_key: str, state: dict[str, Any]) -> None:
        self._ensure_open()
        check_key("batch key", batch_key)
        self._queue.put_state(batch_key, PendingState(encode_document(state), self._clock()))

    def flush(self) -> None:
        """Commit every save made so far before returning (fsync included)."""
        self._queue.flush()

    # --- listing and export ---------------------------------------------------------------

    def list_items(self, batch_key: str) -> list[ItemSummary]:
        """Saved items of a batch, including saves not yet committed, sorted by item id."""
        # Snapshot pending saves before reading the table: a save committed in between is
        # then found in the table, never missing from both.
        pending = self._queue.pending_items(batch_key)
        with self._session() as session:
            query = select(
                ItemRatingRecord.item_id,
                ItemRatingRecord.status,
                ItemRatingRecord.current_step,
                ItemRatingRecord.updated_at,
            ).where(col(ItemRatingRecord.batch_key) == batch_key)
            rows = {
                item_id: ItemSummary(item_id, status, _decode_step(step), parse_iso(updated))
                for item_id, status, step, updated in session.exec(query)
            }
        for item_id, item in pending.items():
            saved_at = parse_iso(iso(item.saved_at))  # same precision as stored rows
            stored = rows.get(item_id)
            if stored is None or stored.updated_at <= saved_at:
                rows[item_id] = ItemSummary(item_id, item.status, item.current_step, saved_at)
        return [rows[key] for key in sorted(rows)]

    def iter_documents(self, batch_key: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """(item_id, document) for every saved item of a batch, after a flush."""
        self.flush()
        with self._session() as session:
            query = (
                select(ItemRatingRecord.item_id, ItemRatingRecord.document)
                .where(col(ItemRatingRecord.batch_key) == batch_key)
                .order_by(col(ItemRatingRecord.item_id))
            )
            rows = list(session.exec(query))
        for item_id, document in rows:
            yield item_id, self._decode(document, f"item {item_id!r}")

    # --- batches --------------------------------------------------------------------------

    def register_batch(
        self, batch_id: str, sha256: str, title: str, path: str | Path
    ) -> BatchRegistration:
        """Record that a batch was opened. CHANGED (different SHA-256) updates nothing."""
        self._ensure_open()
        with self._queue.write_lock, self._session() as session:
            return batch_registry.register(
                session,
                batch_key=check_key("batch id", batch_id),
                sha256=sha256,
                title=title,
                source_path=str(path),
                now=iso(self._clock()),
            )

    def confirm_batch_change(
        self, registration: BatchRegistration, *, keep_ratings: bool = True
    ) -> BatchRegistration:
        """Accept a CHANGED batch file. Dropping ratings first takes a backup."""
        self._ensure_open()
        if not keep_ratings:
            self.backup_now()
        with self._queue.write_lock:
            self._queue.flush_locked()
            with self._session() as session:
                return batch_registry.accept_change(
                    session, registration, keep_ratings=keep_ratings, now=iso(self._clock())
                )

    def list_batches(self) -> list[BatchRecord]:
        with self._session() as session:
            records = session.exec(select(BatchRecord).order_by(col(BatchRecord.batch_key)))
            return [BatchRecord.model_validate(record) for record in records]

    # --- profile values -------------------------------------------------------------------

    def get_value(self, key: str, default: Any = None) -> Any:
        with self._session() as session:
            record = session.get(ProfileValueRecord, key)
            stored = record.value if record is not None else None
        return default if stored is None else json.loads(stored)

    def set_value(self, key: str, value: Any) -> None:
        """Store a profile-wide JSON value (e.g. "last_batch"), committed before returning."""
        self._ensure_open()
        encoded = json.dumps(value, allow_nan=False)
        with self._queue.write_lock, self._session() as session:
            record = session.get(ProfileValueRecord, key) or ProfileValueRecord(
                key=key, value=encoded, updated_at=""
            )
            record.value, record.updated_at = encoded, iso(self._clock())
            session.add(record)
            session.commit()

    # --- backups --------------------------------------------------------------------------

    def backup_now(self) -> Path:
        """Flush, copy the database with SQLite's backup API, rotate; return the copy."""
        self.flush()
        target = new_backup_path(self.layout.backup_dir, self._clock())
        with self._queue.write_lock:
            raw = self._engine.raw_connection()
            try:
                copy_database(cast(sqlite3.Connection, raw.driver_connection), target)
            except (sqlite3.Error, OSError) as exc:
                raise StorageError(self.path, f"the backup to {target} failed ({exc})") from exc
            finally:
                raw.close()
        rotate_backups(self.layout.backup_dir, self._backups_to_keep)
        return target

    def maybe_backup(self, now: datetime | None = None) -> Path | None:
        """Take the daily backup if none exists for today's (UTC) date."""
        moment = now if now is not None else self._clock()
        if not backup_due(self.layout.backup_dir, moment):
            return None
        return self.backup_now()

    def list_backups(self) -> list[Path]:
        return list_backups(self.layout.backup_dir)

    # --- lifecycle ------------------------------------------------------------------------

    def autosave_status(self) -> AutosaveStatus:
        return self._queue.status()

    def close(self) -> None:
        """Flush pending saves, stop the writer and release the file.

        If the final flush fails, WriteFailedError is raised and the unsaved documents stay
        in memory; calling close() again retries. Safe to call more than once.
        """
        if self._released:
            return
        self._closed = True
        atexit.unregister(self._flush_at_exit)
        self._queue.close()
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        except SQLAlchemyError:
            pass  # the WAL is replayed on next open; nothing is lost
        self._engine.dispose()
        self._released = True

    def __enter__(self) -> ProfileStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- internals ------------------------------------------------------------------------

    def _flush_at_exit(self) -> None:
        try:
            self.close()
        except StorageError:
            pass  # nothing more can be done while the interpreter shuts down

    def _ensure_open(self) -> None:
        if self._closed:
            raise StorageError(self.path, "the store was already closed")

    def _session(self) -> Session:
        return Session(self._engine, expire_on_commit=False)

    def _decode(self, stored: str, what: str) -> dict[str, Any]:
        try:
            value = json.loads(stored)
        except json.JSONDecodeError as exc:
            raise CorruptDatabaseError(self.path, f"the saved {what} is not valid JSON") from exc
        if not isinstance(value, dict):
            raise CorruptDatabaseError(self.path, f"the saved {what} is not a JSON object")
        return value

    def _commit(self, batch: WriteBatch) -> None:
        try:
            with self._engine.begin() as conn:
                self._write_batch(conn, batch)
        except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
            count = len(batch.items) + len(batch.states)
            cause = getattr(exc, "orig", None) or exc
            raise WriteFailedError(
                self.path,
                f"saving {count} change(s) failed ({cause})",
                hint="The changes are kept in memory and retried; check free disk space.",
            ) from exc

    def _write_batch(self, conn: Any, batch: WriteBatch) -> None:
        now = iso(self._clock())
        keys = {batch_key for batch_key, _ in batch.items} | set(batch.states)
        # Items may be saved before register_batch (protocol-only callers); the FK needs a row.
        conn.exec_driver_sql(_ENSURE_BATCH_SQL, [(key, now, now) for key in sorted(keys)])
        if batch.items:
            rows = []
            for (batch_key, item_id), item in batch.items.items():
                saved_at = iso(item.saved_at)
                rows.append((
                    batch_key, item_id, item.document_json, item.status,
                    _encode_step(item.current_step), saved_at, saved_at,
                ))
            conn.exec_driver_sql(_UPSERT_ITEM_SQL, rows)
        if batch.states:
            conn.exec_driver_sql(_UPSERT_STATE_SQL, [
                (key, state.state_json, iso(state.saved_at))
                for key, state in batch.states.items()
            ])
