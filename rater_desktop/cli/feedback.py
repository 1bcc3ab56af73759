"""The loop back to the rater on the command line.

``rater-desktop qa decisions``: a QA reviewer's decisions (a JSON Lines file) recorded
over the raters' verified results and written as a signed NAME.qa-decisions.json.
``rater-desktop feedback import | queue``: the rater takes a signed decisions file
(checked against the QA-lead roster) and sees the rework queue.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import (
    EXIT_OK,
    CliError,
    current_profile,
    data_dir,
    reporting_errors,
)
from rater_desktop.wording import counted

MAX_DECIDE_BYTES = 16 * 1024 * 1024


def register(subparsers: Any) -> None:
    feedback = subparsers.add_parser("feedback", help="QA feedback on your ratings: import it, see what to rework")
    actions = feedback.add_subparsers(dest="feedback_command", metavar="ACTION", required=True)
    take = actions.add_parser("import", help="take a signed NAME.qa-decisions.json for BATCH",
                              description="Verify DECISIONS (+ .sig) against the QA-lead roster and "
                              "keep the items it asks you to rework; prints the rework queue.")  # fmt: skip
    take.add_argument("decisions", type=Path)
    take.add_argument("--batch", required=True, type=Path, help="the batch you rated")
    take.add_argument("--qa-leads", type=Path, help="allowed_signers file of QA leads "
                      "(default: feedback/qa_leads in the app data folder)")  # fmt: skip
    take.set_defaults(handler=run_import)
    queue = actions.add_parser("queue", help="the items QA asked you to rework in BATCH")
    queue.add_argument("--batch", required=True, type=Path)
    queue.set_defaults(handler=run_queue)


def register_qa_decisions(commands: Any) -> None:
    """``qa decisions`` (called from the qa command's registration)."""
    decide = commands.add_parser(
        "decisions", help="record decisions over verified results; write them signed",
        description="Verify RESULTS as 'qa report' does, record one decision per line of "
        "--decide ({item_id, decision: accept|needs_fix|reject, note, corrected_verdict}; a note "
        "may open with @rater and [field]), then write OUT.qa-decisions.json signed by your key.")
    decide.add_argument("results", nargs="+", type=Path)
    decide.add_argument("--batch", required=True, type=Path, help="the batch (a study's pool)")
    decide.add_argument("--decide", required=True, type=Path, help="JSON Lines of decisions")
    decide.add_argument("--out", required=True, type=Path)
    decide.add_argument("--allowed-signers", type=Path, help="the rater roster")
    decide.add_argument("--plan", type=Path, help="study.json whose per-rater batches to accept")
    decide.add_argument("--owners", type=Path, help="with --plan: the study owners roster")
    decide.add_argument("--store", metavar="PATH_OR_URL", help="the QA store (as for 'qa report')")
    decide.set_defaults(handler=run_decisions)


def _decide_lines(path: Path) -> list[dict[str, Any]]:
    try:
        if path.stat().st_size > MAX_DECIDE_BYTES:
            raise CliError(f"{path} is larger than {MAX_DECIDE_BYTES // 2**20} MiB.")
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CliError(f"Cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not UTF-8 text.") from exc
    found = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError as exc:
            raise CliError(f"{path} line {number}: not valid JSON.") from exc
        if not isinstance(entry, dict) or not isinstance(entry.get("item_id"), str):
            raise CliError(f"{path} line {number}: expected an object with an item_id.")
        found.append(entry)
    return found


@reporting_errors
def run_decisions(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.cli.keys import profile_private_key
    from rater_desktop.cli.qa_inputs import open_store, plan_batches, qa_roster
    from rater_desktop.qa_review.adjudication import AdjudicationError
    from rater_desktop.qa_review.roster import RosterError
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.results.document import RaterInfo

    profile = current_profile(args)
    decisions = _decide_lines(args.decide)
    try:
        roster = qa_roster(args)
        roster.signers()
        batch = open_batch(args.batch)
    except (RosterError, FileNotFoundError, BatchError) as exc:
        raise CliError(str(exc)) from exc
    with batch:
        try:
            accepted, placements = plan_batches(args, batch)
            store = open_store(args)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
        with store:
            session = QaSession(store=store, roster=roster, batch=batch, reviewer_id=profile.rater_id,
                                same_items_batches=accepted, item_aliases=placements)  # fmt: skip
            session.import_results(args.results)
            if not session.used_files():
                raise CliError("No valid results file signed by a rater in the roster.")
            try:
                for entry in decisions:
                    session.adjudication(entry["item_id"])  # decide knowingly over any earlier one
                    session.set_adjudication(entry["item_id"], decision=str(entry.get("decision")),
                                             note=str(entry.get("note", "")),
                                             corrected_verdict=entry.get("corrected_verdict"))  # fmt: skip
                info = RaterInfo(rater_id=profile.rater_id, display_name=profile.display_name,
                                 public_key=profile.public_key, fingerprint=profile.fingerprint)  # fmt: skip
                files = session.export_decisions(out_path=args.out, reviewer=info,
                                                 private_key=profile_private_key(profile))  # fmt: skip
            except AdjudicationError as exc:
                raise CliError(str(exc)) from exc
            used = len(session.used_files())  # the store answers this: ask before it closes
    print(f"Recorded {counted(len(decisions), 'decision')} over {counted(used, 'results file')}; "
          f"wrote {files.results_path} (SHA-256 {files.results_sha256})")  # fmt: skip
    return EXIT_OK


def _print_queue(queue: list[Any]) -> None:
    for item in queue:
        field = f" [{item.field}]" if item.field else ""
        fix = f" (QA's answer: {item.corrected_verdict})" if item.corrected_verdict else ""
        print(f"  {item.item_id}: {item.decision}{field} {item.note}{fix} -> revision {item.revision}")
    print(f"{counted(len(queue), 'item')} to rework.")


@reporting_errors
def run_import(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.feedback.decisions_file import FeedbackError, load_qa_leads, read_decisions
    from rater_desktop.feedback.rework import rework_items, saved_rework, with_rework
    from rater_desktop.storage.profile import open_profile_store
    from rater_desktop.storage.window_lock import window_holds_profile

    profile = current_profile(args)
    if window_holds_profile(data_dir() / "profiles" / profile.rater_id):
        raise CliError(f"Rater Desktop is open for rater {profile.rater_id!r}: use File > Import "
                       "QA feedback there, or close the window first.")  # fmt: skip
    try:
        verified = read_decisions(args.decisions, qa_leads=load_qa_leads(args.qa_leads))
        with open_batch(args.batch) as batch:
            order, key = [e.item_id for e in batch.index], batch.manifest.batch_id
        sha = batch_sha256(args.batch)
    except (FeedbackError, BatchError) as exc:
        raise CliError(str(exc)) from exc
    store = open_profile_store(profile.rater_id, data_dir=data_dir())
    try:
        state = store.load_batch_state(key)
        try:
            queue = rework_items(verified, rater_id=profile.rater_id, fingerprint=profile.fingerprint,
                                 batch_sha256=sha, item_ids=order, previous=saved_rework(state))  # fmt: skip
        except FeedbackError as exc:
            raise CliError(str(exc)) from exc
        store.save_batch_state(key, with_rework(state, queue, order))
        store.flush()
    finally:
        store.close()
    print(f"QA feedback by {verified.reviewer_id} ({verified.fingerprint}) verified.")
    _print_queue(queue)
    return EXIT_OK


@reporting_errors
def run_queue(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.feedback.rework import saved_rework
    from rater_desktop.storage.profile import open_profile_store

    profile = current_profile(args)
    try:
        with open_batch(args.batch) as batch:
            order, key = [e.item_id for e in batch.index], batch.manifest.batch_id
    except BatchError as exc:
        raise CliError(f"Cannot read the batch {args.batch}: {exc}") from exc
    store = open_profile_store(profile.rater_id, data_dir=data_dir())
    try:
        kept = saved_rework(store.load_batch_state(key))
    finally:
        store.close()
    _print_queue([kept[i] for i in order if i in kept])
    return EXIT_OK
