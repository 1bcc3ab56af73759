"""The three sample batches keep the content promised to raters (read with json only)."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "sample_batches"
BATCHES = ("consumer-tasks", "standardweb-runs", "assistantbench-qualification")
VERDICTS = ("A_much_better", "A_better", "A_slightly_better", "about_same",
            "B_slightly_better", "B_better", "B_much_better")
REPORT_KEYS = {"host", "outcome", "checkpoints", "block", "item", "final_url", "actions",
               "evidence", "notes"}


def _manifest(batch: str) -> dict[str, Any]:
    return json.loads((SAMPLES / batch / "batch.json").read_text(encoding="utf-8"))


def _items(batch: str) -> list[dict[str, Any]]:
    text = (SAMPLES / batch / "items.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def _screens(item: dict[str, Any]) -> list[str]:
    paths = []
    for resp in item["responses"]:
        paths += [shot["path"] for shot in resp.get("screenshots", [])]
        paths += [step["screenshot"] for step in resp.get("trajectory", []) if "screenshot" in step]
    return paths


def _guideline_verdict(a: dict[str, int], b: dict[str, int]) -> str:
    correctness = (a["tc"] + a["fa"]) - (b["tc"] + b["fa"])
    lead = correctness or a["aip"] - b["aip"]
    if lead == 0:
        return "about_same"
    size = abs(lead)
    strength = "slightly_better" if size == 1 else "better" if size <= 3 else "much_better"
    if not correctness and a["tc"] == a["fa"] == b["tc"] == b["fa"] == 5:
        strength = "slightly_better"  # "If both responses are correct and complete, ..."
    return f"{'A' if lead > 0 else 'B'}_{strength}"


@pytest.mark.parametrize("batch", BATCHES)
def test_batch_structure_and_screenshots(batch: str) -> None:
    manifest = _manifest(batch)
    assert manifest["format"] == "rater-desktop-batch"
    assert manifest["format_version"] == "1.0"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", manifest["created"])
    assert manifest["display_seed"]
    assert (SAMPLES / batch / manifest["instructions"]).is_file()
    items = _items(batch)
    ids = [item["id"] for item in items]
    assert len(ids) == len(set(ids))
    for item in items:
        assert len(item["responses"]) == 2, item["id"]
        assert all(r["identity"] and r["text"].strip() for r in item["responses"])
        for rel in _screens(item):
            path = SAMPLES / batch / rel
            assert path.is_file(), f"{item['id']}: missing {rel}"
            assert _png_size(path) == (1280, 800), rel
            assert path.stat().st_size < 60_000, f"{rel} is {path.stat().st_size} bytes"


def test_batches_are_distinct_small_and_use_several_identities() -> None:
    ids = {_manifest(batch)["batch_id"] for batch in BATCHES}
    assert len(ids) == 3
    identities = {r["identity"] for b in BATCHES for i in _items(b) for r in i["responses"]}
    assert len(identities) >= 3
    total = sum(p.stat().st_size for b in BATCHES for p in (SAMPLES / b).rglob("*") if p.is_file())
    assert total < 6 * 1024 * 1024


@pytest.mark.parametrize("batch", BATCHES)
def test_instructions_cover_the_workflow(batch: str) -> None:
    text = (SAMPLES / batch / "instructions.md").read_text(encoding="utf-8")
    assert 60 <= len(text.splitlines()) <= 120
    for needle in ("Main goal", "Sub-requests", "Should NOT", "location", "Cannot Confidently "
                   "Assess", "50 words", "30 words", "slightly better", "Navigation",
                   "Roadblocks", "search"):
        assert needle in text, f"{batch}: instructions lack {needle!r}"


def test_consumer_batch_mixes_tasks_and_markdown() -> None:
    items = _items("consumer-tasks")
    kinds = [item.get("kind", "standard") for item in items]
    assert kinds.count("standard") >= 6 and kinds.count("attention") == 1
    texts = [r["text"] for item in items for r in item["responses"]]
    joined = "\n".join(texts)
    assert re.search(r"^\|.*\|\n\|[-| ]+\|$", joined, re.M), "no Markdown table"
    assert re.search(r"\]\(https://", joined), "no links"
    assert "**" in joined
    assert re.search(r"\bI (added|booked|drafted)\b", joined), "no action claim sentence"
    for item in items:
        for resp in item["responses"]:
            shots = resp["screenshots"]
            assert 2 <= len(shots) <= 4, item["id"]
            assert all(shot["caption"] for shot in shots)
    attention = items[kinds.index("attention")]
    assert attention["gold"]["attention_instruction"] in attention["context"]
    assert attention["gold"]["expected_verdict"] in VERDICTS


def _check_step(step: dict[str, Any], where: str) -> None:
    assert step["viewport"] == {"width": 1280, "height": 800}, where
    assert step["thought"] and step["observation"], where
    if "click" in step:
        x, y, box = step["click"]["x"], step["click"]["y"], step["bbox"]
        assert 0 <= x < 1280 and 0 <= y < 800, where
        assert box["x"] <= x <= box["x"] + box["width"], where
        assert box["y"] <= y <= box["y"] + box["height"], where


def test_standardweb_runs_have_reports_and_aligned_trajectories() -> None:
    items = _items("standardweb-runs")
    assert len(items) >= 4
    reports = []
    for item in items:
        for n, resp in enumerate(item["responses"]):
            report, steps = resp["run_report"], resp["trajectory"]
            assert set(report) == REPORT_KEYS
            assert 5 <= len(steps) <= 12
            assert steps[0]["action"] == "navigate" and steps[-1]["action"] == "done"
            assert any("click" in step for step in steps)
            for i, step in enumerate(steps):
                _check_step(step, f"{item['id']}[{n}] step {i + 1}")
            reports.append((report, steps))
    outcomes = {(r["outcome"], (r["block"] or {}).get("kind")) for r, _ in reports}
    assert ("login_wall", "login_required") in outcomes
    assert ("blocked", "captcha") in outcomes
    assert any(r["outcome"] == "completed" and r["checkpoints"] == ["C1", "C2", "C3", "C4"]
               and s[-1]["url"].endswith("/cart") for r, s in reports)
    # at least one report claims the cart although its run ended somewhere else
    assert any("C4" in r["checkpoints"] and r["final_url"] != s[-1]["url"] for r, s in reports)


def test_assistantbench_qualification_set_is_fair() -> None:
    manifest = _manifest("assistantbench-qualification")
    assert manifest["rubric"] == {"SD-4": {"pass_threshold": 8, "out_of": 10}}
    items = _items("assistantbench-qualification")
    assert len(items) >= 14
    qualification = [item for item in items if item.get("kind") == "qualification"]
    assert len(qualification) == 10
    verdicts = []
    for item in qualification:
        gold = item["gold"]
        scores = gold["expected_scores"]
        for side in "AB":
            assert all(1 <= scores[side][k] <= 5 for k in ("tc", "fa", "aip"))
        assert gold["expected_verdict"] == _guideline_verdict(scores["A"], scores["B"])
        verdicts.append(gold["expected_verdict"])
    assert len(set(verdicts)) >= 6
    assert all(item["gold"]["expected_answer"] for item in items)
    answers = [(r.get("final_answer"), i["gold"]["expected_answer"]) for i in items
               for r in i["responses"]]
    assert any(final is None for final, _ in answers), "no abstaining response"
    assert any(final is not None and final in gold for final, gold in answers)
    assert any(final is not None and final not in gold for final, gold in answers)


def test_generator_reproduces_the_committed_bytes(tmp_path: Path) -> None:
    # One batch is enough to catch clock- or random-dependent output; it takes a few seconds.
    script = REPO / "tools" / "make_sample_batches.py"
    subprocess.run([sys.executable, str(script), "--only", "assistantbench", "--out",
                    str(tmp_path)], check=True, capture_output=True)
    fresh = tmp_path / "assistantbench-qualification"
    committed = SAMPLES / "assistantbench-qualification"
    listing = sorted(p.relative_to(committed) for p in committed.rglob("*") if p.is_file())
    assert listing == sorted(p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file())
    for rel in listing:
        assert (fresh / rel).read_bytes() == (committed / rel).read_bytes(), rel
