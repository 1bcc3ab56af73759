"""The SHA-256 that identifies a batch's exact bytes (recorded with every result)."""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import Executor, Future
from pathlib import Path

_CHUNK = 1024 * 1024


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def folder_sha256(root: Path) -> str:
    """Hash of a canonical listing: each regular file's relative path and SHA-256, sorted.

    Symlinks are not followed (the loader refuses those leading outside anyway), so the
    hash depends on the batch folder alone.
    """
    lines: list[str] = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_symlink() or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            lines.append(f"{rel}\0{file_sha256(path)}\n")
    digest = hashlib.sha256()
    for line in sorted(lines):
        digest.update(line.encode("utf-8"))
    return digest.hexdigest()


def batch_sha256(path: str | Path) -> str:
    """SHA-256 of a zip batch's bytes, or of a folder batch's canonical listing."""
    batch_path = Path(path)
    return folder_sha256(batch_path) if batch_path.is_dir() else file_sha256(batch_path)


def start_batch_sha256(path: str | Path, executor: Executor) -> Future[str]:
    """Hash in the background; the window shows the batch long before this finishes."""
    return executor.submit(batch_sha256, path)
