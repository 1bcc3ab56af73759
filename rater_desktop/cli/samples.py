"""``rater-desktop samples``: list the bundled sample batches or copy them to a folder."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import EXIT_FAILED, EXIT_OK


def register(subparsers: Any) -> None:
    samples = subparsers.add_parser(
        "samples",
        help="list or copy the bundled sample batches",
        description="Without options, list the sample batches that ship with the app. "
        "--copy DIR copies them into DIR (created if missing; existing batches are kept).",
    )
    samples.add_argument("--copy", type=Path, metavar="DIR", help="copy the samples into DIR")
    samples.set_defaults(handler=run_samples)


def _bundled() -> list[Path]:
    from rater_desktop.paths import sample_batches_dir

    root = sample_batches_dir()
    if root is None:
        return []
    return sorted(p for p in root.iterdir() if (p / "batch.json").is_file())


def run_samples(args: argparse.Namespace) -> int:
    batches = _bundled()
    if not batches:
        print("error: this installation has no sample batches.", file=sys.stderr)
        return EXIT_FAILED
    if args.copy is None:
        for batch in batches:
            print(f"{batch.name}\t{batch}")
        return EXIT_OK
    target = Path(args.copy)
    try:
        target.mkdir(parents=True, exist_ok=True)
        for batch in batches:
            destination = target / batch.name
            if destination.exists():
                print(f"kept {destination} (already there)")
                continue
            # symlinks=False: a copied sample never points back into the installation.
            shutil.copytree(batch, destination, symlinks=False)
            print(f"copied {destination}")
    except OSError as exc:
        print(f"error: cannot copy the samples to {target}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
