"""The agreement tables (``figures.dimension_tables``) read straight from the store.

A report's tables need only each complete standard judgment's rater, item, verdict and
scores. Read here as those columns of ``qa_judgments`` (file by file, in the order the
session's judgments come in: files as given, rows by their place in the file), one
dimension at a time into coded cells (``count_arrays.CellCodes``), they equal the tables
built from the ``RaterJudgment`` objects to the last bit, and are built before (and
without) any of those objects: at 100,000 judgments their build scratch no longer sits on
the judgments' 15 MiB (issue 22, report memory).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rater_desktop.qa.agreement import collapse_verdict
from rater_desktop.qa.agreement_counts import UnitCounts
from rater_desktop.qa.count_arrays import CellCodes
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


def stored_tables(engine: Engine, file_ids: Sequence[int]) -> Tables:
    """Every dimension's unit counts of the files' complete standard judgments (the
    files' rows as the import stored them: see ``QaSession.dimension_tables``)."""
    verdict, collapsed = CellCodes(), CellCodes()
    for rater, item, value in _rows(engine, file_ids, "verdict_true"):
        if value is not None:
            unit = (str(item), -1)
            verdict.add(str(rater), unit, float(value))
            collapsed.add(str(rater), unit, float(collapse_verdict(value)))
    tables = {"verdict": UnitCounts(*verdict.grouped()),
              "verdict_collapsed": UnitCounts(*collapsed.grouped())}  # fmt: skip
    del verdict, collapsed
    for name in SCORE_NAMES:
        found = CellCodes()
        for rater, item, first, second in _rows(engine, file_ids, f"{name}0, {name}1"):
            for side, score in ((0, first), (1, second)):
                if score is not None:
                    found.add(str(rater), (str(item), side), float(score))
        tables[name] = UnitCounts(*found.grouped())
    return {dimension: tables[dimension] for dimension, _, _ in DIMENSIONS}
