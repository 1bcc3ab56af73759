"""What a QA report adds to its process beyond its data (issue 22, report memory).

A report in a process that did not import the files (``qa report`` on a kept store)
loads no protocol's parts and no cryptography (13 MiB of modules in a cold process): the
text flags ask the protocol's minimum seconds per item from its small description
(``protocols.info``), the roster check fingerprints keys with hashlib. Checked in a fresh
interpreter (sys.modules). And the SQLite store is memory-mapped only on a connection
Compare read entries through: a report's reads through a mapped file counted every page of
the rows table in its RSS (+255 MiB peak at 100,000 judgments). Structural, not timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, Setup, build_setup

from rater_desktop import protocols
from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review import judgment_rows
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore

ROOT = Path(__file__).resolve().parents[2]
# What the report must not load: every protocol's parts (their rules, the Markdown
# renderer, results, signing.keys) and the signature check's cryptography.
HEAVY = ("cryptography", "rater_desktop.guideline.protocol", "rater_desktop.preference.protocol",
         "rater_desktop.run_audit.protocol", "rater_desktop.render_markdown",
         "rater_desktop.signing.keys")
REPORT = """
import json, sys
from datetime import UTC, datetime
from pathlib import Path
from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.report import write_html_report
from rater_desktop.qa_review.roster import Roster
from rater_desktop.qa_review.session import QaSession
from rater_desktop.qa_review.store import QaStore

store_path, batch_path, roster, out = map(Path, sys.argv[1:5])
with QaStore.open(store_path) as store, open_batch(batch_path) as batch:
    session = QaSession(store=store, roster=Roster(roster), batch=batch,
                        clock=lambda: datetime(2026, 12, 1, tzinfo=UTC))
    write_html_report(session, out, resamples=5, now=datetime(2026, 12, 1, tzinfo=UTC))
print(json.dumps(sorted(sys.modules)))
"""


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _cold_report(setup: Setup, store: Path, out: Path, home: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}
    done = subprocess.run([sys.executable, "-c", REPORT, str(store), str(setup.batch_path),
                           str(setup.roster), str(out)], capture_output=True, text=True,
                          env=env, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_a_cold_report_loads_no_protocol_parts_and_no_cryptography(
        setup: Setup, tmp_path: Path) -> None:  # fmt: skip
    store = tmp_path / "qa.sqlite3"
    with QaStore.open(store) as kept, open_batch(setup.batch_path) as batch:
        QaSession(store=kept, roster=Roster(setup.roster), batch=batch).import_results(
            [setup.files[k] for k in RATERS])  # this process verifies: the child does not
    out = tmp_path / "report.html"
    loaded = _cold_report(setup, store, out, tmp_path / "home")
    assert "Text sources" in out.read_text(encoding="utf-8") or out.stat().st_size > 0
    heavy = [m for m in loaded if m in HEAVY or m.startswith("cryptography.")]
    assert heavy == []
    assert "rater_desktop.guideline.protocol_info" in loaded  # the minimum, from here


def test_the_minimum_comes_from_the_description_and_get_loads_one_protocol() -> None:
    assert protocols.info("guideline").fast_item_seconds == 120.0
    assert protocols.info("preference").fast_item_seconds == 20.0
    assert protocols.info("run-audit").fast_item_seconds == protocols.DEFAULT_FAST_ITEM_SECONDS
    assert protocols.info(None) is protocols.info("guideline")
    with pytest.raises(protocols.ProtocolError, match="unknown rating protocol 'nope'"):
        protocols.info("nope")
    assert protocols.get("preference").name == "preference"
    assert sorted(protocols.names()) == ["guideline", "preference", "run-audit"]


def _mapped(conn: Any) -> int:
    return int(conn.exec_driver_sql("PRAGMA mmap_size").scalar())


def test_only_a_connection_compare_read_through_is_mapped(setup: Setup, tmp_path: Path) -> None:
    with QaStore.open(tmp_path / "qa.sqlite3") as store, open_batch(setup.batch_path) as batch:
        session = QaSession(store=store, roster=Roster(setup.roster), batch=batch)
        session.import_results([setup.files[k] for k in RATERS])
        assert session.judgments()  # the rows a report reads
        with store.engine.connect() as conn:
            assert _mapped(conn) == 0  # they went through the page cache
        ids = [f.id for f in store.files() if f.id is not None]
        item = batch.index[0].item_id
        with store.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            texts = judgment_rows.entry_texts(store.engine, item_id=item, file_ids=ids)
            assert len(texts) == len(RATERS) and all(f'"{item}"' in t for _, _, t in texts)
            assert raw is not None and int(raw.execute("PRAGMA mmap_size").fetchone()[0]) == 0
