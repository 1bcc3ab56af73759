"""What a QA session keeps of every stored judgment (issue 22, report memory): one
``RaterJudgment`` each, the rest as per-file columns (``FileJudgments``), not a second
object per judgment. Structural, not timed: object counts, which cannot flake."""

from __future__ import annotations

import gc
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore
from rater_desktop.qa_review.tables import JudgmentRow

NOW = datetime(2026, 12, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _held(root: object) -> tuple[int, int]:
    """(RaterJudgment objects, other Python objects) reachable from ``root``; what a
    judgment holds (scores, claims, step times) is not walked: the columns are counted."""
    seen: set[int] = set()
    judgments = 0
    stack = [root]
    while stack:
        found = stack.pop()
        if id(found) in seen or isinstance(found, (str, int, float, type)):
            continue
        seen.add(id(found))
        if isinstance(found, RaterJudgment):
            judgments += 1
        else:
            stack.extend(gc.get_referents(found))
    return judgments, len(seen) - judgments


def _stretch(store: QaStore, stored: Any, copies: int) -> int:
    """Give a stored file ``copies`` times its rows (new item ids): a bigger file of the
    same kind of judgments. Returns its row count."""
    from sqlalchemy import select

    table = JudgmentRow.__table__  # type: ignore[attr-defined]
    query = select(table).where(table.c.file_id == stored.id).order_by(table.c.item_order)
    with store.engine.connect() as conn:
        rows = [{k: v for k, v in row._mapping.items() if k not in ("file_id", "id")}
                for row in conn.execute(query)]  # fmt: skip
    more = [{**row, "item_id": f"{row['item_id']}-{n}", "item_order": n * len(rows) + i}
            for n in range(copies) for i, row in enumerate(rows)]  # fmt: skip
    store.replace_judgments(stored, more)
    return len(more)


def _kept(setup: Setup, store: QaStore) -> tuple[int, int]:
    with open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                            clock=lambda: NOW)  # fmt: skip
        assert session.judgments()  # every used file read
        return _held(session._file_rows)


def test_a_session_keeps_one_object_per_judgment(setup: Setup, tmp_path: Path) -> None:
    """Fifty times the judgments add the judgments themselves and a few objects, not a
    wrapper per judgment (a ``StoredJudgment`` each before: ~one more object per row)."""
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        QaSession(store=store, roster=Roster(setup.roster), batch=batch,
                  clock=lambda: NOW).import_results([setup.files[k] for k in RATERS])
        first = store.files()[0]
        rows = _stretch(store, first, 1)  # the same rows, stored the same way
        small_judgments, small_other = _kept(setup, store)
        added = _stretch(store, first, 50) - rows
        large_judgments, large_other = _kept(setup, store)
    assert large_judgments - small_judgments == added > 300
    assert large_other - small_other < 10  # the columns grow in place
