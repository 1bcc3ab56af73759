"""Read-only health check of a ratings file before the app writes to it, and quarantine.

Uses the standard ``sqlite3`` module with a ``mode=ro`` URI so a file that is damaged or from a
newer app version is never modified by merely looking at it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .errors import CorruptDatabaseError, SchemaTooNewError, UnreadableDatabaseError
from .timeutil import file_stamp

SQLITE_HEADER = b"SQLite format 3\x00"
SIDECAR_SUFFIXES = ("-wal", "-shm")
_PERMISSION_HINT = (
    "Fix the permissions so the file and its folder belong to you and are readable and "
    "writable, then reopen; or start a fresh database (the old file is kept aside)."
)
_CORRUPT_HINT = (
    "Restore a backup from the backups folder, or start a fresh database (the damaged file is "
    "kept aside and never deleted)."
)


@dataclass(frozen=True)
class DatabaseHealth:
    """Result of a successful probe. ``version`` is None for a missing or empty file."""

    exists: bool
    version: int | None


def probe_database(path: Path, *, known_version: int) -> DatabaseHealth:
    """Check ``path`` without modifying it; raise a StorageError subclass if unusable."""
    wal = Path(f"{path}-wal")
    if not path.exists() and not path.is_symlink():
        if wal.exists():
            raise CorruptDatabaseError(
                path, "the main file is missing but its write-ahead log exists", hint=_CORRUPT_HINT
            )
        return DatabaseHealth(exists=False, version=None)
    _check_access(path)
    _check_header(path)
    try:
        version = _read_version(path)
    except sqlite3.DatabaseError as exc:
        raise CorruptDatabaseError(
            path, f"it cannot be read as a database ({exc})", hint=_CORRUPT_HINT
        ) from None
    if version is not None and version > known_version:
        raise SchemaTooNewError(
            path,
            f"it was written by a newer Rater Desktop (schema version {version}; this app "
            f"understands up to {known_version}); it was not opened or changed",
            hint="Update Rater Desktop to continue with these ratings.",
        )
    return DatabaseHealth(exists=True, version=version)


def _check_access(path: Path) -> None:
    if not path.is_file():
        raise UnreadableDatabaseError(path, "it is not a regular file", hint=_PERMISSION_HINT)
    if not os.access(path, os.R_OK):
        raise UnreadableDatabaseError(
            path, "permission denied when reading it", hint=_PERMISSION_HINT
        )
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK | os.X_OK):
        raise UnreadableDatabaseError(
            path, "it or its folder is read-only, so ratings could not be saved",
            hint=_PERMISSION_HINT,
        )


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise UnreadableDatabaseError(
            path, f"it could not be read ({exc.strerror or exc})", hint=_PERMISSION_HINT
        ) from None
    # An empty file is what SQLite itself creates before the first commit; it is not damage.
    if header and header != SQLITE_HEADER:
        raise CorruptDatabaseError(
            path, "it is not a SQLite database (unexpected file header)", hint=_CORRUPT_HINT
        )


def _read_version(path: Path) -> int | None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if not tables:
            return None
        if "schema_info" not in tables:
            raise CorruptDatabaseError(
                path, "it is a SQLite file but not a Rater Desktop ratings database",
                hint=_CORRUPT_HINT,
            )
        row = conn.execute("SELECT version FROM schema_info WHERE id = 1").fetchone()
        if row is None or not isinstance(row[0], int):
            raise CorruptDatabaseError(
                path, "its schema version record is missing", hint=_CORRUPT_HINT
            )
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise CorruptDatabaseError(
                path, f"it is damaged (integrity check: {'; '.join(problems)})",
                hint=_CORRUPT_HINT,
            )
        return int(row[0])
    finally:
        conn.close()


def _free_name(directory: Path, base: str) -> Path:
    candidate = directory / base
    counter = 2
    while candidate.exists() or Path(f"{candidate}-wal").exists():
        candidate = directory / f"{base}-{counter}"
        counter += 1
    return candidate


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _existing_identical_copy(path: Path) -> Path | None:
    size = path.stat().st_size
    digest: str | None = None
    for other in sorted(path.parent.glob(f"{path.name}.corrupt-*")):
        if other.name.endswith(SIDECAR_SUFFIXES) or other.stat().st_size != size:
            continue
        digest = digest or _sha256(path)
        if _sha256(other) == digest:
            return other
    return None


def quarantine_copy(path: Path, moment: datetime) -> Path | None:
    """Copy a bad file (and its WAL) aside; return the copy, or None if it cannot be read.

    Repeated attempts on the same unchanged file reuse the earlier copy.
    """
    try:
        existing = _existing_identical_copy(path)
        if existing is not None:
            return existing
        target = _free_name(path.parent, f"{path.name}.corrupt-{file_stamp(moment)}")
        shutil.copy2(path, target)
        wal = Path(f"{path}-wal")
        if wal.exists():
            shutil.copy2(wal, Path(f"{target}-wal"))
        return target
    except OSError:
        return None


def move_aside(path: Path, moment: datetime) -> Path | None:
    """Rename a bad file and its sidecars out of the way (never deletes them)."""
    if not path.exists() and not path.is_symlink():
        target = None
    else:
        target = _free_name(path.parent, f"{path.name}.corrupt-{file_stamp(moment)}")
        os.replace(path, target)
    # Stale sidecars would be replayed into the fresh database, so they move too.
    for suffix in SIDECAR_SUFFIXES:
        sidecar = Path(f"{path}{suffix}")
        if sidecar.exists():
            base = target or _free_name(path.parent, f"{path.name}.corrupt-{file_stamp(moment)}")
            os.replace(sidecar, Path(f"{base}{suffix}"))
    return target
