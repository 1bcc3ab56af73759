"""``rater-desktop qa report``: verify raters' signed results and write the QA report.

Exit status: 0 report written (files that failed verification are listed, not counted),
1 no results file is valid with a signer in the roster (no report written), or, with
--plan, a results file was left out (the report is written, but the study is incomplete),
2 usage error (bad arguments, unreadable batch or roster, output not writable).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.cli.qa_inputs import open_store as _open_store
from rater_desktop.cli.qa_inputs import plan_batches as _plan_batches
from rater_desktop.cli.qa_inputs import plan_probes
from rater_desktop.cli.qa_inputs import qa_roster as _roster
from rater_desktop.wording import counted

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import ImportOutcome

EXIT_OK = 0
EXIT_NO_VALID = 1
EXIT_USAGE = 2
FORMATS = ("html", "csv", "jsonl")
_STATUS_WORDS = {
    "valid": "VALID",
    "unknown_signer": "UNKNOWN SIGNER",
    "invalid": "INVALID",
    "other_batch": "OTHER BATCH",
    "duplicate": "DUPLICATE",
    "unreadable": "UNREADABLE",
}


def register(subparsers: Any) -> None:
    qa = subparsers.add_parser(
        "qa",
        help="QA reviewer tools (report on several raters' signed results)",
        description="QA reviewer tools. 'rater-desktop qa report --help' for the report.",
    )
    commands = qa.add_subparsers(dest="qa_command", metavar="QA_COMMAND")
    report = commands.add_parser(
        "report",
        help="verify results files and write the QA report",
        description="Verify each RESULTS file against its .sig and the roster, then write a "
        "report over the valid ones (agreement, disagreements, qualification, scoreboard, "
        "time and cost). Exit status: 0 written, 1 no valid file, 2 usage error.",
    )
    report.add_argument("results", nargs="+", type=Path, help="NAME.results.json files")
    report.add_argument("--batch", required=True, type=Path, help="the batch .zip or folder")
    report.add_argument(
        "--allowed-signers",
        type=Path,
        help="roster of trusted raters (default: qa/allowed_signers in the app data folder)",
    )
    report.add_argument("--out", required=True, type=Path, help="the report file to write")
    report.add_argument("--plan", type=Path,
                        help="study.json: also take results for its per-rater batches of BATCH")  # fmt: skip
    report.add_argument("--owners", type=Path,
                        help="with --plan: allowed_signers file of the study owners the plan must "
                        "be signed by (default: study/owners in the app data folder)")  # fmt: skip
    report.add_argument(
        "--store",
        metavar="PATH_OR_URL",
        help="keep the imports in this QA store and report over everything in it for the "
        "batch: a SQLite file, or postgresql://user@host/database for a team's shared store "
        "(password from RATER_DESKTOP_QA_PASSWORD, PGPASSWORD or the OS keyring, never the "
        "URL). Default: a throw-away store for this report only",
    )
    report.add_argument("--format", choices=FORMATS, help="html (default), csv or jsonl")
    report.add_argument("--wage", type=float, default=15.0, help="hourly wage (default 15)")
    report.add_argument("--fee", type=float, default=0.2, help="platform fee fraction (0.2)")
    report.add_argument("--buffer", type=float, default=0.0, help="budget buffer fraction")
    report.add_argument(
        "--raters-per-item", type=int, default=3, help="raters per item for the cost (3)"
    )
    report.add_argument(
        "--resamples", type=int, default=1000, help="bootstrap resamples for the intervals"
    )
    report.add_argument("--by", metavar="FIELD",
                        help="agreement per answer to this survey question of the batch, or "
                        "per value of this item metadata field (site, category...)")
    report.add_argument("--unsure-only", action="store_true",
                        help="only the items raters marked unsure: the Items section and the "
                        "CSV/JSONL rows (guideline); every figure (preference)")
    report.set_defaults(handler=run_report)
    _register_roster(commands)
    from rater_desktop.cli.feedback import register_qa_decisions

    register_qa_decisions(commands)
    qa.set_defaults(handler=lambda _args: _usage(qa))


def _register_roster(commands: Any) -> None:
    roster = commands.add_parser(
        "roster",
        help="the reviewer's roster of trusted rater keys (allowed_signers)",
        description="List, add, remove or import trusted rater keys. The roster is an OpenSSH "
        "allowed_signers file, by default qa/allowed_signers in the app data folder.",
    )
    roster.add_argument("--roster", type=Path, help="use this allowed_signers file instead")
    actions = roster.add_subparsers(dest="roster_command", metavar="ACTION")
    actions.add_parser("list", help="print every entry").set_defaults(handler=run_roster)
    add = actions.add_parser("add", help="trust a rater's public key")
    add.add_argument("rater_id")
    add.add_argument("public_key", nargs="+", help="ssh-ed25519 AAAA... (as 'key show' prints)")
    add.set_defaults(handler=run_roster)
    remove = actions.add_parser("remove", help="remove entries by rater id and/or fingerprint")
    remove.add_argument("--rater-id")
    remove.add_argument("--fingerprint")
    remove.set_defaults(handler=run_roster)
    load = actions.add_parser("import", help="add the entries of another allowed_signers file")
    load.add_argument("file", type=Path)
    load.set_defaults(handler=run_roster)
    roster.set_defaults(handler=lambda _args: _usage(roster))


def run_roster(args: argparse.Namespace) -> int:
    """``qa roster list|add|remove|import``: 0 done, 1 nothing matched, 2 usage error."""
    from rater_desktop.qa_review.roster import Roster, RosterError

    roster = Roster(args.roster) if args.roster else Roster.default()
    try:
        if args.roster_command == "add":
            entry = roster.add(principal=args.rater_id, public_key=" ".join(args.public_key))
            print(f"Trusted {args.rater_id}: {entry.fingerprint} (in {roster.path})")
        elif args.roster_command == "remove":
            removed = roster.remove(principal=args.rater_id, fingerprint=args.fingerprint)
            print(f"Removed {removed} entr{'y' if removed == 1 else 'ies'} from {roster.path}.")
            return EXIT_OK if removed else EXIT_NO_VALID
        elif args.roster_command == "import":
            summary = roster.import_file(args.file)
            print(
                f"Added {len(summary.added)} entries to {roster.path}; "
                f"{summary.already_present} were already there."
            )
        else:
            entries = roster.entries()
            for entry in entries:
                print(f"{','.join(entry.principals)}\t{entry.fingerprint}\t{entry.public_key}")
            print(f"{len(entries)} entries in {roster.path}.")
    except RosterError as exc:
        return _error(str(exc))
    return EXIT_OK


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    suffix = args.out.suffix.lower().lstrip(".")
    return suffix if suffix in FORMATS else "html"


def _print_outcomes(outcomes: list[ImportOutcome]) -> None:
    for outcome in outcomes:
        word = _STATUS_WORDS.get(outcome.status.value, outcome.status.value.upper())
        print(f"{word:<14} {outcome.path}: {outcome.message}")
    counts: dict[str, int] = {}
    for outcome in outcomes:
        counts[outcome.status.value] = counts.get(outcome.status.value, 0) + 1
    summary = ", ".join(f"{n} {_STATUS_WORDS[s].lower()}" for s, n in counts.items())
    print(f"Files: {summary}.")


def _check_numbers(args: argparse.Namespace) -> str | None:
    if min(args.wage, args.fee, args.buffer) < 0:
        return "--wage, --fee and --buffer must not be negative"
    if args.raters_per_item < 1 or not 0 <= args.resamples <= 100_000:
        return "--raters-per-item must be at least 1 and --resamples within 0..100000"
    if args.out.is_dir():
        return f"--out {args.out} is a folder; give a file name"
    return None


def run_report(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.roster import RosterError

    problem = _check_numbers(args)
    if problem:
        return _error(problem)
    try:
        roster = _roster(args)
        roster.signers()
    except (RosterError, FileNotFoundError) as exc:
        return _error(str(exc))
    try:
        batch = open_batch(args.batch)
    except BatchError as exc:
        return _error(f"cannot open the batch {args.batch}: {exc}")
    except OSError as exc:
        return _error(f"cannot open the batch {args.batch}: {exc.strerror or exc}")
    with batch:
        problem = _threshold_problem(batch)
        if problem:
            return _error(problem)
        return _report(args, batch, roster)


def _threshold_problem(batch: Any) -> str:
    """Why the batch's SD-4 threshold cannot score qualification ("" when it can)."""
    from rater_desktop.qa_review.figures import ThresholdError, sd4_threshold

    try:
        sd4_threshold(batch.manifest.rubric)
    except ThresholdError as exc:
        return str(exc)
    return ""


def _survey_ids(batch: Any) -> list[str]:
    survey = getattr(getattr(batch.manifest, "preference", None), "survey", ())
    return [q.id for q in survey]


def _metadata_fields(batch: Any) -> list[str]:
    from rater_desktop.batch.errors import BatchError

    fields: set[str] = set()
    for entry in batch.index:
        try:
            fields.update(batch.item(entry.item_id).metadata)
        except BatchError:
            continue  # the report names unreadable items itself
    return sorted(fields)


def _protocol_metadata(batch: Any) -> bool:
    """Whether --by may name the items' metadata (the protocol says; unknown: no)."""
    from rater_desktop import protocols

    try:
        return protocols.of_batch(batch).metadata_fields
    except protocols.ProtocolError:
        return False  # protocol_report says the protocol is unknown


def _unknown_question(args: argparse.Namespace, batch: Any) -> str:
    """Why --by cannot be answered from this batch's survey or items' metadata ("" when it
    can)."""
    question = getattr(args, "by", None)
    if not question:
        return ""
    ids = _survey_ids(batch)
    if question in ids:
        return ""
    fields = _metadata_fields(batch) if _protocol_metadata(batch) else []
    if question in fields:
        return ""
    known = [*ids, *fields]
    if not known:
        return (f"--by {question}: the batch {args.batch} has no survey and its items no "
                "metadata; leave out --by.")
    return (f"--by {question}: neither a survey question nor an item metadata field of the "
            f"batch; give one of: {', '.join(known)}.")


def _report(args: argparse.Namespace, batch: Any, roster: Any) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.cli.qa_protocols import protocol_report
    from rater_desktop.qa_review.report import render_report, write_html_report, write_report
    from rater_desktop.qa_review.session import QaSession
    from rater_desktop.qa_review.store import QaStoreError
    from rater_desktop.signing.atomic_files import AtomicWriteError

    try:
        (plan_batches, placements), probes = _plan_batches(args, batch), plan_probes(args)
    except ValueError as exc:  # PlanError included: the plan's own message says what is wrong
        return _error(str(exc))
    problem = _unknown_question(args, batch)
    if problem:
        return _error(problem)
    handled = protocol_report(args, batch, roster, report_format=_format(args))  # mixed protocols, preference batches
    if handled is not None:
        return handled
    try:
        store = _open_store(args)
    except QaStoreError as exc:
        return _error(str(exc))
    with store:
        try:
            session = QaSession(store=store, roster=roster, batch=batch,
                                same_items_batches=plan_batches, item_aliases=placements)  # fmt: skip
            by = getattr(args, "by", None)
            outcomes = session.import_results(args.results)
            _print_outcomes(outcomes)
            if not session.used_files():
                print("No valid results file signed by a rater in the roster: no report written.")
                return EXIT_NO_VALID
            for problem in session.problems():
                print(f"note: {problem}")
            options: dict[str, Any] = {
                "hourly_wage": args.wage, "platform_fee": args.fee, "buffer": args.buffer,
                "raters_per_item": args.raters_per_item, "resamples": args.resamples,
                "question": by if by in _survey_ids(batch) else None,
                "metadata_field": by if by and by not in _survey_ids(batch) else None,
                "unsure_only": bool(getattr(args, "unsure_only", False)),
                "planned_probes": bool(probes),  # the pool does not hold them: the plan says
            }  # fmt: skip
            if _format(args) == "html":  # written as it is made: never whole in memory
                write_html_report(session, args.out, release=True, **options)
            else:
                write_report(args.out, render_report(
                    session, report_format=_format(args), **options))  # type: ignore[arg-type]
            raters = ", ".join(session.raters())  # trust is read from the store: still open
        except BatchError as exc:
            return _error(f"the batch {args.batch} cannot be read: {exc}")
        except AtomicWriteError as exc:
            return _error(str(exc.strerror or exc))
    print(f"Report written to {args.out} ({_format(args)}; raters: {raters}).")
    left_out = [o for o in outcomes if o.status.value not in ("valid", "duplicate")]
    if getattr(args, "plan", None) is not None and left_out:
        # A study's figures are incomplete while any rater's export is left out.
        print(f"error: {counted(len(left_out), 'results file')} left out; "
              "the study's figures are incomplete.")
        return EXIT_NO_VALID
    return EXIT_OK
