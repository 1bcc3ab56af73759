"""QA store fixtures: every QA store test runs on SQLite AND on a real PostgreSQL server.

The server is a throwaway cluster started once per test session (tests/pgserver.py); each
test gets a fresh database. When no server can be started here the PostgreSQL runs are
skipped with the reason, loudly; RATER_DESKTOP_REQUIRE_POSTGRES=1 (CI sets it) turns that
skip into a failure.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pgserver import REQUIRE_ENV, PgServer, ServerUnavailable, start_server

from rater_desktop.qa_review.location import parse_store
from rater_desktop.qa_review.store import QaStore

STORE_KINDS = ("sqlite", "postgresql")
StoreOpener = Callable[[], QaStore]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    try:
        server = start_server()
    except ServerUnavailable as exc:
        reason = f"PostgreSQL QA store tests NOT RUN: no local server could be started: {exc}"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{reason} ({REQUIRE_ENV}=1 requires them)", pytrace=False)
        warnings.warn(reason, stacklevel=1)
        pytest.skip(reason)
    yield server
    server.stop()


@pytest.fixture
def pg_database(pg_server: PgServer) -> Iterator[str]:
    """A fresh, empty database's store URL (no password: trusted local socket)."""
    name = pg_server.create_database()
    yield pg_server.url(name)
    pg_server.drop_database(name)


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_store(
    store_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[StoreOpener]:
    """Opens the test's store (same data every call: one call per reviewer); closed after."""
    setting = str(tmp_path / "team-store" / "qa.sqlite3")
    if store_kind == "postgresql":
        setting = request.getfixturevalue("pg_database")
    opened: list[QaStore] = []

    def opener() -> QaStore:
        store = QaStore.connect(parse_store(setting, default=tmp_path / "unused"))
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()


@pytest.fixture
def qa_store(open_store: StoreOpener) -> QaStore:
    """One store of the parametrized kind."""
    return open_store()
