"""The one place that resolves paths to the bundled ``ui/`` and ``resources/`` folders.

Three layouts are supported, tried in order:

1. A frozen PyInstaller build: data lives under ``sys._MEIPASS/rater_desktop/_data``.
2. An installed wheel: hatch copies ``ui/`` and ``resources/`` into
   ``rater_desktop/_data/`` inside the package.
3. A source checkout (or editable install): the folders sit at the repository root.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidate_roots() -> list[Path]:
    roots: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        roots.append(Path(frozen_root) / "rater_desktop" / "_data")
    roots.append(_PACKAGE_DIR / "_data")
    roots.append(_PACKAGE_DIR.parent)
    return roots


@cache
def data_root() -> Path:
    """Folder that holds ``ui/`` and ``resources/`` for this installation."""
    for root in _candidate_roots():
        if (root / "ui").is_dir() and (root / "resources").is_dir():
            return root
    raise FileNotFoundError(
        "Rater Desktop's ui/ and resources/ folders were not found; the installation is "
        "incomplete. Reinstall the application."
    )


def ui_dir() -> Path:
    """Folder with Qt Designer forms and stylesheets."""
    return data_root() / "ui"


def resources_dir() -> Path:
    """Folder with icons, fonts and texts."""
    return data_root() / "resources"


def ui_file(name: str) -> Path:
    """Path of one file inside ``ui/``."""
    return ui_dir() / name


def resource_file(*parts: str) -> Path:
    """Path of one file inside ``resources/``."""
    return resources_dir().joinpath(*parts)


def sample_batches_dir() -> Path | None:
    """The bundled sample batches (present in a source checkout and the sdist)."""
    for root in (_PACKAGE_DIR / "_data", _PACKAGE_DIR.parent):
        candidate = root / "sample_batches"
        if candidate.is_dir():
            return candidate
    return None
