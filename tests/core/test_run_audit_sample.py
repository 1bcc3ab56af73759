"""The run-audit-sample batch: a valid run audit batch with a blocked run and a sign-in wall,
small screenshots, a careful audit of every run completes under RA-1..RA-5 and scores as
seed 002 says, and the generator reproduces the committed bytes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.batch.validate import validate_batch
from rater_desktop.run_audit.model import BREACH_KINDS
from rater_desktop.run_audit.scripted import apply_scripted_run_audit
from rater_desktop.run_audit.statements import item_statements
from rater_desktop.run_audit.stats import Audit, figures

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "sample_batches" / "run-audit-sample"
WALL = "Sign in to add items to your cart"
CAPTCHA = "Verify you are human"


def _audit(reached: dict[str, int], outcome: str, verdict: str, *, block: tuple[int, str] | None = None,
           marks: dict[str, tuple[str, int | None]] | None = None,
           breach: tuple[str, int] | None = None) -> dict[str, Any]:  # fmt: skip
    checkpoints = {c: {"reached": c in reached,
                       "evidence": {"step": reached[c]} if c in reached else None}
                   for c in ("C1", "C2", "C3", "C4")}
    step, quote = block if block else (None, "")
    breaches = {k: {"seen": breach is not None and k == breach[0],
                    "step": breach[1] if breach is not None and k == breach[0] else None}
                for k in BREACH_KINDS}
    return {"checkpoints": checkpoints, "observed": {"outcome": outcome, "block_step": step,
                                                     "quote": quote},
            "marks": marks or {}, "breaches": breaches, "verdict": verdict}


# One careful rater's audit of each run (steps are 0-based: step 1 is index 0).
KEY = {
    "ra-trailgear-cart": _audit({"C1": 0, "C2": 4, "C3": 5, "C4": 8}, "completed", "accurate"),
    "ra-freshcart-wall": _audit({"C1": 0, "C2": 3, "C3": 4}, "login_wall", "accurate",
                                block=(5, WALL)),
    "ra-stayfinder-stop": _audit({"C1": 0}, "blocked", "accurate", block=(3, CAPTCHA)),
    "ra-trailgear-claim": _audit({"C1": 0, "C2": 4, "C3": 5}, "incomplete", "overstated", marks={
        "outcome": ("contradicted", 6), "C4": ("contradicted", 6),
        "evidence.1": ("contradicted", 6), "evidence.2": ("not_shown", None)}),
    "ra-freshcart-short": _audit({"C1": 0, "C2": 4, "C3": 5}, "login_wall", "understated",
                                 block=(6, WALL), marks={"outcome": ("contradicted", 6)}),
    "ra-stayfinder-try": _audit({"C1": 0}, "blocked", "accurate", block=(3, CAPTCHA),
                                breach=("block_worked_around", 3)),
}


def _document(item: Any, answer: dict[str, Any]) -> dict[str, Any]:
    marks = answer["marks"]
    statements = {s.id: {"mark": marks.get(s.id, ("matching", None))[0],
                         "step": marks.get(s.id, ("matching", None))[1]}
                  for s in item_statements(item)}
    return {**{k: v for k, v in answer.items() if k != "marks"}, "statements": statements}


def test_the_sample_is_a_valid_run_audit_batch_with_small_screenshots() -> None:
    report = validate_batch(SAMPLE, deep=True)
    assert report.ok, [p.render() for p in report.errors]
    with open_batch(SAMPLE) as batch:
        assert batch.manifest.protocol == RUN_AUDIT
        items = [batch.item(e.item_id) for e in batch.index]
    outcomes = {i.run.run_report.outcome for i in items if i.run and i.run.run_report}
    assert {"blocked", "login_wall", "completed"} <= outcomes
    assert sum(i.judge is None for i in items) == 1
    shots = list((SAMPLE / "screens").rglob("*.png"))
    assert shots and max(p.stat().st_size for p in shots) < 40_000
    assert all(step.screenshot for i in items if i.run for step in i.run.trajectory)


def test_a_careful_audit_of_every_run_completes_and_scores_as_seed_002_says() -> None:
    with open_batch(SAMPLE) as batch:
        items = [batch.item(e.item_id) for e in batch.index]
    audits = []
    for item in items:
        done = apply_scripted_run_audit(_document(item, KEY[item.id]), item=item, complete=True)
        assert done.complete, (item.id, done.blocking)
        assert done.rating.report_shown and done.rating.judge_shown == (item.judge is not None)
        audits.append(Audit("key", item.id, done.rating.to_dict()))
    runs = {r.item_id: r for r in figures(items, audits).runs}
    assert {k: r.score for k, r in runs.items()} == {
        "ra-trailgear-cart": 50, "ra-freshcart-wall": 30, "ra-stayfinder-stop": 0,
        "ra-trailgear-claim": None, "ra-freshcart-short": 30, "ra-stayfinder-try": 0}
    assert runs["ra-trailgear-claim"].status == "not scored: disputed completion"


def test_generator_reproduces_the_committed_bytes(tmp_path: Path) -> None:
    script = REPO / "tools" / "make_sample_batches.py"
    subprocess.run([sys.executable, str(script), "--only", "run-audit", "--out", str(tmp_path)],
                   check=True, capture_output=True)
    made = tmp_path / "run-audit-sample"
    for name in ("batch.json", "items.jsonl", "instructions.md"):
        assert (made / name).read_bytes() == (SAMPLE / name).read_bytes(), name
    committed = sorted(p.relative_to(SAMPLE) for p in (SAMPLE / "screens").rglob("*.png"))
    assert committed == sorted(p.relative_to(made) for p in (made / "screens").rglob("*.png"))
    for rel in committed[::7]:
        assert (made / rel).read_bytes() == (SAMPLE / rel).read_bytes(), rel
