"""The report is computed from the store, incrementally (issue 22): what the import kept is
not parsed again, a changed decision redraws only the decisions, a rater's new export
reads only that file's rows; and it equals the figures read from the documents."""

from __future__ import annotations

import csv
import dataclasses
import io
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review import judgment_rows, stored_session
from rater_desktop.qa_review.report import render_report
from rater_desktop.qa_review.report_items import blocks_from_comparisons
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.rows import COLUMNS, export_rows, rows_to_csv
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore

NOW = datetime(2026, 11, 30, 15, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _session(setup: Setup, store: QaStore, batch: Any) -> QaSession:
    return QaSession(store=store, roster=Roster(setup.roster), batch=batch, reviewer_id="quinn",
                     clock=lambda: NOW)


def _plain(judgment: Any) -> dict[str, Any]:
    return {f.name: getattr(judgment, f.name) for f in dataclasses.fields(judgment)}


def test_the_stored_rows_equal_what_the_documents_say(setup: Setup, qa_store: QaStore) -> None:
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        session.import_results([setup.files[k] for k in RATERS])
        from_documents = [item.judgment for item, _ in session.rated_items()]
        fresh = _session(setup, qa_store, batch)
        assert [_plain(j) for j in fresh.judgments()] == [_plain(j) for j in from_documents]
        comparisons = session.comparisons()
        assert fresh.item_blocks() == blocks_from_comparisons(comparisons)
        rows = export_rows(comparisons=comparisons, adjudications={},
                           batch_id=session.batch_id, batch_sha256=session.batch_sha256)
        stored = list(csv.DictReader(io.StringIO(render_report(fresh, report_format="csv"))))
        for row in stored:  # the study columns: Dawid-Skene and side bias (standard items)
            standard = row["item_kind"] == "standard"
            assert row.pop("rater_ability") and row.pop("rater_shown_first_share")
            assert bool(row.pop("item_difficulty")) == standard
            assert row.pop("item_check_guideline") in (("true", "false") if standard else ("",))
        expected = list(csv.DictReader(io.StringIO(rows_to_csv(rows, COLUMNS[:-4]))))
        assert stored == expected
        assert fresh.runs() and [r.model for r in fresh.runs()] == [
            r.model for r in session.runs()]


def test_a_report_parses_no_document_and_a_decision_redraws_only_decisions(
    setup: Setup, qa_store: QaStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_batch(setup.batch_path) as batch:
        _session(setup, qa_store, batch).import_results([setup.files[k] for k in RATERS])
        session = _session(setup, qa_store, batch)

        def refused(**_: Any) -> Any:
            raise AssertionError("a report parsed a document the import had kept")

        monkeypatch.setattr("rater_desktop.qa_review.adapter.adapt_results", refused)
        monkeypatch.setattr(QaStore, "signed_bytes", lambda *_: refused())
        first = render_report(session, resamples=20, now=NOW)
        assert 'data-key="judgments">24<' in first
        reads: list[str] = []
        for name in ("read_judgments", "item_html"):
            original = getattr(stored_session, name)
            monkeypatch.setattr(stored_session, name, lambda *a, _o=original, _n=name, **k: (
                reads.append(_n), _o(*a, **k))[1])  # fmt: skip
        monkeypatch.setattr(judgment_rows, "read_judgments", stored_session.read_judgments)
        session.set_adjudication("s1", decision="needs_fix", note="check the price")
        second = render_report(session, resamples=20, now=NOW)
        assert reads == [] and 'data-key="decision-s1">QA decision: Needs fix' in second
        assert second.replace(
            second[second.index('<p data-key="decision-s1">'):].split("</p>")[0] + "</p>", ""
        ) == first


def test_a_new_export_of_one_rater_reads_only_that_file(
    setup: Setup, qa_store: QaStore, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from test_qa_review_support import export_for

    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        session.import_results([setup.files[k] for k in RATERS])
        before = render_report(session, resamples=20, now=NOW)
        read: list[int] = []
        original = stored_session.read_judgments
        monkeypatch.setattr(stored_session, "read_judgments", lambda engine, *, file_id, expected: (
            read.append(file_id), original(engine, file_id=file_id, expected=expected))[1])
        again = tmp_path / "again"
        again.mkdir()
        newer = export_for("bob", batch_path=setup.batch_path, info=setup.infos["bob"],
                           key=setup.keys["bob"], out_dir=again,
                           exported_at=datetime(2026, 12, 1, tzinfo=UTC))  # fmt: skip
        [outcome] = session.import_results([newer])
        assert outcome.status.value == "valid"
        after = render_report(session, resamples=20, now=NOW)
        assert outcome.file is not None and read == [outcome.file.id]
        assert after != before and session.used_files()[1].id == outcome.file.id


def test_the_report_shows_the_study_checks(setup: Setup, qa_store: QaStore) -> None:
    import re

    from rater_desktop.qa.agreement import collapse_verdict
    from rater_desktop.qa.agreement_counts import unit_counts
    from rater_desktop.qa.chance_agreement import fleiss_kappa

    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        session.import_results([setup.files[k] for k in RATERS])
        html = render_report(session, resamples=20, now=NOW)
        cells = dict(re.findall(r'data-key="([^"]+)">([^<]*)<', html))
        table = unit_counts((j.rater_id, j.item_id, float(collapse_verdict(j.verdict_true)))
                            for j in session.judgments()
                            if j.kind == "standard" and j.verdict_true is not None)
        assert float(cells["fleiss-verdict_collapsed"]) == pytest.approx(
            fleiss_kappa(table), abs=5e-4)
        assert cells["cohen-verdict"] == "n/a"  # three raters: Cohen's is for two
        for rater in RATERS:
            assert f"ability-{rater}" in cells and f"shown-first-{rater}" in cells
        assert "drift-share-0" in cells and "Ranking fragility" in html
        assert 'data-key="fragility-top"' in html


def test_compare_reads_one_item_from_the_store_and_parses_no_document(
    setup: Setup, qa_store: QaStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, qa_store, batch)
        session.import_results([setup.files[k] for k in RATERS])
        from_documents = {c.item_id: c for c in session.comparisons()}
        fresh = _session(setup, qa_store, batch)

        def refused(*_: Any, **__: Any) -> Any:
            raise AssertionError("Compare parsed a document the import had kept")

        monkeypatch.setattr("rater_desktop.qa_review.adapter.adapt_results", refused)
        monkeypatch.setattr(QaStore, "signed_bytes", refused)
        assert from_documents and all(len(c.raters) > 1 for c in from_documents.values())
        for item_id, expected in from_documents.items():
            assert fresh.comparison(item_id) == expected
