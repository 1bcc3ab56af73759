"""Tables of the ratings database at the current schema version (see migrations.py).

The DDL is, byte for byte, what SQLModel/SQLAlchemy emitted before the store moved to the
standard ``sqlite3`` module (tests/core/data/ratings_schema_golden.json), so files written
by either version are identical. Defaults live in the code that writes rows, not in the
schema, exactly as before. Timestamps are ISO-8601 UTC strings so the file stays readable
with any SQLite tool.
"""

from __future__ import annotations

from dataclasses import dataclass

# In creation order (parents before children), as SQLAlchemy's create_all ordered them; the
# order decides sqlite_master's rowids, which the golden comparison checks.
CREATE_STATEMENTS = (
    # Single row: the schema version this file is at.
    "CREATE TABLE schema_info (\n"
    "\tid INTEGER NOT NULL, \n"
    "\tversion INTEGER NOT NULL, \n"
    "\tupdated_at VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (id)\n"
    ")",
    # A batch the rater opened; batch_key is the manifest's batch_id. sha256 is NULL when
    # items were saved before the batch was registered (protocol-only callers).
    "CREATE TABLE batches (\n"
    "\tbatch_key VARCHAR NOT NULL, \n"
    "\tsha256 VARCHAR, \n"
    "\ttitle VARCHAR NOT NULL, \n"
    "\tsource_path VARCHAR NOT NULL, \n"
    "\tfirst_opened_at VARCHAR NOT NULL, \n"
    "\tlast_opened_at VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (batch_key)\n"
    ")",
    # Profile-wide key/value settings (e.g. the last opened batch) as JSON.
    "CREATE TABLE profile_values (\n"
    '\t"key" VARCHAR NOT NULL, \n'
    "\tvalue VARCHAR NOT NULL, \n"
    "\tupdated_at VARCHAR NOT NULL, \n"
    '\tPRIMARY KEY ("key")\n'
    ")",
    # The latest rating document of one item; status/current_step are copies for listing.
    # current_step is JSON text (TEXT affinity keeps "3" and 3 apart), NULL without a step.
    # created_at was added in schema v2; last so fresh and migrated tables agree on order.
    "CREATE TABLE item_ratings (\n"
    "\tbatch_key VARCHAR NOT NULL, \n"
    "\titem_id VARCHAR NOT NULL, \n"
    "\tdocument VARCHAR NOT NULL, \n"
    "\tstatus VARCHAR NOT NULL, \n"
    "\tcurrent_step VARCHAR, \n"
    "\tupdated_at VARCHAR NOT NULL, \n"
    "\trevision INTEGER NOT NULL, \n"
    "\tcreated_at VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (batch_key, item_id), \n"
    "\tFOREIGN KEY(batch_key) REFERENCES batches (batch_key) ON DELETE CASCADE\n"
    ")",
    "CREATE INDEX ix_item_ratings_batch_status ON item_ratings (batch_key, status)",
    # Per-batch navigation state (current item, current step, filters) as JSON.
    "CREATE TABLE batch_state (\n"
    "\tbatch_key VARCHAR NOT NULL, \n"
    "\tstate VARCHAR NOT NULL, \n"
    "\tupdated_at VARCHAR NOT NULL, \n"
    "\tPRIMARY KEY (batch_key), \n"
    "\tFOREIGN KEY(batch_key) REFERENCES batches (batch_key) ON DELETE CASCADE\n"
    ")",
)

TABLE_NAMES = ("schema_info", "batches", "item_ratings", "batch_state", "profile_values")


@dataclass(frozen=True)
class BatchRecord:
    """One row of ``batches`` (what ``ProfileStore.list_batches`` returns)."""

    batch_key: str
    sha256: str | None
    title: str
    source_path: str
    first_opened_at: str
    last_opened_at: str


BATCH_COLUMNS = "batch_key, sha256, title, source_path, first_opened_at, last_opened_at"
