"""Shared fixtures: every test runs with temporary app folders and an in-memory keyring."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.leak_guard import LeakGuard
from tests.openssh import REQUIRE_OPENSSH_ENV


def pytest_sessionstart(session: pytest.Session) -> None:
    """Where OpenSSH is required (CI installs it), its interoperability tests may not skip."""
    if os.environ.get(REQUIRE_OPENSSH_ENV) == "1" and shutil.which("ssh-keygen") is None:
        raise pytest.UsageError(f"ssh-keygen is missing but {REQUIRE_OPENSSH_ENV}=1: the "
                                "OpenSSH interoperability tests would be skipped")

# The rater robot (tests/robot) drives the real app under its own Xvfb; only `make robot`
# (RATER_DESKTOP_ROBOT=1) collects it, so `make test` stays display-free and quick.
collect_ignore = [] if os.environ.get("RATER_DESKTOP_ROBOT") == "1" else ["robot"]

# Qt must never need a display in tests.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_BATCHES = REPO_ROOT / "sample_batches"


class MemoryKeyring:
    """A keyring backend that keeps secrets in a dict (tests only)."""

    priority = 1

    def __init__(self) -> None:
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.secrets.pop((service, username), None)


@pytest.fixture(autouse=True)
def isolated_app_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point every platformdirs/XDG location at a temp folder so no test touches real data."""
    root = tmp_path_factory.mktemp("appdirs")
    for var, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_STATE_HOME", "state"),
    ):
        (root / sub).mkdir()
        monkeypatch.setenv(var, str(root / sub))
    monkeypatch.setenv("HOME", str(root / "home"))
    monkeypatch.setenv("RATER_DESKTOP_HOME", str(root / "rater-desktop"))
    # No window test reads screenshots for the evidence finder unless it tests the finder
    # (tests/gui/test_evidence_finder_window.py turns it on with a fake engine).
    monkeypatch.setenv("RATER_DESKTOP_EVIDENCE_FINDER", "0")
    (root / "home").mkdir()
    yield root


@pytest.fixture(autouse=True)
def no_leftovers() -> Iterator[None]:
    """Fail a test that leaves windows open, timers running or threads busy (issue 19)."""
    guard = LeakGuard.start()
    yield
    problems = guard.finish()
    if problems:
        pytest.fail("left behind by this test: " + "; ".join(problems), pytrace=False)


@pytest.fixture
def memory_keyring() -> MemoryKeyring:
    """An in-memory keyring backend; pass it to code that takes a keyring."""
    return MemoryKeyring()


@pytest.fixture
def sample_batches_dir() -> Path:
    return SAMPLE_BATCHES
