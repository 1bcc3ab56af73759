"""The protocol seam of ``rater-desktop qa report``: results of mixed protocols are
refused; preference batches get the preference figures (``rater_desktop.preference``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_NO_VALID, EXIT_MIXED = 0, 1, 2
MAX_RESULTS_BYTES = 256 * 1024 * 1024


def _declared_protocol(path: Path) -> str | None:
    """The protocol a results file names (unverified; only to refuse mixed sets early)."""
    try:
        if path.stat().st_size > MAX_RESULTS_BYTES:
            return None
        document = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None  # verification reports the file properly
    if not isinstance(document, dict):
        return None
    value = document.get("protocol", "guideline")
    return value if isinstance(value, str) else None


def protocol_report(args: argparse.Namespace, batch: Any, roster: Any, *,
                    report_format: str) -> int | None:  # fmt: skip
    """Handle the report when protocols are mixed or the batch is a preference batch;
    None lets the guideline report run. ``report_format`` is the guideline report's choice
    (from --format or the file name), so both protocols name formats alike."""
    from rater_desktop.preference.stats import MixedProtocolError, check_one_protocol

    named = [(str(p), {"protocol": proto}) for p in args.results
             if (proto := _declared_protocol(Path(p))) is not None]
    try:
        check_one_protocol(named)
    except MixedProtocolError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_MIXED
    if getattr(batch.manifest, "protocol", "guideline") != "preference":
        if any(doc["protocol"] == "preference" for _, doc in named):
            print("error: these results are preference judgments but the batch "
                  f"{args.batch} uses the guideline protocol; give the batch they were "
                  "rated on.", file=sys.stderr)
            return EXIT_MIXED
        return None
    unsupported = [flag for flag, value in (("--plan", getattr(args, "plan", None)),
                                            ("--store", getattr(args, "store", None))) if value]
    if unsupported:  # said, not silently ignored
        verb = "work" if len(unsupported) > 1 else "works"
        print(f"error: {' and '.join(unsupported)} {verb} on guideline batches only; the "
              "preference report reads the given files directly.", file=sys.stderr)
        return EXIT_MIXED
    return _preference_report(args, batch, roster, report_format)


def _preference_report(args: argparse.Namespace, batch: Any, roster: Any,
                       report_format: str) -> int:  # fmt: skip
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.preference.report import render
    from rater_desktop.preference.stats import gold_choices, preference_figures
    from rater_desktop.qa_review.report import write_report
    from rater_desktop.results.verify import verify_results_file
    from rater_desktop.signing.atomic_files import AtomicWriteError

    sha = batch_sha256(args.batch)
    documents = []
    signers = roster.signers()
    for path in args.results:
        outcome = verify_results_file(results_path=Path(path), allowed_signers=signers,
                                      batch_sha256=sha)
        print(f"{'OK' if outcome.ok else 'SKIPPED'} {path}: {outcome.message}")
        if outcome.ok and outcome.document is not None:
            if outcome.document.get("protocol") != "preference":
                print(f"error: {path} holds guideline ratings, not preference judgments.",
                      file=sys.stderr)
                return EXIT_MIXED
            documents.append(outcome.document)
    if not documents:
        print("No valid results file signed by a rater in the roster: no report written.")
        return EXIT_NO_VALID
    items = [batch.item(entry.item_id) for entry in batch.index]
    threshold = batch.manifest.rubric.get("SD-4", {})
    figures = preference_figures(
        documents, gold=gold_choices(items),
        threshold=(int(threshold.get("pass_threshold", 8)), int(threshold.get("out_of", 10))),
        question=getattr(args, "by", None), raters_per_item=args.raters_per_item,
        hourly_wage=args.wage, platform_fee=args.fee)
    try:
        write_report(args.out, render(figures, title=batch.manifest.title,
                                      report_format=report_format))
    except AtomicWriteError as exc:
        print(f"error: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_NO_VALID
    print(f"Report written to {args.out} ({report_format}; preference protocol; "
          f"{len(documents)} file(s)).")
    return EXIT_OK
