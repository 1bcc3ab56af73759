"""Fixtures of the rater robot: an X session per screen size, a fresh home per test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from robot_kit import Home, Robot  # noqa: E402
from xsession import XSession  # noqa: E402

SIZES = {"1366x768": (1366, 768), "1920x1080": (1920, 1080), "853x480": (853, 480)}
_sessions: dict[str, XSession] = {}


@pytest.fixture(scope="session")
def x_sessions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, XSession]]:
    """Xvfb + openbox per screen size, started on first use and stopped at the end."""
    yield _sessions
    for session in _sessions.values():
        session.stop()
    _sessions.clear()


def session_for(size: str, sessions: dict[str, XSession], workdir: Path) -> XSession:
    if size not in sessions:
        width, height = SIZES[size]
        sessions[size] = XSession(width, height, workdir).start()
    return sessions[size]


@pytest.fixture
def make_robot(x_sessions: dict[str, XSession], tmp_path: Path,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator:  # type: ignore[type-arg]
    """``make_robot(size)``: a Robot on that screen, a fresh home under the test's tmp dir."""
    robots: list[Robot] = []
    xdir = tmp_path_factory.getbasetemp()

    def make(size: str = "1366x768", rater_id: str = "robot") -> Robot:
        home = Home(tmp_path / f"home{len(robots)}")
        evidence = tmp_path / "evidence"
        evidence.mkdir(exist_ok=True)
        robot = Robot(session_for(size, x_sessions, xdir), home, evidence, rater_id=rater_id)
        robots.append(robot)
        return robot

    yield make
    for robot in robots:
        robot.stop()
