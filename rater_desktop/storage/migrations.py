"""Schema versions and forward migrations.

``MIGRATIONS[i]`` upgrades a database from version ``i + 1`` to ``i + 2``; each runs in its
own transaction together with the version bump, so a crash mid-upgrade leaves the previous
version intact. Never edit a shipped migration; append a new one and bump nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import Connection, Engine, text

from .tables import (
    BatchRecord,
    BatchStateRecord,
    ItemRatingRecord,
    ProfileValueRecord,
    SchemaInfo,
    table_of,
)

Migration = Callable[[Connection], None]


def _v1_to_v2(conn: Connection) -> None:
    """v2: item_ratings.created_at (first save time) and an index for status filters."""
    conn.execute(
        text("ALTER TABLE item_ratings ADD COLUMN created_at VARCHAR NOT NULL DEFAULT ''")
    )
    # Best available value for rows saved before v2 existed.
    conn.execute(text("UPDATE item_ratings SET created_at = updated_at WHERE created_at = ''"))
    conn.execute(
        text(
            "CREATE INDEX IF NOT EXISTS ix_item_ratings_batch_status "
            "ON item_ratings (batch_key, status)"
        )
    )


MIGRATIONS: Sequence[Migration] = (_v1_to_v2,)
SCHEMA_VERSION = len(MIGRATIONS) + 1

_OWN_TABLES = [
    table_of(SchemaInfo),
    table_of(BatchRecord),
    table_of(ItemRatingRecord),
    table_of(BatchStateRecord),
    table_of(ProfileValueRecord),
]


def create_current_schema(engine: Engine, *, now: str) -> None:
    """Create every table at SCHEMA_VERSION in one transaction (fresh, empty file)."""
    with engine.begin() as conn:
        # Only our tables: SQLModel.metadata is shared with any other module's models.
        SchemaInfo.metadata.create_all(conn, tables=_OWN_TABLES)
        conn.execute(
            text("INSERT INTO schema_info (id, version, updated_at) VALUES (1, :v, :t)"),
            {"v": SCHEMA_VERSION, "t": now},
        )


def upgrade_schema(engine: Engine, *, from_version: int, now: str) -> list[int]:
    """Apply each pending migration in its own transaction; return the versions reached."""
    reached: list[int] = []
    for version in range(from_version, SCHEMA_VERSION):
        with engine.begin() as conn:
            MIGRATIONS[version - 1](conn)
            conn.execute(
                text("UPDATE schema_info SET version = :v, updated_at = :t WHERE id = 1"),
                {"v": version + 1, "t": now},
            )
        reached.append(version + 1)
    return reached

