"""The agreement tables read from the store's rater, item, verdict and score columns
(``stored_tables``: what a report written once groups, ``streamed_figures``) equal those
built from the judgment objects to the last bit (issue 22, report memory)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.figures import Tables, dimension_tables, standard_raters
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.stored_tables import stored_tables

NOW = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _same(found: Tables, expected: Tables) -> None:
    assert list(found) == list(expected)
    for name, table in expected.items():
        got = found[name]
        assert list(got.units.items()) == list(table.units.items()), name
        assert (got.unit_keys, got.values) == (table.unit_keys, table.values), name
        assert list(got.rater_cells) == list(table.rater_cells), name
        for rater, (units, values) in table.rater_cells.items():
            own_units, own_values = got.rater_cells[rater]
            assert np.array_equal(own_units, units) and own_units.dtype == units.dtype
            assert np.array_equal(own_values, values) and own_values.dtype == values.dtype


def _session(store: QaStore, batch: Any, setup: Setup) -> QaSession:
    return QaSession(store=store, roster=Roster(setup.roster), batch=batch, clock=lambda: NOW)


def test_the_tables_from_the_store_equal_those_from_the_judgments(
        setup: Setup, tmp_path: Path) -> None:  # fmt: skip
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = _session(store, batch, setup)
        session.import_results([setup.files[k] for k in RATERS])
        expected = dimension_tables(session.judgments())
        assert expected["verdict"].units and expected["tc"].units  # something to count
        ids = [s.id for s in session.used_files() if s.id is not None]
        raters: set[str] = set()
        _same(stored_tables(store.engine, ids, raters), expected)
        assert sorted(raters) == standard_raters(session.judgments()) == list(RATERS)
        _same(session.dimension_tables(), expected)
        # files in another order: the cells come in that order, as the judgments would
        _same(stored_tables(store.engine, ids[::-1]), dimension_tables(
            [j for f in session.stored_columns()[::-1] for j in f.complete_judgments()]))


def test_a_files_values_are_bytes_only_where_that_is_exact() -> None:
    from array import array

    from rater_desktop.qa_review.stored_tables import _block, _column

    nan = float("nan")
    small = _block(array("d", [3, 1, 5, nan, 2, 4, nan, -3, nan, nan, nan, nan, nan, nan]))
    exact = _block(array("d", [3, 1.5, 5, nan, 2, 4, nan]))  # a half point: kept as doubles
    huge = _block(array("d", [-128, 1, 5, 2, 2, 4, 1]))  # the byte's "not given" itself
    assert small.dtype == np.int8 and exact.dtype == huge.dtype == np.float64
    scores = _column([small, exact, huge], slice(1, 3)).tolist()
    assert [[v if v == v else None for v in row] for row in scores] == [
        [1.0, 5.0], [None, None], [1.5, 5.0], [1.0, 5.0]]
    assert _column([small, exact, huge], slice(0, 1)).ravel().tolist()[2:] == [3.0, -128.0]
