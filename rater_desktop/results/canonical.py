"""Deterministic JSON: the same data always gives the same bytes (and the same signature)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

FLOAT_DECIMALS = 6
_MAX_EXACT_INT = 2**53
_LEAVES = frozenset({str, int, bool, type(None)})
_STR = frozenset({str})


class CanonicalJsonError(ValueError):
    """A value cannot be written as canonical JSON; the message gives its path."""


def _number(value: float, path: str) -> int | float:
    if not math.isfinite(value):
        raise CanonicalJsonError(f"{path}: {value} is not a finite number")
    rounded = round(value, FLOAT_DECIMALS)
    if rounded.is_integer() and abs(rounded) < _MAX_EXACT_INT:
        return int(rounded)  # also turns -0.0 into 0
    return rounded


def _fast(value: Any) -> Any:
    # Exact-type dispatch keeps the common case cheap, and containers holding only strings,
    # integers, booleans and nulls are returned as they are (no copy): type sets are built in
    # C. Anything else (subclasses such as StrEnum, Mappings, odd types) takes the careful
    # path.
    kind = type(value)
    if kind is dict:
        if not _STR.issuperset(map(type, value)):
            raise CanonicalJsonError("a key is not a string")
        if _LEAVES.issuperset(map(type, value.values())):
            return value
        return {k: (v if type(v) in _LEAVES else _fast(v)) for k, v in value.items()}
    if kind is list or kind is tuple:
        if _LEAVES.issuperset(map(type, value)):
            return value if kind is list else list(value)
        return [item if type(item) in _LEAVES else _fast(item) for item in value]
    if kind in _LEAVES:
        return value
    if kind is float:
        return _number(value, "$")
    return _careful(value, "$")


def _careful(value: Any, path: str) -> Any:
    if value is None or isinstance(value, bool | int):
        return value if type(value) in (bool, int) or value is None else int(value)
    if isinstance(value, str):
        return value if type(value) is str else str(value)
    if isinstance(value, float):
        return _number(value, path)
    if isinstance(value, Mapping):
        result: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CanonicalJsonError(f"{path}: key {key!r} is not a string")
            result[str(key)] = _careful(item, f"{path}.{key}")
        return result
    if isinstance(value, list | tuple):
        return [_careful(item, f"{path}[{index}]") for index, item in enumerate(value)]
    raise CanonicalJsonError(f"{path}: {type(value).__name__} cannot be written as JSON")


def normalize(value: Any) -> Any:
    """Plain JSON types only; floats rounded to 6 decimals, integral floats as integers.

    The result may share unchanged containers with ``value``.
    Raises CanonicalJsonError naming the path of the first bad value.
    """
    try:
        return _fast(value)
    except CanonicalJsonError:
        return _careful(value, "$")  # walks again, slowly, to name where the problem is


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
