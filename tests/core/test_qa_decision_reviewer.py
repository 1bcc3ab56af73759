"""Every QA decision names who decided: the core refuses one without a reviewer id (on
SQLite and PostgreSQL), and a decision an older store holds without one is read, listed
and exported as by an unknown reviewer, never as by whoever exports it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.adjudication import AdjudicationError
from rater_desktop.qa_review.decision_record import StoredAdjudication
from rater_desktop.qa_review.report_items import decision_text
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.rows import full_row
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore

NOW = datetime(2026, 12, 2, 14, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _session(setup: Setup, store: QaStore, batch: Any, reviewer: str) -> QaSession:
    return QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                     reviewer_id=reviewer, clock=lambda: NOW)  # fmt: skip


@pytest.mark.parametrize("reviewer", ["", "   "])
def test_a_decision_without_a_reviewer_is_never_stored(
    setup: Setup, qa_store: QaStore, reviewer: str
) -> None:
    with open_batch(setup.batch_path) as batch, qa_store as store:
        session = _session(setup, store, batch, reviewer)
        session.import_results([setup.files[r] for r in RATERS])
        with pytest.raises(AdjudicationError, match="reviewer profile"):
            session.set_adjudication("s1", decision="accept", note="looks right")
        assert session.adjudications() == []
        # The store itself refuses too: no path around the session writes one.
        record = StoredAdjudication(batch_sha256=session.batch_sha256, item_id="s1",
                                    decision="accept", note="", corrected_verdict=None,
                                    reviewer_id=reviewer, decided_at="2026-12-02T14:00:00Z")  # fmt: skip
        with pytest.raises(ValueError, match="reviewer"):
            store.set_adjudication(record, expected_version=None)
        assert store.adjudications(batch_sha256=session.batch_sha256) == []
        stored = _session(setup, store, batch, "quinn").set_adjudication("s1", decision="accept")
        assert stored.reviewer_id == "quinn"


def test_an_old_decision_without_a_reviewer_reads_as_unknown_and_exports_as_none(
    setup: Setup, qa_store: QaStore, tmp_path: Path
) -> None:
    with open_batch(setup.batch_path) as batch, qa_store as store:
        session = _session(setup, store, batch, "quinn")
        session.import_results([setup.files[r] for r in RATERS])
        with store.engine.begin() as conn:  # as a store written before reviewers were required
            conn.execute(text(
                "INSERT INTO qa_adjudications (batch_sha256, item_id, decision, note,"
                " corrected_verdict, reviewer_id, decided_at, version)"
                " VALUES (:sha, 's2', 'reject', 'flipped', NULL, '', '2026-11-30T09:00:00Z', 1)"),
                {"sha": session.batch_sha256})
        session.set_adjudication("s1", decision="accept")
        old = session.adjudication("s2")
        assert old is not None and old.reviewer_id == ""
        row = store.adjudication(batch_sha256=session.batch_sha256, item_id="s2")
        assert row is not None and "by unknown reviewer" in decision_text(row)
        row_of = {a.item_id: full_row({}, item=(a.item_id, "guideline", None), batch=("b", "sha"),
                                     decision=a) for a in session.adjudications()}  # fmt: skip
        assert row_of["s2"]["qa_reviewer"] is None and row_of["s1"]["qa_reviewer"] == "quinn"
        files = session.export_decisions(out_path=tmp_path / "review",
                                         reviewer=setup.infos["quinn"],
                                         private_key=setup.keys["quinn"])  # fmt: skip
    document = json.loads(files.results_path.read_text("utf-8"))
    by_item = {d["item_id"]: d["reviewer_id"] for d in document["decisions"]}
    assert by_item == {"s1": "quinn", "s2": None}  # not claimed for the exporter
    assert document["reviewer"]["rater_id"] == "quinn"  # who signed the file


def test_the_saved_line_names_the_decision_its_time_and_its_reviewer() -> None:
    """A reviewer deciding by key (Alt+1/2/3) reads which decision was stored: the line
    said only "Saved 2026-11-30T09:00:00Z by ann"."""
    from rater_desktop.qa_review.decision_record import saved_text

    assert saved_text("Needs fix", "2026-11-30T09:00:00Z", "ann") == \
        "Saved: Needs fix, 2026-11-30 09:00 UTC by ann"
    assert saved_text("Reject", "2026-11-30T10:00:00+01:00", " ") == \
        "Saved: Reject, 2026-11-30 09:00 UTC by unknown reviewer"
    assert saved_text("Accept", "yesterday", "bo") == "Saved: Accept, yesterday by bo"
