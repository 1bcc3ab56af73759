"""Read one saved rating without opening the store for writing.

For a second window on a profile another window holds (see ``gui.profile_lock``): it must
show the responses as the rater's own window does (covered until the case file is done),
so it needs the saved rating, but it must never write, migrate or lock the database. The
standard ``sqlite3`` module opens the file with a ``mode=ro`` URI; SQLite's WAL lets this
reader see what the first window committed.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from .layout import profile_layout


def saved_item_document(*, data_dir: Path, rater_id: str, batch_key: str,
                        item_id: str) -> dict[str, Any] | None:
    """The item's saved rating document, or None (none saved, or the file is unreadable)."""
    path = profile_layout(rater_id, data_dir).database_path
    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                                     timeout=0.2)
        try:
            row = connection.execute(
                "SELECT document FROM item_ratings WHERE batch_key = ? AND item_id = ?",
                (batch_key, item_id)).fetchone()
        finally:
            connection.close()
        value = json.loads(row[0]) if row is not None else None
    except (sqlite3.Error, ValueError, TypeError):
        return None
    return value if isinstance(value, dict) else None
