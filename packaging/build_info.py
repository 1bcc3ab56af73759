"""Version and names for the PyInstaller specs, read from pyproject.toml (one source)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "rater-desktop"
DISPLAY_NAME = "Rater Desktop"
BUNDLE_ID = "org.raterdesktop.RaterDesktop"


def project_version() -> str:
    """``[project] version`` of pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def version_tuple() -> tuple[int, int, int, int]:
    """The version as four integers (Windows version resources need them)."""
    numbers = [int("".join(c for c in part if c.isdigit()) or 0) for part in project_version().split(".")]
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]
