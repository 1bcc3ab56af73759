"""Rolling backups made with SQLite's online backup API (consistent even while writing)."""

from __future__ import annotations

import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from rater_desktop.durable import fsync_dir

from .timeutil import file_stamp

DEFAULT_KEEP = 7
_BACKUP_NAME = re.compile(r"ratings-(\d{8}-\d{6})(?:-(\d+))?\.sqlite3")


def list_backups(backup_dir: Path) -> list[Path]:
    """Rolling backups in ``backup_dir``, oldest first (other files are ignored)."""
    if not backup_dir.is_dir():
        return []
    found: list[tuple[str, int, Path]] = []
    for path in backup_dir.iterdir():
        match = _BACKUP_NAME.fullmatch(path.name)
        if match and path.is_file():
            found.append((match.group(1), int(match.group(2) or 1), path))
    return [path for _stamp, _n, path in sorted(found)]


def backup_moment(path: Path) -> datetime | None:
    """When a rolling backup was taken (UTC), read from its name."""
    match = _BACKUP_NAME.fullmatch(path.name)
    if not match:
        return None
    return datetime.strptime(match.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=UTC)


def backup_due(backup_dir: Path, now: datetime) -> bool:
    """True when no rolling backup was taken on ``now``'s UTC calendar day."""
    backups = list_backups(backup_dir)
    if not backups:
        return True
    newest = backup_moment(backups[-1])
    return newest is None or newest.date() < now.astimezone(UTC).date()


def copy_database(source: sqlite3.Connection, target: Path) -> Path:
    """Write a self-contained copy of ``source`` to ``target`` atomically (temp + rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    dest = sqlite3.connect(partial)
    try:
        source.backup(dest)
        # A backup should be one file that any SQLite tool opens, not a WAL pair.
        dest.execute("PRAGMA journal_mode=DELETE")
        result = dest.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise sqlite3.DatabaseError(f"backup copy failed its check: {result}")
    finally:
        dest.close()
    with partial.open("rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(partial, target)
    fsync_dir(target.parent)
    return target


def new_backup_path(backup_dir: Path, moment: datetime) -> Path:
    stamp = file_stamp(moment.astimezone(UTC))
    candidate = backup_dir / f"ratings-{stamp}.sqlite3"
    counter = 2
    while candidate.exists():
        candidate = backup_dir / f"ratings-{stamp}-{counter}.sqlite3"
        counter += 1
    return candidate


def rotate_backups(backup_dir: Path, keep: int) -> list[Path]:
    """Delete the oldest rolling backups beyond ``keep``; return the removed paths."""
    backups = list_backups(backup_dir)
    removed = backups[: max(0, len(backups) - max(1, keep))]
    # Left behind by a backup that was interrupted (the app was killed mid-copy).
    removed += list(backup_dir.glob("ratings-*.sqlite3.partial"))
    for path in removed:
        path.unlink(missing_ok=True)
    return removed
