"""Where the QA store lives: a SQLite file (the default) or a shared PostgreSQL database.

``--store`` / the QA window's setting take a path or a ``postgresql://user@host/db`` URL.
The password is never part of the URL (it would end up in shell history, process lists
and logs): it comes from ``RATER_DESKTOP_QA_PASSWORD``, then ``PGPASSWORD``, then the OS
keyring (service ``rater-desktop-qa-store``, user ``user@host:port/db``), and libpq's own
``~/.pgpass`` still works when none of them holds one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

PASSWORD_ENV = "RATER_DESKTOP_QA_PASSWORD"
KEYRING_SERVICE = "rater-desktop-qa-store"
POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


class StoreLocationError(ValueError):
    """The store setting cannot be used; the message says what to write instead."""


class PasswordSource(Protocol):
    def get_password(self, service: str, username: str) -> str | None: ...


@dataclass(frozen=True)
class StoreLocation:
    """A parsed store setting. ``url`` never holds a password."""

    kind: str  # "sqlite" or "postgresql"
    path: Path | None = None
    url: str | None = None

    @property
    def is_postgres(self) -> bool:
        return self.kind == "postgresql"

    def display(self) -> str:
        """What messages and the window show (safe to log)."""
        return self.url if self.url is not None else str(self.path)

    def keyring_user(self) -> str:
        """The keyring entry's user name for this database (user@host:port/db)."""
        parts = _url_parts(self.url or "")
        host = parts.get("host") or "localhost"
        port = parts.get("port") or 5432
        return f"{parts.get('username') or ''}@{host}:{port}/{parts.get('database') or ''}"


def _url_parts(text: str) -> dict[str, Any]:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(text)
    except (ArgumentError, ValueError) as exc:
        raise StoreLocationError(f"The store URL cannot be read: {exc}.") from exc
    return {
        "username": url.username,
        "password": url.password,
        "host": url.host,
        "port": url.port,
        "database": url.database,
        "query": dict(url.query),
        "scheme": url.drivername,
    }


def parse_store(text: str | None, *, default: Path) -> StoreLocation:
    """A path (SQLite), ``postgresql://...`` (shared store), or empty for ``default``."""
    value = (text or "").strip()
    if not value:
        return StoreLocation("sqlite", path=default)
    scheme, sep, _rest = value.partition("://")
    if not sep:
        return StoreLocation("sqlite", path=Path(value).expanduser())
    if scheme.lower() not in POSTGRES_SCHEMES:
        raise StoreLocationError(
            f"The store {scheme}://... is not supported: give a file path for a SQLite store "
            "or postgresql://user@host/database for a shared PostgreSQL store."
        )
    parts = _url_parts("postgresql" + value[len(scheme) :])
    if parts["password"] is not None:
        raise StoreLocationError(
            "The store URL holds a password; remove it from the URL and put it in the "
            f"environment variable {PASSWORD_ENV} (or PGPASSWORD, or the OS keyring) instead."
        )
    if not parts["database"]:
        raise StoreLocationError(
            "The store URL names no database: write postgresql://user@host/database."
        )
    return StoreLocation("postgresql", url="postgresql" + value[len(scheme) :])


def store_password(
    location: StoreLocation,
    *,
    environ: Mapping[str, str],
    keyring: PasswordSource | None = None,
) -> str | None:
    """The database password: environment first, then the keyring; None lets libpq decide."""
    for name in (PASSWORD_ENV, "PGPASSWORD"):
        if environ.get(name):
            return environ[name]
    if keyring is None or not location.is_postgres:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, location.keyring_user())
    except Exception:  # noqa: BLE001 - a broken keyring backend must not stop the app
        return None


def engine_url(location: StoreLocation, *, password: str | None) -> Any:
    """The SQLAlchemy URL for the psycopg 3 driver (the password only lives in here)."""
    from sqlalchemy.engine import URL

    parts = _url_parts(location.url or "")
    return URL.create(
        "postgresql+psycopg",
        username=parts["username"],
        password=password,
        host=parts["host"],
        port=parts["port"],
        database=parts["database"],
        query=parts["query"],
    )
