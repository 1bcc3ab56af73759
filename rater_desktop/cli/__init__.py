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
SUBCOMMAND_MODULES = ("validate", "profile", "keys", "results", "qa")

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rater-desktop",
        description="Rate AI browser agents side by side, offline. "
        "Without a subcommand, opens the window (optionally on BATCH).",
    )
    parser.add_argument("--profile", help="rater profile id to use (default: the last used)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    open_parser = subparsers.add_parser("open", help="open the window on a batch (default)")
    open_parser.add_argument("batch", nargs="?", help="batch .zip file or folder")
    open_parser.add_argument("--qa", action="store_true", help="start in QA reviewer mode")
    open_parser.set_defaults(handler=_run_window)
    for name in SUBCOMMAND_MODULES:
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

    return run_app(batch=args.batch, profile=args.profile, qa_mode=getattr(args, "qa", False))


def _normalise_argv(argv: list[str]) -> list[str]:
    """``rater-desktop BATCH`` is short for ``rater-desktop open BATCH``."""
    known = {"open", *SUBCOMMAND_MODULES, "key", "export", "verify", "-h", "--help"}
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


def main(argv: Sequence[str] | None = None) -> int:
    raw = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(_normalise_argv(raw))
    except SystemExit as exc:
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_USAGE
    return int(handler(args))
