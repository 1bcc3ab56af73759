"""The agreement tables (``figures.dimension_tables``) read straight from the store.

A report's tables need only each complete standard judgment's rater, item, verdict and
scores. Read here as those columns of ``qa_judgments`` (file by file, in the order the
session's judgments come in: files as given, rows by their place in the file), one
dimension at a time into coded cells (``count_arrays.CellCodes``), they equal the tables
built from the ``RaterJudgment`` objects to the last bit, without any of those objects: a
report written once (``streamed_figures``) reads its judgments a file at a time and its
tables here (issue 22, report memory). Drift's dated verdicts are read the same way.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from rater_desktop.qa.agreement_counts import UnitCounts
from rater_desktop.qa.count_arrays import grouped_counts
from rater_desktop.qa.inputs import SCORE_NAMES
from rater_desktop.qa_review.figures import DIMENSIONS, Tables

if TYPE_CHECKING:
    from sqlalchemy import Engine

# The statistics' input of one file (complete standard rows, file order): ``{columns}``
# are the rater, the item and the values one dimension reads.
_ROWS = ("SELECT rater_id, item_id, {columns} FROM qa_judgments WHERE file_id = :file "
         "AND complete = :yes AND kind = 'standard' ORDER BY item_order")  # fmt: skip


def _rows(engine: Engine, file_ids: Sequence[int], columns: str) -> Iterator[Any]:
    """The rows of every file in turn, streamed (no list of a file's rows is kept)."""
    from sqlalchemy import text

    query = text(_ROWS.format(columns=columns))
    with engine.connect() as conn:
        for file_id in file_ids:
            yield from conn.execute(query, {"file": int(file_id), "yes": True})


def _table(raters: Any, units: Any, values: Any, rater_names: list[str],
           key: Callable[[int], Hashable]) -> UnitCounts:  # fmt: skip
    """The unit counts of coded cells (``count_arrays.CellCodes`` would group the same
    cells so): units numbered by their first place, named by ``key``."""
    found, first = np.unique(units, return_index=True)
    order = np.argsort(first, kind="stable")
    number = np.empty(len(found), dtype=np.int32)
    number[order] = np.arange(len(found), dtype=np.int32)
    keys = [key(u) for u in found[order].tolist()]
    codes = number[np.searchsorted(found, units)] if len(units) else units.astype(np.int32)
    return UnitCounts(*grouped_counts(raters.astype(np.int32), codes, values, rater_names,
                                      keys.__getitem__, len(keys)))  # fmt: skip


NONE = -128  # a value not given, in a file's small column block


def _block(values: array[float]) -> Any:
    """A file's values (rows x 7 doubles, NaN where not given) as one byte each when
    that is exact (verdicts and 1-5 scores are small integers), else as they are."""
    found = np.frombuffer(values, dtype=np.float64).reshape(-1, 7)
    filled = np.where(np.isnan(found), NONE, found)
    small = filled.astype(np.int8)
    if np.array_equal(small, filled) and not np.any(found == NONE):
        return small
    return found.copy()


def _column(blocks: list[Any], columns: slice) -> Any:
    """Those columns of every file's block as doubles (NaN where not given), rows in order."""
    parts = []
    for block in blocks:
        part = block[:, columns].astype(np.float64)
        if block.dtype == np.int8:
            part[block[:, columns] == NONE] = np.nan
        parts.append(part)
    return np.concatenate(parts) if parts else np.zeros((0, columns.stop - columns.start))


def _read(engine: Engine, file_ids: Sequence[int]
          ) -> tuple[dict[str, int], dict[str, int], Any, list[Any]]:  # fmt: skip
    """(rater codes, item codes, per row (rater, item) codes, per file its values)."""
    names: dict[str, int] = {}
    items: dict[str, int] = {}
    codes = array("i")  # per row: its rater's and its item's code
    blocks = []
    columns = "verdict_true, " + ", ".join(f"{n}{side}" for n in SCORE_NAMES for side in (0, 1))
    for file_id in file_ids:
        values = array("d")  # per row: verdict, tc0, tc1, fa0, fa1, aip0, aip1
        for rater, item, *row in _rows(engine, [file_id], columns):
            codes.append(names.setdefault(str(rater), len(names)))
            codes.append(items.setdefault(str(item), len(items)))
            values.extend(math.nan if v is None else float(v) for v in row)
        blocks.append(_block(values))
    return names, items, np.frombuffer(codes, dtype=np.int32).reshape(-1, 2), blocks


def stored_tables(engine: Engine, file_ids: Sequence[int],
                  raters: set[str] | None = None) -> Tables:  # fmt: skip
    """Every dimension's unit counts of the files' complete standard judgments (the
    files' rows as the import stored them), the store read once into codes (rater, item,
    4 bytes each) and values (the verdict and the six scores: a byte each where exact),
    one dimension's cells cut from them at a time. ``raters``: given the raters of those
    judgments (``figures.standard_raters``)."""
    names, items, coded, blocks = _read(engine, file_ids)
    if raters is not None:
        raters.update(names)
    rater_names, item_names = list(names), list(items)
    verdicts = _column(blocks, slice(0, 1)).ravel()
    given = ~np.isnan(verdicts)
    verdicts = verdicts[given]
    tables = {name: _table(coded[given, 0], coded[given, 1], cells, rater_names,
                           lambda u: (item_names[u], -1))
              for name, cells in (("verdict", verdicts),
                                  ("verdict_collapsed", np.sign(verdicts)))}  # fmt: skip
    del given, verdicts
    for k, name in enumerate(SCORE_NAMES):
        cells = _column(blocks, slice(1 + 2 * k, 3 + 2 * k)).ravel()  # side 0, then side 1
        given = ~np.isnan(cells)
        units = ((coded[:, 1] * 2)[:, None] + np.arange(2, dtype=np.int32)).ravel()[given]
        rated = np.repeat(coded[:, 0], 2)[given]
        cells = cells[given]
        del given
        tables[name] = _table(rated, units, cells, rater_names,
                              lambda u: (item_names[u >> 1], u & 1))
        del cells, units, rated
    return {dimension: tables[dimension] for dimension, _, _ in DIMENSIONS}


def stored_verdicts(engine: Engine, file_id: int) -> Iterator[tuple[str, str, int]]:
    """(rater id, item id, verdict) of a file's complete standard rows with a verdict,
    file order: what drift reads of each dated file (no judgment object built)."""
    for rater, item, value in _rows(engine, [file_id], "verdict_true"):
        if value is not None:
            yield str(rater), str(item), int(value)

