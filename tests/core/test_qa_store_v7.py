"""Schema v7 (issue 22): a judgment row keeps what its Items rows and CSV/JSONL fields are
made from, and both are rendered when a report or an export asks. A v6 store, made by the
old code (its rows' ``html`` and ``export_fields`` rendered by the frozen builder of
``test_qa_import_values``), opens, reads and reports exactly as a store the new import
made; a v6 row whose texts cannot be read back is filled from its signed document. On
SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_qa_import_values import as_v6
from test_qa_review_support import NOW, RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.judgment_rows import item_html, item_rows
from rater_desktop.qa_review.migrations import QA_SCHEMA_VERSION
from rater_desktop.qa_review.report import render_report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _reports(setup: Setup, store: QaStore, *, imports: bool) -> dict[str, str]:
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            reviewer_id="quinn")
        if imports:
            session.import_results([setup.files[k] for k in (*RATERS, "dave")])
            session.set_adjudication("s1", decision="needs_fix", corrected_verdict="A_better")
        return {kind: render_report(session, report_format=kind, resamples=20, seed=5, now=NOW)
                for kind in ("html", "csv", "jsonl")}  # fmt: skip


def _infos(setup: Setup, store: QaStore) -> dict[str, Any]:
    with open_batch(setup.batch_path) as batch:
        return dict(QaSession(store=store, roster=Roster(setup.roster), batch=batch).item_infos())


def _columns(store: QaStore) -> set[str]:
    from sqlalchemy import inspect

    return {c["name"] for c in inspect(store.engine).get_columns("qa_judgments")}


def _count(store: QaStore, where: str) -> int:
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT COUNT(*) FROM qa_judgments WHERE {where}"))
                   .scalar_one())  # fmt: skip


def test_a_v6_store_migrates_and_reads_and_reports_identically(
    setup: Setup, open_store: Any
) -> None:
    store = open_store()
    fresh = _reports(setup, store, imports=True)
    ids = [f.id for f in store.files()]
    old = as_v6(store, _infos(setup, store))
    assert len(old) == 32 and {"html", "export_fields"} <= _columns(store)
    store.close()
    migrated = open_store()
    assert {"html", "export_fields"}.isdisjoint(_columns(migrated)) and "texts" in _columns(migrated)
    assert _count(migrated, "texts IS NULL") == 0  # every v6 row carried over, none refilled
    html = item_html(migrated.engine, file_ids=ids)
    fields = item_rows(migrated.engine, file_ids=ids)
    for row in old:  # rendered on demand: what v6 stored, exactly
        [found] = [h for rater, h in html[row["i"]] if row["h"].startswith(f"<tr><td>{rater} (")]
        assert found == row["h"]
        assert json.dumps(fields[row["i"]][:2], ensure_ascii=False) == row["e"] or any(
            json.dumps(fields[row["i"]][n:n + 2], ensure_ascii=False) == row["e"]
            for n in range(0, len(fields[row["i"]]), 2))  # fmt: skip
    assert _reports(setup, migrated, imports=False) == fresh
    from sqlalchemy import text

    with migrated.engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM qa_meta")).scalar_one() == str(QA_SCHEMA_VERSION)
    assert QA_SCHEMA_VERSION == 7


def test_a_v6_row_not_read_back_exactly_is_filled_from_its_document(
    setup: Setup, open_store: Any
) -> None:
    from sqlalchemy import text

    store = open_store()
    fresh = _reports(setup, store, imports=True)
    as_v6(store, _infos(setup, store))
    with store.engine.begin() as conn:  # as an older renderer might have written them
        conn.execute(text("UPDATE qa_judgments SET html = REPLACE(html, 'seen as', 'seen:') "
                          "WHERE item_id = 's1'"))  # fmt: skip
        conn.execute(text("UPDATE qa_judgments SET export_fields = 'not json' "
                          "WHERE item_id = 's2'"))  # fmt: skip
    store.close()
    migrated = open_store()
    assert _count(migrated, "texts IS NULL") == 8  # s1 and s2 of 4 raters
    assert _reports(setup, migrated, imports=False) == fresh  # filled from the documents
    # dave is not in the roster: his file is used by no report, so it waits to be filled
    assert _count(migrated, "texts IS NULL AND rater_id <> 'dave'") == 0
