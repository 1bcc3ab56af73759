"""The command line's argument handling (no window is opened here)."""

from __future__ import annotations

import pytest

from rater_desktop.cli import _normalise_argv, main


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["batch.zip"], ["open", "batch.zip"]),
        ([], ["open"]),
        (["--profile", "alice", "batch.zip"], ["--profile", "alice", "open", "batch.zip"]),
        (["--profile", "alice", "export", "--batch", "b"], ["--profile", "alice", "export", "--batch", "b"]),
        (["--profile=alice", "verify", "x"], ["--profile=alice", "verify", "x"]),
        (["validate", "b"], ["validate", "b"]),
        (["--help"], ["--help"]),
        (["--profile", "alice"], ["--profile", "alice", "open"]),
    ],
)
def test_batch_argument_is_short_for_open(argv: list[str], expected: list[str]) -> None:
    assert _normalise_argv(argv) == expected


def test_help_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("validate", "open"):
        assert command in out


def test_unknown_option_is_usage_error() -> None:
    assert main(["validate", "--no-such-option", "x"]) == 2
