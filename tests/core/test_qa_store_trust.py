"""The QA store re-checks trust on every report (issue 20): a file imported under one roster
counts only while the roster still trusts its key, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.report import render_report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore

NOW = datetime(2026, 11, 30, 15, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _roster(setup: Setup, path: Path, lines: dict[str, str]) -> Path:
    """The setup's roster with rater -> option prefix ("" keeps the line, None drops it)."""
    text = "".join(
        f"{rater} {lines[rater] + ' ' if lines.get(rater) else ''}{setup.infos[rater].public_key}\n"
        for rater in (*RATERS, "quinn", "dave")
        if lines.get(rater, "") is not None and (rater != "dave" or "dave" in lines)
    )
    path.write_text(text, encoding="utf-8")
    return path


def _imported(setup: Setup, store: QaStore, batch: Any) -> None:
    session = QaSession(store=store, roster=Roster(setup.roster), batch=batch, clock=lambda: NOW)
    session.import_results([setup.files[k] for k in (*RATERS, "dave")])
    assert session.raters() == list(RATERS)


def test_an_expired_or_removed_signer_is_left_out_and_named_on_every_report(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    with open_batch(setup.batch_path) as batch:
        _imported(setup, qa_store, batch)
        roster = _roster(setup, tmp_path / "now", {"bob": 'valid-before="20260101"'})
        # A later report (a new session on the same store) with bob's line expired:
        later = QaSession(store=qa_store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
        assert later.raters() == ["alice", "carol"]
        assert {j.rater_id for j in later.judgments()} == {"alice", "carol"}
        assert set(later.store_figures().per_rater) == {"alice", "carol"}
        named = [p for p in later.problems() if p.startswith("bob:")]
        assert len(named) == 1 and "expired" in named[0] and "left out" in named[0]
        html = render_report(later, resamples=20, now=NOW)
        assert 'data-key="judgments">16<' in html and "expired on" in html
        # The same session sees a removal at its next report, without a recheck.
        _roster(setup, roster, {"carol": None, "bob": 'valid-before="20260101"'})
        assert later.raters() == ["alice"]
        assert any(p.startswith("carol:") and "no longer in" in p for p in later.problems())
        # The store itself still holds every file and its judgments: trust is the roster's.
        assert len(qa_store.files()) == 4


def test_a_key_added_to_the_roster_counts_at_the_next_report(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    with open_batch(setup.batch_path) as batch:
        _imported(setup, qa_store, batch)
        roster = _roster(setup, tmp_path / "now", {"dave": ""})
        later = QaSession(store=qa_store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
        assert later.raters() == [*RATERS, "dave"]
        assert later.store_figures().judgments == 32
        html = render_report(later, resamples=20, now=NOW)
        assert 'data-key="judgments">32<' in html
        # A key listed for another name is not the file's rater: not trusted.
        (tmp_path / "renamed").write_text(
            f"mallory {setup.infos['dave'].public_key}\n" + setup.roster.read_text()
        )
        renamed = QaSession(store=qa_store, roster=Roster(tmp_path / "renamed"), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        assert renamed.raters() == list(RATERS)


def test_the_command_line_report_leaves_out_an_expired_signer(
    setup: Setup, store_kind: str, tmp_path: Path, request: pytest.FixtureRequest, capsys: Any
) -> None:
    from rater_desktop.cli import main

    setting = str(tmp_path / "qa.sqlite3")
    if store_kind == "postgresql":
        setting = request.getfixturevalue("pg_database")
    files = [str(setup.files[k]) for k in RATERS]
    common = ["--batch", str(setup.batch_path), "--resamples", "20", "--store", setting]
    first = ["--allowed-signers", str(setup.roster), "--out", str(tmp_path / "a.html")]
    assert main(["qa", "report", *files, *common, *first]) == 0
    capsys.readouterr()
    expired = _roster(setup, tmp_path / "expired", {"bob": 'valid-before="20260101"'})
    second = ["--allowed-signers", str(expired), "--out", str(tmp_path / "b.html")]
    assert main(["qa", "report", *files, *common, *second]) == 0
    out = capsys.readouterr().out
    assert "raters: alice, carol" in out and "bob" in out and "expired" in out
    assert 'data-key="judgments">16<' in (tmp_path / "b.html").read_text(encoding="utf-8")
