"""The QA window's heavy work in a worker process (``qa_review.offload``): the same
import and review as on a thread, progress on the way, Cancel between files, and a clear
fallback when the worker cannot open the session (issue 22: the window stays responsive)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.offload import (
    NotOpenedThere,
    Offload,
    SessionSpec,
    serve,
    session_spec,
)
from rater_desktop.qa_review.review_state import review_state
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import ImportStatus, QaSession
from rater_desktop.qa_review.store import QaStore

NOW = datetime(2026, 5, 1, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


@pytest.fixture
def offload() -> Iterator[Offload]:
    worker = Offload()
    yield worker
    worker.close()


def test_the_worker_imports_and_reviews_as_a_thread_would(
    setup: Setup, qa_store: QaStore, offload: Offload
) -> None:
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        spec = session_spec(session)
        assert spec is not None
        reported: list[tuple[int, int]] = []
        files = [str(setup.files[k]) for k in (*RATERS, "tampered")]
        outcomes, state = offload.run(spec, "import_and_review", cancelled=lambda: False,
                                      progress=lambda d, t: reported.append((d, t)),
                                      paths=files)
        assert reported == [(0, 4), (1, 4), (2, 4), (3, 4)]
        assert [o.status for o in outcomes] == [ImportStatus.VALID] * 3 + [ImportStatus.INVALID]
        session.files_changed()
        here = review_state(session)  # this process reads what the worker stored
        assert state == here and state.raters == RATERS and state.disagreements
        again = offload.run(spec, "review", cancelled=lambda: False)  # the same worker
        assert again == here


def _gated_worker(conn: Any, cancel: Any) -> None:
    """A worker whose import waits before its second file until Cancel arrives."""
    original = QaSession._import_one

    def gated(self: QaSession, path: Path, signers: Any) -> Any:
        if not path.name.startswith(RATERS[0]):
            cancel.wait(20)
        return original(self, path, signers)

    QaSession._import_one = gated  # type: ignore[method-assign]
    serve(conn, cancel)


def test_cancel_stops_the_worker_after_the_file_under_way(
    setup: Setup, qa_store: QaStore
) -> None:
    offload = Offload(target=_gated_worker)
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=qa_store, roster=Roster(setup.roster), batch=batch)
        spec = session_spec(session)
        assert spec is not None
        reported: list[int] = []
        outcomes, state = offload.run(  # Cancel once the second file is under way
            spec, "import_and_review", cancelled=lambda: 1 in reported,
            progress=lambda d, _t: reported.append(d),
            paths=[str(setup.files[k]) for k in RATERS])
        offload.close()
        assert reported == [0, 1] and len(outcomes) == 2
        assert [f.claimed_rater_id for f in state.files] == list(RATERS[:2])


def test_a_session_the_worker_cannot_open_is_handed_back(
    tmp_path: Path, setup: Setup, offload: Offload
) -> None:
    store = QaStore.open(tmp_path / "qa.sqlite3")
    spec = SessionSpec(store.reopen[0], None, Roster(setup.roster),  # type: ignore[index]
                       str(tmp_path / "no-such-batch"), "ab" * 32)
    with pytest.raises(NotOpenedThere, match="no-such-batch"):
        offload.run(spec, "review", cancelled=lambda: False)
    store.close()
    with QaStore.in_memory() as memory, open_batch(setup.batch_path) as batch:
        assert session_spec(QaSession(store=memory, roster=[], batch=batch)) is None
