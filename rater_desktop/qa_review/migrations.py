"""Engines and schema migrations of the QA store, the same steps on SQLite and PostgreSQL.

A fresh store gets every table at ``QA_SCHEMA_VERSION``; an older one runs each pending
migration in order. Everything happens in ONE transaction under a lock (``BEGIN
IMMEDIATE`` on SQLite, an advisory transaction lock on PostgreSQL), so two reviewers
opening a new shared store at once never both create it, and a failed upgrade leaves the
previous version intact. Never edit a shipped migration; append one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from rater_desktop.qa_review.location import StoreLocation

Migration = Callable[["Connection"], None]
# Any fixed number works; it only has to be the same for every Rater Desktop.
MIGRATION_LOCK_KEY = 0x5241_5445  # "RATE"
SQLITE_PAGE_SIZE = 65536
# Compare reads an item's entry at its offset in each stored document (v6): SQLite walks
# the document's chain of overflow pages up to it, copying each page with plain reads (one
# item of 50 documents of 20 MB: 9-120 ms by its place), not with the file memory-mapped
# (0.5-2 ms; v5's copy of the text: ~1 ms). Reads only; SQLite caps the size it maps.
# Only a connection Compare reads entries through is mapped (``judgment_rows.entry_texts``):
# a mapped connection counts every page a report reads in its RSS (the whole rows table:
# 100,000 judgments peaked at +255 MiB mapped against +43 MiB read through the page cache).
SQLITE_MMAP_BYTES = 1 << 40


class NewerStoreError(Exception):
    """The store was written by a newer Rater Desktop."""

    def __init__(self, found: int) -> None:
        super().__init__(found)
        self.found = found


def _v1_to_v2(conn: Connection) -> None:
    """v2: a version number per adjudication, for the optimistic check between reviewers."""
    from sqlalchemy import text

    conn.execute(text("ALTER TABLE qa_adjudications ADD COLUMN version INTEGER NOT NULL DEFAULT 1"))


def _v2_to_v3(conn: Connection) -> None:
    """v3: qa_judgments, one row per imported judgment, for the figures done in SQL.
    Files imported before are filled in the first time a session reads them."""
    from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table

    metadata = MetaData()
    Table("qa_result_files", metadata, Column("id", Integer, primary_key=True))  # FK target
    Table(
        "qa_judgments",
        metadata,
        Column("file_id", Integer, ForeignKey("qa_result_files.id", ondelete="CASCADE"),
               primary_key=True),  # fmt: skip
        Column("item_id", String, primary_key=True),
        Column("rater_id", String, nullable=False),
        Column("kind", String, nullable=False),
        Column("complete", Boolean, nullable=False),
        Column("verdict_true", Integer),
        Column("model_first", String, nullable=False),
        Column("model_second", String, nullable=False),
        Column("seconds", Float),
        *(Column(f"{d}{side}", Integer) for side in (0, 1) for d in ("tc", "fa", "aip")),
    ).create(conn, checkfirst=True)


def _v3_to_v4(conn: Connection) -> None:
    """v4: what a report needs of each judgment (its place in the file, the rest of its
    facts, its Items rows, its CSV/JSONL fields) and each file's left-out items, so that a
    report parses no document (``judgment_rows``). Rows of earlier imports lack them and
    are filled from the document the first time a session reads that file."""
    from sqlalchemy import text

    for column in ("item_order INTEGER", "facts TEXT", "html TEXT", "export_fields TEXT"):
        conn.execute(text(f"ALTER TABLE qa_judgments ADD COLUMN {column}"))
    conn.execute(text("ALTER TABLE qa_result_files ADD COLUMN problems TEXT"))


def _v4_to_v5(conn: Connection) -> None:
    """v5: each judgment's item entry as the signed file records it, so that the QA
    window's Compare tab reads one item's raters without parsing a document. Rows of
    earlier imports lack it and are filled from the document the first time (as v4)."""
    from sqlalchemy import text

    conn.execute(text("ALTER TABLE qa_judgments ADD COLUMN entry TEXT"))


def _v5_to_v6(conn: Connection) -> None:
    """v6: on SQLite, where each judgment's item entry lies in the stored signed document
    (start, end: bytes of its UTF-8) instead of a copy of its text (the document's items a
    second time: half of what an import wrote). PostgreSQL keeps the text: it can cut a
    compressed text only by decoding and counting it from the start (10 s for one item of
    50 files of 20 MB). Rows stored before keep their ``entry`` text, which ``read_entries``
    reads as before: nothing to compute, nothing to rewrite."""
    from sqlalchemy import text

    for column in ("entry_start", "entry_end"):
        conn.execute(text(f"ALTER TABLE qa_judgments ADD COLUMN {column} INTEGER"))


def _v6_to_v7(conn: Connection) -> None:
    """v7: a judgment keeps what its Items rows and CSV/JSONL fields are made from
    (``texts``) instead of both texts rendered (``html``, ``export_fields``: 0.16x of the
    import's floor, for texts read once per report or export); ``row_texts`` renders them
    when asked. Each stored row gets its ``texts`` read back from its two texts, kept only
    where rendering gives them again exactly; any other row is filled from its signed
    document the first time a session reads its file (as rows before v4). Then the two
    columns are dropped (kept, unread, on a SQLite before 3.35, which cannot drop one)."""
    import sqlite3

    from sqlalchemy import text

    from rater_desktop.qa_review.row_texts import RENDER_COLUMNS, texts_from_v6

    conn.execute(text("ALTER TABLE qa_judgments ADD COLUMN texts TEXT"))
    columns = ", ".join(f"j.{c.strip()}" for c in RENDER_COLUMNS.split(",")[:-1])
    files = [int(r[0]) for r in conn.execute(text("SELECT DISTINCT file_id FROM qa_judgments"))]
    for file_id in files:  # a file at a time: never every row's texts in memory at once
        rows = conn.execute(text(
            f"SELECT j.item_id, f.file_sha256, j.html, j.export_fields, {columns} FROM "
            "qa_judgments j JOIN qa_result_files f ON f.id = j.file_id WHERE j.file_id = :f "
            "AND j.facts IS NOT NULL AND j.html IS NOT NULL AND j.export_fields IS NOT NULL"),
            {"f": file_id}).all()  # fmt: skip
        carried = [{"f": file_id, "i": r[0], "t": texts} for r in rows
                   if (texts := texts_from_v6(r[4:], r[2], r[3], str(r[1]))) is not None]
        if carried:
            conn.execute(text("UPDATE qa_judgments SET texts = :t WHERE file_id = :f AND "
                              "item_id = :i"), carried)  # fmt: skip
    if conn.dialect.name != "sqlite" or sqlite3.sqlite_version_info >= (3, 35, 0):
        for column in ("html", "export_fields"):
            conn.execute(text(f"ALTER TABLE qa_judgments DROP COLUMN {column}"))


MIGRATIONS: Sequence[Migration] = (
    _v1_to_v2, _v2_to_v3, _v3_to_v4, _v4_to_v5, _v5_to_v6, _v6_to_v7,
)  # fmt: skip
QA_SCHEMA_VERSION = len(MIGRATIONS) + 1


def _sqlite_engine(path: Path | None) -> Engine:
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import URL
    from sqlalchemy.pool import StaticPool

    from rater_desktop.storage.engine import configure_connection

    if path is None:
        engine = create_engine(
            "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
    else:
        engine = create_engine(
            URL.create("sqlite", database=str(path)),
            connect_args={"check_same_thread": False, "timeout": 30},
        )

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Driver autocommit and an explicit BEGIN IMMEDIATE: every transaction (DDL too) is
        # real, and concurrent importers wait for the write lock instead of failing late.
        dbapi_connection.isolation_level = None
        # Before WAL mode fixes it: a new store gets 64 KiB pages, so a signed document
        # (tens of MB) is written as ~16x fewer overflow pages and WAL frames (an import
        # stored it at several times the CPU cost with 4 KiB pages). An existing store
        # keeps its page size (the pragma does nothing there).
        dbapi_connection.execute(f"PRAGMA page_size={SQLITE_PAGE_SIZE}")
        configure_connection(dbapi_connection)

    def on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    event.listen(engine, "connect", on_connect)
    event.listen(engine, "begin", on_begin)
    return engine


# psycopg (LGPL) is an optional extra: the laptop app and its bundle ship without it.
NO_DRIVER = ("This installation has no PostgreSQL driver, so it cannot open a team store. "
             "Install Rater Desktop with pip install 'rater-desktop[team]', or use a SQLite "
             "store (a file path).")


class NoPostgresDriverError(RuntimeError):
    """psycopg is not installed (the ``team`` extra)."""


def _postgres_engine(location: StoreLocation, password: str | None) -> Engine:
    import importlib.util

    from sqlalchemy import create_engine, event

    if importlib.util.find_spec("psycopg") is None:
        raise NoPostgresDriverError(NO_DRIVER)

    from rater_desktop.qa_review.location import engine_url

    engine = create_engine(
        engine_url(location, password=password),
        pool_size=2,
        max_overflow=4,
        pool_pre_ping=True,
        hide_parameters=True,  # results text never lands in an error message or a log
        connect_args={"connect_timeout": 10, "application_name": "rater-desktop-qa"},
    )
    event.listen(engine, "connect", _prefer_lz4)
    return engine


def _prefer_lz4(dbapi_connection: Any, _record: Any) -> None:
    """Signed documents (tens of MB) are compressed by TOAST: lz4 does it ~2-3x faster than
    the default pglz and smaller (1.3 vs 3.7 MB for a 20 MB export). A server before 14 or
    built without lz4 refuses the setting and keeps pglz; values stored before stay as
    they are (both read back the same)."""
    import psycopg

    previous = dbapi_connection.autocommit
    dbapi_connection.autocommit = True  # a session setting, outside any transaction
    try:
        dbapi_connection.execute("SET default_toast_compression = 'lz4'")
    except psycopg.Error:
        pass
    finally:
        dbapi_connection.autocommit = previous


def create_engine_for(location: StoreLocation | None, *, password: str | None = None) -> Engine:
    """SQLite file (``location.path``), in-memory SQLite (None) or PostgreSQL."""
    if location is None:
        return _sqlite_engine(None)
    if location.is_postgres:
        return _postgres_engine(location, password)
    return _sqlite_engine(location.path)


def _version(conn: Connection) -> int | None:
    from sqlalchemy import inspect, text

    if not inspect(conn).has_table("qa_meta"):
        return None
    row = conn.execute(text("SELECT value FROM qa_meta WHERE key = 'schema_version'")).first()
    return None if row is None else int(row[0])


def prepare_schema(engine: Engine) -> list[int]:
    """Create or upgrade the schema in one locked transaction; return the versions reached."""
    from sqlalchemy import text

    from rater_desktop.qa_review.tables import QA_REGISTRY

    reached: list[int] = []
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
        found = _version(conn)
        if found is None:
            QA_REGISTRY.metadata.create_all(conn)
            conn.execute(
                text("INSERT INTO qa_meta (key, value) VALUES ('schema_version', :v)"),
                {"v": str(QA_SCHEMA_VERSION)},
            )
            return [QA_SCHEMA_VERSION]
        if found > QA_SCHEMA_VERSION:
            raise NewerStoreError(found)
        for version in range(found, QA_SCHEMA_VERSION):
            MIGRATIONS[version - 1](conn)
            reached.append(version + 1)
        # Tables added in later versions (checkfirst: existing ones are left alone).
        QA_REGISTRY.metadata.create_all(conn)
        if reached:
            conn.execute(
                text("UPDATE qa_meta SET value = :v WHERE key = 'schema_version'"),
                {"v": str(QA_SCHEMA_VERSION)},
            )
    return reached
