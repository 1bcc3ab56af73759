"""ProfileStore: protocol, round trips, reopen, listing, batches, profile values."""

from __future__ import annotations

import inspect
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rater_desktop import appdirs
from rater_desktop.storage import (
    BatchStatus,
    ProfileStore,
    RatingStoreLike,
    StorageError,
    open_profile_store,
)

SHA_A = "a" * 64
SHA_B = "b" * 64


def _doc(status: str = "in_progress", step: Any = "compare", **extra: Any) -> dict[str, Any]:
    return {"status": status, "current_step": step, "verdict": None, **extra}


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with open_profile_store("rater-1", data_dir=tmp_path) as opened:
        yield opened


def test_default_location_is_profile_folder_in_app_data() -> None:
    with open_profile_store("alice") as store:
        expected = appdirs.data_dir() / "profiles" / "alice" / "ratings.sqlite3"
        assert store.path == expected
        assert expected.exists()


@pytest.mark.parametrize("bad_id", ["", "../evil", "a/b", "con", ".hidden", "x" * 65, "a b"])
def test_unsafe_rater_ids_are_refused(tmp_path: Path, bad_id: str) -> None:
    with pytest.raises(ValueError, match="Rater id"):
        open_profile_store(bad_id, data_dir=tmp_path)
    assert not (tmp_path / "profiles").exists() or not any((tmp_path / "profiles").iterdir())


def test_store_satisfies_rating_store_protocol_exactly(store: ProfileStore) -> None:
    assert isinstance(store, RatingStoreLike)
    for name, member in inspect.getmembers(RatingStoreLike, inspect.isfunction):
        if name.startswith("_"):
            continue
        expected = inspect.signature(member)
        actual = inspect.signature(getattr(ProfileStore, name))
        assert list(actual.parameters) == list(expected.parameters), name
        assert str(actual.return_annotation) == str(expected.return_annotation), name


def test_store_matches_the_rating_package_protocol(store: ProfileStore) -> None:
    from rater_desktop.rating.store import RatingStore

    typed: RatingStore = store  # mypy checks the structural match here
    protocol = RatingStore
    assert typed is store
    for name in ("load_item", "save_item", "load_batch_state", "save_batch_state", "flush"):
        expected = inspect.signature(getattr(protocol, name))
        assert list(inspect.signature(getattr(ProfileStore, name)).parameters) == list(
            expected.parameters
        )


def test_missing_item_and_state_are_none(store: ProfileStore) -> None:
    assert store.load_item("b", "nope") is None
    assert store.load_batch_state("b") is None


def test_saved_document_reads_back_immediately_and_after_flush(store: ProfileStore) -> None:
    document = _doc(notes="é ✓ 日本", scores={"a": [1, 2.5, None]})
    store.save_item("b", "i1", document)
    assert store.load_item("b", "i1") == document
    store.flush()
    assert store.autosave_status().pending == 0
    assert store.load_item("b", "i1") == document


def test_text_that_utf8_cannot_encode_still_round_trips(tmp_path: Path) -> None:
    document = _doc(step="\ud800", notes="lone surrogate \udfff from a batch", ok="日本 ✓")
    with open_profile_store("r", data_dir=tmp_path) as store:
        store.save_item("b", "i1", document)
        store.save_batch_state("b", {"filter": "\ud83d"})
        store.set_value("odd", "\udc00")
        store.flush()
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_item("b", "i1") == document
        assert store.load_batch_state("b") == {"filter": "\ud83d"}
        assert store.get_value("odd") == "\udc00"
        assert store.list_items("b")[0].current_step == "\ud800"


@pytest.mark.parametrize(("batch_key", "item_id"), [("", "i"), ("b", ""), ("b", "x\ud800")])
def test_unstorable_keys_are_refused_at_save_time(
    store: ProfileStore, batch_key: str, item_id: str
) -> None:
    with pytest.raises(ValueError):
        store.save_item(batch_key, item_id, _doc())
    store.save_item("b", "fine", _doc())
    store.flush()  # nothing poisonous reached the writer
    assert store.load_item("b", "fine") == _doc()


def test_save_snapshots_the_document(store: ProfileStore) -> None:
    document = _doc()
    store.save_item("b", "i1", document)
    document["status"] = "mutated later"
    store.flush()
    assert store.load_item("b", "i1") == _doc()


def test_non_json_documents_are_refused_at_save_time(store: ProfileStore) -> None:
    with pytest.raises(TypeError):
        store.save_item("b", "i1", {"status": "x", "when": object()})
    with pytest.raises(ValueError):
        store.save_item("b", "i1", {"status": "x", "score": float("nan")})
    store.flush()
    assert store.load_item("b", "i1") is None


def test_reopen_restores_documents_and_batch_state(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        store.register_batch("batch-1", SHA_A, "First", tmp_path / "b1.zip")
        for n in range(20):
            store.save_item("batch-1", f"item-{n:02d}", _doc(step=n, n=n))
        store.save_batch_state("batch-1", {"current_item": "item-07", "current_step": "verdict"})
    # close() flushed everything; nothing relies on the writer thread having run.
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_batch_state("batch-1") == {
            "current_item": "item-07",
            "current_step": "verdict",
        }
        for n in range(20):
            assert store.load_item("batch-1", f"item-{n:02d}") == _doc(step=n, n=n)


def test_background_writer_commits_without_flush_after_the_debounce(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path, debounce_seconds=0.2) as store:
        store.save_item("b", "i1", _doc())
        started = time.monotonic()
        # The 30 s cap only ends a broken run (a loaded machine may start the writer late);
        # the loop must end because the writer committed, never because of the cap.
        while store.autosave_status().pending and time.monotonic() - started < 30:
            time.sleep(0.01)
        elapsed = time.monotonic() - started
        status = store.autosave_status()
        conn = sqlite3.connect(store.path)
        row = conn.execute("SELECT status FROM item_ratings WHERE item_id='i1'").fetchone()
        conn.close()
    assert status.pending == 0 and status.last_durable_at is not None
    assert row == ("in_progress",)
    assert elapsed >= 0.15


def test_repeated_saves_coalesce_into_one_revision(store: ProfileStore) -> None:
    for n in range(50):
        store.save_item("b", "i1", _doc(n=n))
    store.flush()
    store.save_item("b", "i1", _doc(n=99))
    store.flush()
    conn = sqlite3.connect(store.path)
    revision, document = conn.execute(
        "SELECT revision, document FROM item_ratings WHERE item_id = 'i1'"
    ).fetchone()
    conn.close()
    assert revision == 2  # 50 saves -> one write, then one more
    assert '"n":99' in document


def test_concurrent_saves_from_many_threads_all_land(store: ProfileStore) -> None:
    def worker(thread_no: int) -> None:
        for n in range(100):
            store.save_item("b", f"t{thread_no}-i{n % 10}", _doc(n=n))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.flush()
    items = store.list_items("b")
    assert len(items) == 40
    for t in range(4):
        for i in range(10):
            assert store.load_item("b", f"t{t}-i{i}") == _doc(n=90 + i)


def test_list_items_includes_unflushed_saves_and_columns(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path, debounce_seconds=30) as store:
        store.save_item("b", "i2", _doc(status="done", step=4))
        store.flush()
        store.save_item("b", "i1", _doc(status="in_progress", step="compare"))
        listed = store.list_items("b")
        assert [(s.item_id, s.status, s.current_step) for s in listed] == [
            ("i1", "in_progress", "compare"),
            ("i2", "done", 4),
        ]
        assert all(s.updated_at.tzinfo is not None for s in listed)
        assert store.list_items("other") == []


def test_iter_documents_flushes_and_yields_every_item(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path, debounce_seconds=30) as store:
        for n in range(3):
            store.save_item("b", f"i{n}", _doc(n=n))
        store.save_item("other", "i0", _doc(n=100))
        exported = list(store.iter_documents("b"))
        assert exported == [(f"i{n}", _doc(n=n)) for n in range(3)]
        assert store.autosave_status().pending == 0


def test_batches_are_kept_side_by_side(store: ProfileStore) -> None:
    store.register_batch("one", SHA_A, "One", "/data/one.zip")
    store.register_batch("two", SHA_B, "Two", "/data/two")
    store.save_item("one", "shared-id", _doc(n=1))
    store.save_item("two", "shared-id", _doc(n=2))
    store.flush()
    assert store.load_item("one", "shared-id") == _doc(n=1)
    assert store.load_item("two", "shared-id") == _doc(n=2)
    assert [b.batch_key for b in store.list_batches()] == ["one", "two"]


def test_register_batch_new_same_changed_and_confirm(store: ProfileStore) -> None:
    first = store.register_batch("b", SHA_A, "Title", "/x/b.zip")
    assert (first.status, first.previous_sha256) == (BatchStatus.NEW, None)
    store.save_item("b", "i1", _doc())
    store.flush()
    again = store.register_batch("b", SHA_A, "Title", "/moved/b.zip")
    assert again.status is BatchStatus.SAME and again.rated_items == 1
    changed = store.register_batch("b", SHA_B, "New title", "/x/b2.zip")
    assert changed.status is BatchStatus.CHANGED and changed.needs_confirmation
    assert changed.previous_sha256 == SHA_A
    # Nothing was overwritten: the stored batch still has the old hash and path.
    (record,) = store.list_batches()
    assert (record.sha256, record.source_path) == (SHA_A, "/moved/b.zip")
    confirmed = store.confirm_batch_change(changed)
    assert confirmed.status is BatchStatus.SAME
    (record,) = store.list_batches()
    assert (record.sha256, record.title) == (SHA_B, "New title")
    assert store.load_item("b", "i1") == _doc()
    assert store.register_batch("b", SHA_B, "New title", "/x/b2.zip").status is BatchStatus.SAME


def test_confirm_change_can_drop_old_ratings_after_a_backup(store: ProfileStore) -> None:
    store.register_batch("b", SHA_A, "T", "/x")
    store.save_item("b", "i1", _doc())
    store.save_batch_state("b", {"current_item": "i1"})
    changed = store.register_batch("b", SHA_B, "T", "/x")
    store.confirm_batch_change(changed, keep_ratings=False)
    assert store.load_item("b", "i1") is None
    assert store.load_batch_state("b") is None
    (backup,) = store.list_backups()
    conn = sqlite3.connect(backup)
    assert conn.execute("SELECT count(*) FROM item_ratings").fetchone() == (1,)
    conn.close()


def test_stale_confirmation_is_refused(store: ProfileStore) -> None:
    store.register_batch("b", SHA_A, "T", "/x")
    stale = store.register_batch("b", SHA_B, "T", "/x")
    store.confirm_batch_change(stale)
    with pytest.raises(ValueError, match="changed again"):
        store.confirm_batch_change(stale)


def test_items_saved_before_registration_get_their_hash_on_register(store: ProfileStore) -> None:
    store.save_item("b", "i1", _doc())
    store.flush()
    registration = store.register_batch("b", SHA_A, "T", "/x")
    assert registration.status is BatchStatus.NEW and registration.rated_items == 1
    assert store.register_batch("b", SHA_A, "T", "/x").status is BatchStatus.SAME


def test_profile_values_persist(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.get_value("last_batch", "none") == "none"
        store.set_value("last_batch", "b-7")
        store.set_value("window", {"w": 1200, "h": 800})
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.get_value("last_batch") == "b-7"
        assert store.get_value("window") == {"w": 1200, "h": 800}


def test_pragmas_hold_on_every_connection(store: ProfileStore) -> None:
    database = store._database  # noqa: SLF001 - the pragmas are the point of this test
    for _ in range(3):
        with database.reader() as reader, database.writer() as writer:
            for conn in (reader, writer):
                assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
                assert conn.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
                assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
                assert conn.execute("PRAGMA busy_timeout").fetchone() == (5000,)
                assert conn.isolation_level is None  # every transaction is an explicit BEGIN
        database.dispose()  # force brand-new connections next time


def test_closed_store_refuses_saves(tmp_path: Path) -> None:
    store = open_profile_store("r", data_dir=tmp_path)
    store.close()
    store.close()
    with pytest.raises(StorageError, match="closed"):
        store.save_item("b", "i", _doc())


def test_importing_storage_does_not_import_sqlalchemy() -> None:
    code = (
        "import sys, rater_desktop.storage as s\n"
        "assert s.StorageError and s.validate_rater_id('x')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'sqlmodel')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("with_shm", [True, False])
def test_crash_image_with_unmerged_log_opens_with_all_commits(
    tmp_path: Path, with_shm: bool
) -> None:
    """Copying the files of a live store gives what a power cut leaves: data still in the WAL."""
    live = open_profile_store("r", data_dir=tmp_path / "live")
    try:
        live.save_item("b", "i1", _doc(n=1))
        live.save_batch_state("b", {"current_item": "i1"})
        live.flush()
        crash_dir = tmp_path / "crash" / "profiles" / "r"
        crash_dir.mkdir(parents=True)
        names = ["ratings.sqlite3", "ratings.sqlite3-wal"] + (
            ["ratings.sqlite3-shm"] if with_shm else []
        )
        for name in names:
            (crash_dir / name).write_bytes((live.path.parent / name).read_bytes())
        assert (crash_dir / "ratings.sqlite3-wal").stat().st_size > 0
    finally:
        live.close()
    with open_profile_store("r", data_dir=tmp_path / "crash") as store:
        assert store.load_item("b", "i1") == _doc(n=1)
        assert store.load_batch_state("b") == {"current_item": "i1"}


def test_pending_saves_are_flushed_at_interpreter_exit(tmp_path: Path) -> None:
    code = (
        "import sys\nfrom pathlib import Path\n"
        "from rater_desktop.storage import open_profile_store\n"
        f"store = open_profile_store('r', data_dir=Path({str(tmp_path)!r}), "
        "debounce_seconds=60)\n"
        "store.save_item('b', 'i1', {'status': 'done'})\n"
        "sys.exit(0)  # no close(), no flush()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_item("b", "i1") == {"status": "done"}


def test_data_folder_with_uri_and_url_characters(tmp_path: Path) -> None:
    home = tmp_path / "my data #1 ?mode=rw %20 é"
    with open_profile_store("r", data_dir=home) as store:
        store.save_item("b", "i1", _doc())
        backup = store.backup_now()
    with open_profile_store("r", data_dir=home) as store:
        assert store.load_item("b", "i1") == _doc()
    assert backup.exists() and str(home) in str(backup)
