"""Damaged or unreadable databases: clear errors, a kept copy, fresh start only on request."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rater_desktop.storage import (
    CorruptDatabaseError,
    StorageError,
    UnreadableDatabaseError,
    open_profile_store,
)

MOMENT = datetime(2026, 11, 30, 9, 15, 42, tzinfo=UTC)
COPY_NAME = "ratings.sqlite3.corrupt-20261130-091542"


def clock() -> datetime:
    return MOMENT


def _db_path(data_dir: Path) -> Path:
    return data_dir / "profiles" / "r" / "ratings.sqlite3"


def _real_database(data_dir: Path, items: int = 200) -> Path:
    with open_profile_store("r", data_dir=data_dir) as store:
        for n in range(items):
            store.save_item("b", f"i{n}", {"status": "done", "notes": "x" * 500, "n": n})
    return _db_path(data_dir)


def _write_bad_file(data_dir: Path, content: bytes) -> Path:
    path = _db_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def _garbage(data_dir: Path) -> Path:
    return _write_bad_file(data_dir, os.urandom(8192))


def _text_file(data_dir: Path) -> Path:
    return _write_bad_file(data_dir, b"these are my notes, not a database\n")


def _truncated(data_dir: Path) -> Path:
    path = _real_database(data_dir)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def _foreign_sqlite(data_dir: Path) -> Path:
    path = _db_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    return path


BAD_FILES = {
    "garbage": (_garbage, "not a SQLite database"),
    "text": (_text_file, "not a SQLite database"),
    "truncated": (_truncated, "malformed"),
    "foreign": (_foreign_sqlite, "not a Rater Desktop ratings database"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_gives_clear_error_and_is_copied_aside(tmp_path: Path, case: str) -> None:
    make, expected = BAD_FILES[case]
    path = make(tmp_path)
    original = path.read_bytes()
    with pytest.raises(CorruptDatabaseError) as caught:
        open_profile_store("r", data_dir=tmp_path, clock=clock)
    message = str(caught.value)
    assert str(path) in message and expected in message
    assert "start a fresh database" in message
    copy = path.parent / COPY_NAME
    assert caught.value.quarantine_path == copy and str(copy) in message
    assert copy.read_bytes() == original
    assert path.read_bytes() == original  # the original is never modified either


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_recover_starts_fresh_and_keeps_the_bad_file(tmp_path: Path, case: str) -> None:
    make, _expected = BAD_FILES[case]
    original = make(tmp_path).read_bytes()
    with open_profile_store("r", data_dir=tmp_path, clock=clock, recover=True) as store:
        assert store.recovered_from is not None
        assert store.recovered_from.read_bytes() == original
        store.save_item("b", "i1", {"status": "new"})
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_item("b", "i1") == {"status": "new"}


def test_repeated_failed_opens_do_not_pile_up_copies(tmp_path: Path) -> None:
    path = _garbage(tmp_path)
    for _ in range(3):
        with pytest.raises(CorruptDatabaseError):
            open_profile_store("r", data_dir=tmp_path)
    assert len(list(path.parent.glob("ratings.sqlite3.corrupt-*"))) == 1


def test_recover_after_a_refusal_keeps_both_copies(tmp_path: Path) -> None:
    path = _garbage(tmp_path)
    original = path.read_bytes()
    with pytest.raises(CorruptDatabaseError):
        open_profile_store("r", data_dir=tmp_path, clock=clock)
    open_profile_store("r", data_dir=tmp_path, clock=clock, recover=True).close()
    kept = sorted(path.parent.glob("ratings.sqlite3.corrupt-*"))
    assert [p.name for p in kept] == [COPY_NAME, COPY_NAME + "-2"]
    assert all(p.read_bytes() == original for p in kept)


def test_stale_wal_of_a_bad_file_moves_aside_with_it(tmp_path: Path) -> None:
    path = _garbage(tmp_path)
    Path(f"{path}-wal").write_bytes(b"old log")
    with open_profile_store("r", data_dir=tmp_path, clock=clock, recover=True) as store:
        assert store.recovered_from == path.parent / COPY_NAME
    assert (path.parent / f"{COPY_NAME}-wal").read_bytes() == b"old log"


def test_wal_without_main_file_is_reported(tmp_path: Path) -> None:
    path = _db_path(tmp_path)
    path.parent.mkdir(parents=True)
    Path(f"{path}-wal").write_bytes(b"orphan log")
    with pytest.raises(CorruptDatabaseError, match="write-ahead log"):
        open_profile_store("r", data_dir=tmp_path)
    assert Path(f"{path}-wal").read_bytes() == b"orphan log"


def test_directory_in_place_of_the_file_is_reported(tmp_path: Path) -> None:
    path = _db_path(tmp_path)
    path.mkdir(parents=True)
    with pytest.raises(UnreadableDatabaseError, match="not a regular file"):
        open_profile_store("r", data_dir=tmp_path)
    assert path.is_dir()


def test_corrupt_document_json_names_the_item(tmp_path: Path) -> None:
    path = _real_database(tmp_path, items=1)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE item_ratings SET document = '{broken' WHERE item_id = 'i0'")
    conn.commit()
    conn.close()
    with open_profile_store("r", data_dir=tmp_path) as store:
        with pytest.raises(CorruptDatabaseError, match="'i0'"):
            store.load_item("b", "i0")


# --- permissions ---------------------------------------------------------------------------

NOBODY = 65534


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder another user can reach (tmp_path's parents are private to the test user)."""
    path = Path(tempfile.mkdtemp(prefix="rater-perm-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _open_as_user_without_access(data_dir: Path, *, recover: bool) -> str:
    """Try to open the store where the OS denies access; return 'ok' or 'Class: message'."""
    if os.geteuid() != 0:
        return _attempt(data_dir, recover=recover)
    # Root bypasses permission bits, so a forked child drops to 'nobody' first.
    for folder in (data_dir, data_dir / "profiles", data_dir / "profiles" / "r"):
        os.chown(folder, NOBODY, NOBODY)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            outcome = _attempt(data_dir, recover=recover)
        except BaseException as exc:
            outcome = f"child crashed: {exc!r}"
        os.write(write_end, outcome.encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as reader:
        outcome = reader.read().decode()
    os.waitpid(pid, 0)
    return outcome


def _attempt(data_dir: Path, *, recover: bool) -> str:
    try:
        open_profile_store("r", data_dir=data_dir, clock=clock, recover=recover).close()
    except StorageError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "ok"


@pytest.mark.parametrize(
    ("mode", "expected", "copied"),
    [(0o000, "permission denied", False), (0o444, "read-only", True)],
)
def test_unusable_permissions_are_reported_not_overwritten(
    shared_dir: Path, mode: int, expected: str, copied: bool
) -> None:
    path = _real_database(shared_dir, items=3)
    original = path.read_bytes()
    path.chmod(mode)
    outcome = _open_as_user_without_access(shared_dir, recover=False)
    assert outcome.startswith("UnreadableDatabaseError"), outcome
    assert str(path) in outcome and expected in outcome and "permissions" in outcome
    assert stat.S_IMODE(path.stat().st_mode) == mode
    copy = path.parent / COPY_NAME
    assert copy.exists() == copied and (str(copy) in outcome) == copied
    path.chmod(0o600)
    assert path.read_bytes() == original


def test_unreadable_file_is_moved_aside_on_recover(shared_dir: Path) -> None:
    path = _real_database(shared_dir, items=3)
    original = path.read_bytes()
    path.chmod(0)
    assert _open_as_user_without_access(shared_dir, recover=True) == "ok"
    kept = path.parent / COPY_NAME
    kept.chmod(0o600)
    assert kept.read_bytes() == original
    assert path.exists() and path.read_bytes() != original
