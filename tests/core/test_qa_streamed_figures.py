"""A report written once reads the used files' judgments one file at a time
(``streamed_figures``, issue 22, report memory: at 100,000 judgments every file's
``RaterJudgment`` objects together are ~15 MiB), and its figures equal the session's own,
every one. Structural, not timed: live judgments are counted while the files are read
and when the scoreboard's bootstrap runs, which cannot flake."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa import disagreement, scoreboard
from rater_desktop.qa.inputs import Claim, RaterJudgment, SideScores
from rater_desktop.qa_review import report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.summary import _figures

NOW = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)
SETTINGS: dict[str, Any] = dict(now=NOW, hourly_wage=15.0, platform_fee=0.2, buffer=0.0,
                                raters_per_item=3, resamples=20, seed=0)  # fmt: skip


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _live() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, RaterJudgment))


def _session(store: QaStore, batch: Any, setup: Setup) -> QaSession:
    return QaSession(store=store, roster=Roster(setup.roster), batch=batch, clock=lambda: NOW)


def test_every_figure_equals_the_sessions_own(setup: Setup, tmp_path: Path) -> None:
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        _session(store, batch, setup).import_results([setup.files[k] for k in RATERS])
        kept = _figures(_session(store, batch, setup), **SETTINGS)
        streamed = _figures(_session(store, batch, setup), release=True, **SETTINGS)
    assert kept.disagreements and kept.qualification and kept.attention and kept.scoreboard
    assert any(d.claim_clusters for d in kept.disagreements)  # claims were compared
    assert kept.study is not None and kept.study.drift and kept.study.rater_model
    for field in fields(kept):
        assert getattr(streamed, field.name) == getattr(kept, field.name), field.name


def test_a_report_holds_one_file_of_judgments_at_a_time(
        setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    at_bootstrap: list[int] = []
    bootstrap = scoreboard.bootstrap

    def counting(**options: Any) -> Any:
        at_bootstrap.append(_live())
        return bootstrap(**options)

    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        importing = _session(store, batch, setup)
        importing.import_results([setup.files[k] for k in RATERS])
        expected = report.render_report(importing, resamples=20, now=NOW)
        per_file = max(len(f) for f in importing.stored_columns())
        del importing
        monkeypatch.setattr(scoreboard, "bootstrap", counting)
        fresh = _session(store, batch, setup)
        each_file = fresh.each_used_file
        while_read: list[int] = []

        def reading() -> Iterator[Any]:
            for found in each_file():
                while_read.append(_live())
                yield found

        monkeypatch.setattr(fresh, "each_used_file", reading)
        written = tmp_path / "report.html"
        report.write_html_report(fresh, written, resamples=20, now=NOW, release=True)
    assert written.read_text("utf-8") == expected
    assert at_bootstrap == [0]  # all judgments (3 files') alive there before
    # each file read in turn, alone: the one before it let go (a handful of
    # qualification and attention judgments kept for their figures)
    assert len(while_read) == len(RATERS)
    assert max(while_read) < 2 * per_file < len(RATERS) * per_file


def _judgment(rater: str, item: str, verdict: int | None, kind: str = "standard",
              tc: float | None = None, claims: tuple[Claim, ...] = ()) -> RaterJudgment:  # fmt: skip
    return RaterJudgment(rater_id=rater, item_id=item, verdict_true=verdict, kind=kind,
                         scores={0: SideScores(tc=tc), 1: SideScores(fa=tc)},
                         claims={0: claims} if claims else {})  # fmt: skip


def test_streamed_disagreements_equal_the_grouped_ones() -> None:
    claim = Claim(0, 10, "x", "accurate")
    judgments = [
        _judgment("a", "i1", -3, tc=1.0, claims=(claim,)),
        _judgment("b", "i1", 2, tc=5.0, claims=(Claim(2, 9, "y", "inaccurate"),)),
        _judgment("b", "i1", 1, tc=4.0),  # the same rater again: the later claims win
        _judgment("a", "i2", None, kind="qualification"),
        _judgment("c", "i2", 0, kind="qualification", tc=3.0),
        _judgment("a", "i3", 1),  # one rater only: left out
        _judgment("c", "i4", 3, kind="attention"),
        _judgment("b", "i4", 3, kind="attention", claims=(claim,)),
    ]
    for kinds in (("standard",), ("standard", "qualification", "attention")):
        sums = disagreement.DisagreementSums(kinds=kinds)
        sums.add(judgments[:3])  # a file at a time
        sums.add(iter(judgments[3:]))
        assert sums.result() == disagreement.disagreements(judgments=judgments, kinds=kinds)


def _written(store: QaStore, setup: Setup, out: Path) -> tuple[str, str]:
    """(the report a session keeping its judgments renders, the one written once)."""
    with open_batch(setup.batch_path) as batch:
        _session(store, batch, setup).import_results([setup.files[k] for k in RATERS])
        kept = report.render_report(_session(store, batch, setup), resamples=20, now=NOW)
        report.write_html_report(_session(store, batch, setup), out, resamples=20, now=NOW,
                                 release=True)  # fmt: skip
        streamed = _figures(_session(store, batch, setup), release=True, **SETTINGS)
        assert streamed == _figures(_session(store, batch, setup), **SETTINGS)
    return kept, out.read_text("utf-8")


def test_the_report_written_once_is_the_same_from_sqlite_and_postgresql(
        setup: Setup, tmp_path: Path, pg_database: str) -> None:  # fmt: skip
    from rater_desktop.qa_review.location import parse_store

    with QaStore.open(tmp_path / "laptop.sqlite3") as laptop:
        on_sqlite = _written(laptop, setup, tmp_path / "laptop.html")
    with QaStore.connect(parse_store(pg_database, default=tmp_path)) as team:
        assert team.is_shared
        on_postgres = _written(team, setup, tmp_path / "team.html")
    assert on_sqlite[0] == on_sqlite[1] == on_postgres[0] == on_postgres[1]


def test_drift_reads_a_file_without_a_signer_from_the_store(
        setup: Setup, tmp_path: Path) -> None:  # fmt: skip
    from dataclasses import replace

    from rater_desktop.qa_review.streamed_figures import each_file_summed

    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = _session(store, batch, setup)
        session.import_results([setup.files[k] for k in RATERS])
        sums = each_file_summed(session)
        for stored in session.used_files():
            kept = list(sums.dated_rows(stored))
            read = list(sums.dated_rows(replace(stored, signer=None)))
            assert kept and [r[1:] for r in kept] == [r[1:] for r in read]
            assert {r[0] for r in kept} == {stored.signer}
