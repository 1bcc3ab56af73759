"""What every platform's PyInstaller spec shares: data files, hidden imports, exclusions.

Kept free of PyInstaller's spec globals so it can be imported (and tested) on its own.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_info import ROOT  # noqa: E402

# Data the app finds through rater_desktop.paths (the `_data` layout of the wheel).
DATA_FOLDERS = (
    (ROOT / "ui", "rater_desktop/_data/ui"),
    (ROOT / "resources", "rater_desktop/_data/resources"),
)
SAMPLE_ROOT = ROOT / "sample_batches"
SCHEMA_FOLDERS = ("rater_desktop/batch/schema", "rater_desktop/results/schema")

# keyring finds its backends through entry points and imports them lazily.
HIDDEN_IMPORTS = (
    "keyring.backends.SecretService",
    "keyring.backends.kwallet",
    "keyring.backends.libsecret",
    "keyring.backends.chainer",
    "keyring.backends.fail",
    "keyring.backends.null",
    "keyring.backends.macOS",
    "keyring.backends.Windows",
    "sqlalchemy.dialects.sqlite",
)
METADATA_PACKAGES = ("keyring", "rater-desktop")

# Never in the bundle: test and build tools, and big optional modules the app does not use.
EXCLUDES = (
    "tkinter", "pytest", "_pytest", "hypothesis", "pytestqt", "mypy", "ruff", "importlinter",
    "IPython", "scipy", "matplotlib", "pandas", "tests", "setuptools", "pip",
    "psycopg", "psycopg_binary", "keyrings",
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtOpenGL",
    "PySide6.QtDBus", "PySide6.QtSql", "PySide6.QtTest", "PySide6.QtXml",
    "PySide6.QtConcurrent", "PySide6.QtPrintSupport", "PySide6.QtDesigner", "PySide6.QtUiTools",
)  # fmt: skip

# Qt plugins the app uses: where windows go, which images it shows, its widget style.
QT_PLUGIN_KEEP = {
    "platforms": ("offscreen", "xcb", "minimal", "wayland", "cocoa", "windows"),
    "imageformats": ("svg", "jpeg", "gif", "webp", "ico"),
    "iconengines": ("svgicon",),
    "styles": (),
    "xcbglintegrations": ("xcb-glx", "xcb-egl"),
    "platforminputcontexts": ("compose", "ibus"),
    "platformthemes": ("xdgdesktopportal",),
    "wayland-shell-integration": ("xdg-shell",),
    "wayland-graphics-integration-client": ("wayland-egl",),
    "wayland-decoration-client": ("bradient",),
}


def data_files() -> list[tuple[str, str]]:
    """(source, destination folder) pairs for Analysis(datas=...)."""
    pairs = [(str(source), target) for source, target in DATA_FOLDERS]
    for folder in sorted(SAMPLE_ROOT.iterdir()):
        # Broken batches are test material, not something a rater opens.
        if folder.is_dir() and folder.name != "broken":
            pairs.append((str(folder), f"rater_desktop/_data/sample_batches/{folder.name}"))
    for schema in SCHEMA_FOLDERS:
        pairs.append((str(ROOT / schema), schema))
    return pairs


def _plugin_kept(dest: str) -> bool:
    parts = Path(dest).parts
    if "plugins" not in parts:
        return True
    at = parts.index("plugins")
    if len(parts) < at + 3:
        return True
    kind, name = parts[at + 1], parts[-1]
    keep = QT_PLUGIN_KEEP.get(kind)
    if keep is None:
        return False
    return any(f"q{stem}" in name or stem in name for stem in keep)


def keep_entry(dest: str) -> bool:
    """False for what the bundle never needs: Qt translations, unused plugins, caches."""
    normalized = dest.replace("\\", "/")
    if "/translations/" in normalized and "PySide6" in normalized:
        return False
    if "__pycache__" in normalized or normalized.endswith((".pyc", ".pyo")):
        return False
    return _plugin_kept(normalized)


def filter_toc(entries: list) -> list:  # type: ignore[type-arg]
    """Apply :func:`keep_entry` to an Analysis TOC (entries are (dest, source, kind))."""
    return [entry for entry in entries if keep_entry(entry[0])]
