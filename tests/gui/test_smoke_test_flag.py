"""`rater-desktop open BATCH --smoke-test`: paints, opens the batch, quits by itself (frozen-build check)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rater_desktop.cli import build_parser
from rater_desktop.gui.app import run_app

BATCH = Path(__file__).resolve().parents[2] / "sample_batches" / "consumer-tasks"


def test_smoke_test_opens_the_batch_and_quits(qtbot: QtBot, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(batch=str(BATCH), profile=None, qa_mode=False, smoke_test=True) == 0
    assert "smoke test: window painted, opened" in capsys.readouterr().out


def test_smoke_test_without_a_batch_fails(qtbot: QtBot, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_app(batch=None, profile=None, qa_mode=False, smoke_test=True) == 1
    assert "FAILED" in capsys.readouterr().err


def test_smoke_test_flag_is_on_the_command_line() -> None:
    args = build_parser().parse_args(["open", str(BATCH), "--smoke-test"])
    assert args.smoke_test is True
