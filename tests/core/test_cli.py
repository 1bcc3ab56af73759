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


def test_opening_the_window_skips_the_other_subcommands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's start does not import the subcommand modules (start-up time)."""
    import rater_desktop.cli as cli

    opened: list[object] = []
    monkeypatch.setattr(cli, "_run_window", lambda args: opened.append(args.batch) or 0)

    def no_import(name: str) -> object:
        raise AssertionError(f"imported {name} on the way to the window")

    monkeypatch.setattr(cli.importlib, "import_module", no_import)
    assert main(["batch.zip"]) == 0
    assert main(["--profile", "alice", "open"]) == 0
    assert opened == ["batch.zip", None]


@pytest.mark.parametrize(("argv", "fast"), [
    (["open", "b.zip"], True), (["--profile", "open", "open"], True),
    (["open", "--help"], False), (["--version", "open"], False), (["validate", "b"], False),
    (["--profile", "open", "validate"], False)])
def test_only_a_plain_open_takes_the_short_parser(argv: list[str], fast: bool) -> None:
    from rater_desktop.cli import _opens_window

    assert _opens_window(argv) is fast
