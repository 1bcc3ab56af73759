"""open_profile_store: check, recover or migrate a rater's database and hand back a store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .autosave import ErrorListener
from .backup import DEFAULT_KEEP, copy_database
from .engine import RatingsDatabase
from .errors import SchemaTooNewError, StorageError, UnreadableDatabaseError
from .layout import ProfileLayout, profile_layout
from .migrations import SCHEMA_VERSION, create_current_schema, upgrade_schema
from .probe import DatabaseHealth, move_aside, probe_database, quarantine_copy
from .store import ProfileStore
from .timeutil import Clock, file_stamp, iso, utc_now


def open_profile_store(
    rater_id: str,
    *,
    data_dir: Path | None = None,
    clock: Clock = utc_now,
    recover: bool = False,
    debounce_seconds: float = 0.25,
    backups_to_keep: int = DEFAULT_KEEP,
    on_error: ErrorListener | None = None,
) -> ProfileStore:
    """Open ``<data_dir>/profiles/<rater_id>/ratings.sqlite3``, creating or upgrading it.

    A damaged or unreadable file raises a StorageError after a copy is kept aside; with
    ``recover=True`` the file is moved aside instead and a fresh database is started
    (``store.recovered_from`` names the kept file). A file from a newer app version always
    raises SchemaTooNewError and is never modified. ``data_dir`` defaults to appdirs.data_dir().
    """
    if data_dir is None:
        from rater_desktop import appdirs

        data_dir = appdirs.data_dir()
    layout = profile_layout(rater_id, data_dir)
    path = layout.database_path
    try:
        layout.profile_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UnreadableDatabaseError(
            path, f"its folder could not be created ({exc.strerror or exc})"
        ) from None
    health, recovered_from = _checked_health(path, clock=clock, recover=recover)
    database = RatingsDatabase(path)
    try:
        _prepare_schema(database, health, layout, clock=clock)
    except (sqlite3.Error, OSError) as exc:
        database.dispose()
        raise StorageError(
            path, f"it could not be prepared for use ({exc})",
            hint="Check free disk space and folder permissions.",
        ) from None
    return ProfileStore(
        database=database,
        layout=layout,
        clock=clock,
        debounce_seconds=debounce_seconds,
        backups_to_keep=backups_to_keep,
        on_error=on_error,
        recovered_from=recovered_from,
    )


def _checked_health(
    path: Path, *, clock: Clock, recover: bool
) -> tuple[DatabaseHealth, Path | None]:
    try:
        return probe_database(path, known_version=SCHEMA_VERSION), None
    except SchemaTooNewError:
        raise
    except StorageError as exc:
        if not recover:
            kept = quarantine_copy(path, clock())
            raise type(exc)(path, exc.problem, hint=exc.hint, quarantine_path=kept) from None
        try:
            moved = move_aside(path, clock())
        except OSError as move_error:
            raise type(exc)(
                path,
                f"{exc.problem}; moving it aside also failed ({move_error.strerror})",
                hint="Check the folder's permissions.",
            ) from None
        return DatabaseHealth(exists=False, version=None), moved


def _prepare_schema(
    database: RatingsDatabase, health: DatabaseHealth, layout: ProfileLayout, *, clock: Clock
) -> None:
    if health.version is None:
        create_current_schema(database, now=iso(clock()))
    elif health.version < SCHEMA_VERSION:
        _backup_before_upgrade(layout, from_version=health.version, clock=clock)
        upgrade_schema(database, from_version=health.version, now=iso(clock()))


def _backup_before_upgrade(layout: ProfileLayout, *, from_version: int, clock: Clock) -> Path:
    """Keep the pre-upgrade file; it is outside the rolling rotation and never deleted."""
    stamp = file_stamp(clock())
    target = layout.backup_dir / f"ratings-v{from_version}-before-upgrade-{stamp}.sqlite3"
    source = sqlite3.connect(layout.database_path)
    try:
        return copy_database(source, target)
    finally:
        source.close()
