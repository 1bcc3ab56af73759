"""UTC timestamps as stored in the database."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """ISO-8601 in UTC with milliseconds; naive datetimes are taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def parse_iso(value: str) -> datetime:
    return datetime.fromisoformat(value)


def file_stamp(moment: datetime) -> str:
    """Compact stamp for file names, e.g. 20261130-084512."""
    return moment.strftime("%Y%m%d-%H%M%S")
