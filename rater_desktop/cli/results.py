"""``rater-desktop export`` and ``rater-desktop verify``: signed results out, checked in.

verify exit status: 0 valid and signer in the roster, 3 valid but signer unknown,
1 invalid (tampered, wrong namespace, malformed or missing signature, other batch),
2 usage error (bad arguments, unreadable roster or batch).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import (
    EXIT_OK,
    CliError,
    current_profile,
    data_dir,
    profile_private_key,
    reporting_errors,
)
from rater_desktop.wording import counted, was_were

EXIT_USAGE = 2
ROSTER_FILE = "allowed_signers"


def register(subparsers: Any) -> None:
    export = subparsers.add_parser(
        "export",
        help="export this batch's ratings as signed results",
        description="Write OUT.results.json and its signature OUT.results.json.sig. Only "
        "complete items are exported unless --include-incomplete is given.",
    )
    export.add_argument("--batch", required=True, type=Path, help="the batch .zip or folder")
    export.add_argument("--out", required=True, type=Path, help="results file name")
    export.add_argument(
        "--include-incomplete",
        action="store_true",
        help="also export items that are not complete (marked incomplete: true)",
    )
    export.set_defaults(handler=run_export)
    verify = subparsers.add_parser(
        "verify",
        help="check a results file's signature and signer",
        description="Check RESULTS.json against RESULTS.json.sig. Exit status: 0 valid and "
        "signer known, 3 valid but signer not in the roster, 1 invalid, 2 usage error.",
    )
    verify.add_argument("results", type=Path, help="the .results.json file")
    verify.add_argument(
        "--allowed-signers",
        type=Path,
        help=f"roster of trusted raters (default: {ROSTER_FILE} in the app data folder)",
    )
    verify.add_argument("--batch", type=Path, help="also check the results are for this batch")
    verify.set_defaults(handler=run_verify)


def _roster_path(args: argparse.Namespace) -> Path | None:
    if args.allowed_signers is not None:
        return Path(args.allowed_signers)
    default = data_dir() / ROSTER_FILE
    return default if default.is_file() else None


def run_verify(args: argparse.Namespace) -> int:
    from rater_desktop.results.verify import VerifyStatus, verify_results_file
    from rater_desktop.signing.allowed_signers import AllowedSignersError

    batch_sha = None
    if args.batch is not None:
        from rater_desktop.batch.hashing import batch_sha256

        try:
            batch_sha = batch_sha256(args.batch)
        except OSError as exc:
            print(f"error: cannot read the batch {args.batch}: {exc.strerror}", file=sys.stderr)
            return EXIT_USAGE
    roster = _roster_path(args)
    try:
        outcome = verify_results_file(
            results_path=args.results, allowed_signers=roster, batch_sha256=batch_sha
        )
    except AllowedSignersError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if outcome.status is VerifyStatus.VALID:
        print(f"VALID {args.results}: {outcome.message}")
    elif outcome.status is VerifyStatus.UNKNOWN_SIGNER:
        print(f"UNKNOWN SIGNER {args.results}: {outcome.message}")
        print(f"Signer key fingerprint: {outcome.fingerprint}")
        if roster is None:
            print("(no roster: pass --allowed-signers FILE)")
    else:
        print(f"INVALID {args.results}: {outcome.message}")
    return outcome.exit_code


@reporting_errors
def run_export(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from rater_desktop import protocols
    from rater_desktop.results.collect import CollectError, collect_export_inputs
    from rater_desktop.results.document import RaterInfo, build_results_document
    from rater_desktop.results.export import ExportError, export_results

    profile = current_profile(args)
    try:
        inputs = collect_export_inputs(
            batch_path=args.batch,
            rater_id=profile.rater_id,
            data_dir=data_dir(),
            include_incomplete=args.include_incomplete,
            collect_for=lambda manifest: protocols.get(manifest.protocol).collect_export,
        )
    except CollectError as exc:
        raise CliError(str(exc)) from exc
    if not inputs.records:
        raise CliError(
            f"Nothing to export: none of the {inputs.total_items} items is complete. "
            "Add --include-incomplete to export unfinished work."
        )
    private_key = profile_private_key(profile)
    rater = RaterInfo(
        rater_id=profile.rater_id,
        display_name=profile.display_name,
        public_key=profile.public_key,
        fingerprint=profile.fingerprint,
    )
    document = build_results_document(
        batch=inputs.batch, rater=rater, items=inputs.records, exported_at=datetime.now(UTC),
        **inputs.document_extra,
    )
    try:
        files = export_results(out_path=args.out, document=document, private_key=private_key)
    except ExportError as exc:
        raise CliError(str(exc)) from exc
    print(f"Exported {len(inputs.records)} of {inputs.total_items} items to {files.results_path}")
    print(f"Signature: {files.signature_path}")
    print(f"SHA-256 of the results file: {files.results_sha256}")
    if inputs.left_out:
        print(
            f"{counted(len(inputs.left_out), 'item')} not complete "
            f"{was_were(len(inputs.left_out))} left out "
            "(add --include-incomplete to include them)."
        )
    return EXIT_OK
