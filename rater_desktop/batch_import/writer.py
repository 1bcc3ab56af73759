"""Write a batch (folder or zip) one item at a time, with constant memory.

Every path the writer creates is one it names itself (``items.jsonl``,
``screens/<n>/<side>-<k>.<ext>``), so nothing read from the input can steer a write
outside the output folder. Images are checked (format by content, dimensions, size) before
they are stored. A zip is built in a staging folder beside the output and replaced
atomically at the end.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import shutil
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.images import ImageProblem, check_header
from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits
from rater_desktop.batch.loader import line_item_id
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import PAIR, item_shape
from rater_desktop.batch.quickcheck import FlatItem, TextItemLines, plain_pair_lines
from rater_desktop.batch_import.itemsfile import BLOCK_BYTES, ItemsFile, ItemsWriteError
from rater_desktop.batch_import.jsonline import dumps_item

FORMAT_VERSION = "1.0"
CONVERSATION_FORMAT_VERSION = "1.2"  # items with earlier turns (batch/learning.py)
ITEMS_FILE = "items.jsonl"
_EXTENSIONS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}


class ImportInputError(ValueError):
    """One bad input record; the message says what to fix. The import goes on without it."""


class ImportOutputError(Exception):
    """The output cannot be written (exists, not writable); nothing of the import is kept."""


@dataclass
class ImportReport:
    """What an import did: items written, and each input problem with where it was."""

    output: Path
    items: int = 0
    skipped: list[str] = field(default_factory=list)
    validation: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.items > 0 and not self.validation


def _repeated(item_id: str) -> ImportInputError:
    return ImportInputError(f"item {item_id!r}: the id was already used; ids must be unique")


def decode_base64_image(text: str, *, where: str, max_bytes: int) -> bytes:
    """Bytes of a base64 (or data: URL) screenshot; refuses oversize or non-image data."""
    payload = text.split(",", 1)[1] if text.startswith("data:") and "," in text else text
    if len(payload) > (max_bytes * 4) // 3 + 8:
        raise ImportInputError(f"{where}: the screenshot is larger than {max_bytes // 2**20} MiB")
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ImportInputError(f"{where}: the screenshot is not valid base64 ({exc})") from exc


@dataclass(frozen=True)
class WrittenItems:
    """What the writer put in items.jsonl, each line checked: its size, CRC-32 and count.

    The final check compares the file with these to know it still holds exactly the
    lines that passed the loader's item check (see ``run.check_written_batch``).
    """

    name: str
    size: int
    crc32: int
    count: int


class BatchWriter:
    """Streams items into ``output`` (a folder, or a ``.zip`` file)."""

    def __init__(
        self,
        output: Path,
        *,
        batch_id: str,
        title: str,
        instructions: str | None = None,
        manifest_extra: dict[str, Any] | None = None,
        limits: BatchLimits = DEFAULT_LIMITS,
        overwrite: bool = False,
        link_images: bool = False,
    ) -> None:
        self.output = Path(output)
        self.as_zip = self.output.suffix.lower() == ".zip"
        self.limits = limits
        self._text_lines = TextItemLines(limits)
        self._pair_lines = plain_pair_lines(limits)
        self._max_items, self._max_line_bytes = limits.max_items, limits.max_item_line_bytes
        self.manifest: dict[str, Any] = {
            "format": "rater-desktop-batch",
            "format_version": FORMAT_VERSION,
            "batch_id": batch_id,
            "title": title,
            "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            **(manifest_extra or {}),
        }
        self._instructions = instructions
        self._shape = item_shape(self.manifest.get("protocol"))
        # Hard-link image files instead of copying them (same disk only; else copied): an
        # import at about the cost of reading the input and no second copy on disk; the
        # batch then shares those files with the input, so an input image edited in place
        # changes the batch too, which its SHA-256 (checked before rating and at export)
        # notices.
        self._link_images = link_images
        self._count = 0
        self._images = 0
        self._stored: set[str] = set()
        self._pending: list[str] = []  # images stored for the record not yet added
        self._folders: set[str] = set()
        self._ids: set[str] = set()  # grows with the ids only, not with the items
        self._root = self._prepare(overwrite)
        # Lines are gathered and written (and CRC'd) in blocks: one call per line into the
        # file and the checksum cost more than encoding the line.
        self._items = ItemsFile(self._root / ITEMS_FILE)
        self._lines: list[bytes] = []
        self._lines_bytes = 0
        self.written: WrittenItems | None = None

    def _prepare(self, overwrite: bool) -> Path:
        if self.output.exists():
            if not overwrite:
                raise ImportOutputError(f"{self.output} already exists; choose a new name.")
            is_batch = (self.output / "batch.json").is_file() if self.output.is_dir() \
                else self.as_zip and self.output.is_file()
            if not is_batch:
                # --force replaces a batch, never an arbitrary folder or file.
                raise ImportOutputError(
                    f"{self.output} exists and is not a batch; --force only replaces a batch.")
        # Built beside the output and moved into place at the end, so a failed import (or
        # one that yields no item) leaves what was there before untouched.
        root = self.output.with_name(self.output.name + ".partial")
        try:
            if root.exists():
                shutil.rmtree(root) if root.is_dir() else root.unlink()
            root.mkdir(parents=True)
        except OSError as exc:
            raise ImportOutputError(f"Cannot create {root}: {exc.strerror or exc}") from exc
        return root

    @property
    def count(self) -> int:
        return self._count

    def store_image(self, data: bytes | Path, *, where: str) -> str:
        """Store a PNG/JPEG/WebP given as bytes or as a file to copy; return its batch path.

        The stored copy is what is checked (format by content, dimensions from the header,
        PNG chunk checksums: ``images.check_header``), so the input cannot change under the
        check; pixels are not decoded here, as ``validate`` does not decode them either.
        A file is copied by the kernel, never read into memory whole.
        """
        staged = self._folder("screens") / f"incoming-{self._images + 1}"
        try:
            if isinstance(data, Path):
                if data.stat().st_size > self.limits.max_image_bytes:
                    raise ImportInputError(f"{where}: the image is larger than the batch limit")
                self._copy(data, staged)
            else:
                if len(data) > self.limits.max_image_bytes:
                    raise ImportInputError(f"{where}: the image is larger than the batch limit")
                staged.write_bytes(data)
            with staged.open("rb") as stream:
                fmt = check_header(stream, name=where, limits=self.limits)
        except ImageProblem as exc:
            staged.unlink(missing_ok=True)
            raise ImportInputError(str(exc)) from exc
        except OSError as exc:
            staged.unlink(missing_ok=True)
            raise ImportInputError(f"{where}: the image cannot be read ({exc.strerror or exc})") from exc
        self._images += 1
        folder = f"screens/{self._images // 1000:04d}"
        relative = f"{folder}/{self._images:07d}.{_EXTENSIONS[fmt]}"
        os.replace(staged, self._folder(folder) / relative.rpartition("/")[2])
        self._stored.add(relative)
        self._pending.append(relative)
        return relative

    def _copy(self, source: Path, target: Path) -> None:
        if self._link_images:
            try:
                os.link(source, target)
                return
            except OSError:  # another disk, or links not allowed: copy
                pass
        shutil.copyfile(source, target)

    def _folder(self, relative: str) -> Path:
        """``root/relative``, made on first use (one mkdir per folder, not per image)."""
        folder = self._root / relative
        if relative not in self._folders:
            folder.mkdir(parents=True, exist_ok=True)
            self._folders.add(relative)
        return folder

    def discard_pending_images(self) -> int:
        """Remove the images stored since the last item was added; returns how many.

        Images are stored while a record is read, before its item is added; when the
        record is refused (by its reader or by ``add_item``) they belong to nothing, and
        ``feed_record`` calls this so no file of a refused record is left in the batch.
        """
        for relative in self._pending:
            (self._root / relative).unlink(missing_ok=True)
            self._stored.discard(relative)
        count = len(self._pending)
        self._images -= count  # they were the latest: their numbers are free again
        self._pending.clear()
        return count

    def add_item(self, item: dict[str, Any] | FlatItem) -> None:
        """Append one item (in the batch's item shape, as a dict or flat)."""
        if self._count >= self._max_items:
            raise ImportInputError(f"the batch is full ({self._max_items} items)")
        # The loader's own item check, on the item as written: an item that would make the
        # batch invalid is reported like any other bad input and left out. The plain text
        # shape takes a fast path that accepts only what parse_item accepts as it is, and
        # writes the id first, where the index reads it.
        encoded = self._text_lines(item) if self._shape == PAIR else None
        if encoded is not None:
            item_id = item.texts[0] if isinstance(item, FlatItem) else item["id"]
            if item_id in self._ids:
                raise _repeated(item_id)
        else:
            if isinstance(item, FlatItem):
                item = item.as_dict()
            item_id = str(item.get("id", ""))
            if item_id in self._ids:
                raise _repeated(item_id)
            self._check_item(item)
            encoded = self._encode(item, item_id)
            if "conversation" in item:  # a field of format 1.2
                self.manifest["format_version"] = CONVERSATION_FORMAT_VERSION
            # The index takes the first "id" of a line as the item's id.
            if line_item_id(encoded) != item_id:
                raise ImportInputError(f"item {item_id!r}: the batch index would not find this id; "
                                       "use 1-128 letters, digits, '.', '_', ':' or '-'")  # fmt: skip
        self._append(item_id, encoded)

    def _append(self, item_id: str, encoded: bytes) -> None:
        # The index reads lines of at most max_item_line_bytes, newline included.
        if len(encoded) > self._max_line_bytes:
            raise ImportInputError(f"item {item_id!r} is larger than one item may be")
        self._lines.append(encoded)
        self._lines_bytes += len(encoded)
        if self._lines_bytes >= BLOCK_BYTES:
            self._write_lines()
        self._ids.add(item_id)
        self._count += 1
        self._pending.clear()  # the item holds them now

    def add_plain_pair(self, item_id: Any, prompt: Any, text_a: Any, text_b: Any) -> bool:
        """``add_item`` of the plain pair ``FlatItem(PLAIN_PAIR_SHAPE, [item_id, prompt,
        "system-a", text_a, "system-b", text_b])`` when the fast path takes it, in fewer
        steps; False, with nothing done, when it does not (then call ``add_item``)."""
        encoded = self._pair_lines(item_id, prompt, text_a, text_b)
        if encoded is None:
            return False  # before "full": the general path names a bad field first
        if self._count >= self._max_items:
            raise ImportInputError(f"the batch is full ({self._max_items} items)")
        if item_id in self._ids:
            raise _repeated(item_id)
        self._append(item_id, encoded)
        return True

    @staticmethod
    def _encode(item: dict[str, Any], item_id: str) -> bytes:
        line = dumps_item(item) + "\n"
        try:
            return line.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ImportInputError(
                f"item {item_id!r}: the text holds an unpaired surrogate ({line[exc.start]!r}), "
                "which is not Unicode text; fix the text in the input") from exc  # fmt: skip

    def _check_item(self, item: dict[str, Any]) -> None:
        problems = ProblemList()
        parse_item(item, problems=problems, file=ITEMS_FILE, line=self._count + 1,
                   screenshot_exists=self._stored.__contains__, limits=self.limits,
                   shape=self._shape)  # fmt: skip
        if problems.errors:
            where = item.get("id", f"item {self._count + 1}")
            raise ImportInputError(f"{where}: " + "; ".join(p.render() for p in problems.errors[:3]))

    def _write_lines(self) -> None:
        self._lines_bytes = 0
        try:
            self._items.write_block(self._lines)
        except ItemsWriteError as exc:
            raise ImportOutputError(str(exc)) from exc

    def _close_items(self) -> None:
        if not self._items.closed:
            try:
                self._items.write_block(self._lines)
                size, crc = self._items.close()
            except ItemsWriteError as exc:
                raise ImportOutputError(str(exc)) from exc
            self.written = WrittenItems(ITEMS_FILE, size, crc, self._count)

    def finish(self) -> Path:
        """Write the manifest (and zip); returns the batch path."""
        self._close_items()
        if self._instructions:
            (self._root / "instructions.md").write_text(self._instructions, encoding="utf-8")
            self.manifest["instructions"] = "instructions.md"
        (self._root / "batch.json").write_text(
            json.dumps(self.manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        if not self.as_zip:
            if self.output.exists():
                shutil.rmtree(self.output)  # checked in _prepare: a batch, and --force
            os.replace(self._root, self.output)
            return self.output
        staging = self.output.with_name(self.output.name + ".tmp")
        with zipfile.ZipFile(staging, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(self._root.rglob("*")):
                if path.is_file():
                    archive.write(path, path.relative_to(self._root).as_posix())
        os.replace(staging, self.output)
        shutil.rmtree(self._root)
        return self.output

    def abandon(self) -> None:
        """Remove what was written (a failed import leaves nothing behind)."""
        self._lines.clear()
        self._items.discard()
        shutil.rmtree(self._root, ignore_errors=True)


def run_import(
    writer: BatchWriter,
    records: Any,
    *,
    progress: Callable[[int], None] | None = None,
    report: ImportReport,
    source: Path | None = None,
) -> None:
    """Feed ``records`` (items or ImportInputError) into ``writer``, noting each problem.

    An item the writer refuses is named by its input line when the reader gave one.
    """
    for record in records:
        feed_record(writer, record, progress=progress, report=report, source=source)
    report.items = writer.count


def feed_record(
    writer: BatchWriter,
    record: Any,
    *,
    progress: Callable[[int], None] | None,
    report: ImportReport,
    source: Path | None,
) -> None:
    """One record of ``run_import``: written, or its problem noted in ``report`` (and the
    images stored for it removed)."""
    if isinstance(record, ImportInputError):
        writer.discard_pending_images()
        report.skipped.append(str(record))
        return
    try:
        writer.add_item(record)
    except ImportInputError as exc:
        writer.discard_pending_images()
        line = record.line if isinstance(record, FlatItem) else 0
        report.skipped.append(f"{source} line {line}: {exc}" if line and source else str(exc))
        return
    if progress is not None and writer.count % 10_000 == 0:
        progress(writer.count)
