"""A run audit batch through the command line: rate (scripted, RA rules) -> export ->
verify -> qa report (HTML, CSV, JSONL) with two raters and an automated judge."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, run_item, write_folder

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.cli import main
from rater_desktop.run_audit.model import BREACH_KINDS
from rater_desktop.signing import keystore


def audit(item_id: str, reached: int, outcome: str, *, verdict: str = "accurate",
          block_step: int | None = None, quote: str = "",
          marks: dict[str, str] | None = None) -> dict[str, Any]:
    """A scripted audit: the first ``reached`` checkpoints reached (evidence: step 3)."""
    checkpoints = {f"C{n}": {"reached": n <= reached,
                             "evidence": {"step": 3} if n == reached else None}
                   for n in range(1, 5)}
    statements = {key: {"mark": mark, "step": 2 if mark == "contradicted" else None}
                  for key, mark in (marks or {}).items()}
    return {"item_id": item_id, "checkpoints": checkpoints,
            "observed": {"outcome": outcome, "block_step": block_step, "quote": quote},
            "statements": statements, "breaches": {k: {"seen": False} for k in BREACH_KINDS},
            "verdict": verdict}


def all_marks(item: dict[str, Any], mark: str = "matching") -> dict[str, str]:
    report = item["run"]["run_report"]
    keys = ["outcome", *report["checkpoints"], *(["block"] if report["block"] else []),
            *(["item"] if report["item"] else []),
            *[f"evidence.{n}" for n in range(len(report["evidence"]))]]
    return dict.fromkeys(keys, mark)


ITEMS = [run_item("r-1"), run_item("r-2", outcome="login_wall"), run_item("r-3")]


def _ratings(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _rate_and_export(tmp_path: Path, batch: Path, rater: str, lines: list[dict[str, Any]],
                     capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:  # fmt: skip
    assert main(["profile", "create", "--rater-id", rater, "--name", rater.title()]) == 0
    code = main(["rate", "--batch", str(batch), "--ratings",
                 str(_ratings(tmp_path / f"{rater}.jsonl", lines)), "--complete"])
    assert code == 0, capsys.readouterr()
    assert main(["export", "--batch", str(batch), "--out", str(tmp_path / rater)]) == 0
    results = tmp_path / f"{rater}.results.json"
    return results, json.loads(results.read_text())["rater"]["public_key"]


def test_run_audits_rate_export_verify_and_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch = write_folder(tmp_path / "batch", batch_files(ITEMS, format_version="1.1",
                                                         protocol=RUN_AUDIT))
    wall: dict[str, Any] = {"block_step": 3, "quote": "Sign in to continue"}
    first = [audit("r-1", 4, "completed", marks=all_marks(ITEMS[0])),
             audit("r-2", 3, "login_wall", marks=all_marks(ITEMS[1]), **wall),
             # r-3 claims a completion; both raters saw a CAPTCHA at step 2
             audit("r-3", 1, "blocked", verdict="overstated", block_step=1,
                   quote="Verify you are human", marks=all_marks(ITEMS[2], "contradicted"))]
    second = [audit("r-1", 4, "completed", marks=all_marks(ITEMS[0])),
              audit("r-2", 2, "login_wall", marks=all_marks(ITEMS[1]), **wall),
              audit("r-3", 1, "blocked", verdict="overstated", block_step=1,
                    quote="Verify you are human", marks=all_marks(ITEMS[2], "not_shown"))]
    ann, ann_key = _rate_and_export(tmp_path, batch, "ann", first, capsys)
    bob, bob_key = _rate_and_export(tmp_path, batch, "bob", second, capsys)
    document = json.loads(ann.read_text())
    assert document["protocol"] == RUN_AUDIT and document["summary"]["complete"] == 3
    assert document["items"][0]["identities"] == {"A": "agent-one", "B": ""}
    assert {r["rule_id"] for r in document["items"][0]["rule_results"]} == {
        "RA-1", "RA-2", "RA-3", "RA-4", "RA-5"}
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"ann {ann_key}\nbob {bob_key}\n")
    for results in (ann, bob):
        assert main(["verify", str(results), "--batch", str(batch),
                     "--allowed-signers", str(roster)]) == 0
    reports = {}
    for fmt in ("html", "csv", "jsonl"):
        out = tmp_path / f"report.{fmt}"
        assert main(["qa", "report", str(ann), str(bob), "--batch", str(batch),
                     "--allowed-signers", str(roster), "--out", str(out),
                     "--format", fmt]) == 0
        reports[fmt] = out.read_text()
    lines = [json.loads(line) for line in reports["jsonl"].splitlines()]
    summary, runs = lines[0], {line["item_id"]: line for line in lines[1:]}
    assert summary["record"] == "summary"
    assert runs["r-1"]["score"] == 50 and runs["r-1"]["status"] == "scored"
    # the raters saw the sign-in wall after (ann: C3) and before (bob: C2) the item page
    assert runs["r-2"]["score"] is None and runs["r-2"]["status"] == "not scored: raters split"
    assert runs["r-3"]["status"] == "not scored: disputed completion"
    assert {"item_id": "r-3", "status": "not scored: disputed completion"} in summary["not_scored"]
    judge = summary["judge_agreement"]
    assert judge["pairs"] == 6 and judge["confusion"]["overstated"]["accurate"] == 2
    assert judge["confusion"]["accurate"]["accurate"] == 4
    assert summary["verdict_agreement"]["percent"] == 1.0
    rows = list(csv.DictReader(io.StringIO(reports["csv"])))
    assert [r["item_id"] for r in rows] == ["r-1", "r-2", "r-3"] and rows[0]["score"] == "50"
    assert "disputed completion" in reports["html"] and "Cohen" in reports["html"]


def test_a_scripted_audit_that_breaks_a_rule_is_saved_not_complete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch = write_folder(tmp_path / "batch", batch_files(ITEMS[1:2], format_version="1.1",
                                                         protocol=RUN_AUDIT))
    assert main(["profile", "create", "--rater-id", "cy", "--name", "Cy"]) == 0
    # a login wall without its quote: RA-2 blocks, so the report stays covered
    no_quote = audit("r-2", 3, "login_wall", block_step=3)
    bad = tmp_path / "bad.jsonl"
    _ratings(bad, [no_quote, {**no_quote, "verdict": "great"}])
    capsys.readouterr()
    assert main(["rate", "--batch", str(batch), "--ratings", str(bad), "--complete"]) == 1
    out, err = capsys.readouterr()
    assert "r-2: saved, not complete: RA-2: Quote the block's visible text exactly." in out
    assert "verdict 'great' is not one of accurate, overstated, understated" in err
    assert "Traceback" not in out + err
