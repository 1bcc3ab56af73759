"""Read and write one JSON line with stdlib json, minus its per-call overhead.

``loads_line(raw)`` equals ``json.loads(raw)``: it calls the same C scanner ``json.loads``
ends in, and whenever that fast call does not consume the whole line (a BOM, leading
blanks, trailing data, a UTF-16 line, an error) it calls ``json.loads`` itself, so values
and error messages are exactly the standard ones.

``dumps_item(item)`` equals ``json.dumps(item, ensure_ascii=False, separators=(",", ":"))``:
for the shapes items have (objects of strings, lists of such objects) it joins the pieces
itself and quotes each string with the C function json uses (``encode_basestring``); any
other value goes to ``json.dumps``. tests/core/test_import_fast_path.py checks both
equalities on hostile strings (hypothesis).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.decoder import JSONDecoder
from json.encoder import encode_basestring
from json.scanner import make_scanner
from typing import Any

# typeshed types make_scanner's argument as a scanner; json itself passes a JSONDecoder.
_scan_once: Callable[[str, int], tuple[Any, int]] = make_scanner(JSONDecoder())  # type: ignore[arg-type]
_LINE_ENDS = ("", "\n", "\r\n")
# For a loop that inlines loads_line's common case (batch_import/pairs_fast.py): a line it
# takes is one where scan_once consumes the decoded text up to one of LINE_ENDS.
scan_once, LINE_ENDS = _scan_once, _LINE_ENDS


def loads_line(raw: bytes) -> Any:
    """``json.loads(raw)`` for one line of a JSONL file."""
    try:
        text = raw.decode("utf-8")
        value, end = _scan_once(text, 0)
    except (UnicodeDecodeError, StopIteration, ValueError):
        return json.loads(raw)
    if text[end:] not in _LINE_ENDS:
        return json.loads(raw)  # trailing data: let json word the error
    # json.loads(bytes) guesses UTF-16/32 when byte 0 or 1 is NUL; then the UTF-8 text
    # holds a NUL in its first two characters, which the scanner never accepts as a
    # complete value (NUL is neither a value, whitespace, nor allowed in a string).
    return value


def _object(obj: dict[str, Any]) -> str | None:
    parts = []
    for key, value in obj.items():
        if type(key) is not str:
            return None
        kind = type(value)
        if kind is str:
            parts.append(encode_basestring(key) + ":" + encode_basestring(value))
        elif kind is list:
            inner = [_object(entry) if type(entry) is dict else None for entry in value]
            if None in inner:
                return None
            parts.append(encode_basestring(key) + ":[" + ",".join(inner) + "]")  # type: ignore[arg-type]
        elif kind is dict:
            encoded = _object(value)
            if encoded is None:
                return None
            parts.append(encode_basestring(key) + ":" + encoded)
        else:
            return None
    return "{" + ",".join(parts) + "}"


def dumps_item(item: dict[str, Any]) -> str:
    """``json.dumps(item, ensure_ascii=False, separators=(",", ":"))``, faster for items."""
    encoded = _object(item) if type(item) is dict else None
    if encoded is not None:
        return encoded
    return json.dumps(item, ensure_ascii=False, separators=(",", ":"))


__all__ = ["LINE_ENDS", "dumps_item", "loads_line", "scan_once"]
