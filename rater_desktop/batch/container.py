"""Safe access to the files of a batch, whether it is a ``.zip`` or a folder.

Every path is checked before use and every read is bounded by the number of bytes
actually produced, so zip bombs (including overlapping or duplicate entries, which
Python before 3.11.8 does not reject) and symlinks out of the batch are refused with
a clear message instead of filling the disk, memory or reading foreign files.
"""

from __future__ import annotations

import os
import re
import stat
import struct
import threading
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import BinaryIO, Protocol

from rater_desktop.batch.errors import BatchError, BatchProblem
from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits

_DRIVE = re.compile(r"^[A-Za-z]:")
_CHUNK = 256 * 1024
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")
_ALLOWED_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}


def _problem(code: str, message: str, *, file: str = "", hint: str = "") -> BatchError:
    return BatchError(BatchProblem(code=code, message=message, file=file, hint=hint))


def check_relative_path(
    name: str, *, field: str = "", item_id: str | None = None, file: str = ""
) -> str:
    """Return ``name`` normalised, or raise if it could point outside the batch."""
    reason = ""
    if not name or not isinstance(name, str):
        reason = "is empty"
    elif "\x00" in name:
        reason = "contains a NUL character"
    elif "\\" in name:
        reason = "contains a backslash (use '/' between folders)"
    elif name.startswith("/"):
        reason = "is absolute"
    elif _DRIVE.match(name):
        reason = "starts with a drive letter"
    elif any(part == ".." for part in name.split("/")):
        reason = "contains '..'"
    elif len(name) > DEFAULT_LIMITS.max_path_chars:
        reason = "is too long"
    if reason:
        raise BatchError(
            BatchProblem(
                code="unsafe-path",
                message=f"path {name[:200]!r} {reason}",
                file=file,
                item_id=item_id,
                field=field or None,
                hint="Paths in a batch must be relative, use '/', and stay inside the batch.",
            )
        )
    if "//" not in name and "./" not in name and not name.endswith("/") and name != ".":
        return name  # already normal: the common case, 40,000 times per large batch
    return "/".join(p for p in PurePosixPath(name).parts if p not in ("", "."))


class ByteBudget:
    """Counts bytes decompressed across a whole batch (thread-safe)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._lock = threading.Lock()

    def spend(self, count: int, *, file: str) -> None:
        with self._lock:
            self.used += count
            over = self.used > self.limit
        if over:
            raise _problem(
                "too-much-data",
                f"the batch decompresses to more than {self.limit} bytes in total",
                file=file,
                hint="This looks like a zip bomb; ask the sender for a smaller batch.",
            )


class BatchSource(Protocol):
    """Read-only view of the files of a batch."""

    label: str

    def exists(self, name: str) -> bool: ...

    def size_of(self, name: str) -> int: ...

    def iter_chunks(self, name: str, *, max_bytes: int) -> Iterator[bytes]: ...

    def close(self) -> None: ...


def read_all(source: BatchSource, name: str, *, max_bytes: int) -> bytes:
    """Read a whole file from the batch, refusing it past ``max_bytes``."""
    return b"".join(source.iter_chunks(name, max_bytes=max_bytes))


def _too_large(name: str, max_bytes: int) -> BatchError:
    return _problem(
        "file-too-large",
        f"the file is larger than the limit of {max_bytes} bytes",
        file=name,
        hint="See the limits in docs/batch-format.md; split the batch or shrink the file.",
    )


class FolderSource:
    """A batch unpacked in a folder. Symlinks leading outside it and special files are refused."""

    def __init__(self, root: Path, *, limits: BatchLimits = DEFAULT_LIMITS) -> None:
        self.root = root.resolve()
        self.label = str(root)
        self.limits = limits

    def _resolve(self, name: str) -> Path:
        rel = check_relative_path(name)
        path = self.root / rel
        try:
            resolved = path.resolve(strict=True)
        except (OSError, RuntimeError) as exc:
            raise _problem(
                "missing-file",
                "the file does not exist in the batch",
                file=rel,
                hint="Add the file or fix the path that refers to it.",
            ) from exc
        if not resolved.is_relative_to(self.root):
            raise _problem(
                "symlink-outside",
                "the path leads outside the batch folder (through a symlink)",
                file=rel,
                hint="Copy the real file into the batch instead of linking to it.",
            )
        mode = resolved.stat().st_mode
        if not stat.S_ISREG(mode):
            raise _problem(
                "not-a-file",
                "this is not a regular file",
                file=rel,
                hint="Only regular files can be part of a batch.",
            )
        return resolved

    def exists(self, name: str) -> bool:
        try:
            self._resolve(name)
        except BatchError:
            return False
        return True

    def size_of(self, name: str) -> int:
        return self._resolve(name).stat().st_size

    def iter_chunks(self, name: str, *, max_bytes: int) -> Iterator[bytes]:
        path = self._resolve(name)
        if path.stat().st_size > max_bytes:
            raise _too_large(name, max_bytes)
        total = 0
        with path.open("rb") as handle:
            while chunk := handle.read(_CHUNK):
                total += len(chunk)
                if total > max_bytes:
                    raise _too_large(name, max_bytes)
                yield chunk

    def open_seekable(self, name: str) -> BinaryIO:
        """A folder file can be read at any offset directly."""
        return self._resolve(name).open("rb", buffering=_CHUNK)

    def close(self) -> None:
        return None


class ZipSource:
    """A batch packed as a zip file, with every entry checked before it is read."""

    def __init__(self, path: Path, *, limits: BatchLimits = DEFAULT_LIMITS) -> None:
        self.path = path
        self.label = str(path)
        self.limits = limits
        self.budget = ByteBudget(limits.max_total_uncompressed)
        self._charged: set[str] = set()
        self._lock = threading.Lock()
        try:
            self._zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
            raise _problem(
                "bad-zip",
                f"this is not a readable zip file ({exc})",
                file=path.name,
                hint="Re-create the zip, or open the batch folder instead.",
            ) from exc
        try:
            self._entries = self._check_entries()
        except BatchError:
            self._zip.close()
            raise

    def _check_entries(self) -> dict[str, zipfile.ZipInfo]:
        infos = self._zip.infolist()
        if len(infos) > self.limits.max_zip_entries:
            raise _problem(
                "too-many-entries",
                f"the zip holds {len(infos)} entries, more than {self.limits.max_zip_entries}",
                file=self.path.name,
                hint="Split the batch.",
            )
        entries: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            # Not info.is_dir(): it fails with IndexError on an empty name (a damaged zip);
            # an empty name is refused by the path check below instead.
            if info.filename.endswith("/"):
                continue
            name = self._check_entry(info)
            if name in entries:
                raise _problem(
                    "duplicate-entry",
                    "the zip holds this entry twice",
                    file=name,
                    hint="Re-create the zip with standard tools; this one was tampered with.",
                )
            entries[name] = info
        self._check_no_overlap(list(entries.values()))
        return entries

    def _check_entry(self, info: zipfile.ZipInfo) -> str:
        name = check_relative_path(info.filename, field="zip entry", file=self.path.name)
        if stat.S_ISLNK(info.external_attr >> 16):
            raise _problem(
                "symlink-entry",
                "the zip entry is a symbolic link",
                file=name,
                hint="Store the real file in the zip, not a link.",
            )
        if info.flag_bits & 0x1:
            raise _problem(
                "encrypted-entry",
                "the zip entry is encrypted",
                file=name,
                hint="Create the zip without a password.",
            )
        if info.compress_type not in _ALLOWED_METHODS:
            raise _problem(
                "unsupported-compression",
                f"the zip entry uses compression method {info.compress_type}",
                file=name,
                hint="Use plain 'deflate' compression (the default of every zip tool).",
            )
        return name

    def _local_header_end(self, info: zipfile.ZipInfo) -> int:
        fp = self._zip.fp
        assert fp is not None
        try:
            with self._lock:
                fp.seek(info.header_offset)  # negative in a damaged central directory
                raw = fp.read(_LOCAL_HEADER.size)
        except (OSError, ValueError):
            raw = b""
        if len(raw) != _LOCAL_HEADER.size or raw[:4] != b"PK\x03\x04":
            raise _problem(
                "bad-zip",
                "an entry's local header is missing or damaged",
                file=info.filename[:200],
                hint="Re-create the zip with standard tools.",
            )
        fields = _LOCAL_HEADER.unpack(raw)
        name_len, extra_len = fields[-2], fields[-1]
        return info.header_offset + _LOCAL_HEADER.size + name_len + extra_len

    def _overlap_error(self, info: zipfile.ZipInfo) -> BatchError:
        return _problem(
            "overlapping-entries",
            "zip entries overlap each other",
            file=info.filename[:200],
            hint="This zip was crafted to expand enormously; do not use it.",
        )

    def _check_no_overlap(self, infos: list[zipfile.ZipInfo]) -> None:
        """Refuse entries whose data overlaps the next entry (the 'overlapping zip bomb').

        Opening uses the central directory alone (a lower bound of each entry's extent,
        cheap for 40,000 entries); reading an entry re-checks its exact extent.
        """
        ordered = sorted(infos, key=lambda i: i.header_offset)
        directory_start = int(getattr(self._zip, "start_dir", 0) or 0)
        self._next_offset: dict[str, int] = {}
        for current, following in zip(ordered, [*ordered[1:], None], strict=True):
            limit = following.header_offset if following is not None else directory_start
            minimal_end = (
                current.header_offset
                + _LOCAL_HEADER.size
                + len(current.orig_filename.encode("utf-8", "replace"))
                + current.compress_size
            )
            if limit and minimal_end > limit:
                raise self._overlap_error(current)
            self._next_offset[current.filename] = limit

    def _check_exact_extent(self, info: zipfile.ZipInfo) -> None:
        limit = self._next_offset.get(info.filename, 0)
        if limit and self._local_header_end(info) + info.compress_size > limit:
            raise self._overlap_error(info)

    def _entry(self, name: str) -> zipfile.ZipInfo:
        rel = check_relative_path(name)
        info = self._entries.get(rel)
        if info is None:
            raise _problem(
                "missing-file",
                "the file does not exist in the batch",
                file=rel,
                hint="Add the file to the zip or fix the path that refers to it.",
            )
        return info

    def exists(self, name: str) -> bool:
        try:
            self._entry(name)
        except BatchError:
            return False
        return True

    def names(self) -> list[str]:
        return list(self._entries)

    def size_of(self, name: str) -> int:
        return self._entry(name).file_size

    def iter_chunks(self, name: str, *, max_bytes: int) -> Iterator[bytes]:
        info = self._entry(name)
        if info.file_size > max_bytes:
            raise _too_large(name, max_bytes)
        ratio_cap = max(info.compress_size, 1) * self.limits.max_compression_ratio
        self._check_exact_extent(info)
        self._charge_once(name, info.file_size)
        total = 0
        try:
            with self._lock:
                handle = self._zip.open(info)
            with handle:
                while True:
                    with self._lock:
                        chunk = handle.read(_CHUNK)
                    if not chunk:
                        break
                    total += len(chunk)
                    self._check_growth(name, total, info.file_size, max_bytes, ratio_cap)
                    yield chunk
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            ValueError,
            RuntimeError,
            NotImplementedError,
        ) as exc:
            raise _problem(
                "bad-zip",
                f"the entry could not be decompressed ({exc})",
                file=name,
                hint="The zip is damaged; re-create it.",
            ) from exc

    def _charge_once(self, name: str, declared: int) -> None:
        """Count each entry's declared size once against the batch budget.

        Reads never exceed the declared size (checked while decompressing), so this bounds
        the total a batch can expand to, while re-reading a screenshot costs nothing extra.
        """
        with self._lock:
            if name in self._charged:
                return
            self._charged.add(name)
        self.budget.spend(declared, file=name)

    def _check_growth(self, name: str, total: int, declared: int, max_bytes: int, cap: int) -> None:
        if total > max_bytes:
            raise _too_large(name, max_bytes)
        if total > declared:
            raise _problem(
                "size-mismatch",
                "the entry decompresses to more bytes than its header declares",
                file=name,
                hint="This zip was tampered with; do not use it.",
            )
        if total > self.limits.ratio_check_min_bytes and total > cap:
            raise _problem(
                "compression-ratio",
                f"the entry expands more than {self.limits.max_compression_ratio} times",
                file=name,
                hint="This looks like a zip bomb; do not use it.",
            )

    def close(self) -> None:
        self._zip.close()


def open_source(path: Path, *, limits: BatchLimits = DEFAULT_LIMITS) -> FolderSource | ZipSource:
    """Open a batch path as a folder or zip source, refusing anything else clearly."""
    try:
        if path.is_dir():
            return FolderSource(path, limits=limits)
        if not path.exists():
            raise _problem(
                "not-found",
                "no batch exists at this path",
                file=str(path),
                hint="Check the path, or pick the batch with File > Open batch.",
            )
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise _problem("not-a-file", "this is not a file or folder", file=str(path))
    except OSError as exc:
        raise _problem(
            "unreadable",
            f"the batch cannot be read ({exc.strerror or exc})",
            file=str(path),
            hint="Check the file's permissions.",
        ) from exc
    return ZipSource(path, limits=limits)
