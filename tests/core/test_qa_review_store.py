"""QA store persistence, adjudications and their signed export, the roster, re-checks."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_qa_review_support import RATERS, VERDICTS, Setup, build_setup, export_for

from rater_desktop.batch.loader import open_batch
from rater_desktop.qa_review.adjudication import (
    DECISIONS_NAMESPACE,
    AdjudicationError,
    Decision,
    verify_decisions_bytes,
)
from rater_desktop.qa_review.roster import Roster, RosterError
from rater_desktop.qa_review.session import ImportStatus, QaSession
from rater_desktop.qa_review.store import QaStore, QaStoreError
from rater_desktop.rating.model import Verdict
from rater_desktop.results.verify import VerifyStatus, verify_results_bytes
from rater_desktop.signing.allowed_signers import parse_allowed_signers
from tests.openssh import ssh_keygen


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _session(setup: Setup, store: QaStore, batch: Any, roster: Any = None) -> QaSession:
    return QaSession(
        store=store,
        roster=roster or Roster(setup.roster),
        batch=batch,
        reviewer_id="quinn",
    )


def test_adjudications_and_imports_survive_closing_the_store(setup: Setup) -> None:
    store = QaStore.open()  # default place, under the test's RATER_DESKTOP_HOME
    from rater_desktop.appdirs import data_dir

    assert store.path == data_dir() / "qa" / "qa.sqlite3"
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, store, batch)
        session.import_results([setup.files[r] for r in RATERS])
        session.set_adjudication(
            "s1", decision=Decision.NEEDS_FIX, note="Bob's claim check: see <source>",
            corrected_verdict=Verdict.A_SLIGHTLY_BETTER,
        )  # fmt: skip
        session.set_adjudication("s2", decision="reject", note="carol flipped A and B")
        session.set_adjudication("s2", decision="accept")  # replaces the earlier decision
        with pytest.raises(AdjudicationError):
            session.set_adjudication("s3", decision="maybe")
        with pytest.raises(AdjudicationError):
            session.set_adjudication("nope", decision="accept")
    store.close()
    assert sqlite3.connect(data_dir() / "qa" / "qa.sqlite3").execute(
        "PRAGMA journal_mode"
    ).fetchone() == ("wal",)
    reopened = QaStore.open()
    with open_batch(setup.batch_path) as batch:
        session = _session(setup, reopened, batch)
        assert [f.signer for f in session.used_files()] == list(RATERS)
        assert {(j.rater_id, j.item_id): j.verdict_true for j in session.judgments()} == {
            (r, i): VERDICTS[r][i] for r in RATERS for i in VERDICTS[r]
        }
        first = session.adjudication("s1")
        assert first is not None and first.decision is Decision.NEEDS_FIX
        assert first.corrected_verdict is Verdict.A_SLIGHTLY_BETTER and first.reviewer_id == "quinn"
        assert first.note == "Bob's claim check: see <source>"
        second = session.adjudication("s2")
        assert second is not None and (second.decision, second.note) == (Decision.ACCEPT, "")
        assert [a.item_id for a in session.adjudications()] == ["s1", "s2"]
        again = session.import_results([setup.files["alice"]])
        assert again[0].status is ImportStatus.DUPLICATE
        session.remove_file(again[0].file.file_sha256 if again[0].file else "")
        assert session.raters() == ["bob", "carol"]
    reopened.close()


def test_signed_decisions_verify_with_ssh_keygen_and_in_process(
    setup: Setup, tmp_path: Path, qa_store: QaStore
) -> None:
    with open_batch(setup.batch_path) as batch, qa_store as store:
        session = _session(setup, store, batch)
        session.import_results([setup.files[r] for r in RATERS])
        session.set_adjudication("s4", decision="needs_fix", corrected_verdict="A_better")
        session.set_adjudication("s1", decision="accept", note="fine")
        files = session.export_decisions(
            out_path=tmp_path / "decisions",
            reviewer=setup.infos["quinn"],
            private_key=setup.keys["quinn"],
        )
    assert files.results_path.name == "decisions.qa-decisions.json"
    data, signature = files.results_path.read_bytes(), files.signature_path.read_bytes()
    document = json.loads(data)
    assert document["format"] == "rater-desktop-qa-decisions"
    assert [d["item_id"] for d in document["decisions"]] == ["s1", "s4"]
    assert document["decisions"][1]["corrected_verdict_score"] == -2
    assert document["summary"] == {"decisions": 2, "accept": 1, "needs_fix": 1, "reject": 0}
    assert {s["rater_id"] for s in document["sources"]} == set(RATERS)
    roster = parse_allowed_signers(setup.roster.read_text())
    assert verify_decisions_bytes(data=data, signature=signature, allowed_signers=roster).ok
    changed = data.replace(b'"accept"', b'"reject"', 1)
    assert (
        verify_decisions_bytes(data=changed, signature=signature, allowed_signers=roster).status
        is VerifyStatus.TAMPERED
    )
    as_results = verify_results_bytes(results=data, signature=signature, allowed_signers=roster)
    assert as_results.status is VerifyStatus.WRONG_NAMESPACE  # never passes as rater results
    command = [ssh_keygen(), "-Y", "verify", "-f", str(setup.roster), "-I", "quinn",
               "-n", DECISIONS_NAMESPACE, "-s", str(files.signature_path)]  # fmt: skip
    good = subprocess.run(command, input=data, capture_output=True, timeout=30)
    assert good.returncode == 0, good.stderr
    bad = subprocess.run(command, input=changed, capture_output=True, timeout=30)
    assert bad.returncode != 0


def test_roster_add_remove_list_and_import(setup: Setup, tmp_path: Path) -> None:
    roster = Roster.default()
    from rater_desktop.appdirs import data_dir

    assert roster.path == data_dir() / "qa" / "allowed_signers"
    assert roster.entries() == []
    alice = roster.add(principal="alice", public_key=setup.infos["alice"].public_key + " laptop")
    assert alice.fingerprint == setup.infos["alice"].fingerprint
    assert roster.add(principal="alice", public_key=setup.infos["alice"].public_key) == alice
    with pytest.raises(RosterError):
        roster.add(principal="alice", public_key="ssh-ed25519 bm90IGEga2V5")
    with pytest.raises(RosterError):
        roster.add(principal="two words", public_key=setup.infos["bob"].public_key)
    roster.path.write_text("# team roster\n" + roster.path.read_text())
    summary = roster.import_file(setup.roster)
    assert [e.principals for e in summary.added] == [("bob",), ("carol",), ("quinn",)]
    assert summary.already_present == 1
    assert roster.import_file(setup.roster).already_present == 4
    broken = tmp_path / "broken_signers"
    broken.write_text(f"dave {setup.infos['dave'].public_key}\nnot a line\n")
    with pytest.raises(RosterError, match="line 2"):
        roster.import_file(broken)
    assert [e.principals[0] for e in roster.entries()] == ["alice", "bob", "carol", "quinn"]
    assert roster.remove(principal="bob") == 1
    assert roster.remove(fingerprint=setup.infos["quinn"].fingerprint) == 1
    assert roster.remove(principal="nobody") == 0
    assert roster.path.read_text().startswith("# team roster\n")
    assert [e.principals[0] for e in roster.entries()] == ["alice", "carol"]
    assert len(parse_allowed_signers(roster.path.read_text())) == 2


def test_adding_a_key_later_and_rechecking_counts_that_rater(
    setup: Setup, tmp_path: Path, qa_store: QaStore
) -> None:
    roster = Roster(tmp_path / "qa_roster")
    roster.import_file(setup.roster)
    with open_batch(setup.batch_path) as batch, qa_store as store:
        session = _session(setup, store, batch, roster)
        outcomes = session.import_results([setup.files["alice"], setup.files["dave"]])
        assert [o.status for o in outcomes] == [ImportStatus.VALID, ImportStatus.UNKNOWN_SIGNER]
        assert session.raters() == ["alice"]
        roster.add(principal="dave", public_key=setup.infos["dave"].public_key)
        changed = session.recheck_signers()
        assert [(f.signer, f.status) for f in changed] == [("dave", "valid")]
        assert session.raters() == ["alice", "dave"]
        assert {j.verdict_true for j in session.judgments() if j.rater_id == "dave"} == {3}
        roster.remove(principal="dave")
        assert [f.status for f in session.recheck_signers()] == ["unknown_signer"]
        assert session.raters() == ["alice"]


def test_other_batch_missing_signature_and_unreadable_files(
    setup: Setup, tmp_path: Path, qa_store: QaStore
) -> None:
    other = tmp_path / "other-batch"
    shutil.copytree(setup.batch_path, other)
    (other / "instructions.md").write_text("# Changed\n")
    (tmp_path / "elsewhere").mkdir()
    foreign = export_for(
        "alice", batch_path=other, info=setup.infos["alice"], key=setup.keys["alice"],
        out_dir=tmp_path / "elsewhere",
    )  # fmt: skip
    lonely = tmp_path / "lonely.results.json"
    lonely.write_bytes(setup.files["bob"].read_bytes())
    with open_batch(setup.batch_path) as batch, qa_store as store:
        session = _session(setup, store, batch)
        outcomes = session.import_results([foreign, lonely, tmp_path / "missing.results.json"])
        assert [o.status for o in outcomes] == [
            ImportStatus.OTHER_BATCH, ImportStatus.INVALID, ImportStatus.UNREADABLE
        ]  # fmt: skip
        assert "another batch" in outcomes[0].message and "Open that batch" in outcomes[0].message
        assert "missing" in outcomes[1].message
        assert [(f.path, f.status) for f in session.files()] == [(str(lonely), "invalid")]
        assert store.signed_bytes(session.files()[0].id or 0) is None  # nothing kept
        assert session.judgments() == []


def test_unreadable_store_file_gives_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "qa.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(QaStoreError, match="Move the file away"):
        QaStore.open(bad)


def test_roster_command_line(setup: Setup, capsys: Any) -> None:
    from rater_desktop.cli import main

    key = setup.infos["alice"].public_key.split()
    assert main(["qa", "roster", "add", "alice", *key]) == 0
    assert main(["qa", "roster", "import", str(setup.roster)]) == 0
    assert main(["qa", "roster", "list"]) == 0
    printed = capsys.readouterr().out
    assert f"alice\t{setup.infos['alice'].fingerprint}" in printed
    assert "4 entries in" in printed and "Added 3 entries" in printed
    assert main(["qa", "roster", "remove", "--rater-id", "carol"]) == 0
    assert main(["qa", "roster", "remove", "--rater-id", "carol"]) == 1
    assert main(["qa", "roster", "add", "bob", "ssh-ed25519", "AAAA"]) == 2
    assert [e.principals[0] for e in Roster.default().entries()] == ["alice", "bob", "quinn"]
    # The report uses that default roster when --allowed-signers is not given.
    out = setup.roster.parent / "default-roster.html"
    code = main(["qa", "report", str(setup.files["alice"]), str(setup.files["carol"]),
                 "--batch", str(setup.batch_path), "--out", str(out), "--resamples", "50"])  # fmt: skip
    assert code == 0 and "1 valid, 1 unknown signer" in capsys.readouterr().out
