"""TEXT-FIT: no text the rater must read is clipped, measured by the app on the real
screen (``RATER_DESKTOP_TEXT_FIT_LOG``, see rater_desktop/gui/text_fit_log.py)."""

from __future__ import annotations

from robot_kit import Robot

HEADER = "# text-fit check on"


def check_text_fit(robot: Robot, *, when: str) -> None:
    log = robot.text_fit_log
    robot.check(log.exists(), f"TEXT-FIT: {when}: the app wrote no text-fit report ({log})")
    lines = log.read_text(encoding="utf-8").splitlines()
    runs = sum(1 for line in lines if line.startswith(HEADER))
    robot.check(runs == robot.launches, f"TEXT-FIT: {when}: {runs} text-fit reports for "
                f"{robot.launches} launches ({log})")
    problems = [line for line in lines if not line.startswith("#")]
    robot.check(not problems, f"TEXT-FIT: {when}: {len(problems)} clipped texts on the real "
                "screen:\n    " + "\n    ".join(problems[:15]))
