"""Write a group of files so that either all appear complete or none appears at all."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from rater_desktop.durable import fsync_dir


class AtomicWriteError(OSError):
    """Writing failed; nothing was left behind. The message says what to do."""


def describe_os_error(exc: OSError, path: Path) -> str:
    """A sentence a rater can act on, for the usual reasons a write fails."""
    folder = path.parent
    if exc.errno == errno.ENOSPC or exc.errno == errno.EDQUOT:
        return f"The disk is full: could not write {path}. Free some space and try again."
    if exc.errno in (errno.EACCES, errno.EPERM):
        return (
            f"Permission denied: cannot write in {folder}. "
            "Choose a folder you can write to (for example your Documents folder)."
        )
    if exc.errno == errno.EROFS:
        return f"{folder} is on a read-only disk. Choose another folder."
    if exc.errno == errno.ENOENT:
        return f"The folder {folder} does not exist. Create it or choose another folder."
    reason = exc.strerror or str(exc)
    return f"Could not write {path}: {reason}."


def _write_temp(target: Path, data: bytes, mode: int | None) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    temp = Path(name)
    try:
        if mode is not None and os.name == "posix":
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def write_files_atomically(files: Sequence[tuple[Path, bytes]], *, mode: int | None = None) -> None:
    """Write every ``(path, data)``: temp file in the same folder, flush, fsync, rename.

    If anything fails, temp files are removed; if a rename already happened, all targets are
    removed, so no half-written or mismatched group remains. AtomicWriteError says why.
    """
    temps: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    current = files[0][0] if files else Path(".")
    try:
        for target, data in files:
            current = target
            temps.append((_write_temp(target, data, mode), target))
        for temp, target in temps:
            current = target
            os.replace(temp, target)
            placed.append(target)
        for folder in {target.parent for target, _ in files}:
            fsync_dir(folder)
    except OSError as exc:
        for temp, _ in temps:
            with contextlib.suppress(OSError):
                temp.unlink()
        # Once one file of the group is replaced, the old group is broken anyway: remove
        # every target so no mismatched pair (new results, old signature) survives.
        for target in [t for t, _ in files] if placed else []:
            with contextlib.suppress(OSError):
                target.unlink()
        raise AtomicWriteError(exc.errno or 0, describe_os_error(exc, current)) from exc


def write_chunks_atomically(target: Path, chunks: Iterable[bytes]) -> None:
    """Write one file from chunks as they come (never all in memory): temp file in the same
    folder, fsync, rename. Whatever fails (a write, or the code making the chunks), the
    temp file is removed and the target left as it was; a failed write raises
    AtomicWriteError saying why, anything else propagates unchanged."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    temp = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
        fsync_dir(target.parent)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, AtomicWriteError):
            raise AtomicWriteError(exc.errno or 0, describe_os_error(exc, target)) from exc
        raise
