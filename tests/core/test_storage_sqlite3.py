"""The ratings store on the standard sqlite3 module: same files as the SQLModel code, no
SQLAlchemy at import, one guarded writer and one reader connection, driver errors mapped."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from storage_golden_kit import SHA_A, SHA_B, describe, dump_rows, run_scenario

from rater_desktop.storage import (
    SCHEMA_VERSION,
    StorageError,
    WriteFailedError,
    migrations,
    open_profile_store,
    profile,
)
from rater_desktop.storage.engine import RatingsDatabase

GOLDEN = json.loads(
    (Path(__file__).parent / "data" / "ratings_schema_golden.json").read_text(encoding="utf-8")
)
ROWS = (
    "INSERT INTO batches VALUES ('b1', '{sha}', 'Old batch', '/x', "
    "'2026-01-01T00:00:00.000+00:00', '2026-01-02T00:00:00.000+00:00');\n"
    "INSERT INTO batch_state VALUES ('b1', '{{\"current_item\":\"i1\"}}', "
    "'2026-01-02T10:00:00.000+00:00');\n"
)


def _db_path(data_dir: Path) -> Path:
    return data_dir / "profiles" / "r" / "ratings.sqlite3"


def _old_file(path: Path, ddl: list[str], inserts: str) -> None:
    """A file as the SQLModel code left it: its exact DDL, WAL mode, rows."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(";\n".join(ddl) + ";\n" + inserts)
    conn.close()


def _json_safe(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_fresh_file_has_exactly_the_schema_the_sqlmodel_code_created(tmp_path: Path) -> None:
    open_profile_store("r", data_dir=tmp_path).close()
    assert _json_safe(describe(_db_path(tmp_path))) == GOLDEN["fresh_v2"]


def test_a_scenario_writes_the_same_rows_as_the_sqlmodel_code(tmp_path: Path) -> None:
    path = run_scenario(open_profile_store, tmp_path)
    assert _json_safe(dump_rows(path)) == GOLDEN["scenario_rows"]


def test_v1_file_written_by_the_sqlmodel_code_is_migrated_like_it_did(tmp_path: Path) -> None:
    path = _db_path(tmp_path)
    inserts = (
        "INSERT INTO schema_info VALUES (1, 1, '2026-01-01T00:00:00.000+00:00');\n"
        + ROWS.format(sha=SHA_A)
        + "INSERT INTO item_ratings VALUES ('b1', 'i1', '{\"status\":\"done\"}', 'done', "
        "NULL, '2026-01-02T10:00:00.000+00:00', 3);\n"
    )
    _old_file(path, GOLDEN["v1_ddl"], inserts)
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert store.load_item("b1", "i1") == {"status": "done"}
        assert store.load_batch_state("b1") == {"current_item": "i1"}
        assert store.register_batch("b1", SHA_A, "Old batch", "/x").rated_items == 1
        store.save_item("b1", "i1", {"status": "flagged"})
    assert _json_safe(describe(path)) == GOLDEN["v1_migrated_to_v2"]
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT version FROM schema_info").fetchone() == (2,)
    assert conn.execute(
        "SELECT revision, created_at, updated_at < '2026-02' FROM item_ratings"
    ).fetchone() == (4, "2026-01-02T10:00:00.000+00:00", 0)
    conn.close()


def test_v2_file_written_by_the_sqlmodel_code_opens_unchanged(tmp_path: Path) -> None:
    path = _db_path(tmp_path)
    ddl = [row[3] for row in GOLDEN["fresh_v2"]["sqlite_master"] if row[3] is not None]
    inserts = (
        "INSERT INTO schema_info VALUES (1, 2, '2026-01-01T00:00:00.000+00:00');\n"
        + ROWS.format(sha=SHA_A)
        + "INSERT INTO item_ratings VALUES ('b1', 'i1', '{\"status\":\"done\"}', 'done', "
        "'\"verdict\"', '2026-01-02T10:00:00.000+00:00', 3, '2026-01-01T10:00:00.000+00:00');\n"
    )
    _old_file(path, ddl, inserts)
    with open_profile_store("r", data_dir=tmp_path) as store:
        assert [s.current_step for s in store.list_items("b1")] == ["verdict"]
        assert store.register_batch("b1", SHA_B, "New", "/y").needs_confirmation
        store.save_item("b1", "i2", {"status": "in_progress"})
    assert not (tmp_path / "backups" / "r").exists()  # no upgrade, so no pre-upgrade copy
    assert _json_safe(describe(path)) == GOLDEN["fresh_v2"]


def test_importing_the_store_loads_no_sqlalchemy_sqlmodel_or_pydantic() -> None:
    code = (
        "import rater_desktop.storage.profile, sys; print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in {'sqlalchemy','sqlmodel','pydantic'}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_every_migration_commits_with_its_version_bump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_v3(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x INTEGER)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken_v3))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(profile, "SCHEMA_VERSION", 3)
    path = _db_path(tmp_path)
    _old_file(path, GOLDEN["v1_ddl"],
              "INSERT INTO schema_info VALUES (1, 1, '2026-01-01T00:00:00.000+00:00');")
    with pytest.raises(StorageError, match="could not be prepared.*disk I/O error"):
        open_profile_store("r", data_dir=tmp_path)
    conn = sqlite3.connect(path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert conn.execute("SELECT version FROM schema_info").fetchone() == (2,)
    conn.close()
    assert "half_done" not in tables and "ix_item_ratings_batch_status" in tables


def test_a_failed_transaction_rolls_back_and_the_writer_stays_usable(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        database = store._database  # noqa: SLF001 - the transaction helper is under test
        with pytest.raises(RuntimeError), database.transaction() as conn:
            conn.execute("INSERT INTO profile_values VALUES ('k', '1', 't')")
            raise RuntimeError("interrupted")
        with database.writer() as conn:
            assert not conn.in_transaction
        assert store.get_value("k") is None
        store.set_value("k", 2)
        assert store.get_value("k") == 2


def test_reads_do_not_wait_for_a_write_transaction(tmp_path: Path) -> None:
    with open_profile_store("r", data_dir=tmp_path) as store:
        store.save_item("b", "i", {"status": "done"})
        store.flush()
        database = store._database  # noqa: SLF001 - holding the writer is the point
        holding, release = threading.Event(), threading.Event()

        def hold_writer() -> None:
            with database.transaction() as conn:
                conn.execute("UPDATE item_ratings SET document = '{\"status\":\"x\"}'")
                holding.set()
                release.wait(10)

        writer = threading.Thread(target=hold_writer)
        writer.start()
        assert holding.wait(10)
        try:
            # Another connection, so neither blocked nor shown the uncommitted update.
            assert store.load_item("b", "i") == {"status": "done"}
            assert [s.status for s in store.list_items("b")] == ["done"]
        finally:
            release.set()
            writer.join(10)
        assert store.load_item("b", "i") == {"status": "x"}


def _read_only(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA query_only = ON")


def test_driver_errors_surface_as_storage_errors_naming_the_file(tmp_path: Path) -> None:
    store = open_profile_store("r", data_dir=tmp_path, debounce_seconds=60)
    database = store._database  # noqa: SLF001 - simulating a file that refuses writes
    database.connect_hooks.append(_read_only)
    database.dispose()
    for attempt in (lambda: store.set_value("k", 1),
                    lambda: store.register_batch("b", SHA_A, "T", "/x")):
        with pytest.raises(StorageError, match="readonly") as caught:
            attempt()
        assert str(store.path) in str(caught.value)
    store.save_item("b", "i", {"status": "done"})
    with pytest.raises(WriteFailedError, match="kept in memory"):
        store.flush()
    database.connect_hooks.remove(_read_only)
    database.dispose()
    store.close()
    conn = sqlite3.connect(store.path)
    conn.execute("DROP TABLE batch_state")
    conn.close()
    with open_profile_store("r", data_dir=tmp_path) as reopened:
        assert reopened.load_item("b", "i") == {"status": "done"}
        with pytest.raises(StorageError, match="reading it failed.*no such table"):
            reopened.load_batch_state("b")


def test_dispose_closes_both_connections_and_the_next_use_reconnects(tmp_path: Path) -> None:
    open_profile_store("r", data_dir=tmp_path).close()
    database = RatingsDatabase(_db_path(tmp_path))
    with database.reader() as first_reader, database.writer() as first_writer:
        pass
    database.dispose()
    with pytest.raises(sqlite3.ProgrammingError):
        first_reader.execute("SELECT 1")
    with pytest.raises(sqlite3.ProgrammingError):
        first_writer.execute("SELECT 1")
    with database.reader() as reader:
        assert reader is not first_reader
        assert reader.execute("SELECT version FROM schema_info").fetchone() == (SCHEMA_VERSION,)
    database.dispose()
