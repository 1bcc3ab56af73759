"""Open a batch lazily: the manifest and an index of item offsets, nothing more.

Item bodies are parsed when asked for (with a small LRU cache); images are never
decoded here. For a zip, the items file is decompressed once into a spool file in the
app's cache folder so any item can then be read by offset.
"""

from __future__ import annotations

import re
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeVar, cast

from rater_desktop.appdirs import cache_dir
from rater_desktop.batch.container import FolderSource, ZipSource, open_source, read_all
from rater_desktop.batch.errors import BatchError, BatchProblem, ProblemList
from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits
from rater_desktop.batch.model import IndexEntry, Item, Manifest
from rater_desktop.batch.parse import decode_json, parse_item, parse_manifest
from rater_desktop.batch.protocol import item_shape

MANIFEST_NAME = "batch.json"
_ID_IN_LINE = re.compile(rb'"id"\s*:\s*"([A-Za-z0-9._:-]{1,128})"')
_KIND_IN_LINE = re.compile(rb'"kind"\s*:\s*"(standard|qualification|attention|retest)"')
_ITEM_CACHE_SIZE = 32
T = TypeVar("T")


@dataclass(frozen=True)
class IndexResult:
    entries: list[IndexEntry]
    problems: list[BatchProblem]


def read_manifest(
    source: FolderSource | ZipSource, limits: BatchLimits
) -> tuple[Manifest, ProblemList]:
    """Read and check ``batch.json``; raise with every problem if it is unusable."""
    problems = ProblemList()
    if not source.exists(MANIFEST_NAME):
        raise BatchError(
            BatchProblem(
                code="no-manifest",
                message="the batch has no batch.json at its top level",
                file=MANIFEST_NAME,
                hint="A batch needs batch.json next to items.jsonl (not inside a sub-folder).",
            )
        )
    raw = read_all(source, MANIFEST_NAME, max_bytes=limits.max_manifest_bytes)
    manifest = parse_manifest(decode_json(raw, file=MANIFEST_NAME), problems=problems)
    if manifest is None or problems.errors:
        raise BatchError(
            *(
                problems.errors
                or [BatchProblem("bad-manifest", "is not usable", file=MANIFEST_NAME)]
            )
        )
    return manifest, problems


def _open_items_stream(
    source: FolderSource | ZipSource, name: str, limits: BatchLimits
) -> tuple[BinaryIO, bool]:
    """A seekable handle on the decompressed items file (spooled for zips)."""
    if not source.exists(name):
        raise BatchError(
            BatchProblem(
                code="no-items",
                message="the items file named by the manifest is not in the batch",
                file=name,
                hint="Add the items file or fix the 'items' field of batch.json.",
            )
        )
    if isinstance(source, FolderSource):
        return source.open_seekable(name), False
    spool = cast(
        BinaryIO,
        tempfile.TemporaryFile(
            dir=cache_dir(), prefix="items-", suffix=".jsonl", buffering=1 << 20
        ),
    )
    try:
        for chunk in source.iter_chunks(name, max_bytes=limits.max_items_file_bytes):
            spool.write(chunk)
        spool.flush()
    except BaseException:
        spool.close()
        raise
    return spool, True


def build_index(handle: BinaryIO, *, file: str, limits: BatchLimits) -> IndexResult:
    """Scan line offsets and pick each item's id without parsing the item."""
    entries: list[IndexEntry] = []
    problems: list[BatchProblem] = []
    seen: dict[str, int] = {}
    handle.seek(0)
    offset = 0
    for line_no, raw in enumerate(_lines(handle, file=file, limits=limits), start=1):
        length = len(raw)
        if not raw.isspace():
            if len(entries) >= limits.max_items:
                raise BatchError(
                    BatchProblem(
                        code="too-many-items",
                        message=f"the batch has more than {limits.max_items} items",
                        file=file,
                        hint="Split the batch into smaller ones.",
                    )
                )
            entry = _index_line(raw, line_no, offset, length, file, seen, problems)
            if entry is not None:
                entries.append(entry)
        offset += length
    return IndexResult(entries, problems)


def line_item_id(raw: bytes) -> str | None:
    """The id the index takes from an item line: the first ``"id": "..."`` in it."""
    match = _ID_IN_LINE.search(raw)
    return match.group(1).decode("ascii") if match is not None else None


def _index_line(
    body: bytes,
    line_no: int,
    offset: int,
    length: int,
    file: str,
    seen: dict[str, int],
    problems: list[BatchProblem],
) -> IndexEntry | None:
    item_id = line_item_id(body)
    if item_id is None:
        problems.append(
            BatchProblem(
                code="no-item-id",
                message='the line has no valid item "id"',
                file=file,
                line=line_no,
                hint="Every line must be a JSON object with an \"id\" of letters, digits, '.', '_', ':' or '-'.",
            )
        )
        return None
    if item_id in seen:
        problems.append(
            BatchProblem(
                code="duplicate-id",
                message=f"item id {item_id!r} is used again (first on line {seen[item_id]})",
                file=file,
                line=line_no,
                item_id=item_id,
                hint="Give every item a unique id.",
            )
        )
        return None
    seen[item_id] = line_no
    kind_match = _KIND_IN_LINE.search(body)
    kind = kind_match.group(1).decode("ascii") if kind_match else "standard"
    return IndexEntry(item_id=item_id, line=line_no, offset=offset, length=length, kind=kind)


def _lines(handle: BinaryIO, *, file: str, limits: BatchLimits) -> Iterator[bytes]:
    line_no = 0
    while True:
        raw = handle.readline(limits.max_item_line_bytes + 1)
        if not raw:
            return
        line_no += 1
        if len(raw) > limits.max_item_line_bytes:
            raise BatchError(
                BatchProblem(
                    code="line-too-long",
                    message=f"the line is longer than {limits.max_item_line_bytes} bytes",
                    file=file,
                    line=line_no,
                    hint="One item must fit in 8 MiB; move large content into files.",
                )
            )
        yield raw


class Batch:
    """An opened batch: manifest, item index, lazy item bodies and safe file reads."""

    def __init__(
        self,
        *,
        path: Path,
        source: FolderSource | ZipSource,
        manifest: Manifest,
        index: list[IndexEntry],
        items_handle: BinaryIO,
        warnings: list[BatchProblem],
        limits: BatchLimits,
    ) -> None:
        self.path = path
        self.source = source
        self.manifest = manifest
        self.index = index
        self.warnings = warnings
        self.limits = limits
        self._positions = {entry.item_id: n for n, entry in enumerate(index)}
        self._items_handle = items_handle
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, Item] = OrderedDict()
        self._stamps = self._disk_stamps()

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def batch_id(self) -> str:
        return self.manifest.batch_id

    def __len__(self) -> int:
        return len(self.index)

    def position(self, item_id: str) -> int:
        return self._positions[item_id]

    def entry(self, item_id: str) -> IndexEntry:
        try:
            return self.index[self._positions[item_id]]
        except KeyError:
            raise BatchError(
                BatchProblem(
                    code="unknown-item", message="no such item in this batch", item_id=item_id
                )
            ) from None

    def _watched_files(self) -> list[Path]:
        if isinstance(self.source, FolderSource):
            return [self.source.root / MANIFEST_NAME, self.source.root / self.manifest.items_file]
        return [self.path]

    def _disk_stamps(self) -> list[tuple[int, int, int] | None]:
        stamps: list[tuple[int, int, int] | None] = []
        for path in self._watched_files():
            try:
                info = path.stat()
            except OSError:
                stamps.append(None)
                continue
            stamps.append((info.st_ino, info.st_size, info.st_mtime_ns))
        return stamps

    def changed_on_disk(self) -> bool:
        """True when the batch's files were replaced or edited since it was opened."""
        return self._disk_stamps() != self._stamps

    def _items_changed(self) -> bool:
        return isinstance(self.source, FolderSource) and self.changed_on_disk()

    def _check_items_unchanged(self) -> None:
        # A folder's items file is read in place through a buffer: once it is edited, the
        # line offsets of the index point into different content (a zip is spooled).
        if self._items_changed():
            raise BatchError(
                BatchProblem(
                    code="batch-changed",
                    message="the batch changed on disk after it was opened",
                    file=self.manifest.items_file,
                    hint="Close and reopen the batch to read the changed file.",
                )
            )

    def raw_item(self, item_id: str) -> bytes:
        entry = self.entry(item_id)
        self._check_items_unchanged()
        return self._read_entry(entry)

    def _read_entry(self, entry: IndexEntry) -> bytes:
        with self._lock:
            self._items_handle.seek(entry.offset)
            return self._items_handle.read(entry.length)

    def item(self, item_id: str) -> Item:
        """Parse and check one item; raise a BatchError naming every problem."""
        with self._lock:
            cached = self._cache.get(item_id)
            if cached is not None:
                self._cache.move_to_end(item_id)
                return cached
        entry = self.entry(item_id)
        item, problems = self._parse(entry, check_files=True)
        if item is None:
            raise BatchError(*problems.errors)
        with self._lock:
            self._cache[item_id] = item
            while len(self._cache) > _ITEM_CACHE_SIZE:
                self._cache.popitem(last=False)
        return item

    def parse_items(self, item_ids: Iterable[str], convert: Callable[[Item], T]
                    ) -> list[tuple[str, T | BatchError]]:  # fmt: skip
        """``(id, convert(self.item(id)))`` for each id, or the BatchError ``item`` would
        raise, in one pass: the batch's files are seen unchanged before and after it, not
        twice per item (a fifth of reading 2,000 items), and the item cache is left as it
        is. When they changed meanwhile, each item is read as ``item`` reads it."""
        ids = list(item_ids)
        if not self._items_changed():
            found = [(item_id, self._converted(item_id, convert, checked=True))
                     for item_id in ids]  # fmt: skip
            if not self._items_changed():
                return found
        return [(item_id, self._converted(item_id, convert, checked=False)) for item_id in ids]

    def _converted(self, item_id: str, convert: Callable[[Item], T], *, checked: bool
                   ) -> T | BatchError:  # fmt: skip
        try:
            if not checked:
                return convert(self.item(item_id))
            item, problems = self._parse(self.entry(item_id), check_files=True, unchanged=True)
        except BatchError as exc:
            return exc
        return BatchError(*problems.errors) if item is None else convert(item)

    def _parse(self, entry: IndexEntry, *, check_files: bool, unchanged: bool = False
               ) -> tuple[Item | None, ProblemList]:  # fmt: skip
        problems = ProblemList()
        file = self.manifest.items_file
        try:
            raw = self._read_entry(entry) if unchanged else self.raw_item(entry.item_id)
            obj = decode_json(raw.rstrip(b"\r\n"), file=file, line=entry.line)
        except BatchError as exc:
            problems.problems.extend(exc.problems)
            return None, problems
        item = parse_item(
            obj,
            problems=problems,
            file=file,
            line=entry.line,
            screenshot_exists=self._file_is_usable if check_files else None,
            limits=self.limits,
            shape=item_shape(self.manifest.protocol),
        )
        if item is not None and item.id != entry.item_id:
            problems.add(
                BatchProblem(
                    code="id-mismatch",
                    message=f"the line's top-level id is {item.id!r}, not {entry.item_id!r}",
                    file=file,
                    line=entry.line,
                    hint='Put the item\'s "id" before any nested field named "id".',
                )
            )
            return None, problems
        return item, problems

    def _file_is_usable(self, name: str) -> bool:
        """True if present; raises for files that must not be read (symlinks out)."""
        self.source.size_of(name)
        return True

    def check_item(self, item_id: str) -> ProblemList:
        """Every problem (errors and warnings) of one item, for ``validate``."""
        return self._parse(self.entry(item_id), check_files=True)[1]

    def read_bytes(self, name: str, *, max_bytes: int | None = None) -> bytes:
        """Read a file of the batch (e.g. a screenshot) within the limits."""
        return read_all(self.source, name, max_bytes=max_bytes or self.limits.max_image_bytes)

    def instructions_markdown(self) -> str | None:
        return read_instructions(self.source, self.manifest, self.limits)

    def close(self) -> None:
        self._items_handle.close()
        self.source.close()


def read_instructions(
    source: FolderSource | ZipSource, manifest: Manifest, limits: BatchLimits
) -> str | None:
    """The instructions file named by the manifest, as text (None when there is none)."""
    name = manifest.instructions_file
    if name is None:
        return None
    raw = read_all(source, name, max_bytes=limits.max_instructions_bytes)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BatchError(
            BatchProblem(
                code="bad-utf8",
                message=f"is not valid UTF-8 (byte {exc.start})",
                file=name,
                hint="Save the instructions as UTF-8.",
            )
        ) from exc


def open_batch(path: str | Path, *, limits: BatchLimits = DEFAULT_LIMITS) -> Batch:
    """Open a batch (zip or folder). Raises BatchError with a clear message on any problem."""
    batch_path = Path(path)
    source = open_source(batch_path, limits=limits)
    try:
        manifest, manifest_problems = read_manifest(source, limits)
        handle, _spooled = _open_items_stream(source, manifest.items_file, limits)
    except BaseException:
        source.close()
        raise
    try:
        result = build_index(handle, file=manifest.items_file, limits=limits)
        if result.problems:
            raise BatchError(*result.problems)
        if not result.entries:
            raise BatchError(
                BatchProblem(
                    code="no-items",
                    message="the items file holds no items",
                    file=manifest.items_file,
                    hint="Add at least one item line.",
                )
            )
    except BaseException:
        handle.close()
        source.close()
        raise
    return Batch(
        path=batch_path,
        source=source,
        manifest=manifest,
        index=result.entries,
        items_handle=handle,
        warnings=manifest_problems.warnings,
        limits=limits,
    )
