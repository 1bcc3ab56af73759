"""SQLAlchemy engine for one ratings file, with the durability pragmas on every connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL
from sqlalchemy.pool import QueuePool

BUSY_TIMEOUT_MS = 5000


def configure_connection(dbapi_connection: sqlite3.Connection) -> None:
    """Pragmas that must hold on every connection (they are per-connection in SQLite)."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # WAL lets the window read while the autosave thread commits; FULL fsyncs the WAL on
        # every commit so a committed save survives a power cut, not only a process crash.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _on_connect(dbapi_connection: Any, _record: Any) -> None:
    # Driver autocommit; _on_begin opens every transaction explicitly. pysqlite on its own
    # only begins before INSERT/UPDATE/DELETE, so a migration starting with DDL would run
    # outside any transaction and could be half-applied by a crash.
    dbapi_connection.isolation_level = None
    configure_connection(dbapi_connection)


def _on_begin(connection: Any) -> None:
    connection.exec_driver_sql("BEGIN")


def create_ratings_engine(path: Path) -> Engine:
    """An engine bound to ``path``; the file must already have passed the health probe."""
    engine = create_engine(
        URL.create("sqlite", database=str(path)),
        poolclass=QueuePool,
        pool_size=2,
        max_overflow=2,
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
    )
    event.listen(engine, "connect", _on_connect)
    event.listen(engine, "begin", _on_begin)
    return engine
