"""Read a results document and note where each of its items lies in the text.

A QA import keeps every judgment's signed item entry as JSON text. Writing each entry
again with ``json.dumps`` cost as much as reading the whole document (issue 22); the
document's own text of the entry is the same JSON, so ``loads_with_item_spans`` reads the
document with the standard library's scanner and remembers where each element of its
top-level ``items`` list starts and ends. The value is exactly ``json.loads(text)``'s: any
text this reader does not take (a document that is not an object, a syntax error, a
number too long) is read by ``json.loads`` itself, with its errors, and has no spans.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from json import decoder
from json.decoder import JSONDecoder
from json.scanner import make_scanner
from typing import Any

ITEMS = "items"
_scan_once: Callable[[str, int], tuple[Any, int]] = make_scanner(JSONDecoder())  # type: ignore[arg-type]
# The C string reader json.loads uses (typeshed does not list it).
_scanstring: Callable[[str, int, bool], tuple[str, int]] = decoder.scanstring  # type: ignore[attr-defined]
_SPACE = re.compile(r"[ \t\n\r]*")  # what json.decoder skips between tokens


class _NotTaken(Exception):
    """The text is not a plain JSON object this reader takes: json.loads reads it."""


@dataclass(frozen=True, slots=True)
class ItemSpans:
    """The decoded document and the (start, end) of each ``items`` element in it."""

    text: str
    spans: tuple[tuple[int, int], ...]

    def entry_text(self, index: int) -> str:
        """The JSON text of ``document["items"][index]`` as the document wrote it."""
        start, end = self.spans[index]
        return self.text[start:end]

    def utf8_spans(self) -> tuple[tuple[int, int], ...]:
        """The spans in bytes of the UTF-8 document (the same numbers for ASCII text)."""
        if self.text.isascii():
            return self.spans
        found = []
        at = size = 0
        for start, end in self.spans:
            size += len(self.text[at:start].encode("utf-8"))
            first = size
            size += len(self.text[start:end].encode("utf-8"))
            found.append((first, size))
            at = end
        return tuple(found)


def _items(text: str, at: int, spans: list[tuple[int, int]]) -> tuple[list[Any], int]:
    """The list starting at ``text[at] == "["``; each element's span added to ``spans``."""
    skip, scan = _SPACE.match, _scan_once
    values: list[Any] = []
    at = skip(text, at + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", at):
        return values, at + 1
    while True:
        value, end = scan(text, at)
        values.append(value)
        spans.append((at, end))
        at = skip(text, end).end()  # type: ignore[union-attr]
        if text.startswith("]", at):
            return values, at + 1
        if not text.startswith(",", at):
            raise _NotTaken
        at = skip(text, at + 1).end()  # type: ignore[union-attr]
        if text.startswith("]", at):
            raise _NotTaken  # a trailing comma: json.loads says what is wrong


def _object(text: str) -> tuple[dict[str, Any], tuple[tuple[int, int], ...]]:
    skip, scan = _SPACE.match, _scan_once
    at = skip(text, 0).end()  # type: ignore[union-attr]
    if not text.startswith("{", at):
        raise _NotTaken
    document: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    kept: tuple[tuple[int, int], ...] = ()
    at = skip(text, at + 1).end()  # type: ignore[union-attr]
    if text.startswith("}", at):
        at += 1
    else:
        while True:
            if not text.startswith('"', at):
                raise _NotTaken
            key, at = _scanstring(text, at + 1, True)
            at = skip(text, at).end()  # type: ignore[union-attr]
            if not text.startswith(":", at):
                raise _NotTaken
            at = skip(text, at + 1).end()  # type: ignore[union-attr]
            if key == ITEMS and text.startswith("[", at):
                spans.clear()
                document[key], at = _items(text, at, spans)
                kept = tuple(spans)  # a repeated key: the last one counts, as in json.loads
            else:
                if key == ITEMS:
                    kept = ()
                document[key], at = scan(text, at)
            at = skip(text, at).end()  # type: ignore[union-attr]
            if text.startswith("}", at):
                at += 1
                break
            if not text.startswith(",", at):
                raise _NotTaken
            at = skip(text, at + 1).end()  # type: ignore[union-attr]
    if skip(text, at).end() != len(text):  # type: ignore[union-attr]
        raise _NotTaken
    return document, kept


def loads_with_item_spans(text: str) -> tuple[Any, ItemSpans | None]:
    """``json.loads(text)`` (same value, same errors) and, when the text is a JSON object
    this reader took, where each element of its ``items`` list lies (else None)."""
    try:
        document, spans = _object(text)
    except (_NotTaken, StopIteration, ValueError, RecursionError):
        return json.loads(text), None
    if not isinstance(document.get(ITEMS), list) or len(spans) != len(document[ITEMS]):
        return document, None
    return document, ItemSpans(text, spans)
