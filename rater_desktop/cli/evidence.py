"""``rater-desktop evidence read IMAGE...``: the words the evidence finder reads in
screenshots, with the bundled models, offline. For checking an installation (the frozen
app's smoke test runs it) and for seeing what the finder saw."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import EXIT_FAILED, EXIT_OK

MAX_IMAGE_BYTES = 64 * 1024 * 1024


def register(subparsers: Any) -> None:
    evidence = subparsers.add_parser(
        "evidence", help="the evidence finder's text recognition",
        description="read: print the words the evidence finder recognizes in each image "
        "(PNG, JPEG or WebP), read on this computer with the models shipped in the app.")
    actions = evidence.add_subparsers(dest="evidence_command", metavar="ACTION", required=True)
    read = actions.add_parser("read", help="print the words recognized in each image")
    read.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    read.set_defaults(handler=run_read)


def run_read(args: argparse.Namespace) -> int:
    from rater_desktop.batch.images import ImageProblem
    from rater_desktop.evidence.ocr_engine import OcrEngine, availability
    from rater_desktop.evidence.scan import decode_rgb

    ready = availability()
    if not ready.ok:
        print(f"error: {ready.message}", file=sys.stderr)
        return EXIT_FAILED
    engine = OcrEngine(threads=2)
    failed = False
    for path in args.images:
        try:
            if path.stat().st_size > MAX_IMAGE_BYTES:
                raise ImageProblem(f"{path.name} is larger than 64 MiB")
            rgb = decode_rgb(path.read_bytes(), path.name)
        except (OSError, ImageProblem) as exc:
            print(f"error: {path}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}",
                  file=sys.stderr)
            failed = True
            continue
        start = time.perf_counter()
        result = engine.recognize(rgb)
        seconds = time.perf_counter() - start
        print(f"{path}: {len(result.words)} words in {seconds:.1f} s: {result.text()}")
    return EXIT_FAILED if failed else EXIT_OK
