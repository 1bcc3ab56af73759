"""Ratings storage: one SQLite database per rater profile, autosaved in the background.

Built on the standard ``sqlite3`` module only (no SQLAlchemy/SQLModel: their import cost
most of the window's start-up). Names below still load on first use, so importing the
package for its errors or layout loads nothing else.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (
    CorruptDatabaseError,
    SchemaTooNewError,
    StorageError,
    UnreadableDatabaseError,
    WriteFailedError,
)
from .layout import DATABASE_NAME, ProfileLayout, profile_layout, validate_rater_id

if TYPE_CHECKING:
    from .autosave import AutosaveStatus
    from .batches import BatchRegistration, BatchStatus
    from .migrations import SCHEMA_VERSION
    from .profile import open_profile_store
    from .protocol import RatingStoreLike
    from .store import ItemSummary, ProfileStore

_LAZY = {
    "open_profile_store": "profile",
    "ProfileStore": "store",
    "ItemSummary": "store",
    "BatchRegistration": "batches",
    "BatchStatus": "batches",
    "AutosaveStatus": "autosave",
    "SCHEMA_VERSION": "migrations",
    "RatingStoreLike": "protocol",
}

__all__ = [
    "DATABASE_NAME",
    "SCHEMA_VERSION",
    "AutosaveStatus",
    "BatchRegistration",
    "BatchStatus",
    "CorruptDatabaseError",
    "ItemSummary",
    "ProfileLayout",
    "ProfileStore",
    "RatingStoreLike",
    "SchemaTooNewError",
    "StorageError",
    "UnreadableDatabaseError",
    "WriteFailedError",
    "open_profile_store",
    "profile_layout",
    "validate_rater_id",
]


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value
    return value
