"""A new rater's first start: the first-run dialog, and Esc on it (COVERED-ESC)."""

from __future__ import annotations

import pytest
from invariants import check_no_response_reachable, cover_rect
from record import BatchFacts
from robot_kit import REPO

FIRST_RUN_TITLE = "Welcome to Rater Desktop"


@pytest.mark.timeout(120)
@pytest.mark.parametrize("batch", ["standardweb-runs"])
def test_esc_on_first_run_dialog_keeps_the_responses_covered(make_robot, batch: str) -> None:  # type: ignore[no-untyped-def]
    """COVERED-ESC: Esc on the first-run dialog leaves a window without a profile; its
    responses must stay covered (nothing is written, so no case file either)."""
    robot = make_robot("1366x768")
    facts = BatchFacts.load(REPO / "sample_batches" / batch)
    robot.launch(facts.path)
    robot.x.wait_active(FIRST_RUN_TITLE, timeout=40)
    robot.settle()
    dialogs = []
    for _ in range(4):  # Esc on the first-run dialog, then on whatever it leads to
        robot.x.key("Escape")
        robot.settle()
        name = robot.x.active_window_name()
        if facts.title in name:
            break
        dialogs.append(name)
    robot.x.wait_active(facts.title, timeout=20)
    robot.settle()
    when = "COVERED-ESC: after Esc on the first-run dialog" + (
        f" and on {', '.join(repr(d) for d in dialogs)}" if dialogs else "")
    rect = cover_rect(robot, when, hard=False)
    if rect is not None:
        check_no_response_reachable(robot, facts, rect, compact=False,
                                    when=when)
    robot.quit()
    robot.finish()
