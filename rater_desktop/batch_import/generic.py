"""Generic pairs: one prompt and two responses per JSONL line or CSV row, by a field mapping.

The mapping names where each item field comes from: a dotted path into a JSON line
(``conversation.prompt``, ``outputs.0.text``) or a CSV column name. Only ``prompt``,
``response_a`` and ``response_b`` are required; identities may be given as constants.
"""

from __future__ import annotations

import csv
import gzip
import json
import re
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from rater_desktop.batch.quickcheck import FlatItem
from rater_desktop.batch_import.jsonline import loads_line
from rater_desktop.batch_import.writer import ImportInputError

MAPPABLE = (
    "id", "prompt", "context", "response_a", "response_b", "identity_a", "identity_b",
    "final_answer_a", "final_answer_b", "gold_answer", "kind",
)  # fmt: skip
REQUIRED = ("prompt", "response_a", "response_b")
_ID_CHARS = re.compile(r"[^A-Za-z0-9._:-]+")
_ID_OK = re.compile(r"[A-Za-z0-9._:-]{1,128}")
MAX_LINE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class FieldMapping:
    """Where each item field comes from; ``constants`` fill fields the input lacks."""

    paths: Mapping[str, str]
    constants: Mapping[str, str]

    @classmethod
    def parse(cls, specs: list[str], constants: Mapping[str, str] | None = None) -> FieldMapping:
        """``["prompt=question", "response_a=answers.0"]`` -> mapping; unknown fields refused."""
        paths: dict[str, str] = {}
        for spec in specs:
            name, sep, path = spec.partition("=")
            name, path = name.strip(), path.strip()
            if not sep or not path:
                raise ValueError(f"mapping {spec!r}: write FIELD=PATH, e.g. prompt=question")
            if name not in MAPPABLE:
                raise ValueError(f"mapping {spec!r}: {name!r} is not one of {', '.join(MAPPABLE)}")
            paths[name] = path
        for name in MAPPABLE:
            paths.setdefault(name, name)
        return cls(paths=paths, constants=dict(constants or {}))


def lookup(record: Any, path: str) -> Any:
    """Follow a dotted path through dicts and lists (``a.b.0.c``); None when absent."""
    value = record
    for part in path.split("."):
        if isinstance(value, Mapping):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def clean_id(raw: str, fallback: str) -> str:
    """An item id in the batch's character set (invalid characters become '-')."""
    if _ID_OK.fullmatch(raw):
        return raw
    cleaned = _ID_CHARS.sub("-", raw).strip("-")[:128]
    return cleaned or fallback


def _text(value: Any, *, field: str, required: bool) -> str | None:
    """The value as text; the ImportInputError raised names the field, not the line."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ImportInputError(f"{field} is missing or empty")
        return None
    if isinstance(value, (dict, list)):
        raise ImportInputError(f"{field} is a {type(value).__name__}, not text")
    return str(value)


# The order fields are read in, so the first problem of a line is reported first.
_ORDER = (
    "prompt", "response_a", "response_b", "id", "identity_a", "identity_b",
    "final_answer_a", "final_answer_b", "context", "kind", "gold_answer",
)  # fmt: skip
_REQUIRED_COUNT = 3  # the first three of _ORDER


@dataclass(frozen=True)
class _Compiled:
    """A mapping prepared once per import: the key of each field, or its dotted path."""

    keys: tuple[str, ...] | None  # every path is one key: plain dict lookups
    paths: tuple[str, ...]
    constants: tuple[tuple[int, str], ...]  # (position in _ORDER, value)
    labels: tuple[str, ...]  # "prompt (question)", for messages


def _compiled(mapping: FieldMapping) -> _Compiled:
    paths = tuple(mapping.paths[name] for name in _ORDER)
    return _Compiled(
        keys=None if any("." in path for path in paths) else paths,
        paths=paths,
        constants=tuple((_ORDER.index(n), v) for n, v in mapping.constants.items() if n in _ORDER),
        labels=tuple(f"{name} ({path})" for name, path in zip(_ORDER, paths, strict=True)),
    )


def _values(record: Any, compiled: _Compiled) -> list[Any]:
    if compiled.keys is not None and isinstance(record, dict):
        # One-key paths are the common case: plain dict lookups, no path walk.
        values = list(map(record.get, compiled.keys))
    else:
        values = [lookup(record, path) for path in compiled.paths]
    for position, constant in compiled.constants:
        if values[position] is None:
            values[position] = constant
    return values


_FIRST = {False: ("identity", "text"), True: ("identity", "text", "final_answer")}
_TOP = {(c, k, g): ("id", "prompt", "responses") + ("context",) * c + ("kind",) * k + ("gold",) * g
        for c in (False, True) for k in (False, True) for g in (False, True)}  # fmt: skip
_GOLD = {False: (), True: ("expected_answer",)}


def build_item(record: Any, mapping: FieldMapping, *, where: str, number: int,
               compiled: _Compiled | None = None) -> FlatItem:  # fmt: skip
    """One batch item from one input record, or ImportInputError saying what is wrong.

    The item is id, prompt, responses (identity, text, final_answer if given), then
    context, kind and gold if given, handed to the writer flat (see FlatItem).
    """
    try:
        return _build(record, compiled or _compiled(mapping), number)
    except ImportInputError as exc:
        raise ImportInputError(f"{where}: {exc}") from None


_OPTIONAL = len(_ORDER) - 4  # the fields besides prompt, response_a, response_b and id
_PLAIN_SHAPE = (_TOP[False, False, False], _FIRST[False], _FIRST[False], _GOLD[False])


def _build(record: Any, plan: _Compiled, number: int, line: int = 0) -> FlatItem:
    values = _values(record, plan)
    prompt, text_a, text_b, raw_id = values[0], values[1], values[2], values[3]
    # The common line: id, prompt and two responses, all plain text, and nothing else
    # (the four are strings, so the seven Nones are all the other fields).
    if (values.count(None) == _OPTIONAL and type(prompt) is str and type(text_a) is str
            and type(text_b) is str and type(raw_id) is str and _ID_OK.fullmatch(raw_id)
            and prompt and text_a and text_b
            and not (prompt.isspace() or text_a.isspace() or text_b.isspace())):  # fmt: skip
        return FlatItem(_PLAIN_SHAPE, [raw_id, prompt, "system-a", text_a, "system-b", text_b], line)
    for position, value in enumerate(values):
        if type(value) is str and value and not value.isspace():
            continue
        if value is None and position >= _REQUIRED_COUNT:
            continue
        values[position] = _text(value, field=plan.labels[position],
                                 required=position < _REQUIRED_COUNT)  # fmt: skip
    prompt, text_a, text_b, raw_id, identity_a, identity_b, final_a, final_b, context, kind, gold = values
    item_id = clean_id(raw_id, f"item-{number:06d}") if raw_id else f"item-{number:06d}"
    texts = [item_id, prompt, identity_a or "system-a", text_a]
    if final_a is not None:
        texts.append(final_a)
    texts += (identity_b or "system-b", text_b)
    texts += [text for text in (final_b, context, kind, gold) if text is not None]
    shape = (_TOP[context is not None, kind is not None, gold is not None],
             _FIRST[final_a is not None], _FIRST[final_b is not None], _GOLD[gold is not None])  # fmt: skip
    return FlatItem(shape, texts, line)


GZIP_MAGIC = b"\x1f\x8b"
# What a damaged gzip stream raises while it is read (BadGzipFile is an OSError).
GZIP_ERRORS = (EOFError, zlib.error, gzip.BadGzipFile)


def open_input(path: Path) -> BinaryIO:
    """The file's bytes; gzip data (known by its content, not its name) read decompressed."""
    with path.open("rb") as probe:
        gzipped = probe.read(2) == GZIP_MAGIC
    return gzip.open(path, "rb") if gzipped else path.open("rb")  # type: ignore[return-value]


def check_json_lines(path: Path) -> None:
    """Refuse, in one message, a file that is one JSON array of records, not JSON Lines."""
    try:
        with open_input(path) as handle:
            start = handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    except (OSError, *GZIP_ERRORS) as exc:
        raise ImportInputError(f"{path} cannot be read ({exc})") from exc
    # An array of records: "[" then "{" (JSON Lines of arrays stay lines, refused one by one).
    if start.startswith(b"[") and start[1:].lstrip(b" \t\r\n").startswith(b"{"):
        raise ImportInputError(
            f"{path} is one JSON array, not JSON Lines (one object per line); convert it "
            f"first, e.g. jq -c '.[]' {path.name} > {path.stem}.jsonl")


def skip_line(handle: BinaryIO) -> None:
    """Read past the rest of the current line in bounded pieces (never the whole line)."""
    while (piece := handle.readline(1 << 20)) and not piece.endswith(b"\n"):
        pass


def bounded_lines(handle: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines iterating ``handle`` gives, but a line over ``limit`` bytes comes as its
    first ``limit + 1`` bytes (enough to be refused as too long) and the rest is skipped
    unread into memory: a 2 GiB line costs 8 MiB, not 2 GiB."""
    while line := handle.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            skip_line(handle)
        yield line


def iter_jsonl(path: Path) -> Iterator[tuple[int, Any] | ImportInputError]:
    """(line number, parsed JSON) per non-blank line, streaming; bad lines become errors."""
    number = 0
    with open_input(path) as handle:
        try:
            for number, raw in enumerate(bounded_lines(handle), start=1):
                row = jsonl_row(path, number, raw)
                if row is not None:
                    yield row
        except GZIP_ERRORS as exc:
            yield ImportInputError(f"{path}: the gzip data is damaged after line {number} ({exc})")


def jsonl_row(path: Path, number: int, raw: bytes) -> tuple[int, Any] | ImportInputError | None:
    """One line of ``iter_jsonl``: (number, parsed JSON), its problem, or None if blank."""
    if len(raw) > MAX_LINE_BYTES:
        return ImportInputError(f"{path} line {number}: longer than 8 MiB")
    if raw.isspace():  # (raw is never empty) strip()'s test without a copy
        return None
    try:
        return number, loads_line(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        # RecursionError: nested thousands of levels deep, no batch item is.
        return ImportInputError(f"{path} line {number}: not valid JSON ({exc})")


def map_jsonl(path: Path, build: Callable[..., dict[str, Any]]
              ) -> Iterator[dict[str, Any] | ImportInputError]:  # fmt: skip
    """``build(record, where=..., number=...)`` for every line; each problem is yielded."""
    for count, row in enumerate(iter_jsonl(path), start=1):
        if isinstance(row, ImportInputError):
            yield row
            continue
        number, record = row
        try:
            yield build(record, where=f"{path} line {number}", number=count)
        except ImportInputError as exc:
            yield exc


def unique_id(seen: set[str], given: Any, fallback: str, where: str) -> str:
    """The line's item id (``given`` cleaned, else ``fallback``), added to ``seen``; a
    second use is refused here, before its screenshots are written, not by the writer."""
    item_id = clean_id(str(given or ""), fallback)
    if item_id in seen:
        raise ImportInputError(f"{where}: the id {item_id!r} was already used; ids must be unique")
    seen.add(item_id)
    return item_id


def iter_csv(path: Path) -> Iterator[tuple[int, Any] | ImportInputError]:
    """(row number, row as a dict) per CSV row after the header, streaming."""
    csv.field_size_limit(MAX_LINE_BYTES)
    with path.open("r", encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        try:
            for row in reader:
                yield reader.line_num, row
        except (csv.Error, UnicodeDecodeError) as exc:
            yield ImportInputError(f"{path} line {reader.line_num}: not valid CSV ({exc})")


def read_generic(path: Path, mapping: FieldMapping) -> Iterator[FlatItem | ImportInputError]:
    """Items from a JSONL or CSV file of pairs (by extension: .csv is CSV, else JSONL)."""
    rows = iter_csv(path) if path.suffix.lower() == ".csv" else iter_jsonl(path)
    compiled = _compiled(mapping)
    for count, row in enumerate(rows, start=1):
        yield generic_item(path, row, compiled, count)


def generic_item(path: Path, row: tuple[int, Any] | ImportInputError, compiled: _Compiled,
                 count: int) -> FlatItem | ImportInputError:  # fmt: skip
    """The item of one row of ``read_generic`` (the ``count``-th), or its problem."""
    if isinstance(row, ImportInputError):
        return row
    try:
        return _build(row[1], compiled, count, row[0])
    except ImportInputError as exc:
        return ImportInputError(f"{path} line {row[0]}: {exc}")

