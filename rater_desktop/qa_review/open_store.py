"""Open the QA store a setting names (the one entry point for the window and the CLI)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rater_desktop.qa_review.location import (
    PasswordSource,
    StoreLocationError,
    parse_store,
    store_password,
)


def open_qa_store(
    setting: str | None,
    *,
    default: Path,
    environ: Mapping[str, str],
    keyring: PasswordSource | None = None,
) -> Any:
    """Open the QaStore a setting names (path, URL or empty); raises QaStoreError."""
    from rater_desktop.qa_review.store import QaStore, QaStoreError

    try:
        location = parse_store(setting, default=default)
    except StoreLocationError as exc:
        raise QaStoreError(str(exc)) from exc
    password = store_password(location, environ=environ, keyring=keyring)
    return QaStore.connect(location, password=password)
