"""Schema versions: fresh creation, v1 -> v2 upgrade, atomic migrations, newer files refused."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from rater_desktop.storage import (
    SCHEMA_VERSION,
    SchemaTooNewError,
    StorageError,
    migrations,
    open_profile_store,
)

# The schema as shipped in version 1 (before item_ratings.created_at and the status index).
V1_SCHEMA = """
CREATE TABLE schema_info (id INTEGER NOT NULL PRIMARY KEY, version INTEGER NOT NULL,
    updated_at VARCHAR NOT NULL);
CREATE TABLE batches (batch_key VARCHAR NOT NULL PRIMARY KEY, sha256 VARCHAR,
    title VARCHAR NOT NULL, source_path VARCHAR NOT NULL, first_opened_at VARCHAR NOT NULL,
    last_opened_at VARCHAR NOT NULL);
CREATE TABLE item_ratings (
    batch_key VARCHAR NOT NULL REFERENCES batches (batch_key) ON DELETE CASCADE,
    item_id VARCHAR NOT NULL, document VARCHAR NOT NULL, status VARCHAR NOT NULL,
    current_step VARCHAR, updated_at VARCHAR NOT NULL, revision INTEGER NOT NULL,
    PRIMARY KEY (batch_key, item_id));
CREATE TABLE batch_state (
    batch_key VARCHAR NOT NULL PRIMARY KEY REFERENCES batches (batch_key) ON DELETE CASCADE,
    state VARCHAR NOT NULL, updated_at VARCHAR NOT NULL);
CREATE TABLE profile_values (key VARCHAR NOT NULL PRIMARY KEY, value VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL);
INSERT INTO schema_info VALUES (1, 1, '2026-01-01T00:00:00.000+00:00');
INSERT INTO batches VALUES ('b1', 'aa', 'Old batch', '/x', '2026-01-01T00:00:00.000+00:00',
    '2026-01-02T00:00:00.000+00:00');
INSERT INTO item_ratings VALUES ('b1', 'i1', '{"status":"done","current_step":"verdict"}',
    'done', '"verdict"', '2026-01-02T10:00:00.000+00:00', 3);
INSERT INTO batch_state VALUES ('b1', '{"current_item":"i1"}', '2026-01-02T10:00:00.000+00:00');
"""


def _db_path(data_dir: Path, rater: str = "r") -> Path:
    return data_dir / "profiles" / rater / "ratings.sqlite3"


def _make_raw_db(path: Path, script: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(script)
    conn.commit()
    conn.close()


def _shape(path: Path) -> dict[str, object]:
    """Tables -> (column, declared type, notnull, pk) plus index names, for comparison."""
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        shape: dict[str, object] = {
            t: [(c[1], c[2], c[3], c[5]) for c in conn.execute(f"PRAGMA table_info({t})")]
            for t in tables
        }
        shape["indexes"] = sorted(r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type='index' AND name NOT LIKE 'sqlite_%'"))
        return shape
    finally:
        conn.close()


def test_fresh_database_is_at_current_version(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        conn = sqlite3.connect(store.path)
        assert conn.execute("SELECT version FROM schema_info").fetchone() == (SCHEMA_VERSION,)
        conn.close()
    assert SCHEMA_VERSION == 2


def test_v1_database_made_by_raw_sql_is_upgraded(tmp_path: Path) -> None:
    path = _db_path(tmp_path)
    _make_raw_db(path, V1_SCHEMA)
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_item("b1", "i1") == {"status": "done", "current_step": "verdict"}
        assert store.load_batch_state("b1") == {"current_item": "i1"}
        assert [s.current_step for s in store.list_items("b1")] == ["verdict"]
        store.save_item("b1", "i2", {"status": "in_progress", "current_step": 1})
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_info").fetchone() == (2,)
    assert conn.execute("SELECT created_at FROM item_ratings WHERE item_id='i1'").fetchone() == (
        "2026-01-02T10:00:00.000+00:00",
    )
    plan = conn.execute(
        "EXPLAIN QUERY PLAN SELECT item_id FROM item_ratings WHERE batch_key='b1' AND status='x'"
    ).fetchall()
    conn.close()
    assert "ix_item_ratings_batch_status" in str(plan)


def test_upgrade_keeps_a_copy_of_the_old_version(tmp_path: Path) -> None:
    _make_raw_db(_db_path(tmp_path), V1_SCHEMA)
    open_profile_store("r", data_dir=tmp_path).close()
    (kept,) = (tmp_path / "backups" / "r").glob("ratings-v1-before-upgrade-*.sqlite3")
    conn = sqlite3.connect(kept)
    assert conn.execute("SELECT version FROM schema_info").fetchone() == (1,)
    conn.close()


def test_migrated_schema_matches_freshly_created_schema(tmp_path: Path) -> None:
    _make_raw_db(_db_path(tmp_path / "old"), V1_SCHEMA)
    open_profile_store("r", data_dir=tmp_path / "old").close()
    open_profile_store("r", data_dir=tmp_path / "new").close()
    assert _shape(_db_path(tmp_path / "old")) == _shape(_db_path(tmp_path / "new"))


def test_failing_migration_leaves_previous_version_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def half_done(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE item_ratings ADD COLUMN created_at VARCHAR")
        raise OSError("simulated crash in the middle of a migration")

    monkeypatch.setattr(migrations, "MIGRATIONS", (half_done,))
    path = _db_path(tmp_path)
    _make_raw_db(path, V1_SCHEMA)
    with pytest.raises(StorageError, match="simulated crash"):
        open_profile_store("r", data_dir=tmp_path)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_info").fetchone() == (1,)
    columns = [c[1] for c in conn.execute("PRAGMA table_info(item_ratings)")]
    conn.close()
    assert "created_at" not in columns  # the DDL was rolled back with the transaction


@pytest.mark.parametrize("recover", [False, True])
def test_newer_schema_is_refused_and_never_modified(tmp_path: Path, recover: bool) -> None:
    path = _db_path(tmp_path)
    _make_raw_db(path, V1_SCHEMA.replace("VALUES (1, 1,", "VALUES (1, 99,"))
    before = (hashlib.sha256(path.read_bytes()).hexdigest(), os.stat(path).st_mtime_ns)
    with pytest.raises(SchemaTooNewError) as caught:
        open_profile_store("r", data_dir=tmp_path, recover=recover)
    message = str(caught.value)
    assert str(path) in message and "newer" in message and "99" in message
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), os.stat(path).st_mtime_ns) == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["ratings.sqlite3"]
