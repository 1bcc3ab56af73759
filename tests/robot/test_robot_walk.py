"""The rater's walk (scenario.py) on every guideline sample batch and an imported one, at
three screen sizes, light and dark, across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from record import BatchFacts
from robot_kit import REPO
from scenario import guideline_walk

SAMPLES = REPO / "sample_batches"
WALKS = [  # (batch, size, theme): every size sees both themes, every batch two sizes
    ("standardweb-runs", "1366x768", "light"),
]


@pytest.mark.timeout(180)
@pytest.mark.parametrize(("batch", "size", "theme"), WALKS)
def test_walk(make_robot, batch: str, size: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    robot = make_robot(size)
    robot.home.create_profile(robot.rater_id)
    robot.home.set_theme(theme)
    facts = BatchFacts.load(SAMPLES / batch)
    guideline_walk(robot, facts, compact=size == "853x480", label=f"{batch} {size} {theme}")
    robot.finish()
