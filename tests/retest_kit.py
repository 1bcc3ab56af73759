"""Helpers for the test-retest round trips: plan a study with probes, rate and export."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.cli import main

REPO = Path(__file__).resolve().parents[1]
PREFERENCE = REPO / "sample_batches" / "preference-quick"
GUIDELINE = REPO / "sample_batches" / "consumer-tasks"
SMOKE = REPO / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"


def plan_study(tmp_path: Path, pool: Path, raters: list[str], *extra: str) -> dict[str, Any]:
    (tmp_path / "raters.txt").write_text("".join(f"{r}\n" for r in raters))
    study = tmp_path / "study"
    assert main(["--profile", "owner", "study", "plan", "--pool", str(pool), "--raters",
                 str(tmp_path / "raters.txt"), "--out", str(study), "--attention-every", "0",
                 *extra]) == 0  # fmt: skip
    plan: dict[str, Any] = json.loads((study / "study.json").read_text())
    for entry in plan["raters"]:
        assert main(["validate", str(study / entry["batch_path"])]) == 0
    return plan


def rate_and_export(tmp_path: Path, rater: str, batch: Path, lines: list[dict[str, Any]],
                     capsys: pytest.CaptureFixture[str]) -> str:  # fmt: skip
    """Rate ``lines`` as ``rater``, export; the rater's roster line."""
    assert main(["profile", "create", "--rater-id", rater, "--name", rater.title()]) == 0
    ratings = tmp_path / f"{rater}.jsonl"
    ratings.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["--profile", rater, "rate", "--batch", str(batch), "--ratings", str(ratings),
                 "--complete"]) == 0  # fmt: skip
    assert main(["--profile", rater, "export", "--batch", str(batch), "--out", str(tmp_path / rater)]) == 0
    capsys.readouterr()
    assert main(["--profile", rater, "key", "show", "--line"]) == 0
    return capsys.readouterr().out.strip()


def one_item_pool(tmp_path: Path) -> Path:
    """consumer-tasks with only the item the smoke rating rates (so any probe repeats it)."""
    pool = tmp_path / "pool"
    shutil.copytree(GUIDELINE, pool)
    lines = (pool / "items.jsonl").read_text().splitlines()
    (pool / "items.jsonl").write_text("".join(f"{line}\n" for line in lines
                                              if '"shop-running-shoes"' in line[:60]))  # fmt: skip
    return pool
