"""Command line: ``rater-desktop [BATCH]`` opens the window; subcommands do the rest.

Each subcommand lives in its own module exposing ``register(subparsers)``; heavy imports
happen inside the handlers so ``--help`` and start-up stay fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules under rater_desktop.cli that contribute subcommands.
SUBCOMMAND_MODULES = (
    "validate", "profile", "keys", "results", "qa", "rate", "samples", "batches", "study",
    "feedback", "evidence",
)  # fmt: skip

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def app_version() -> str:
    """The installed version (from pyproject.toml via the package metadata)."""
    from rater_desktop import __version__

    return __version__


def build_parser(*, only_open: bool = False) -> argparse.ArgumentParser:
    """The full parser; ``only_open`` leaves out the other subcommands (the window's start
    does not pay their imports, ~25 ms before the first paint)."""
    parser = argparse.ArgumentParser(
        prog="rater-desktop",
        description="Rate AI browser agents side by side, offline. "
        "Without a subcommand, opens the window (optionally on BATCH).",
    )
    parser.add_argument("--profile", help="rater profile id to use (default: the last used)")
    parser.add_argument("--version", action="version", version=f"rater-desktop {app_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    open_parser = subparsers.add_parser("open", help="open the window on a batch (default)")
    open_parser.add_argument("batch", nargs="?", help="batch .zip file or folder")
    open_parser.add_argument("--qa", action="store_true", help="start in QA reviewer mode")
    open_parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="check the installation: paint the window, open the batch, then quit (exit 0 if both worked)",
    )
    open_parser.set_defaults(handler=_run_window)
    for name in () if only_open else SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"rater_desktop.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"rater_desktop.cli.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


def _run_window(args: argparse.Namespace) -> int:
    from rater_desktop.gui.app import run_app

    return run_app(
        batch=args.batch,
        profile=args.profile,
        qa_mode=getattr(args, "qa", False),
        smoke_test=getattr(args, "smoke_test", False),
    )


def _normalise_argv(argv: list[str]) -> list[str]:
    """``rater-desktop BATCH`` is short for ``rater-desktop open BATCH``."""
    known = {"open", *SUBCOMMAND_MODULES, "key", "export", "verify", "batch", "study", "-h", "--help", "--version"}
    positional = [
        (index, arg)
        for index, arg in enumerate(argv)
        if not arg.startswith("-") and (index == 0 or argv[index - 1] != "--profile")
    ]
    if any(arg in ("-h", "--help") for arg in argv[: positional[0][0] if positional else len(argv)]):
        return argv
    if positional and positional[0][1] in known:
        return argv
    insert_at = positional[0][0] if positional else len(argv)
    return [*argv[:insert_at], "open", *argv[insert_at:]]


def _opens_window(argv: list[str]) -> bool:
    """True for a plain ``open`` (no help or version asked): the start-up fast path."""
    if any(arg in ("-h", "--help", "--version") for arg in argv):
        return False
    positional = [arg for index, arg in enumerate(argv)
                  if not arg.startswith("-") and (index == 0 or argv[index - 1] != "--profile")]
    return bool(positional) and positional[0] == "open"


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    normalised = _normalise_argv(raw)
    parser = build_parser(only_open=_opens_window(normalised))
    try:
        args = parser.parse_args(normalised)
    except SystemExit as exc:
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_USAGE
    return int(handler(args))
