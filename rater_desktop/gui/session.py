"""A batch dropped on the window (its recent list and open failures are core:
``rater_desktop.batch_opening``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData


def batch_path_from_drop(mime: QMimeData) -> str | None:
    """A dropped .zip, batch folder, or batch.json (meaning its folder); else None."""
    if not mime.hasUrls():
        return None
    for url in mime.urls():
        if not url.isLocalFile():
            continue
        path = Path(url.toLocalFile())
        if path.is_dir() or path.suffix.lower() == ".zip":
            return str(path)
        if path.name == "batch.json":
            return str(path.parent)
    return None
