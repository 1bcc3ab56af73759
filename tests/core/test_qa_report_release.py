"""A report written once lets go of the session's judgments before its HTML is written
(issue 22, report memory: at 100,000 judgments the ``RaterJudgment`` objects are ~15 MiB
of the ~30 MiB held when the HTML is written). Structural, not timed: the live objects are
counted at the moment the file is written, which cannot flake."""

from __future__ import annotations

import gc
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa_review import report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.signing import atomic_files

NOW = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _live_judgments() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, RaterJudgment))


def _written(setup: Setup, store: QaStore, out: Path, monkeypatch: pytest.MonkeyPatch,
             **options: Any) -> tuple[int, int]:  # fmt: skip
    """(judgments live when the figures are made, judgments live while the HTML is
    written) for one report written by a fresh session."""
    seen: list[int] = []
    write = atomic_files.write_chunks_atomically

    def counting(path: Path, chunks: Iterable[bytes]) -> Any:
        seen.append(_live_judgments())
        return write(path, chunks)

    monkeypatch.setattr(atomic_files, "write_chunks_atomically", counting)
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        made = len(session.judgments())
        report.write_html_report(session, out, resamples=20, now=NOW, **options)
    return made, seen[0]


def test_a_report_written_once_holds_no_judgment_while_writing(
        setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files[k] for k in RATERS])
        expected = report.render_report(session, resamples=20, now=NOW)
        del session
        kept_out, released_out = tmp_path / "kept.html", tmp_path / "released.html"
        made, kept = _written(setup, store, kept_out, monkeypatch)
        _, released = _written(setup, store, released_out, monkeypatch, release=True)
    assert kept >= made > 0  # a session kept for more figures (the QA window) holds them
    assert released == 0
    assert released_out.read_text("utf-8") == kept_out.read_text("utf-8") == expected


def test_a_released_session_reads_its_judgments_again(
        setup: Setup, tmp_path: Path) -> None:  # fmt: skip
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        session.import_results([setup.files[k] for k in RATERS])
        first = report.render_report(session, resamples=20, now=NOW)
        tables = session.dimension_tables()
        session.release_judgments()
        assert not any(session._file_rows.values())
        assert report.render_report(session, resamples=20, now=NOW) == first
        assert session.dimension_tables() is not tables
