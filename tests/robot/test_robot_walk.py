"""The rater's walk (scenario.py) on every guideline sample batch and on a batch imported
from real-shaped data, at three screen sizes, light and dark, across a restart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from record import BatchFacts
from robot_kit import REPO, Home
from scenario import guideline_walk

SAMPLES = REPO / "sample_batches"
IMPORTED = "imported:hh-pairs"  # tests/robot/data/hh-pairs.jsonl through `batch import`
# (batch, size, theme): every guideline batch at least once, every size in both themes
# together with test_robot_preference.py (1920x1080 dark, 853x480 light).
WALKS = [
    ("standardweb-runs", "1366x768", "light"),
    ("consumer-tasks", "1920x1080", "light"),
    ("assistantbench-qualification", "853x480", "dark"),
    (IMPORTED, "1366x768", "dark"),
    ("standardweb-runs", "853x480", "light"),
]
# Walks that also start the app a second time on the profile (its read-only window), in
# the normal and the compact layout, on the batch whose first item once showed file order.
READ_ONLY = {("standardweb-runs", "1366x768"), ("standardweb-runs", "853x480")}


def batch_path(name: str, tmp_path: Path) -> Path:
    if name != IMPORTED:
        return SAMPLES / name
    out = tmp_path / "imported-hh"
    home = Home(tmp_path / "import-home")
    subprocess.run([sys.executable, "-m", "rater_desktop", "batch", "import", "chosen-rejected",
                    str(Path(__file__).with_name("data") / "hh-pairs.jsonl"), "--out", str(out),
                    "--title", "Imported: helpful and harmless pairs"],
                   env=home.env({}), check=True, capture_output=True, timeout=60)
    return out


def swapping_rater(facts: BatchFacts) -> str:
    """A rater id for whom the first item shows its responses swapped: a screen in file
    order then differs from the record, so SCREEN-AB can tell them apart."""
    for number in range(64):
        rater = f"robot-{number}"
        if facts.shown_as(rater, facts.item_ids[0], "A") == 1:
            return rater
    raise AssertionError("no rater id among 64 swaps the first item")


@pytest.mark.timeout(240)
@pytest.mark.parametrize(("batch", "size", "theme"), WALKS)
def test_walk(make_robot, tmp_path: Path, batch: str, size: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    facts = BatchFacts.load(batch_path(batch, tmp_path))
    robot = make_robot(size, rater_id=swapping_rater(facts))
    robot.home.create_profile(robot.rater_id)
    robot.home.set_theme(theme)
    guideline_walk(robot, facts, compact=size == "853x480", label=f"{batch} {size} {theme}",
                   read_only=(batch, size) in READ_ONLY)
    robot.finish()
