"""sqlite3 connections to one ratings file, with the durability pragmas on every connection.

Two connections, each used only under its own lock (so ``check_same_thread=False`` is safe):

* the writer, for every write transaction, DDL, backups and the closing checkpoint. Writes
  come from the autosave thread and from the window's thread (flush, batch registration,
  profile values); SQLite allows one writer at a time anyway, so one guarded connection
  costs no concurrency and keeps each transaction on a single connection.
* the reader, for the window's lookups. WAL lets it read while the writer commits, so an
  item switch never waits for the autosave thread's fsync.

One connection per thread (thread-local) would also be correct but leaves a connection
behind for every thread that ever read and still needs cross-thread closing; a pool is
what SQLAlchemy gave us and is more than two users need.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

BUSY_TIMEOUT_MS = 5000

ConnectHook = Callable[[sqlite3.Connection], None]


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


def connect(path: Path) -> sqlite3.Connection:
    """A configured connection in driver autocommit: every transaction is an explicit BEGIN.

    pysqlite on its own only begins before INSERT/UPDATE/DELETE, so a migration starting
    with DDL would run outside any transaction and could be half-applied by a crash.
    """
    conn = sqlite3.connect(
        path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
    )
    try:
        configure_connection(conn)
    except BaseException:
        conn.close()
        raise
    return conn


class RatingsDatabase:
    """The writer and reader connections of one ratings file, opened on first use.

    ``connect_hooks`` run on every new connection after the pragmas (tests use them to
    simulate a full disk); ``dispose()`` closes both so the next use reconnects.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.connect_hooks: list[ConnectHook] = []
        self._write_lock = threading.RLock()
        self._read_lock = threading.Lock()
        self._writer: sqlite3.Connection | None = None
        self._reader: sqlite3.Connection | None = None

    @contextmanager
    def writer(self) -> Iterator[sqlite3.Connection]:
        """The writer connection, held exclusively, outside any transaction."""
        with self._write_lock:
            if self._writer is None:
                self._writer = self._connect()
            yield self._writer

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN ... COMMIT on the writer; any exception (a failed COMMIT too) rolls back."""
        with self.writer() as conn:
            conn.execute("BEGIN")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                self._roll_back(conn)
                raise

    @contextmanager
    def reader(self) -> Iterator[sqlite3.Connection]:
        """The reader connection, held exclusively; each statement sees the latest commit."""
        with self._read_lock:
            if self._reader is None:
                self._reader = self._connect()
            yield self._reader

    def dispose(self) -> None:
        """Close both connections; a later use opens new ones (as an engine's dispose())."""
        with self._write_lock:
            writer, self._writer = self._writer, None
            if writer is not None:
                writer.close()
        with self._read_lock:
            reader, self._reader = self._reader, None
            if reader is not None:
                reader.close()

    def _connect(self) -> sqlite3.Connection:
        conn = connect(self.path)
        try:
            for hook in self.connect_hooks:
                hook(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _roll_back(self, conn: sqlite3.Connection) -> None:
        if not conn.in_transaction:
            return  # SQLite already rolled back (e.g. after SQLITE_FULL)
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            # A connection stuck in a transaction would fail every later write: drop it.
            self._writer = None
            with suppress(sqlite3.Error):
                conn.close()
