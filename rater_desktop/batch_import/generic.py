"""Generic pairs: one prompt and two responses per JSONL line or CSV row, by a field mapping.

The mapping names where each item field comes from: a dotted path into a JSON line
(``conversation.prompt``, ``outputs.0.text``) or a CSV column name. Only ``prompt``,
``response_a`` and ``response_b`` are required; identities may be given as constants.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def _text(value: Any, *, field: str, where: str, required: bool) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ImportInputError(f"{where}: {field} is missing or empty")
        return None
    if isinstance(value, (dict, list)):
        raise ImportInputError(f"{where}: {field} is a {type(value).__name__}, not text")
    return str(value)


def _compiled(mapping: FieldMapping) -> list[tuple[str, tuple[str, ...]]]:
    return [(name, tuple(mapping.paths[name].split("."))) for name in MAPPABLE]


def _values(record: Any, compiled: list[tuple[str, tuple[str, ...]]],
            constants: Mapping[str, str]) -> dict[str, Any]:  # fmt: skip
    values: dict[str, Any] = {}
    is_dict = isinstance(record, dict)
    for name, parts in compiled:
        # One-part paths are the common case: a plain dict lookup, no path walk.
        value = record.get(parts[0]) if is_dict and len(parts) == 1 else lookup(record, ".".join(parts))
        if value is None:
            value = constants.get(name)
        values[name] = value
    return values


def build_item(record: Any, mapping: FieldMapping, *, where: str, number: int,
               compiled: list[tuple[str, tuple[str, ...]]] | None = None) -> dict[str, Any]:  # fmt: skip
    """One batch item from one input record, or ImportInputError saying what is wrong."""
    values = _values(record, compiled or _compiled(mapping), mapping.constants)

    def get(name: str, required: bool = False) -> str | None:
        value = values[name]
        if type(value) is str and value.strip():
            return value
        return _text(value, field=f"{name} ({mapping.paths[name]})", where=where, required=required)

    prompt = get("prompt", True)
    text_a, text_b = get("response_a", True), get("response_b", True)
    raw_id = get("id")
    response_a: dict[str, Any] = {"identity": get("identity_a") or "system-a", "text": text_a}
    response_b: dict[str, Any] = {"identity": get("identity_b") or "system-b", "text": text_b}
    item: dict[str, Any] = {
        "id": clean_id(raw_id, f"item-{number:06d}") if raw_id else f"item-{number:06d}",
        "prompt": prompt,
        "responses": [response_a, response_b],
    }
    for response, name in ((response_a, "final_answer_a"), (response_b, "final_answer_b")):
        final = get(name)
        if final is not None:
            response["final_answer"] = final
    for optional in ("context", "kind"):
        value = get(optional)
        if value is not None:
            item[optional] = value
    gold = get("gold_answer")
    if gold is not None:
        item["gold"] = {"expected_answer": gold}
    return item


def iter_jsonl(path: Path) -> Iterator[tuple[int, Any] | ImportInputError]:
    """(line number, parsed JSON) per non-blank line, streaming; bad lines become errors."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if len(raw) > MAX_LINE_BYTES:
                yield ImportInputError(f"{path} line {number}: longer than 8 MiB")
                continue
            if not raw.strip():
                continue
            try:
                yield number, json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
                # RecursionError: nested thousands of levels deep, no batch item is.
                yield ImportInputError(f"{path} line {number}: not valid JSON ({exc})")


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


def read_generic(path: Path, mapping: FieldMapping) -> Iterator[dict[str, Any] | ImportInputError]:
    """Items from a JSONL or CSV file of pairs (by extension: .csv is CSV, else JSONL)."""
    rows = iter_csv(path) if path.suffix.lower() == ".csv" else iter_jsonl(path)
    compiled = _compiled(mapping)
    for count, row in enumerate(rows, start=1):
        if isinstance(row, ImportInputError):
            yield row
            continue
        number, record = row
        where = f"{path} line {number}"
        try:
            yield build_item(record, mapping, where=where, number=count, compiled=compiled)
        except ImportInputError as exc:
            yield exc

