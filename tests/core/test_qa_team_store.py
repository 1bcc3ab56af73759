"""The QA store shared by a team: the same behaviour on SQLite and a real PostgreSQL server
(parametrized ``qa_store`` / ``open_store``): migrations, idempotent and atomic imports,
versioned decisions that never overwrite another reviewer's, identical reports."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.adjudication import AdjudicationConflict, Decision
from rater_desktop.qa_review.location import StoreLocation, engine_url, parse_store
from rater_desktop.qa_review.migrations import QA_SCHEMA_VERSION
from rater_desktop.qa_review.report import render_report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import ImportStatus, QaSession
from rater_desktop.qa_review.store import QaStore, QaStoreError, StoredFile

NOW = datetime(2026, 11, 30, 15, 0, 0, tzinfo=UTC)
StoreOpener = Callable[[], QaStore]


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _session(setup: Setup, store: QaStore, batch: Any, reviewer: str = "quinn") -> QaSession:
    return QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                     reviewer_id=reviewer, clock=lambda: NOW)  # fmt: skip


def _count(store: QaStore, table: str) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT COUNT(*) FROM {table}")).scalar_one())


# ------------------------------------------------------------------ imports


def test_the_same_file_imported_by_two_reviewers_at_once_is_stored_once(
    setup: Setup, open_store: StoreOpener
) -> None:
    stores = [open_store(), open_store()]
    barrier = threading.Barrier(2)
    outcomes: list[Any] = []
    with open_batch(setup.batch_path) as batch:
        sessions = [
            _session(setup, s, batch, r) for s, r in zip(stores, ("quinn", "rita"), strict=True)
        ]

        def importer(session: QaSession) -> None:
            barrier.wait()
            outcomes.extend(session.import_results([setup.files["alice"], setup.files["bob"]]))

        threads = [threading.Thread(target=importer, args=(s,)) for s in sessions]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        statuses = sorted(o.status.value for o in outcomes)
        assert statuses == ["duplicate", "duplicate", "valid", "valid"]
        assert _count(stores[0], "qa_result_files") == 2
        assert _count(stores[0], "qa_result_documents") == 2
        assert sessions[1].raters() == ["alice", "bob"]


def test_a_race_past_the_duplicate_check_still_stores_one_copy(
    setup: Setup, open_store: StoreOpener
) -> None:
    first, second = open_store(), open_store()
    record = StoredFile(file_sha256="ab" * 32, path="x.results.json", status="valid",
                        detail="valid", message="", imported_at="2026-11-30T15:00:00Z")  # fmt: skip
    stored, created = first.save_file(record, results_text="{}", signature_text="sig")
    again, created_again = second.save_file(
        record, results_text='{"other": 1}', signature_text="sig"
    )
    assert (created, created_again) == (True, False)
    assert again.id == stored.id
    assert second.signed_bytes(stored.id or 0) == (b"{}", b"sig")


def test_a_failed_import_leaves_nothing_half_written(
    setup: Setup, qa_store: QaStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(row: Any) -> StoredFile:
        raise RuntimeError("disk gone between the file row and its signed bytes")

    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        monkeypatch.setattr(QaStore, "_file", staticmethod(broken))
        with pytest.raises(RuntimeError):
            session.import_results([setup.files["alice"]])
        monkeypatch.undo()
        assert _count(qa_store, "qa_result_files") == 0
        assert _count(qa_store, "qa_result_documents") == 0
        assert [o.status for o in session.import_results([setup.files["alice"]])] == [
            ImportStatus.VALID
        ]


# ------------------------------------------------------------------ decisions


def test_the_second_reviewer_is_told_and_sees_the_first_decision(
    setup: Setup, open_store: StoreOpener
) -> None:
    with open_batch(setup.batch_path) as batch:
        quinn = _session(setup, open_store(), batch, "quinn")
        rita = _session(setup, open_store(), batch, "rita")
        assert quinn.adjudication("s1") is None and rita.adjudication("s1") is None
        first = quinn.set_adjudication("s1", decision="accept", note="fine by me")
        assert (first.reviewer_id, first.version) == ("quinn", 1)
        with pytest.raises(AdjudicationConflict, match="quinn decided 'accept'") as caught:
            rita.set_adjudication("s1", decision="reject", note="no")
        assert caught.value.current is not None
        assert (caught.value.current.decision, caught.value.current.note) == (
            Decision.ACCEPT, "fine by me",
        )  # fmt: skip
        kept = quinn.adjudication("s1")
        assert kept is not None and kept.decision is Decision.ACCEPT
        # Rita has now seen quinn's decision: deciding again replaces it, knowingly.
        replaced = rita.set_adjudication("s1", decision="reject", note="seen; still no")
        assert (replaced.reviewer_id, replaced.version) == ("rita", 2)
        with pytest.raises(AdjudicationConflict):  # quinn's view is out of date now
            quinn.clear_adjudication("s1")
        stored = rita.adjudication("s1")
        assert stored is not None and stored.decision is Decision.REJECT


def test_many_reviewers_deciding_at_once_lose_no_decision(
    setup: Setup, open_store: StoreOpener
) -> None:
    reviewers = ("quinn", "rita", "sam", "tess")
    items = ("s1", "s2", "s3", "s4", "s5")
    barrier = threading.Barrier(len(reviewers))
    saved: list[tuple[str, str, int]] = []
    refused: list[tuple[str, str, str]] = []
    lock = threading.Lock()
    with open_batch(setup.batch_path) as batch:
        sessions = [_session(setup, open_store(), batch, r) for r in reviewers]

        def decide(session: QaSession) -> None:
            barrier.wait()
            for item_id in items:  # every reviewer races every other on every item
                try:
                    done = session.set_adjudication(item_id, decision="needs_fix",
                                                    note=session.reviewer_id)  # fmt: skip
                    with lock:
                        saved.append((item_id, session.reviewer_id, done.version))
                except AdjudicationConflict as exc:
                    assert exc.current is not None
                    with lock:
                        refused.append((item_id, session.reviewer_id, exc.current.reviewer_id))

        threads = [threading.Thread(target=decide, args=(s,)) for s in sessions]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        final = {a.item_id: a for a in sessions[0].adjudications()}
    assert len(saved) + len(refused) == len(reviewers) * len(items)
    for item_id in items:
        winners = [r for i, r, _ in saved if i == item_id]
        assert len(winners) == 1, (item_id, winners)  # nobody saw a decision: one insert wins
        assert final[item_id].reviewer_id == winners[0] == final[item_id].note
        # Each refused reviewer was shown the winner's decision, not a stale one.
        assert {w for i, _, w in refused if i == item_id} == {winners[0]}


def test_the_decisions_stamp_changes_when_another_reviewer_decides(
    setup: Setup, open_store: StoreOpener
) -> None:
    with open_batch(setup.batch_path) as batch:
        quinn = _session(setup, open_store(), batch, "quinn")
        rita = _session(setup, open_store(), batch, "rita")
        before = rita.decisions_stamp()
        quinn.set_adjudication("s2", decision="accept")
        after = rita.decisions_stamp()
        assert before == () and after == (("s2", 1),)
        quinn.clear_adjudication("s2")
        quinn.set_adjudication("s3", decision="accept")
        assert rita.decisions_stamp() == (("s3", 1),)


# ------------------------------------------------------------------ schema and report


V1_SCHEMA = (
    "CREATE TABLE qa_meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)",
    "INSERT INTO qa_meta VALUES ('schema_version', '1')",
    "CREATE TABLE qa_adjudications (batch_sha256 VARCHAR NOT NULL, item_id VARCHAR NOT NULL,"
    " decision VARCHAR NOT NULL, note VARCHAR NOT NULL, corrected_verdict VARCHAR,"
    " reviewer_id VARCHAR NOT NULL, decided_at VARCHAR NOT NULL,"
    " PRIMARY KEY (batch_sha256, item_id))",
    "INSERT INTO qa_adjudications VALUES ('ab', 's1', 'accept', '', NULL, 'quinn', 'then')",
    "CREATE TABLE qa_result_files (id {serial} PRIMARY KEY, file_sha256 VARCHAR NOT NULL"
    " UNIQUE, path VARCHAR NOT NULL, status VARCHAR NOT NULL, detail VARCHAR NOT NULL,"
    " signer VARCHAR, claimed_rater_id VARCHAR, fingerprint VARCHAR, message VARCHAR NOT NULL,"
    " batch_id VARCHAR, batch_sha256 VARCHAR, opened_batch_sha256 VARCHAR,"
    " exported_at VARCHAR, imported_at VARCHAR NOT NULL)",
    "CREATE TABLE qa_result_documents (file_id INTEGER PRIMARY KEY REFERENCES"
    " qa_result_files (id) ON DELETE CASCADE, results_text VARCHAR NOT NULL,"
    " signature_text VARCHAR NOT NULL)",
)


def _raw_engine(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Any, str]:
    if store_kind == "sqlite":
        path = tmp_path / "old.sqlite3"
        return create_engine(f"sqlite:///{path}"), str(path)
    url = request.getfixturevalue("pg_database")
    return create_engine(engine_url(parse_store(url, default=tmp_path), password=None)), url


def test_an_old_store_is_migrated_the_same_way_on_both(
    store_kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    engine, setting = _raw_engine(store_kind, tmp_path, request)
    with engine.begin() as conn:
        serial = "SERIAL" if store_kind == "postgresql" else "INTEGER"
        for statement in V1_SCHEMA:
            conn.execute(text(statement.replace("{serial}", serial)))
    engine.dispose()
    with QaStore.connect(parse_store(setting, default=tmp_path)) as store:
        kept = store.adjudication(batch_sha256="ab", item_id="s1")
        assert kept is not None and (kept.reviewer_id, kept.version) == ("quinn", 1)
        with store.engine.connect() as conn:
            version = conn.execute(text("SELECT value FROM qa_meta")).scalar_one()
        assert version == str(QA_SCHEMA_VERSION) == "7"
        assert store.files() == [] and _count(store, "qa_judgments") == 0  # v3 table made
    with QaStore.connect(parse_store(setting, default=tmp_path)) as again:  # nothing to do
        assert again.adjudication(batch_sha256="ab", item_id="s1") is not None
    engine = _raw_engine(store_kind, tmp_path, request)[0]
    with engine.begin() as conn:
        conn.execute(text("UPDATE qa_meta SET value = '99'"))
    engine.dispose()
    with pytest.raises(QaStoreError, match="schema version 99.*Update Rater Desktop"):
        QaStore.connect(parse_store(setting, default=tmp_path))


def _reports(setup: Setup, store: QaStore, *, reverse: bool = False) -> dict[str, str]:
    names = [*RATERS, "dave", "tampered"]
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, store, batch)
        # Reviewers importing at once store files in any order: the report must not care.
        session.import_results([setup.files[k] for k in (names[::-1] if reverse else names)])
        session.set_adjudication("s1", decision="needs_fix", corrected_verdict="A_better")
        return {
            kind: render_report(session, report_format=kind, resamples=200, seed=5, now=NOW)
            for kind in ("html", "csv", "jsonl")
        }


def test_the_report_is_identical_from_sqlite_and_postgresql(
    setup: Setup, tmp_path: Path, pg_database: str
) -> None:
    with QaStore.open(tmp_path / "laptop.sqlite3") as laptop:
        on_sqlite = _reports(setup, laptop)
    with QaStore.connect(parse_store(pg_database, default=tmp_path)) as team:
        assert team.is_shared
        on_postgres = _reports(setup, team, reverse=True)
    assert on_sqlite == on_postgres
    assert 'data-key="judgments">24<' in on_sqlite["html"]  # 3 raters x 8 items, nothing else
    assert "needs_fix" in on_sqlite["csv"]


def test_a_password_comes_from_the_environment_never_from_the_url(
    pg_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pgserver import SECRET_PASSWORD, SECRET_ROLE

    from rater_desktop.qa_review.location import store_password

    name = pg_server.create_database(owner=SECRET_ROLE)
    url = pg_server.url(name, user=SECRET_ROLE)
    location = parse_store(url, default=tmp_path)
    with pytest.raises(QaStoreError) as refused:
        QaStore.connect(location, password="wrong-one")
    assert "Cannot reach the shared QA store" in str(refused.value)
    assert "wrong-one" not in str(refused.value) and url in str(refused.value)
    monkeypatch.setenv("RATER_DESKTOP_QA_PASSWORD", SECRET_PASSWORD)
    password = store_password(location, environ={"RATER_DESKTOP_QA_PASSWORD": SECRET_PASSWORD})
    with QaStore.connect(location, password=password) as store:
        assert store.is_shared and store.files() == []
        assert SECRET_PASSWORD not in store.location
    pg_server.drop_database(name)


def test_store_settings_are_parsed_and_checked(tmp_path: Path, memory_keyring: Any) -> None:
    from rater_desktop.qa_review.location import (
        KEYRING_SERVICE,
        StoreLocationError,
        store_password,
    )

    assert parse_store("", default=tmp_path / "d.sqlite3") == StoreLocation(
        "sqlite", path=tmp_path / "d.sqlite3"
    )
    assert parse_store(str(tmp_path / "x.db"), default=tmp_path).path == tmp_path / "x.db"
    team = parse_store("postgres://qa@db.example:5433/study", default=tmp_path)
    assert team.is_postgres and team.display() == "postgresql://qa@db.example:5433/study"
    with pytest.raises(StoreLocationError, match="holds a password.*RATER_DESKTOP_QA_PASSWORD"):
        parse_store("postgresql://qa:hunter2@db/study", default=tmp_path)
    with pytest.raises(StoreLocationError, match="not supported"):
        parse_store("mysql://qa@db/study", default=tmp_path)
    with pytest.raises(StoreLocationError, match="names no database"):
        parse_store("postgresql://qa@db", default=tmp_path)
    assert (
        store_password(team, environ={"PGPASSWORD": "b", "RATER_DESKTOP_QA_PASSWORD": "a"}) == "a"
    )
    assert store_password(team, environ={"PGPASSWORD": "b"}) == "b"
    memory_keyring.set_password(KEYRING_SERVICE, "qa@db.example:5433/study", "from-keyring")
    assert store_password(team, environ={}, keyring=memory_keyring) == "from-keyring"
    assert store_password(team, environ={}, keyring=None) is None
    assert re.fullmatch(r"qa@db\.example:5433/study", team.keyring_user())


def test_command_line_report_into_a_store_twice(
    setup: Setup, store_kind: str, tmp_path: Path, request: pytest.FixtureRequest, capsys: Any
) -> None:
    from rater_desktop.cli import main

    setting = str(tmp_path / "qa.sqlite3")
    if store_kind == "postgresql":
        setting = request.getfixturevalue("pg_database")
    files = [str(setup.files[k]) for k in (*RATERS, "tampered")]
    common = ["--batch", str(setup.batch_path), "--allowed-signers", str(setup.roster),
              "--resamples", "50", "--store", setting]  # fmt: skip
    assert main(["qa", "report", *files[:2], *common, "--out", str(tmp_path / "a.html")]) == 0
    # A second reviewer adds the rest; the first two are stored once, the report has all.
    assert main(["qa", "report", *files, *common, "--out", str(tmp_path / "b.html")]) == 0
    out = capsys.readouterr().out
    assert "Files: 2 duplicate, 1 valid, 1 invalid." in out
    assert "raters: alice, bob, carol" in out
    with QaStore.connect(parse_store(setting, default=tmp_path)) as store:
        assert _count(store, "qa_result_files") == 4
    leaked = setting.replace("postgresql://postgres@", "postgresql://postgres:hunter2@")
    if store_kind == "postgresql":
        assert main(["qa", "report", *files, *common[:-1], leaked, "--out", "c.html"]) == 2
        err = capsys.readouterr().err
        assert "holds a password" in err and "hunter2" not in err


def _python_figures(session: QaSession) -> tuple[Any, ...]:
    from rater_desktop.qa_review.figures import verdict_distribution

    judgments = session.judgments()
    per_rater: dict[str, tuple[int, int, float]] = {}
    for j in judgments:
        n, timed, total = per_rater.get(j.rater_id, (0, 0, 0.0))
        seconds = j.seconds()
        per_rater[j.rater_id] = (n + 1, timed + (seconds is not None), total + (seconds or 0.0))
    records = {m.model: m.record for m in session.scoreboard(resamples=0)}
    return (len(judgments), len({j.item_id for j in judgments}),
            verdict_distribution(judgments), records, per_rater)  # fmt: skip


def test_grouped_figures_from_sql_equal_the_python_figures(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        session.import_results([setup.files[k] for k in (*RATERS, "dave", "tampered")])
        grouped = session.store_figures()
        assert grouped.judgments == 24 and set(grouped.per_rater) == set(RATERS)
        assert (grouped.judgments, grouped.items_judged, grouped.verdict_distribution,
                grouped.records, grouped.per_rater) == _python_figures(session)  # fmt: skip
        # A store from before v3 has no judgment rows, one from v3 rows without what a
        # report needs (v4) or Compare (v5, v6): a session fills them from the documents once.
        html = render_report(session, resamples=20, seed=1, now=NOW)
        with qa_store.engine.begin() as conn:
            conn.execute(text("DELETE FROM qa_judgments WHERE rater_id = 'alice'"))
            conn.execute(text("UPDATE qa_judgments SET facts = NULL, texts = NULL, entry = NULL, "
                              "entry_start = NULL, entry_end = NULL"))
        session = _session(setup, qa_store, batch)
        assert session.store_figures() == grouped
        assert render_report(session, resamples=20, seed=1, now=NOW) == html
        with qa_store.engine.connect() as conn:
            assert conn.execute(text("SELECT COUNT(*) FROM qa_judgments WHERE rater_id <> 'dave' "
                                     "AND (facts IS NULL OR texts IS NULL OR (entry IS NULL "
                                     "AND entry_end IS NULL))")
                                ).scalar_one() == 0
        # Agreement from per-unit value counts grouped in SQL = the Python matrices' figures.
        for found in session.agreement():
            alpha, percent, units = grouped.agreement[found.dimension]
            assert units == found.units and percent == pytest.approx(found.percent)
            assert (alpha is None) == (found.alpha is None)
            assert alpha == pytest.approx(found.alpha, abs=1e-12)
        # dave's rows were kept at import; trusting his key brings them in.
        roster = tmp_path / "with-dave"
        roster.write_text(setup.roster.read_text() + f"dave {setup.infos['dave'].public_key}\n")
        session.roster = Roster(roster)
        session.recheck_signers()
        with_dave = session.store_figures()
        assert "dave" in with_dave.per_rater and with_dave.judgments == 32
        assert (with_dave.judgments, with_dave.items_judged, with_dave.verdict_distribution,
                with_dave.records, with_dave.per_rater) == _python_figures(session)  # fmt: skip


def test_a_team_store_without_the_driver_says_how_to_get_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.store import QaStoreError

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "psycopg" else real(name, *a))
    with pytest.raises(QaStoreError, match=r"rater-desktop\[team\]"):
        open_qa_store("postgresql://qa@db.example/study", default=tmp_path / "qa.sqlite3",
                      environ={})
