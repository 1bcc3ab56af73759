"""Unit value counts from small integer arrays instead of per-cell Python objects.

A report at 100,000 judgments has ~800,000 (rater, unit, value) cells over its five
dimensions; as tuples in lists and dicts they took ~140 MiB and twice that while built.
Here cells are codes (rater index, unit index) and values in numpy arrays, a few bytes
each, and every grouping is a sort. The result equals ``unit_counts`` on the same cells in
the same order, to the last bit: the same units in the same order (first seen), the same
(value, count) tuples, each rater's cells in the same order, a repeated (rater, unit)
keeping its last value at its first place (tests/core/test_qa_count_arrays.py).

numpy is imported with this module (the QA modules load it once per process), not in
the middle of a report.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import numpy as np

Counts = tuple[tuple[float, int], ...]  # a unit's (value, count) pairs, sorted by value
Codes = Any  # a 1-d numpy integer array
RaterCells = dict[str, tuple[Codes, Codes]]  # rater -> (unit codes, value codes), cell order
Grouped = tuple[dict[Hashable, Counts], RaterCells, list[Hashable], list[float]]


class CellCodes:
    """(rater, unit, value) cells coded as they arrive: names and units get indices in
    first-seen order, the cells go into typed arrays (no tuple per cell is kept)."""

    def __init__(self) -> None:
        self.raters: dict[str, int] = {}
        self.units: dict[Hashable, int] = {}
        self.rater_codes = array("i")
        self.unit_codes = array("i")
        self.values = array("d")

    def add(self, rater: str, unit: Hashable, value: float) -> None:
        r = self.raters.get(rater)
        if r is None:
            r = self.raters[rater] = len(self.raters)
        u = self.units.get(unit)
        if u is None:
            u = self.units[unit] = len(self.units)
        self.rater_codes.append(r)
        self.unit_codes.append(u)
        self.values.append(value)

    def extend(self, cells: Iterable[tuple[str, Hashable, float]]) -> CellCodes:
        for rater, unit, value in cells:
            self.add(rater, unit, float(value))
        return self

    def grouped(self) -> Grouped:
        keys = list(self.units)
        return grouped_counts(np.frombuffer(self.rater_codes, dtype=np.int32),
                              np.frombuffer(self.unit_codes, dtype=np.int32),
                              np.frombuffer(self.values, dtype=np.float64),
                              list(self.raters), keys.__getitem__, len(keys))  # fmt: skip


def _kept(raters: Codes, units: Codes, values: Codes, unit_count: int
          ) -> tuple[Codes, Codes, Codes]:  # fmt: skip
    """The cells of distinct (rater, unit) at their first place with their last value."""
    key = raters.astype(np.int64) * max(unit_count, 1) + units
    ordered = np.sort(key)
    if not np.any(ordered[1:] == ordered[:-1]):  # no rater rated a unit twice: keep all
        return raters, units, values
    del ordered
    _, first = np.unique(key, return_index=True)
    _, last_reversed = np.unique(key[::-1], return_index=True)
    last = len(key) - 1 - last_reversed  # aligned with ``first`` (both in key order)
    order = np.argsort(first, kind="stable")
    return raters[first[order]], units[first[order]], values[last[order]]


def _first_seen(codes: Codes, count: int) -> list[int]:
    """The codes present, in the order of their first place (no sort of the cells)."""
    first = np.full(count, len(codes), dtype=np.int64)
    np.minimum.at(first, codes, np.arange(len(codes), dtype=np.int64))
    present = np.flatnonzero(first < len(codes))
    return [int(c) for c in present[np.argsort(first[present], kind="stable")]]


def _unit_counts(units: Codes, value_codes: Codes, distinct: list[float], keys: list[Hashable]
                 ) -> dict[Hashable, Counts]:  # fmt: skip
    """unit -> its (value, count) pairs by value, units in first-seen order."""
    pairs, sizes = np.unique(units.astype(np.int64) * len(distinct) + value_codes,
                             return_counts=True)  # unit, then value (codes follow values)
    per_unit: dict[int, list[tuple[float, int]]] = {}
    shared: dict[Any, Any] = {}  # one object per equal pair and equal counts: few differ
    for pair, n in zip(pairs.tolist(), sizes.tolist(), strict=True):
        u, v = divmod(pair, len(distinct))
        per_unit.setdefault(u, []).append(shared.setdefault((distinct[v], n), (distinct[v], n)))
    return {keys[u]: shared.setdefault(tuple(per_unit[u]), tuple(per_unit[u]))
            for u in _first_seen(units, len(keys))}  # fmt: skip


def grouped_counts(
    raters: Codes, units: Codes, values: Codes, rater_names: list[str],
    unit_key: Callable[[int], Hashable], unit_count: int,
) -> Grouped:  # fmt: skip
    """(unit -> counts, rater -> (unit codes, value codes), unit code -> unit, value code
    -> value) of coded cells; ``rater_names[r]`` / ``unit_key(u)`` name the codes, which
    must be distinct. Temporaries: a few bytes a cell (sorts of integer codes)."""
    raters, units, values = _kept(np.asarray(raters), np.asarray(units),
                                  np.asarray(values, dtype=np.float64), unit_count)  # fmt: skip
    keys = [unit_key(u) for u in range(unit_count)]
    if len(units) == 0:
        return {}, {}, keys, []
    found = np.unique(values)
    distinct = found.tolist()
    value_codes: Codes = np.searchsorted(found, values).astype(
        np.uint8 if len(distinct) <= 256 else np.int32)
    counts = _unit_counts(units, value_codes, distinct, keys)
    unit_codes = units.astype(np.int32)
    by_rater = np.argsort(raters, kind="stable")
    bounds = [0, *np.cumsum(np.bincount(raters, minlength=len(rater_names))).tolist()]
    cells: RaterCells = {}
    for r in _first_seen(raters, len(rater_names)):
        own = by_rater[bounds[r]:bounds[r + 1]]
        cells[rater_names[r]] = (unit_codes[own], value_codes[own])
    return counts, cells, keys, distinct


def rater_groups(unit_counts: list[Counts], values: list[float], unit_codes: Codes,
                 value_codes: Codes) -> dict[tuple[Counts, float], int]:  # fmt: skip
    """How often a rater gave a value in a unit with these counts (``unit_counts`` by
    unit code), keyed (counts, value), first seen first (the order the leave-one-out sums
    add in)."""
    found: dict[tuple[Counts, float], int] = {}
    for unit, value in zip(unit_codes.tolist(), value_codes.tolist(), strict=True):
        key = (unit_counts[unit], values[value])
        found[key] = found.get(key, 0) + 1
    return found
