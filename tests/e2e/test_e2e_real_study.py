"""A whole study on real public data (60 HH-RLHF pairs, see real_study/README.md).

import -> plan (k = 3, qualification and attention) -> three scripted raters (`rate`) ->
signed exports -> coverage -> `qa report` on SQLite and PostgreSQL -> QA decisions ->
rework -> dataset, each step's figures asserted.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pgserver import REQUIRE_ENV, PgServer, ServerUnavailable, start_server
from real_study_kit import RATERS, make_study_pool, rating, write_ratings

from rater_desktop.cli import main
from rater_desktop.signing import keystore

DATA = Path(__file__).resolve().parent / "real_study" / "hh-rlhf-harmless-base-test-60.jsonl"


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    try:
        server: PgServer = start_server()
    except ServerUnavailable as exc:
        reason = f"the PostgreSQL half of the real-data study NOT RUN: {exc}"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{reason} ({REQUIRE_ENV}=1 requires it)", pytrace=False)
        warnings.warn(reason, stacklevel=1)
        pytest.skip(reason)
    name = server.create_database()
    yield server.url(name)
    server.stop()


def _run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> str:
    capsys.readouterr()
    assert main(list(argv)) == code, capsys.readouterr()
    return capsys.readouterr().out


def _key_line(capsys: pytest.CaptureFixture[str], who: str) -> str:
    return _run(capsys, "--profile", who, "key", "show", "--line").strip()


def _plan(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, dict[str, Any]]:
    pool = tmp_path / "pool"
    assert "Wrote" in _run(capsys, "batch", "import", "chosen-rejected", str(DATA), "--out", str(pool),
                           "--batch-id", "hh-harmless-60")  # fmt: skip
    make_study_pool(pool)
    assert "OK hh-harmless-60 60 items" in _run(capsys, "validate", str(pool))
    raters = tmp_path / "raters.txt"
    raters.write_text("\n".join(RATERS) + "\n")
    printed = _run(capsys, "--profile", "owner", "study", "plan", "--pool", str(pool), "--raters", str(raters),
                   "--out", str(tmp_path / "study"), "-k", "3", "--attention-every", "20")  # fmt: skip
    # Every judgment is paid for: 52 x 3 work, 6 x 3 qualification, 2 x 3 attention.
    assert "52 items x 3 raters = 156 + 18 qualification + 6 attention = 180 judgments" in printed
    plan = json.loads((tmp_path / "study" / "study.json").read_text())
    return pool, tmp_path / "study", plan


def _rate_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str], study: Path,
                     plan: dict[str, Any]) -> dict[str, Path]:  # fmt: skip
    exports = {}
    orders = set()
    for entry in plan["raters"]:
        rater, batch = entry["rater_id"], study / entry["batch_path"]
        assert "OK" in _run(capsys, "validate", str(batch))
        assert entry["items"][:6] == [f"pair-{n:06d}" for n in range(1, 7)]  # qualification first
        orders.add(tuple(entry["items"][6:]))
        ratings = tmp_path / f"{rater}.ratings.jsonl"
        assert write_ratings(batch, RATERS[rater], plan["attention_placements"], ratings) == 60
        out = _run(capsys, "--profile", rater, "rate", "--batch", str(batch), "--ratings", str(ratings), "--complete")
        assert out.count("saved (complete)") == 60
        out = _run(capsys, "--profile", rater, "export", "--batch", str(batch), "--out", str(tmp_path / rater))
        assert "Exported 60 of 60 items" in out
        exports[rater] = tmp_path / f"{rater}.results.json"
    assert len(orders) == 3  # each rater meets the work in an order of their own
    return exports


def _qa_report(capsys: pytest.CaptureFixture[str], files: list[str], common: list[str], store: str,
               out: Path) -> list[dict[str, Any]]:  # fmt: skip
    printed = _run(capsys, "qa", "report", *files, *common, "--store", store, "--format", "jsonl",
                   "--out", str(out), "--resamples", "0")  # fmt: skip
    assert "Files: 3 valid." in printed and "raters: ann, bob, cid" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3 * 60 * 2  # item x rater x response, attention placements included
    return rows


def test_a_study_on_real_data_end_to_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any, pg_url: str,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    for who in ("owner", "quinn", *RATERS):
        assert main(["profile", "create", "--rater-id", who, "--name", who.title()]) == 0
    owners, roster, leads = tmp_path / "owners", tmp_path / "raters.roster", tmp_path / "qa_leads"
    owners.write_text(_key_line(capsys, "owner") + "\n")
    roster.write_text("".join(_key_line(capsys, r) + "\n" for r in RATERS))
    leads.write_text(_key_line(capsys, "quinn") + "\n")

    pool, study, plan = _plan(tmp_path, capsys)
    exports = _rate_and_export(tmp_path, capsys, study, plan)
    files = [str(exports[r]) for r in RATERS]
    plan_args = ["--plan", str(study / "study.json"), "--owners", str(owners)]

    coverage = _run(capsys, "study", "coverage", str(study / "study.json"), *files,
                    "--allowed-signers", str(roster), "--owners", str(owners))  # fmt: skip
    assert "180 of 180 assignments done (100%)" in coverage
    assert "Items with fewer than 3 complete ratings: 0" in coverage

    common = ["--batch", str(pool), "--allowed-signers", str(roster), *plan_args]
    for store in (str(tmp_path / "qa.sqlite3"), pg_url):
        rows = _qa_report(capsys, files, common, store, tmp_path / "report.jsonl")
        verdicts = {(r["rater_id"], r["item_id"]): r["verdict_score"] for r in rows if r["response"] == "A"}
        assert verdicts[("bob", "pair-000009")] == 1 and verdicts[("cid", "pair-000014")] == -3
        assert {r["item_kind"] for r in rows} == {"standard", "qualification", "attention"}
    assert "Report written" in _run(capsys, "qa", "report", *files, *common, "--out", str(tmp_path / "r.html"),
                                    "--resamples", "0")  # fmt: skip
    html = (tmp_path / "r.html").read_text()
    # Attention placements are scored as their pool item: cid missed the second one.
    for key, value in (("attention-passed-ann", 2), ("attention-missed-cid", 1), ("qual-passed-ann", 6),
                       ("qual-passed-cid", 5), ("qual-total-bob", 6)):
        assert f'data-key="{key}">{value}<' in html, key

    decisions = _decide_and_rework(tmp_path, capsys, study, files, common, leads)
    _dataset(tmp_path, capsys, [*files, str(tmp_path / "cid-rev2.results.json")], pool, roster,
             plan_args, decisions, leads)  # fmt: skip


def _decide_and_rework(tmp_path: Path, capsys: pytest.CaptureFixture[str], study: Path, files: list[str],
                       common: list[str], leads: Path) -> Path:  # fmt: skip
    decide = tmp_path / "decide.jsonl"
    decide.write_text(
        json.dumps({"item_id": "pair-000010", "decision": "needs_fix", "corrected_verdict": "A_better",
                    "note": "@cid [verdict] The chosen reply refuses; it is the safer one."}) + "\n"
        + json.dumps({"item_id": "pair-000012", "decision": "reject", "note": "Both replies are unsafe."}) + "\n")  # fmt: skip
    assert "Recorded 2 decisions over 3 results files" in _run(
        capsys, "--profile", "quinn", "qa", "decisions", *files, *common, "--decide", str(decide),
        "--out", str(tmp_path / "round1"))  # fmt: skip
    decisions = tmp_path / "round1.qa-decisions.json"

    cid_batch = study / "batches" / "cid"
    queue = _run(capsys, "--profile", "cid", "feedback", "import", str(decisions), "--batch", str(cid_batch),
                 "--qa-leads", str(leads))  # fmt: skip
    assert "pair-000010: needs_fix [verdict] The chosen reply refuses; it is the safer one." in queue
    assert "pair-000012: reject" in queue and "2 items to rework." in queue
    # The needs-fix is addressed to cid; the reject (no @rater) goes to every rater of the item.
    bob_queue = _run(capsys, "--profile", "bob", "feedback", "import", str(decisions),
                     "--batch", str(study / "batches" / "bob"), "--qa-leads", str(leads))  # fmt: skip
    assert "pair-000012: reject" in bob_queue and "1 item to rework." in bob_queue
    fix = tmp_path / "cid.fix.jsonl"
    fix.write_text(json.dumps(rating("pair-000010", -2)) + "\n")
    assert "pair-000010: saved (complete)" in _run(capsys, "--profile", "cid", "rate", "--batch", str(cid_batch),
                                                    "--ratings", str(fix), "--complete")  # fmt: skip
    _run(capsys, "--profile", "cid", "export", "--batch", str(cid_batch), "--out", str(tmp_path / "cid-rev2"))
    reexport = json.loads((tmp_path / "cid-rev2.results.json").read_text())
    linked = {i["item_id"]: i for i in reexport["items"] if "revision" in i}
    # 2.3, not 2.2: the pool's multi-turn items carry their earlier turns (conversation).
    assert reexport["format_version"] == "2.3" and set(linked) == {"pair-000010", "pair-000012"}
    assert any(i.get("conversation") for i in reexport["items"])
    assert linked["pair-000010"]["revision"] == 2
    decisions_sha = hashlib.sha256(decisions.read_bytes()).hexdigest()
    assert linked["pair-000010"]["answers_decision"]["decisions_sha256"] == decisions_sha

    return decisions


def _dataset(tmp_path: Path, capsys: pytest.CaptureFixture[str], files: list[str], pool: Path, roster: Path,
             plan_args: list[str], decisions: Path, leads: Path) -> None:  # fmt: skip
    decisions_sha = hashlib.sha256(decisions.read_bytes()).hexdigest()
    dataset_args = ["study", "export-dataset", *files,
                    "--batch", str(pool), "--allowed-signers", str(roster), *plan_args,
                    "--decisions", str(decisions), "--qa-leads", str(leads)]  # fmt: skip
    printed = _run(capsys, *dataset_args, "--out", str(tmp_path / "dataset"))
    assert "Wrote 50 pairs (1 adjudicated)" in printed and "156 judgments from 4 signed files" in printed
    assert "Left out: 1 rejected by QA, 1 tie" in printed
    pairs = {p["item_id"]: p for p in map(json.loads, (tmp_path / "dataset" / "pairs.jsonl").read_text().splitlines())}
    assert pairs["pair-000010"]["basis"] == "adjudicated" and pairs["pair-000010"]["margin"] == 2
    assert pairs["pair-000009"]["chosen_side"] == "B" and pairs["pair-000009"]["margin"] == 0.3333
    assert pairs["pair-000013"]["margin"] == 1.3333 and pairs["pair-000060"]["margin"] == 2
    assert sum(p["chosen_side"] == "A" for p in pairs.values()) == 49
    # Multi-turn dialogues keep their earlier turns beside the last request (batch 1.2).
    dialogues = [p for p in pairs.values() if p["conversation"]]
    assert dialogues and all(p["conversation"][0]["role"] == "user" for p in dialogues)
    assert all("Human:" not in p["prompt"] and not p["prompt"].startswith("User:")
               for p in pairs.values())
    with (tmp_path / "dataset" / "judgments.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    cid_fix = next(r for r in rows if r["rater_id"] == "cid" and r["item_id"] == "pair-000010")
    assert cid_fix["revision"] == "2" and cid_fix["answers_decision_sha256"] == decisions_sha
    assert cid_fix["file_sha256"] == hashlib.sha256((tmp_path / "cid-rev2.results.json").read_bytes()).hexdigest()
    kept = _run(capsys, *dataset_args, "--keep-ties", "--out", str(tmp_path / "dataset-ties"))
    assert "Wrote 51 pairs" in kept
