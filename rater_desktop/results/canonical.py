"""Deterministic JSON: the same data always gives the same bytes (and the same signature)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

FLOAT_DECIMALS = 6
_MAX_EXACT_INT = 2**53


class CanonicalJsonError(ValueError):
    """A value cannot be written as canonical JSON; the message gives its path."""


def _number(value: float, path: str) -> int | float:
    if not math.isfinite(value):
        raise CanonicalJsonError(f"{path}: {value} is not a finite number")
    rounded = round(value, FLOAT_DECIMALS)
    if rounded.is_integer() and abs(rounded) < _MAX_EXACT_INT:
        return int(rounded)  # also turns -0.0 into 0
    return rounded


def normalize(value: Any, path: str = "$") -> Any:
    """Plain JSON types only; floats rounded to 6 decimals, integral floats as integers."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        return value if type(value) is str else str(value)
    if isinstance(value, float):
        return _number(value, path)
    if isinstance(value, Mapping):
        result: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CanonicalJsonError(f"{path}: key {key!r} is not a string")
            result[str(key)] = normalize(item, f"{path}.{key}")
        return result
    if isinstance(value, list | tuple):
        return [normalize(item, f"{path}[{index}]") for index, item in enumerate(value)]
    raise CanonicalJsonError(f"{path}: {type(value).__name__} cannot be written as JSON")


def canonical_json_bytes(document: Mapping[str, Any]) -> bytes:
    """Sorted keys, no spaces, UTF-8 (no escapes), finite numbers, final newline."""
    text = json.dumps(
        normalize(document),
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        allow_nan=False,
    )
    return (text + "\n").encode("utf-8")
