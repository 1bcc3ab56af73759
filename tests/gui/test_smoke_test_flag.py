"""`rater-desktop open BATCH --smoke-test`: paints, opens the batch, quits by itself (frozen-build check).

Run as a separate process, as the package test runs it: the smoke test owns its
QApplication's event loop and must not leave a window behind in the test process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rater_desktop.cli import build_parser

BATCH = Path(__file__).resolve().parents[2] / "sample_batches" / "consumer-tasks"


def _smoke(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "RATER_DESKTOP_HOME": str(tmp_path / "rd")}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "rater_desktop", *argv], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_smoke_test_opens_the_batch_and_quits(tmp_path: Path) -> None:
    result = _smoke(tmp_path, "open", str(BATCH), "--smoke-test")
    assert result.returncode == 0, result.stderr
    assert "smoke test: window painted, opened sample-consumer-tasks" in result.stdout


def test_smoke_test_without_a_batch_fails(tmp_path: Path) -> None:
    result = _smoke(tmp_path, "open", "--smoke-test")
    assert result.returncode == 1 and "FAILED" in result.stderr


def test_smoke_test_flag_is_on_the_command_line() -> None:
    args = build_parser().parse_args(["open", str(BATCH), "--smoke-test"])
    assert args.smoke_test is True


def test_smoke_test_on_an_invalid_batch_fails_at_once_with_the_problem(tmp_path: Path) -> None:
    broken = BATCH.parent / "broken" / "duplicate-id"
    result = _smoke(tmp_path, "open", str(broken), "--smoke-test")
    # It used to wait 60 s on a dialog nobody could close, then blame the paint (exit 3).
    assert result.returncode == 1
    assert "Cannot open batch" in result.stderr and "did not paint" not in result.stderr
