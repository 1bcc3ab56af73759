"""ProfileStore: one rater's ratings database with coalescing background autosave."""

from __future__ import annotations

import atexit
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, cast

from rater_desktop.wording import counted

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
from .engine import RatingsDatabase
from .errors import CorruptDatabaseError, StorageError, WriteFailedError
from .layout import ProfileLayout
from .tables import BatchRecord
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


# Plain SQL on the driver keeps the autosave thread's Python work (and so its hold on the
# GIL, which the window's thread competes for) to a minimum.
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
_UPSERT_VALUE_SQL = (
    'INSERT INTO profile_values ("key", value, updated_at) VALUES (?, ?, ?) '
    'ON CONFLICT ("key") DO UPDATE SET value = excluded.value, '
    "updated_at = excluded.updated_at"
)
_READ_HINT = "Check that the file still exists and is readable, then reopen the batch."
_WRITE_HINT = "Check free disk space and folder permissions."


class ProfileStore:
    """A rater profile's ratings database; satisfies the rating package's RatingStore.

    ``save_item``/``save_batch_state`` return immediately; a writer thread commits within
    about ``debounce_seconds`` plus one fsync. Call ``flush()`` before export and ``close()``
    on exit. ``on_error`` is called from the writer thread when a commit fails.
    """

    def __init__(
        self,
        *,
        database: RatingsDatabase,
        layout: ProfileLayout,
        clock: Clock,
        debounce_seconds: float = 0.25,
        backups_to_keep: int = 7,
        on_error: ErrorListener | None = None,
        recovered_from: Path | None = None,
    ) -> None:
        self._database = database
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
        with self._reading() as conn:
            row = conn.execute(
                "SELECT document FROM item_ratings WHERE batch_key = ? AND item_id = ?",
                (batch_key, item_id),
            ).fetchone()
        return None if row is None else self._decode(row[0], f"item {item_id!r}")

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
        with self._reading() as conn:
            row = conn.execute(
                "SELECT state FROM batch_state WHERE batch_key = ?", (batch_key,)
            ).fetchone()
        return None if row is None else self._decode(row[0], f"state of {batch_key!r}")

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
        with self._reading() as conn:
            stored_rows = conn.execute(
                "SELECT item_id, status, current_step, updated_at FROM item_ratings "
                "WHERE batch_key = ?",
                (batch_key,),
            ).fetchall()
        rows = {
            item_id: ItemSummary(item_id, status, _decode_step(step), parse_iso(updated))
            for item_id, status, step, updated in stored_rows
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
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT item_id, document FROM item_ratings WHERE batch_key = ? "
                "ORDER BY item_id",
                (batch_key,),
            ).fetchall()
        for item_id, document in rows:
            yield item_id, self._decode(document, f"item {item_id!r}")

    # --- batches --------------------------------------------------------------------------

    def register_batch(
        self, batch_id: str, sha256: str, title: str, path: str | Path
    ) -> BatchRegistration:
        """Record that a batch was opened. CHANGED (different SHA-256) updates nothing."""
        self._ensure_open()
        batch_key = check_key("batch id", batch_id)
        with self._queue.write_lock, self._writing("registering a batch") as conn:
            return batch_registry.register(
                conn,
                batch_key=batch_key,
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
            with self._writing("accepting the changed batch") as conn:
                return batch_registry.accept_change(
                    conn, registration, keep_ratings=keep_ratings, now=iso(self._clock())
                )

    def list_batches(self) -> list[BatchRecord]:
        with self._reading() as conn:
            return batch_registry.list_records(conn)

    # --- profile values -------------------------------------------------------------------

    def get_value(self, key: str, default: Any = None) -> Any:
        with self._reading() as conn:
            row = conn.execute(
                'SELECT value FROM profile_values WHERE "key" = ?', (key,)
            ).fetchone()
        return default if row is None else json.loads(row[0])

    def set_value(self, key: str, value: Any) -> None:
        """Store a profile-wide JSON value (e.g. "last_batch"), committed before returning."""
        self._ensure_open()
        encoded = json.dumps(value, allow_nan=False)
        with self._queue.write_lock, self._writing(f"saving the setting {key!r}") as conn:
            conn.execute(_UPSERT_VALUE_SQL, (key, encoded, iso(self._clock())))

    # --- backups --------------------------------------------------------------------------

    def backup_now(self) -> Path:
        """Flush, copy the database with SQLite's backup API, rotate; return the copy."""
        self.flush()
        target = new_backup_path(self.layout.backup_dir, self._clock())
        with self._queue.write_lock:
            try:
                with self._database.writer() as conn:
                    copy_database(conn, target)
            except (sqlite3.Error, OSError) as exc:
                raise StorageError(self.path, f"the backup to {target} failed ({exc})") from exc
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
            with self._database.writer() as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass  # the WAL is replayed on next open; nothing is lost
        self._database.dispose()
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

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The reader connection; a driver error becomes a StorageError naming the file."""
        try:
            with self._database.reader() as conn:
                yield conn
        except sqlite3.Error as exc:
            raise StorageError(self.path, f"reading it failed ({exc})", hint=_READ_HINT) from exc

    @contextmanager
    def _writing(self, what: str) -> Iterator[sqlite3.Connection]:
        """A write transaction; a driver error rolls it back and becomes a StorageError."""
        try:
            with self._database.transaction() as conn:
                yield conn
        except sqlite3.Error as exc:
            raise StorageError(self.path, f"{what} failed ({exc})", hint=_WRITE_HINT) from exc

    def _decode(self, stored: str, what: str) -> dict[str, Any]:
        try:
            value = json.loads(stored)
        except (json.JSONDecodeError, TypeError) as exc:
            raise CorruptDatabaseError(self.path, f"the saved {what} is not valid JSON") from exc
        if not isinstance(value, dict):
            raise CorruptDatabaseError(self.path, f"the saved {what} is not a JSON object")
        return value

    def _commit(self, batch: WriteBatch) -> None:
        try:
            with self._database.transaction() as conn:
                self._write_batch(conn, batch)
        except (sqlite3.Error, OSError) as exc:
            count = len(batch.items) + len(batch.states)
            raise WriteFailedError(
                self.path,
                f"saving {counted(count, 'change')} failed ({exc})",
                hint="The changes are kept in memory and retried; check free disk space.",
            ) from exc

    def _write_batch(self, conn: sqlite3.Connection, batch: WriteBatch) -> None:
        now = iso(self._clock())
        keys = {batch_key for batch_key, _ in batch.items} | set(batch.states)
        # Items may be saved before register_batch (protocol-only callers); the FK needs a row.
        conn.executemany(_ENSURE_BATCH_SQL, [(key, now, now) for key in sorted(keys)])
        if batch.items:
            rows = []
            for (batch_key, item_id), item in batch.items.items():
                saved_at = iso(item.saved_at)
                rows.append((
                    batch_key, item_id, item.document_json, item.status,
                    _encode_step(item.current_step), saved_at, saved_at,
                ))
            conn.executemany(_UPSERT_ITEM_SQL, rows)
        if batch.states:
            conn.executemany(_UPSERT_STATE_SQL, [
                (key, state.state_json, iso(state.saved_at))
                for key, state in batch.states.items()
            ])
