"""Where the app keeps its own files. Every write of the app goes below these folders."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "rater-desktop"


def app_home() -> Path:
    """Root of all app data. ``RATER_DESKTOP_HOME`` overrides (tests, portable installs)."""
    override = os.environ.get("RATER_DESKTOP_HOME")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Databases, keys and backups."""
    path = app_home() / "data" if os.environ.get("RATER_DESKTOP_HOME") else app_home()
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Disposable files (decompressed item spools, thumbnails)."""
    override = os.environ.get("RATER_DESKTOP_HOME")
    if override:
        path = Path(override) / "cache"
    else:
        path = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def backups_dir() -> Path:
    path = data_dir() / "backups"
    path.mkdir(parents=True, exist_ok=True)
    return path


def ocr_dir() -> Path:
    """The evidence finder's recognized words, one small file per screenshot content."""
    path = data_dir() / "ocr"
    path.mkdir(parents=True, exist_ok=True)
    return path
