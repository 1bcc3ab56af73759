"""Schema versions and forward migrations.

``MIGRATIONS[i]`` upgrades a database from version ``i + 1`` to ``i + 2``; each runs in its
own transaction together with the version bump, so a crash mid-upgrade leaves the previous
version intact. Never edit a shipped migration; append a new one and bump nothing else.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence

from .engine import RatingsDatabase
from .tables import CREATE_STATEMENTS

Migration = Callable[[sqlite3.Connection], None]


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """v2: item_ratings.created_at (first save time) and an index for status filters."""
    conn.execute("ALTER TABLE item_ratings ADD COLUMN created_at VARCHAR NOT NULL DEFAULT ''")
    # Best available value for rows saved before v2 existed.
    conn.execute("UPDATE item_ratings SET created_at = updated_at WHERE created_at = ''")
    conn.execute(
        "CREATE INDEX IF NOT EXISTS ix_item_ratings_batch_status "
        "ON item_ratings (batch_key, status)"
    )


MIGRATIONS: Sequence[Migration] = (_v1_to_v2,)
SCHEMA_VERSION = len(MIGRATIONS) + 1


def create_current_schema(database: RatingsDatabase, *, now: str) -> None:
    """Create every table at SCHEMA_VERSION in one transaction (fresh, empty file)."""
    with database.transaction() as conn:
        for statement in CREATE_STATEMENTS:
            # execute(), not executescript(): the latter COMMITs first, ending our transaction.
            conn.execute(statement)
        conn.execute(
            "INSERT INTO schema_info (id, version, updated_at) VALUES (1, ?, ?)",
            (SCHEMA_VERSION, now),
        )


def upgrade_schema(database: RatingsDatabase, *, from_version: int, now: str) -> list[int]:
    """Apply each pending migration in its own transaction; return the versions reached."""
    reached: list[int] = []
    for version in range(from_version, SCHEMA_VERSION):
        with database.transaction() as conn:
            MIGRATIONS[version - 1](conn)
            conn.execute(
                "UPDATE schema_info SET version = ?, updated_at = ? WHERE id = 1",
                (version + 1, now),
            )
        reached.append(version + 1)
    return reached
