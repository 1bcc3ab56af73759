"""The run audit protocol's parts, registered under ``run-audit``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.protocols import Applier, RatingProtocol, ScriptedLineError, register
from rater_desktop.protocols.single_report import (
    refused_flags,
    verified_documents,
    write_protocol_report,
)
from rater_desktop.run_audit import learning
from rater_desktop.run_audit.collect import collect_protocol_export

EXIT_NO_VALID, EXIT_MIXED = 1, 2


def collect_export(*, manifest: Any, items: Any, store: Any, rater_id: str, rubric: Any,
                   include_incomplete: bool) -> tuple[list[Any], list[str], dict[str, Any]]:
    """Records, ids left out and ``protocol`` of a run audit batch."""
    del rater_id, rubric  # one run per item: no display order; no rubric
    return collect_protocol_export(manifest=manifest, items=items, store=store,
                                   include_incomplete=include_incomplete)


def scripted(batch: Any, rater_id: str, complete: bool) -> Applier:
    """'rate': each audit goes through RA-1..RA-5 and the reveal order, as in the window."""
    from rater_desktop.run_audit.scripted import ScriptedRunAuditError, apply_scripted_run_audit

    del batch, rater_id

    def apply(document: Any, item: Any, where: str) -> Any:
        try:
            return apply_scripted_run_audit(document, item=item, complete=complete, where=where)
        except ScriptedRunAuditError as exc:
            raise ScriptedLineError(str(exc)) from exc

    return apply


def qa_report(args: argparse.Namespace, batch: Any, roster: Any, report_format: str) -> int:
    """'qa report' of a run audit batch: RA-6 scores and the agreement figures."""
    if refused_flags(args, ("--plan", "--store", "--by"), report="run audit"):
        return EXIT_MIXED
    documents = verified_documents(args.results, batch_path=args.batch, roster=roster,
                                   protocol=RUN_AUDIT, foreign="{path} does not hold run audits.")
    if documents is None:
        return EXIT_MIXED
    if not documents:
        print("No valid results file signed by a rater in the roster: no report written.")
        return EXIT_NO_VALID
    return _write(args, batch, documents, report_format)


def _write(args: argparse.Namespace, batch: Any, documents: list[dict[str, Any]],
           report_format: str) -> int:  # fmt: skip
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.run_audit.report import render
    from rater_desktop.run_audit.review import batch_figures

    try:
        # The same function the QA window uses, so both show the same figures.
        found = batch_figures(documents, batch=batch)
    except BatchError as exc:
        print(f"error: the batch has an item that cannot be read: {exc}", file=sys.stderr)
        return EXIT_NO_VALID
    return write_protocol_report(
        args.out, render(found, title=batch.manifest.title, report_format=report_format),
        report_format=report_format, protocol="run audit", files=len(documents))


PROTOCOL = register(RatingProtocol(
    name=RUN_AUDIT, collect_export=collect_export, scripted=scripted, verdicts=None,
    qa_report=qa_report, guideline_results=False, metadata_fields=False,
    answers=learning.answers, describe=learning.describe, gold_passed=learning.gold_passed))
