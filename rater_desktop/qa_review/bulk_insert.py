"""A file's judgment rows written in one statement (the store's import path). A module of
its own: the store imports it, and it imports nothing of the QA review package."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def insert_judgments(
    connection: Any, table: Any, file_id: int, rows: Sequence[dict[str, Any]]
) -> None:
    """A file's judgment rows in one statement: COPY on PostgreSQL, executemany on SQLite
    (SQLAlchemy's per-row parameter processing cost as much as the rest of the insert).
    Every row has the keys of the first (``judgment_rows`` builds them alike)."""
    from operator import itemgetter

    names = list(rows[0])
    unknown = set(names) - set(table.c.keys())
    if unknown or "file_id" in names:
        raise ValueError(f"not judgment columns: {sorted(unknown) or ['file_id']}")
    pick = itemgetter(*names)
    values = [(file_id, *pick(row)) for row in rows] if len(names) > 1 else [
        (file_id, pick(row)) for row in rows]  # fmt: skip
    columns = ", ".join(["file_id", *names])  # checked against the table above
    if connection.dialect.name == "postgresql":
        raw = connection.connection.dbapi_connection
        with raw.cursor() as cursor, cursor.copy(f"COPY {table.name} ({columns}) FROM STDIN") as copy:
            for value in values:
                copy.write_row(value)
        return
    marks = ", ".join("?" * (len(names) + 1))
    connection.exec_driver_sql(f"INSERT INTO {table.name} ({columns}) VALUES ({marks})", values)
