"""The protocol seam of ``rater-desktop qa report``: results of mixed protocols are
refused; preference batches get the preference figures (``rater_desktop.preference``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_NO_VALID, EXIT_MIXED = 0, 1, 2


def protocol_report(args: argparse.Namespace, batch: Any, roster: Any, *,
                    report_format: str) -> int | None:  # fmt: skip
    """Handle the report when protocols are mixed or the batch is a preference batch;
    None lets the guideline report run. ``report_format`` is the guideline report's choice
    (from --format or the file name), so both protocols name formats alike."""
    from rater_desktop.preference.stats import MixedProtocolError, check_one_protocol
    from rater_desktop.qa_review.preference_review import declared_protocol

    named = [(str(p), {"protocol": proto}) for p in args.results
             if (proto := declared_protocol(Path(p))) is not None]
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
    from rater_desktop.qa_review.preference_review import CostInputs, batch_figures
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
    # The same function the QA window uses, so both show the same figures.
    figures = batch_figures(documents, batch=batch, question=getattr(args, "by", None),
                            cost=CostInputs(hourly_wage=args.wage, platform_fee=args.fee,
                                            raters_per_item=args.raters_per_item))
    try:
        write_report(args.out, render(figures, title=batch.manifest.title,
                                      report_format=report_format))
    except AtomicWriteError as exc:
        print(f"error: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_NO_VALID
    print(f"Report written to {args.out} ({report_format}; preference protocol; "
          f"{len(documents)} file(s)).")
    return EXIT_OK
