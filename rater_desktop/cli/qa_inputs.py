"""What ``qa report`` and ``qa decisions`` both read: the roster, a study plan's batches, the store."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def qa_roster(args: argparse.Namespace) -> Any:
    from rater_desktop.qa_review.roster import Roster

    if args.allowed_signers is not None:
        if not Path(args.allowed_signers).is_file():
            raise FileNotFoundError(f"the roster {args.allowed_signers} does not exist")
        return Roster(Path(args.allowed_signers))
    return Roster.default()


def plan_batches(args: argparse.Namespace, batch: Any) -> tuple[list[str], dict[str, str]]:
    """The per-rater batches of a signed study plan whose pool is the opened batch, and its
    attention placements (placement id -> the pool's attention item)."""
    if getattr(args, "plan", None) is None:
        return [], {}
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.study.document import load_owners, read_signed_plan

    plan = read_signed_plan(args.plan, owners=load_owners(getattr(args, "owners", None)))
    if plan["pool"]["sha256"] != batch_sha256(batch.path):
        raise ValueError(f"the plan {args.plan} was made from another pool than {args.batch}")
    placements = dict(plan.get("attention_placements") or {})
    return [str(entry["batch_sha256"]) for entry in plan["raters"]], placements


def plan_probes(args: argparse.Namespace) -> dict[str, str]:
    """A signed study plan's test-retest probes (probe id -> original); none without --plan.
    Called after ``plan_batches`` checked the plan against the opened pool."""
    if getattr(args, "plan", None) is None:
        return {}
    from rater_desktop.study.document import load_owners, read_signed_plan

    plan = read_signed_plan(args.plan, owners=load_owners(getattr(args, "owners", None)))
    return dict(plan.get("retest_probes") or {})


def open_store(args: argparse.Namespace) -> Any:
    import os

    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.store import QaStore, default_store_path

    if not args.store:
        return QaStore.in_memory()
    keyring = None
    if str(args.store).startswith("postgres"):
        from rater_desktop.signing.keystore import default_keyring

        try:
            keyring = default_keyring()
        except Exception:  # noqa: BLE001 - no usable keyring: libpq's own ways remain
            keyring = None
    return open_qa_store(
        args.store, default=default_store_path(), environ=os.environ, keyring=keyring
    )
