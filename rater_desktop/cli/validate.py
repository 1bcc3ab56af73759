"""``rater-desktop validate BATCH...``: exit 0 valid, 1 invalid, 2 usage."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rater_desktop.wording import counted


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check batches and list every problem",
        description="Check one or more batches. Prints 'OK <id> <n> items' or every problem. "
        "Exit status: 0 all valid, 1 some invalid, 2 usage error.",
    )
    parser.add_argument("batches", nargs="+", metavar="BATCH", help="batch .zip file or folder")
    parser.add_argument("--deep", action="store_true", help="also decode every image")
    parser.add_argument("--quiet", action="store_true", help="do not print warnings")
    parser.set_defaults(handler=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    from rater_desktop.batch.validate import validate_batch
    from rater_desktop.rating.rubric import Rubric

    all_ok = True
    for path in args.batches:
        report = validate_batch(path, deep=args.deep, check_rubric=Rubric.problems)
        if not args.quiet:
            for warning in report.warnings:
                print(f"{path}: warning: {warning.render()}", file=sys.stderr)
        if report.ok:
            print(f"OK {report.batch_id} {report.item_count} items")
        else:
            all_ok = False
            print(f"INVALID {path}: {counted(len(report.errors), 'problem')}")
            for problem in report.errors:
                print(f"  {problem.render()}")
    return 0 if all_ok else 1
