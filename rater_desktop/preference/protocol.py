"""The preference protocol's parts, registered under ``preference``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rater_desktop.batch.protocol import PREFERENCE
from rater_desktop.preference import learning
from rater_desktop.preference.collect import collect_protocol_export
from rater_desktop.preference.model import PREFERENCE_FAST_ITEM_SECONDS
from rater_desktop.protocols import Applier, RatingProtocol, ScriptedLineError, register
from rater_desktop.protocols.single_report import (
    refused_flags,
    verified_documents,
    write_protocol_report,
)

EXIT_NO_VALID, EXIT_MIXED = 1, 2


def collect_export(*, manifest: Any, items: Any, store: Any, rater_id: str, rubric: Any,
                   include_incomplete: bool) -> tuple[list[Any], list[str], dict[str, Any]]:
    """Records, ids left out, ``protocol`` and ``survey`` of a preference batch."""
    del rubric  # the preference protocol has no rubric
    return collect_protocol_export(manifest=manifest, items=items, store=store,
                                   rater_id=rater_id, include_incomplete=include_incomplete)


def scripted(batch: Any, rater_id: str, complete: bool) -> Applier:
    """'rate': each judgment goes through PR-1/PR-2, as in the window."""
    from rater_desktop.preference.scripted import ScriptedPreferenceError, apply_scripted_preference

    settings = batch.manifest.preference

    def apply(document: Any, item: Any, where: str) -> Any:
        try:
            return apply_scripted_preference(document, item=item, settings=settings,
                                             complete=complete, where=where)  # fmt: skip
        except ScriptedPreferenceError as exc:
            raise ScriptedLineError(str(exc)) from exc

    return apply


def verdicts(items: list[Any]) -> Callable[[dict[str, Any]], list[tuple[str, int, str]]]:
    """'study export-dataset': the choice per item of a preference results document."""
    from rater_desktop.preference.dataset import preference_verdicts

    identities = {item.id: (item.responses[0].identity, item.responses[1].identity)
                  for item in items}
    return lambda document: preference_verdicts(document, identities)


def qa_report(args: argparse.Namespace, batch: Any, roster: Any, report_format: str) -> int:
    """'qa report' of a preference batch: the preference figures of the verified files."""
    if refused_flags(args, ("--plan", "--store"), report="preference"):
        return EXIT_MIXED
    return _preference_report(args, batch, roster, report_format)


def _preference_report(args: argparse.Namespace, batch: Any, roster: Any,
                       report_format: str) -> int:  # fmt: skip
    from rater_desktop.preference.report import render, unsure_of
    from rater_desktop.preference.review import CostInputs, batch_figures
    from rater_desktop.qa_review.report_unsure import only_unsure_documents
    from rater_desktop.qa_review.retest_inputs import batch_retest

    documents = verified_documents(
        args.results, batch_path=args.batch, roster=roster, protocol=PREFERENCE,
        foreign="{path} holds guideline ratings, not preference judgments.")
    if documents is None:
        return EXIT_MIXED
    if not documents:
        print("No valid results file signed by a rater in the roster: no report written.")
        return EXIT_NO_VALID
    unsure = unsure_of(documents)  # the per-rater figure counts every judged item
    retest = batch_retest(documents, batch)  # every probe, whatever --unsure-only keeps
    if getattr(args, "unsure_only", False):
        documents = only_unsure_documents(documents)
    # The same function the QA window uses, so both show the same figures.
    figures = batch_figures(documents, batch=batch, question=getattr(args, "by", None),
                            cost=CostInputs(hourly_wage=args.wage, platform_fee=args.fee,
                                            raters_per_item=args.raters_per_item))
    text = render(figures, title=batch.manifest.title, report_format=report_format,
                  unsure=unsure, retest=retest)
    return write_protocol_report(args.out, text, report_format=report_format,
                                 protocol="preference", files=len(documents))


PROTOCOL = register(RatingProtocol(
    name=PREFERENCE, collect_export=collect_export, scripted=scripted, verdicts=verdicts,
    qa_report=qa_report, guideline_results=False, metadata_fields=False,
    answers=learning.answers, describe=learning.describe, gold_passed=learning.gold_passed,
    fast_item_seconds=PREFERENCE_FAST_ITEM_SECONDS))
