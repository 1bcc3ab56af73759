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
    _, first = np.unique(key, return_index=True)
    if len(first) == len(key):  # no rater rated a unit twice: keep every cell as it is
        return raters, units, values
    _, last_reversed = np.unique(key[::-1], return_index=True)
    last = len(key) - 1 - last_reversed  # aligned with ``first`` (both in key order)
    order = np.argsort(first, kind="stable")
    return raters[first[order]], units[first[order]], values[last[order]]


def grouped_counts(
    raters: Codes, units: Codes, values: Codes, rater_names: list[str],
    unit_key: Callable[[int], Hashable], unit_count: int,
) -> Grouped:  # fmt: skip
    """(unit -> counts, rater -> (unit codes, value codes), unit code -> unit, value code
    -> value) of coded cells; ``rater_names[r]`` / ``unit_key(u)`` name the codes, which
    must be distinct."""
    raters, units, values = _kept(np.asarray(raters), np.asarray(units),
                                  np.asarray(values, dtype=np.float64), unit_count)  # fmt: skip
    keys = [unit_key(u) for u in range(unit_count)]
    if len(units) == 0:
        return {}, {}, keys, []
    found_units, unit_first = np.unique(units, return_index=True)
    by_pair = np.lexsort((values, units))  # unit, then value
    pair_u, pair_v = units[by_pair], values[by_pair]
    starts = np.flatnonzero(np.r_[True, (pair_u[1:] != pair_u[:-1]) | (pair_v[1:] != pair_v[:-1])])
    sizes = np.diff(np.r_[starts, len(pair_u)])
    per_unit: dict[int, list[tuple[float, int]]] = {}
    shared: dict[Any, Any] = {}  # one object per equal pair and equal counts: few differ
    for u, v, n in zip(pair_u[starts].tolist(), pair_v[starts].tolist(), sizes.tolist(),
                       strict=True):
        per_unit.setdefault(u, []).append(shared.setdefault((v, n), (v, n)))
    counts = {keys[u]: shared.setdefault(tuple(per_unit[u]), tuple(per_unit[u]))
              for u in found_units[np.argsort(unit_first, kind="stable")].tolist()}  # fmt: skip
    distinct, value_codes = np.unique(values, return_inverse=True)
    value_codes = value_codes.astype(np.uint8 if len(distinct) <= 256 else np.int32)
    unit_codes = units.astype(np.int32)
    by_rater = np.argsort(raters, kind="stable")
    found_raters, rater_first, rater_sizes = np.unique(raters, return_index=True,
                                                       return_counts=True)  # fmt: skip
    bounds = np.r_[0, np.cumsum(rater_sizes)]
    cells: RaterCells = {}
    for place in np.argsort(rater_first, kind="stable").tolist():
        own = by_rater[bounds[place]:bounds[place + 1]]
        cells[rater_names[int(found_raters[place])]] = (unit_codes[own], value_codes[own])
    return counts, cells, keys, distinct.tolist()


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
