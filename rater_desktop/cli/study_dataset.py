"""``rater-desktop study export-dataset``: the adjudicated consensus as training data.

Exit status: 0 written; 1 a results file or the decisions were left out (nothing is
written: a dataset must never silently lack a rater), or nothing to write; 2 usage error.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import EXIT_FAILED, EXIT_OK, CliError, reporting_errors
from rater_desktop.wording import counted


def register_dataset(actions: Any) -> None:
    export = actions.add_parser(
        "export-dataset", help="chosen/rejected JSONL and a per-judgment CSV from signed exports",
        description="Verify RESULTS against the roster (and the plan's per-rater batches of "
        "POOL), take each rater's latest export, and write OUT/pairs.jsonl (one line per item: "
        "chosen, rejected, margin = |mean verdict score|, or QA's corrected verdict) and "
        "OUT/judgments.csv (one row per judgment), each row naming the signed file it came from.")
    export.add_argument("results", nargs="+", type=Path, help="NAME.results.json files")
    export.add_argument("--batch", required=True, type=Path, help="the pool batch")
    export.add_argument("--allowed-signers", required=True, type=Path, help="the rater roster")
    export.add_argument("--plan", type=Path, help="study.json: accept its per-rater batches")
    export.add_argument("--owners", type=Path, help="with --plan: the study owners roster")
    export.add_argument("--decisions", type=Path, help="a signed NAME.qa-decisions.json")
    export.add_argument("--qa-leads", type=Path, help="with --decisions: the QA-lead roster")
    export.add_argument("--keep-ties", action="store_true", help="keep items whose consensus is a tie")
    export.add_argument("--out", required=True, type=Path, help="folder for the two files")
    export.set_defaults(handler=run_export_dataset)


def _accepted_batches(args: argparse.Namespace, pool_sha: str) -> set[str]:
    if args.plan is None:
        return {pool_sha}
    from rater_desktop.study.document import load_owners, read_signed_plan
    from rater_desktop.study.plan import PlanError

    try:
        plan = read_signed_plan(args.plan, owners=load_owners(args.owners))
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    if plan["pool"]["sha256"] != pool_sha:
        raise CliError(f"the plan {args.plan} was made from another pool than {args.batch}")
    return {pool_sha, *(str(e["batch_sha256"]) for e in plan["raters"])}


def _verified(args: argparse.Namespace, accepted: set[str]) -> list[tuple[bytes, dict[str, Any]]]:
    from rater_desktop.results.verify import verify_results_file
    from rater_desktop.signing.allowed_signers import AllowedSignersError, load_allowed_signers

    try:
        roster = load_allowed_signers(args.allowed_signers)
    except AllowedSignersError as exc:
        raise CliError(str(exc)) from exc
    found, left_out = [], 0
    for path in args.results:
        outcome = verify_results_file(results_path=path, allowed_signers=roster)
        batch = str(((outcome.document or {}).get("batch") or {}).get("sha256", ""))
        if not outcome.ok or outcome.document is None or batch not in accepted:
            reason = outcome.message if outcome.ok is False else "for a batch not in this study"
            print(f"left out {path}: {reason}", file=sys.stderr)
            left_out += 1
            continue
        found.append((path.read_bytes(), outcome.document))
    if left_out:
        raise CliError(f"{counted(left_out, 'results file')} left out; no dataset written "
                       "(it would lack their judgments).")  # fmt: skip
    return found


def _decisions(args: argparse.Namespace, accepted: set[str]) -> dict[str, Any]:
    if args.decisions is None:
        return {}
    from rater_desktop.feedback.decisions_file import FeedbackError, load_qa_leads, read_decisions
    from rater_desktop.study.dataset import Adjudication

    try:
        verified = read_decisions(args.decisions, qa_leads=load_qa_leads(args.qa_leads))
    except FeedbackError as exc:
        raise CliError(str(exc)) from exc
    if str(verified.document["batch"]["sha256"]).lower() not in accepted:
        raise CliError(f"{args.decisions.name} is about another batch than this study's")
    found = {}
    for entry in verified.document["decisions"]:
        score = entry.get("corrected_verdict_score")
        found[entry["item_id"]] = Adjudication(
            decision=entry["decision"], corrected_score=score if isinstance(score, int) else None,
            decisions_sha256=verified.sha256, reviewer_id=verified.reviewer_id)  # fmt: skip
    return found


def _verdict_readers(protocol: str, items: list[Any]) -> Callable[[dict[str, Any]], list[tuple[str, int, str]]]:
    """Each protocol's own reading of a verified results document (score per item)."""
    from rater_desktop import protocols

    try:
        readers = protocols.get(protocol).verdicts
    except protocols.ProtocolError as exc:
        raise CliError(f"the pool's protocol: {exc}") from exc
    if readers is None:
        raise CliError(f"the pool uses the {protocol} protocol, which export-dataset cannot read")
    return readers(items)


@reporting_errors
def run_export_dataset(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.batch.learning import turn_dicts
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.study.dataset import (
        PairSource,
        build_dataset,
        judgments_of,
        latest_per_rater,
        write_dataset,
    )

    try:
        with open_batch(args.batch) as batch:
            items = [batch.item(e.item_id) for e in batch.index if e.kind == "standard"]
            protocol = batch.manifest.protocol
        pool_sha = batch_sha256(args.batch)
    except BatchError as exc:
        raise CliError(f"Cannot read the pool {args.batch}: {exc}") from exc
    accepted = _accepted_batches(args, pool_sha)
    verified = _verified(args, accepted)
    decisions = _decisions(args, accepted)
    read_verdicts = _verdict_readers(protocol, items)
    judgments = [j for sha, document in latest_per_rater(verified)
                 for j in judgments_of(document, file_sha256=sha, verdicts=read_verdicts(document))]  # fmt: skip
    sources = {item.id: PairSource(prompt=item.prompt,
                                   texts=(item.responses[0].text, item.responses[1].text),
                                   identities=(item.responses[0].identity, item.responses[1].identity),
                                   conversation=tuple(turn_dicts(item.conversation)))
               for item in items}  # fmt: skip
    dataset = build_dataset(sources=sources, judgments=judgments, decisions=decisions, keep_ties=args.keep_ties)
    if not dataset.pairs:
        raise CliError("No item has a consensus to write.")
    try:
        pairs_path, csv_path = write_dataset(dataset, args.out)
    except OSError as exc:
        raise CliError(f"Cannot write the dataset into {args.out}: {exc.strerror or exc}") from exc
    reasons: dict[str, int] = {}
    for why in dataset.left_out.values():
        reasons[why] = reasons.get(why, 0) + 1
    adjudicated = sum(1 for p in dataset.pairs if p["basis"] == "adjudicated")
    print(f"Wrote {len(dataset.pairs)} pairs ({adjudicated} adjudicated) to {pairs_path} and "
          f"{len(dataset.judgments)} judgments from {counted(len(verified), 'signed file')} "
          f"to {csv_path}")
    if reasons:
        print("Left out: " + ", ".join(f"{n} {why}" for why, n in sorted(reasons.items())))
    digest = hashlib.sha256(pairs_path.read_bytes()).hexdigest()
    print(f"SHA-256 of {pairs_path.name}: {digest}")
    return EXIT_OK if dataset.pairs else EXIT_FAILED
