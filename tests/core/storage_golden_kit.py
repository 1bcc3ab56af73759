"""What a ratings file looks like, for comparison with goldens captured from the SQLModel code.

``describe`` reads the schema; ``run_scenario`` drives the public store API with a clock the
caller moves, and ``dump_rows`` reads back every row. The goldens in
``tests/core/data/ratings_schema_golden.json`` were produced by these functions running
against the store as it was before the port to the standard ``sqlite3`` module.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SHA_A = "a" * 64
SHA_B = "b" * 64


def describe(path: Path) -> dict[str, Any]:
    """sqlite_master in rowid order plus table_info/index_list/index_info/foreign_key_list."""
    conn = sqlite3.connect(path)
    try:
        master = [list(r) for r in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid")]
        tables: dict[str, Any] = {}
        for kind, name, _table, _sql in master:
            if kind != "table":
                continue
            indexes = [list(r) for r in conn.execute(f"PRAGMA index_list({name})")]
            tables[name] = {
                "table_info": [list(r) for r in conn.execute(f"PRAGMA table_info({name})")],
                "index_list": indexes,
                "index_info": {
                    r[1]: [list(x) for x in conn.execute(f"PRAGMA index_info('{r[1]}')")]
                    for r in indexes
                },
                "foreign_key_list": [
                    list(r) for r in conn.execute(f"PRAGMA foreign_key_list({name})")
                ],
            }
        return {"sqlite_master": master, "tables": tables}
    finally:
        conn.close()


def dump_rows(path: Path) -> dict[str, list[list[Any]]]:
    """Every row of every table, in primary-key order."""
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {
            name: [list(r) for r in conn.execute(f"SELECT * FROM {name} ORDER BY 1, 2")]
            for name in names
        }
    finally:
        conn.close()


class SteppedClock:
    """A clock that only moves when the scenario says so (independent of call counts)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 9, 0, 0, 123000, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def step(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def run_scenario(open_profile_store: Any, data_dir: Path) -> Path:
    """Register, save, coalesce, change a batch, set values; return the database path."""
    clock = SteppedClock()
    store = open_profile_store("golden", data_dir=data_dir, clock=clock, debounce_seconds=60)
    store.register_batch("b1", SHA_A, "First batch", "/data/b1.zip")
    clock.step(1)
    store.save_item("b1", "i1", {"status": "in_progress", "current_step": "compare", "n": 1})
    store.save_item("b1", "i2", {"status": "done", "current_step": 3, "text": "\u00e9\ud800"})
    store.save_batch_state("b1", {"current_item": "i2"})
    clock.step(1)
    store.flush()
    clock.step(1)
    store.save_item("b1", "i1", {"status": "done", "current_step": None, "n": 2})
    clock.step(1)
    store.flush()
    store.save_item("unregistered", "x", {"status": "flagged", "current_step": "3"})
    clock.step(1)
    store.flush()
    store.set_value("last_batch", "b1")
    clock.step(1)
    store.set_value("window", {"w": 1200, "h": 800})
    store.set_value("last_batch", "unregistered")
    clock.step(1)
    changed = store.register_batch("b1", SHA_B, "First batch v2", "/data/b1-v2.zip")
    clock.step(1)
    store.confirm_batch_change(changed, keep_ratings=True)
    clock.step(1)
    store.register_batch("unregistered", SHA_A, "Late", "/data/late")
    store.register_batch("b2", SHA_B, "Dropped", "/data/b2")
    store.save_item("b2", "gone", {"status": "done"})
    store.save_batch_state("b2", {"current_item": "gone"})
    store.flush()
    clock.step(1)
    dropped = store.register_batch("b2", SHA_A, "Dropped v2", "/data/b2-v2")
    store.confirm_batch_change(dropped, keep_ratings=False)
    store.close()
    path: Path = data_dir / "profiles" / "golden" / "ratings.sqlite3"
    return path
