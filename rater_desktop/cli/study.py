"""``rater-desktop study plan | coverage | export-dataset``: assign a pool to raters; check who has done what; write the training data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import EXIT_FAILED, EXIT_OK, CliError, reporting_errors
from rater_desktop.wording import counted


def register(subparsers: Any) -> None:
    study = subparsers.add_parser("study", help="plan a study over raters and check its coverage")
    actions = study.add_subparsers(dest="study_command", metavar="ACTION", required=True)
    plan = actions.add_parser(
        "plan",
        help="one batch per rater from a pool batch; a plan signed by your key",
        description="Assign every standard item of POOL to exactly K raters (balanced, never "
        "twice to one rater), put the qualification items first in every batch and mix in "
        "attention checks. Prints the projected cost, then writes OUT/batches/<rater>/ and "
        "OUT/study.json (+ .sig, signed by the current profile's key).",
    )
    plan.add_argument("--pool", required=True, type=Path, help="the pool batch (.zip or folder)")
    plan.add_argument("--raters", required=True, type=Path, help="file with one rater id per line")
    plan.add_argument("--out", required=True, type=Path, help="new folder for the study")
    plan.add_argument("-k", "--raters-per-item", type=int, default=3)
    plan.add_argument("--attention-every", type=int, default=20,
                      help="one attention check after every N items (0: none)")  # fmt: skip
    plan.add_argument("--retest", type=int, default=0, metavar="N",
                      help="test-retest probes: N of each rater's items again later in their "
                      "batch, A and B swapped (default 0: none)")  # fmt: skip
    plan.add_argument("--retest-gap", type=int, default=20, metavar="M",
                      help="a probe comes at least M items after its original, or last (20)")  # fmt: skip
    plan.add_argument("--seed", default="", help="seed of the assignment (default: the study id)")
    plan.add_argument("--study-id", help="default: the pool's batch id")
    plan.add_argument("--minutes-per-judgment", type=float, default=1.0)
    plan.add_argument("--wage", type=float, default=15.0, help="hourly wage")
    plan.add_argument("--fee", type=float, default=0.2, help="platform fee fraction")
    plan.add_argument("--dry-run", action="store_true", help="print the plan's cost; write nothing")
    plan.set_defaults(handler=run_plan)
    coverage = actions.add_parser("coverage", help="the plan against the raters' signed exports")
    coverage.add_argument("plan", type=Path, help="study.json (its .sig beside it)")
    coverage.add_argument("results", nargs="*", type=Path, help="NAME.results.json files")
    coverage.add_argument("--allowed-signers", type=Path, help="roster the exports must be signed by")
    coverage.add_argument("--owners", type=Path,
                          help="allowed_signers file of the study owners the plan must be signed "
                          "by (default: study/owners in the app data folder)")  # fmt: skip
    coverage.set_defaults(handler=run_coverage)
    from rater_desktop.cli.study_dataset import register_dataset

    register_dataset(actions)


def _read_raters(path: Path) -> list[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"Cannot read the raters file {path}: {exc}") from exc
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _signer(args: argparse.Namespace) -> tuple[Any, Any]:
    from rater_desktop.cli.keys import current_profile, profile_private_key
    from rater_desktop.results.export import write_signed_json
    from rater_desktop.study.files import StudyOwner

    profile = current_profile(args)
    key = profile_private_key(profile)
    owner = StudyOwner(rater_id=profile.rater_id, display_name=profile.display_name,
                       public_key=profile.public_key, fingerprint=profile.fingerprint)  # fmt: skip

    def sign(path: Path, document: dict[str, Any]) -> None:
        from rater_desktop.study.files import PLAN_NAMESPACE

        write_signed_json(paths=(path, path.with_name(path.name + ".sig")), document=document,
                          private_key=key, namespace=PLAN_NAMESPACE, what="study plan")  # fmt: skip

    return owner, sign


def _retest_settings(args: argparse.Namespace, pool: Any) -> Any:
    """The probes asked for (None: none); CliError when the pool's items have no A/B sides
    to swap or the numbers are negative."""
    from rater_desktop.batch.protocol import PAIR, item_shape
    from rater_desktop.study.plan import RetestSettings

    if args.retest < 0 or args.retest_gap < 0:
        raise CliError("--retest and --retest-gap must not be negative")
    if args.retest == 0:
        return None
    if item_shape(pool.manifest.protocol) != PAIR:
        raise CliError(f"--retest needs items of two responses; the {pool.manifest.protocol} "
                       "protocol's items have no A/B sides to swap")  # fmt: skip
    return RetestSettings(count=args.retest, gap=args.retest_gap,
                          display_seed=pool.manifest.display_seed or pool.batch_id)


@reporting_errors
def run_plan(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa.timecost import project_study_cost
    from rater_desktop.study.files import pool_items, write_study
    from rater_desktop.study.plan import ORDER_METHOD, PlanError, make_plan

    try:
        with open_batch(args.pool) as pool:
            items, pool_id = pool_items(pool), pool.batch_id
            retest = _retest_settings(args, pool)
    except BatchError as exc:
        raise CliError(f"Cannot read the pool {args.pool}: {exc}") from exc
    study_id = args.study_id or pool_id
    try:
        plan = make_plan(pool=items, raters=_read_raters(args.raters), seed=args.seed or study_id,
                         raters_per_item=args.raters_per_item, attention_every=args.attention_every,
                         retest=retest)  # fmt: skip
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    counts = plan.judgments()
    # Every judgment is paid: qualification and attention items take a rater's time too.
    cost = project_study_cost(items=counts["total"], raters_per_item=1,
                              seconds_per_judgment=args.minutes_per_judgment * 60,
                              hourly_wage=args.wage, platform_fee=args.fee)  # fmt: skip
    loads = sorted(len(v) for v in plan.assignments.values())
    retest_text = f" + {counts['retest']} retest" if counts["retest"] else ""
    print(f"Study {study_id}: {len(items.standard)} items x {args.raters_per_item} raters = "
          f"{counts['standard']} + {counts['qualification']} qualification + "
          f"{counts['attention']} attention{retest_text} = {cost.judgments} judgments over "
          f"{len(plan.raters)} "
          f"raters ({loads[0]}-{loads[-1]} items each, in a shuffled order of their own)")
    print(f"Projected cost: {cost.judgments} x {args.minutes_per_judgment:g} min x "
          f"{args.wage:g}/h x (1 + {args.fee:g}) = {cost.total:,.2f} ({cost.rater_hours:,.1f} rater hours)")  # fmt: skip
    if args.dry_run:
        return EXIT_OK
    owner, sign = _signer(args)
    settings = {"seed": args.seed or study_id, "attention_every": args.attention_every,
                "retest": args.retest, "retest_gap": args.retest_gap,
                "order": ORDER_METHOD, "judgments": counts,
                "minutes_per_judgment": args.minutes_per_judgment, "wage": args.wage, "fee": args.fee}  # fmt: skip
    try:
        path = write_study(pool_path=args.pool, plan=plan, out_dir=args.out, study_id=study_id,
                           owner=owner, sign=sign, cost=asdict(cost), settings=settings)  # fmt: skip
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    except OSError as exc:
        raise CliError(f"Cannot write the study into {args.out}: {exc.strerror or exc}") from exc
    print(f"Wrote {len(plan.raters)} batches in {args.out / 'batches'} and the signed plan {path}")
    return EXIT_OK


@reporting_errors
def run_coverage(args: argparse.Namespace) -> int:
    from rater_desktop.results.verify import VerifyStatus, verify_results_file
    from rater_desktop.study.coverage import coverage_lines, study_coverage
    from rater_desktop.study.document import load_owners, read_signed_plan
    from rater_desktop.study.plan import PlanError

    try:
        plan = read_signed_plan(args.plan, owners=load_owners(args.owners))
    except PlanError as exc:
        raise CliError(str(exc)) from exc
    accepted = {VerifyStatus.VALID} if args.allowed_signers else {VerifyStatus.VALID, VerifyStatus.UNKNOWN_SIGNER}
    documents = []
    left_out = 0
    for path in args.results:
        outcome = verify_results_file(results_path=path, allowed_signers=args.allowed_signers)
        if outcome.status in accepted and outcome.document is not None:
            documents.append(outcome.document)
        else:
            left_out += 1
            print(f"left out {path}: {outcome.message}", file=sys.stderr)
    if not args.allowed_signers:
        print("note: no --allowed-signers given; signers were not checked against a roster",
              file=sys.stderr)  # fmt: skip
    coverage = study_coverage(plan, documents)
    for line in coverage_lines(coverage):
        print(line)
    if left_out:
        # A file left out may be the very export that would complete the study.
        print(f"FLAG: {counted(left_out, 'results file')} left out (see above)")
    flagged = any(r.unassigned or r.wrong_batch for r in coverage.raters) or coverage.unknown_raters
    return EXIT_FAILED if flagged or left_out else EXIT_OK
