"""Rolling backups: made with the backup API, daily, rotated, and usable."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rater_desktop.storage import open_profile_store


class SteppingClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


START = datetime(2026, 11, 30, 9, 0, 0, tzinfo=UTC)


def test_backup_contains_unflushed_saves_and_opens_standalone(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path, debounce_seconds=30) as store:
        store.save_item("b", "i1", {"status": "done", "current_step": "verdict"})
        store.save_batch_state("b", {"current_item": "i1"})
        backup = store.backup_now()
    assert backup.parent == tmp_path / "backups" / "r"
    assert re.fullmatch(r"ratings-\d{8}-\d{6}\.sqlite3", backup.name)
    assert not Path(f"{backup}-wal").exists()
    conn = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        rows = conn.execute("SELECT item_id, status FROM item_ratings").fetchall()
        assert rows == [("i1", "done")]
    finally:
        conn.close()


def test_a_backup_can_be_restored_as_the_profile_database(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        store.save_item("b", "i1", {"status": "done"})
        backup = store.backup_now()
    restored_home = tmp_path / "restored"
    target = restored_home / "profiles" / "r" / "ratings.sqlite3"
    target.parent.mkdir(parents=True)
    target.write_bytes(backup.read_bytes())
    with open_profile_store("r", data_dir=restored_home) as store:
        assert store.load_item("b", "i1") == {"status": "done"}


def test_rotation_keeps_the_newest_n(tmp_path: Path) -> None:
    clock = SteppingClock(START)
    with open_profile_store("r", data_dir=tmp_path, clock=clock, backups_to_keep=3) as store:
        made = []
        for day in range(5):
            clock.now = START + timedelta(days=day)
            store.save_item("b", "i1", {"status": "day", "day": day})
            made.append(store.backup_now())
        kept = store.list_backups()
    assert kept == made[-3:]
    assert [p.exists() for p in made] == [False, False, True, True, True]
    conn = sqlite3.connect(kept[-1])
    (document,) = conn.execute("SELECT document FROM item_ratings").fetchone()
    conn.close()
    assert '"day":4' in document


def test_backups_in_the_same_second_get_distinct_names(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path, clock=SteppingClock(START)) as store:
        first, second, third = store.backup_now(), store.backup_now(), store.backup_now()
        assert len({first, second, third}) == 3
        assert store.list_backups() == [first, second, third]


def test_maybe_backup_runs_once_per_day(tmp_path: Path) -> None:
    clock = SteppingClock(START)
    with open_profile_store("r", data_dir=tmp_path, clock=clock) as store:
        assert store.maybe_backup() is not None
        assert store.maybe_backup(START + timedelta(hours=14)) is None
        clock.now = START + timedelta(days=1, hours=-8)  # 01:00 the next day
        assert store.maybe_backup() is not None
        assert len(store.list_backups()) == 2


def test_rotation_ignores_other_files(tmp_path: Path) -> None:
    clock = SteppingClock(START)
    with open_profile_store("r", data_dir=tmp_path, clock=clock, backups_to_keep=1) as store:
        keep_me = store.layout.backup_dir / "ratings-v1-before-upgrade-20260101-000000.sqlite3"
        keep_me.parent.mkdir(parents=True, exist_ok=True)
        keep_me.write_bytes(b"pre-upgrade copy")
        store.backup_now()
        clock.now = START + timedelta(days=1)
        store.backup_now()
    assert keep_me.exists()
    assert len(list(keep_me.parent.glob("ratings-2026*.sqlite3"))) == 1


def test_interrupted_backup_leftovers_are_cleaned_up(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        stale = store.layout.backup_dir / "ratings-20260101-000000.sqlite3.partial"
        stale.parent.mkdir(parents=True, exist_ok=True)
        stale.write_bytes(b"half a copy")
        store.backup_now()
    assert not stale.exists()
    assert len(list(stale.parent.iterdir())) == 1
