"""What keeps an import near the read + hash + verify floor (issue 22): a new SQLite store
has large pages, the judgment rows go in as one batch (COPY on PostgreSQL), and the cyclic
garbage collector is paused while one file is imported, then restored."""

from __future__ import annotations

import gc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review import session as session_module
from rater_desktop.qa_review.migrations import SQLITE_PAGE_SIZE
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.tables import JudgmentRow

NOW = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def test_a_new_sqlite_store_has_large_pages_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    import sqlite3

    with QaStore.open(tmp_path / "new.sqlite3") as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA page_size").scalar() == SQLITE_PAGE_SIZE
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as raw:
        raw.execute("CREATE TABLE earlier (x)")  # created with the default 4 KiB pages
    raw.close()
    with QaStore.open(old) as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA page_size").scalar() == 4096


def test_the_collector_is_paused_during_each_file_and_restored(
    setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    original = QaSession._import_one

    def watched(self: QaSession, *args: Any) -> Any:
        seen.append(gc.isenabled())
        return original(self, *args)

    monkeypatch.setattr(QaSession, "_import_one", watched)
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        assert gc.isenabled()
        outcomes = session.import_results([setup.files[k] for k in RATERS])
        assert [o.status.value for o in outcomes] == ["valid"] * 3
        assert seen == [False, False, False] and gc.isenabled()
        gc.disable()  # a caller that had turned it off keeps it off
        try:
            with session_module._collector_paused():
                pass
            assert not gc.isenabled()
        finally:
            gc.enable()


def test_judgment_rows_go_in_as_one_batch_and_read_back_the_same(
    setup: Setup, qa_store: QaStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import select

    from rater_desktop.qa_review import bulk_insert, judgment_rows

    calls: list[int] = []
    original = bulk_insert.insert_judgments
    monkeypatch.setattr(bulk_insert, "insert_judgments", lambda conn, table, file_id, rows: (
        calls.append(len(rows)), original(conn, table, file_id, rows))[1])  # fmt: skip
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files["alice"]])
        adapted = [a for _, a in session._adapted_results()][0]
        built = judgment_rows.judgment_rows(adapted, session.used_files()[0].file_sha256)
    assert calls == [len(built)] and len(built) == 8
    table = JudgmentRow.__table__  # type: ignore[attr-defined]
    with qa_store.engine.connect() as conn:
        stored = [dict(row._mapping) for row in conn.execute(
            select(table).order_by(table.c.item_order))]  # fmt: skip
    # v6 (SQLite): the import keeps where each entry lies; the text read back is the
    # filled row's (PostgreSQL keeps the text).
    place = ("file_id", "entry", "entry_start", "entry_end")
    assert [{k: v for k, v in row.items() if k not in place} for row in stored] == [
        {k: v for k, v in row.items() if k not in place} for row in built]
    by_place = qa_store.engine.dialect.name == "sqlite"
    assert all((row["entry"] is None) is by_place is bool(row["entry_end"]) for row in stored)
    assert [judgment_rows.entry_texts(qa_store.engine, item_id=row["item_id"],
                                      file_ids=[row["file_id"]])[0][2] for row in stored] == [
        row["entry"] for row in built]  # fmt: skip


def test_rows_with_a_column_the_table_lacks_are_refused(qa_store: QaStore) -> None:
    from rater_desktop.qa_review.bulk_insert import insert_judgments

    table = JudgmentRow.__table__  # type: ignore[attr-defined]
    with qa_store.engine.begin() as conn, pytest.raises(ValueError, match="not judgment columns"):
        insert_judgments(conn, table, 1, [{"item_id": "x", "nonsense; DROP": 1}])


def test_a_report_written_as_made_equals_the_rendered_one(
    setup: Setup, qa_store: QaStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rater_desktop.qa_review import stored_session
    from rater_desktop.qa_review.report import render_report, write_html_report

    reads: list[int] = []
    original = stored_session.item_html
    monkeypatch.setattr(stored_session, "item_html", lambda engine, **kw: (
        reads.append(len(kw.get("item_ids") or ())), original(engine, **kw))[1])  # fmt: skip
    monkeypatch.setattr(stored_session, "ROWS_PER_READ", 3 * len(RATERS))  # 3 items a read
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch,
                            reviewer_id="quinn", clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files[k] for k in RATERS])
        session.set_adjudication("s2", decision="reject", note="<b>wrong</b> answer")
        out = tmp_path / "report.html"
        assert write_html_report(session, out, resamples=20, now=NOW) == out
        assert "items" not in session._built  # streamed: the Items blocks are kept nowhere
        assert reads == [3, 3, 2]  # 8 batch items, 3 per read
        fresh = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch,
                          clock=lambda: NOW)  # fmt: skip
        expected = render_report(fresh, resamples=20, now=NOW)
    assert out.read_text(encoding="utf-8") == expected
    assert "&lt;b&gt;wrong&lt;/b&gt; answer" in expected


def test_a_report_that_fails_half_way_leaves_nothing(
    setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rater_desktop.qa_review.report import write_html_report

    def broken(self: QaSession, **_: Any) -> Any:
        yield from ()
        raise RuntimeError("the store went away")

    out_dir = tmp_path / "out"
    out_dir.mkdir()
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files[k] for k in RATERS])
        monkeypatch.setattr(QaSession, "iter_item_blocks", broken)
        with pytest.raises(RuntimeError, match="went away"):
            write_html_report(session, out_dir / "report.html", resamples=5, now=NOW)
    assert list(out_dir.iterdir()) == []


def test_stored_judgments_keep_equal_values_once(setup: Setup, tmp_path: Path) -> None:
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files[k] for k in RATERS])
        stored = list(QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                                clock=lambda: NOW).stored_judgments())  # fmt: skip
    judgments = [s.judgment for s in stored]
    assert not hasattr(judgments[0], "__dict__") and not hasattr(stored[0], "__dict__")
    by_steps: dict[Any, Any] = {}
    for judgment in judgments:
        key = (judgment.rater_id, tuple(judgment.step_seconds.items()))
        assert by_steps.setdefault(key, judgment.step_seconds) is judgment.step_seconds
    same_item = [j for j in judgments if j.item_id == judgments[0].item_id]
    assert len(same_item) == 3 and all(j.item_id is judgments[0].item_id for j in same_item)


def test_a_team_store_compresses_signed_documents_with_lz4(
    setup: Setup, pg_database: str, tmp_path: Path
) -> None:
    from sqlalchemy import text

    from rater_desktop.qa_review.location import parse_store

    with QaStore.connect(parse_store(pg_database, default=tmp_path / "unused")) as store:
        with open_batch(setup.batch_path) as batch:
            session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                                clock=lambda: NOW)  # fmt: skip
            session.import_results([setup.files["alice"]])
            # Long enough to be compressed (TOAST starts at about 2 KB).
            big = '{"pad": "' + "results " * 4000 + '"}'
            with store.engine.begin() as conn:
                conn.execute(text("CREATE TABLE probe (t text)"))
                conn.execute(text("INSERT INTO probe VALUES (:t)"), {"t": big})
                method = conn.execute(text("SELECT pg_column_compression(t) FROM probe")).scalar()
                kept = conn.execute(text(
                    "SELECT pg_column_compression(results_text) FROM qa_result_documents"
                )).scalar()  # fmt: skip
        assert session.store.signed_bytes(session.used_files()[0].id or 0) is not None
    assert method == "lz4"
    assert kept in ("lz4", None)  # a small document may be stored uncompressed
