"""Autosave queue: debounce, coalescing, flush, failure handling (incl. a disk-full store)."""

from __future__ import annotations

import sqlite3
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rater_desktop.storage import WriteFailedError, open_profile_store
from rater_desktop.storage.autosave import AutosaveQueue, PendingItem, PendingState, WriteBatch

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _item(text: str) -> PendingItem:
    return PendingItem(document_json=text, status="s", current_step=None, saved_at=NOW)


class RecordingCommitter:
    """Stands in for the database: records batches, can be told to fail."""

    def __init__(self) -> None:
        self.batches: list[WriteBatch] = []
        self.fail_next = 0
        self.delay = 0.0
        self.committed = threading.Event()

    def __call__(self, batch: WriteBatch) -> None:
        time.sleep(self.delay)
        if self.fail_next:
            self.fail_next -= 1
            raise OSError("disk full")
        self.batches.append(batch)
        self.committed.set()


def test_burst_of_saves_becomes_one_commit_after_the_debounce() -> None:
    committer = RecordingCommitter()
    queue = AutosaveQueue(committer, debounce_seconds=0.2)
    started = time.monotonic()
    for n in range(100):
        queue.put_item(("b", "i1"), _item(str(n)))
        queue.put_item(("b", f"other-{n % 3}"), _item(str(n)))
    queue.put_state("b", PendingState("{}", NOW))
    # Generous bound: a loaded machine may start the writer thread late; what must hold is
    # that it waited for the debounce (lower bound) and then wrote the burst once.
    assert committer.committed.wait(30.0)
    elapsed = time.monotonic() - started
    queue.close()
    assert elapsed >= 0.15
    assert len(committer.batches) == 1
    (batch,) = committer.batches
    assert batch.items[("b", "i1")].document_json == "99"
    assert len(batch.items) == 4 and list(batch.states) == ["b"]


def test_continuous_saving_cannot_postpone_the_commit() -> None:
    committer = RecordingCommitter()
    queue = AutosaveQueue(committer, debounce_seconds=0.2)
    started = time.monotonic()
    n = 0
    # Saves keep coming every few milliseconds, far inside the debounce: a debounce that
    # restarted at each save would never commit while this loop runs. The 30 s cap only
    # ends a broken run; a slow scheduler merely spaces the saves further apart.
    while not committer.committed.is_set() and time.monotonic() - started < 30.0:
        queue.put_item(("b", "i1"), _item(str(n)))
        n += 1
        time.sleep(0.005)
    committed_while_saving = committer.committed.is_set()
    queue.close()
    assert committed_while_saving


def test_flush_commits_synchronously_and_peek_sees_inflight_values() -> None:
    committer = RecordingCommitter()
    committer.delay = 0.3
    queue = AutosaveQueue(committer, debounce_seconds=60)
    queue.put_item(("b", "i1"), _item("first"))
    flusher = threading.Thread(target=queue.flush)
    flusher.start()
    time.sleep(0.1)  # the commit is now in flight
    peeked = queue.peek_item(("b", "i1"))
    assert peeked is not None and peeked.document_json == "first"
    flusher.join()
    assert queue.peek_item(("b", "i1")) is None
    assert queue.status().pending == 0 and queue.status().last_durable_at is not None
    queue.close()


def test_failed_commit_keeps_documents_reports_and_retries() -> None:
    committer = RecordingCommitter()
    committer.fail_next = 1
    errors: list[Exception] = []
    queue = AutosaveQueue(committer, debounce_seconds=0.05, on_error=errors.append)
    queue.put_item(("b", "i1"), _item("old"))
    deadline = time.monotonic() + 2
    while not errors and time.monotonic() < deadline:
        time.sleep(0.01)
    assert errors and isinstance(errors[0], OSError)
    queue.put_item(("b", "i1"), _item("newer"))  # a newer save must win over the requeued one
    assert committer.committed.wait(3.0)
    queue.close()
    merged = {k: v.document_json for b in committer.batches for k, v in b.items.items()}
    assert merged == {("b", "i1"): "newer"}
    assert queue.status().last_error is None


def test_flush_raises_when_the_commit_fails() -> None:
    committer = RecordingCommitter()
    committer.fail_next = 1
    queue = AutosaveQueue(committer, debounce_seconds=60)
    queue.put_item(("b", "i1"), _item("x"))
    with pytest.raises(OSError, match="disk full"):
        queue.flush()
    assert queue.status().pending == 1
    queue.flush()
    assert queue.status().pending == 0
    queue.close()


def _limit_pages(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA max_page_count = 12")


def test_disk_full_store_keeps_unsaved_work_until_space_returns(tmp_path: Path) -> None:
    errors: list[Exception] = []
    store = open_profile_store("r", data_dir=tmp_path, debounce_seconds=0.05,
                               on_error=errors.append)
    database = store._database  # noqa: SLF001 - simulating a full disk needs the connections
    database.connect_hooks.append(_limit_pages)
    database.dispose()
    big = {"status": "in_progress", "current_step": 1, "notes": "n" * 200_000}
    store.save_item("b", "i1", big)
    with pytest.raises(WriteFailedError) as caught:
        store.flush()
    assert "ratings.sqlite3" in str(caught.value) and "kept in memory" in str(caught.value)
    assert store.load_item("b", "i1") == big  # still readable from memory
    assert store.autosave_status().pending == 1
    database.connect_hooks.remove(_limit_pages)
    database.dispose()
    store.flush()
    store.close()
    with open_profile_store("r", data_dir=tmp_path) as reopened:
        assert reopened.load_item("b", "i1") == big


def test_close_that_cannot_flush_raises_and_can_be_retried(tmp_path: Path) -> None:
    store = open_profile_store("r", data_dir=tmp_path, debounce_seconds=60)
    database = store._database  # noqa: SLF001 - simulating a full disk needs the connections
    database.connect_hooks.append(_limit_pages)
    database.dispose()
    store.save_item("b", "i1", {"status": "x", "notes": "n" * 200_000})
    with pytest.raises(WriteFailedError):
        store.close()
    database.connect_hooks.remove(_limit_pages)
    database.dispose()
    store.close()
    with open_profile_store("r", data_dir=tmp_path) as reopened:
        assert reopened.load_item("b", "i1") is not None
