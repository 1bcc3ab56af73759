"""The agreement tables read from the store's rater, item, verdict and score columns
(``stored_tables``) equal those built from the judgment objects to the last bit, and a
report builds them before any ``RaterJudgment`` is read (issue 22, report memory: their
build scratch no longer sits on the judgments' ~15 MiB at 100,000 judgments). Structural,
not timed: live objects are counted when the tables are grouped."""

from __future__ import annotations

import gc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa import count_arrays
from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa_review import report
from rater_desktop.qa_review.figures import Tables, dimension_tables
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
        _same(stored_tables(store.engine, ids), expected)
        _same(session.dimension_tables(), expected)
        # files in another order: the cells come in that order, as the judgments would
        _same(stored_tables(store.engine, ids[::-1]), dimension_tables(
            [j for f in session.stored_columns()[::-1] for j in f.complete_judgments()]))


def test_a_report_builds_its_tables_while_no_judgment_is_alive(
        setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    live: list[int] = []
    grouped = count_arrays.CellCodes.grouped

    def counting(self: count_arrays.CellCodes) -> Any:
        gc.collect()
        live.append(sum(1 for o in gc.get_objects() if isinstance(o, RaterJudgment)))
        return grouped(self)

    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        importing = _session(store, batch, setup)
        importing.import_results([setup.files[k] for k in RATERS])
        expected = report.render_report(importing, resamples=20, now=NOW)
        del importing
        monkeypatch.setattr(count_arrays.CellCodes, "grouped", counting)
        fresh = _session(store, batch, setup)
        written = tmp_path / "report.html"
        report.write_html_report(fresh, written, resamples=20, now=NOW, release=True)
    # the five dimensions' tables come first (later passes group cells of their own)
    assert live[:5] == [0] * 5
    assert written.read_text("utf-8") == expected
