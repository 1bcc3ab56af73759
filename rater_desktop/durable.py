"""Durable renames: a file replaced by rename survives a power cut only once its folder's
entry is on disk too. Shared by the signed-file writer (``signing.atomic_files``) and the
ratings backups (``storage.backup``), which sit side by side in the layers and may not
import each other."""

from __future__ import annotations

import os
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    """Flush ``folder``'s entries (the renames just made in it) to disk."""
    # Not possible on Windows, where a rename is durable without it.
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
