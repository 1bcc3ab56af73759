"""SQLModel tables of the ratings database, current schema version (see migrations.py).

Timestamps are ISO-8601 UTC strings so the file stays readable with any SQLite tool.
"""

from __future__ import annotations

from sqlalchemy import Index, Table
from sqlmodel import Field, SQLModel


class SchemaInfo(SQLModel, table=True):
    """Single row: the schema version this file is at."""

    __tablename__ = "schema_info"

    id: int = Field(default=1, primary_key=True)
    version: int
    updated_at: str


class BatchRecord(SQLModel, table=True):
    """A batch the rater opened; ``batch_key`` is the manifest's batch_id."""

    __tablename__ = "batches"

    batch_key: str = Field(primary_key=True)
    # NULL when items were saved before the batch was registered (protocol-only callers).
    sha256: str | None = None
    title: str = ""
    source_path: str = ""
    first_opened_at: str
    last_opened_at: str


class ItemRatingRecord(SQLModel, table=True):
    """The latest rating document of one item; status/current_step are copies for listing."""

    __tablename__ = "item_ratings"
    __table_args__ = (Index("ix_item_ratings_batch_status", "batch_key", "status"),)

    batch_key: str = Field(
        primary_key=True, foreign_key="batches.batch_key", ondelete="CASCADE"
    )
    item_id: str = Field(primary_key=True)
    document: str
    status: str = ""
    # JSON text (TEXT affinity keeps "3" and 3 apart); NULL when the document has no step.
    current_step: str | None = None
    updated_at: str
    revision: int = 1
    # Added in schema v2; last so fresh and migrated tables have the same column order.
    created_at: str


class BatchStateRecord(SQLModel, table=True):
    """Per-batch navigation state (current item, current step, filters) as JSON."""

    __tablename__ = "batch_state"

    batch_key: str = Field(
        primary_key=True, foreign_key="batches.batch_key", ondelete="CASCADE"
    )
    state: str
    updated_at: str


class ProfileValueRecord(SQLModel, table=True):
    """Profile-wide key/value settings (e.g. the last opened batch) as JSON."""

    __tablename__ = "profile_values"

    key: str = Field(primary_key=True)
    value: str
    updated_at: str


METADATA = SQLModel.metadata


def table_of(model: type[SQLModel]) -> Table:
    """The Core table behind a SQLModel class (mypy does not see ``__table__``)."""
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table
TABLE_NAMES = ("schema_info", "batches", "item_ratings", "batch_state", "profile_values")
