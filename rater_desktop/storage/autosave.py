"""Coalescing autosave queue with a background writer thread.

The calling thread only encodes the document and drops it into a map keyed by item, so a
save costs about as much as ``json.dumps``. The writer thread waits a short debounce (so a
burst of edits becomes one transaction) and commits; ``flush()`` commits synchronously.
While a commit is running its documents stay visible through ``peek_*`` so reads never see
an older version than the last save.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

ItemKey = tuple[str, str]


@dataclass(frozen=True)
class PendingItem:
    """An encoded item document waiting to be written."""

    document_json: str
    status: str
    current_step: Any
    saved_at: datetime


@dataclass(frozen=True)
class PendingState:
    state_json: str
    saved_at: datetime


@dataclass
class WriteBatch:
    """Everything one transaction writes."""

    items: dict[ItemKey, PendingItem] = field(default_factory=dict)
    states: dict[str, PendingState] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.items or self.states)

    def merged_under(self, newer: WriteBatch) -> WriteBatch:
        """This batch with ``newer`` entries taking precedence (used to requeue a failure)."""
        return WriteBatch(items={**self.items, **newer.items}, states={**self.states, **newer.states})


@dataclass(frozen=True)
class AutosaveStatus:
    """Snapshot for the window's "saved" indicator."""

    pending: int
    last_durable_at: float | None
    last_error: Exception | None


Committer = Callable[[WriteBatch], None]
ErrorListener = Callable[[Exception], None]


class AutosaveQueue:
    """Pending map + writer thread; ``commit`` must write a WriteBatch in one transaction."""

    def __init__(
        self,
        commit: Committer,
        *,
        debounce_seconds: float = 0.25,
        on_error: ErrorListener | None = None,
        name: str = "rater-autosave",
    ) -> None:
        self._commit = commit
        self._debounce = debounce_seconds
        self._on_error = on_error
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending = WriteBatch()
        self._inflight = WriteBatch()
        self._wakeup = threading.Event()
        self._stop = threading.Event()
        self._last_durable_at: float | None = None
        self._last_error: Exception | None = None
        self._failures = 0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def put_item(self, key: ItemKey, item: PendingItem) -> None:
        with self._lock:
            self._pending.items[key] = item
        self._wakeup.set()

    def put_state(self, batch_key: str, state: PendingState) -> None:
        with self._lock:
            self._pending.states[batch_key] = state
        self._wakeup.set()

    def peek_item(self, key: ItemKey) -> PendingItem | None:
        with self._lock:
            return self._pending.items.get(key) or self._inflight.items.get(key)

    def peek_state(self, batch_key: str) -> PendingState | None:
        with self._lock:
            return self._pending.states.get(batch_key) or self._inflight.states.get(batch_key)

    def pending_items(self, batch_key: str) -> dict[str, PendingItem]:
        """Unwritten items of one batch, newest version of each."""
        with self._lock:
            merged = {**self._inflight.items, **self._pending.items}
        return {item_id: item for (bkey, item_id), item in merged.items() if bkey == batch_key}

    def status(self) -> AutosaveStatus:
        with self._lock:
            pending = len(self._pending.items) + len(self._pending.states)
            pending += len(self._inflight.items) + len(self._inflight.states)
            return AutosaveStatus(pending, self._last_durable_at, self._last_error)

    @property
    def write_lock(self) -> threading.Lock:
        """Held around every database write so flushes and other writes never interleave."""
        return self._write_lock

    def flush(self) -> None:
        """Commit everything saved so far, in this thread; re-raise a failed commit."""
        with self._write_lock:
            self.flush_locked()

    def flush_locked(self) -> None:
        """Like flush(); the caller already holds ``write_lock``."""
        error = self._write_pending()
        if error is not None:
            raise error

    def close(self) -> None:
        """Flush, then stop the writer thread. Raises if the final flush fails."""
        self._stop.set()
        self._wakeup.set()
        self._thread.join(timeout=30)
        self.flush()

    def _write_pending(self) -> Exception | None:
        with self._lock:
            batch, self._pending = self._pending, WriteBatch()
            self._inflight = batch
            self._wakeup.clear()
        if not batch:
            return None
        try:
            self._commit(batch)
        except Exception as exc:  # noqa: BLE001 - any failure must keep the documents
            with self._lock:
                self._pending = batch.merged_under(self._pending)
                self._inflight = WriteBatch()
                self._last_error = exc
                self._failures += 1
                self._wakeup.set()
            return exc
        with self._lock:
            self._inflight = WriteBatch()
            self._last_error = None
            self._failures = 0
            self._last_durable_at = time.time()
        return None

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wakeup.wait()
            if self._stop.is_set():
                break
            # Debounce: a burst of edits within this window becomes one transaction. The wait
            # starts at the first unsaved edit, so continuous typing cannot postpone a commit.
            self._stop.wait(self._debounce)
            with self._write_lock:
                error = self._write_pending()
            if error is not None:
                self._report(error)
                self._stop.wait(min(5.0, 0.25 * 2 ** min(self._failures, 5)))
                self._wakeup.set()

    def _report(self, error: Exception) -> None:
        if self._on_error is not None:
            try:
                self._on_error(error)
            except Exception:  # noqa: BLE001 - a broken listener must not stop autosave
                pass
