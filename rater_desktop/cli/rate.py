"""``rater-desktop rate``: apply ratings written in a file (an answer key, a smoke test).

Each line of the ratings file is one item's rating document, the same JSON the window
saves, in true file order. The guideline's rules run as in the window; ``--complete``
marks an item complete only when no blocking rule fails. Exit status: 0 every line
applied (and, with --complete, every item complete), 1 otherwise, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rater_desktop.cli.keys import (
    EXIT_FAILED,
    EXIT_OK,
    CliError,
    current_profile,
    data_dir,
    reporting_errors,
)

MAX_RATINGS_FILE_BYTES = 64 * 1024 * 1024


def register(subparsers: Any) -> None:
    rate = subparsers.add_parser(
        "rate",
        help="apply ratings from a JSON Lines file to a batch",
        description="Apply one rating document per line of RATINGS (the JSON the window "
        "saves; claims may give only their text) to BATCH for the current profile.",
    )
    rate.add_argument("--batch", required=True, type=Path, help="the batch .zip or folder")
    rate.add_argument("--ratings", required=True, type=Path, help="JSON Lines file of ratings")
    rate.add_argument(
        "--complete",
        action="store_true",
        help="mark each item complete when no blocking rule fails",
    )
    rate.set_defaults(handler=run_rate)


def _read_lines(path: Path) -> list[tuple[int, Any]]:
    try:
        if path.stat().st_size > MAX_RATINGS_FILE_BYTES:
            raise CliError(f"{path} is larger than {MAX_RATINGS_FILE_BYTES // 2**20} MiB.")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"Cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not UTF-8 text (byte {exc.start}).") from exc
    documents: list[tuple[int, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise CliError(f"{path} line {number}: not valid JSON ({exc.msg}).") from exc
    if not documents:
        raise CliError(f"{path} holds no ratings.")
    return documents


@reporting_errors
def run_rate(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.rating.display_order import display_order
    from rater_desktop.rating.rubric import Rubric, RubricError
    from rater_desktop.rating.scripted import ScriptedRatingError, apply_scripted_rating
    from rater_desktop.storage.profile import open_profile_store

    profile = current_profile(args)
    documents = _read_lines(args.ratings)
    try:
        batch = open_batch(args.batch)
    except BatchError as exc:
        raise CliError(f"Cannot read the batch {args.batch}: {exc}") from exc
    failed = 0
    with batch:
        try:
            rubric = Rubric.from_overrides(batch.manifest.rubric)
        except RubricError as exc:
            raise CliError(f"The batch's rubric is not valid: {exc}") from exc
        if batch.manifest.protocol != "guideline":
            # A guideline rating would overwrite the rater's judgments of this batch.
            raise CliError(f"{args.batch} uses the {batch.manifest.protocol} protocol; "
                           "rate applies guideline ratings only.")
        known = {entry.item_id for entry in batch.index}
        store = open_profile_store(profile.rater_id, data_dir=data_dir())
        try:
            for number, document in documents:
                where = f"{args.ratings} line {number}"
                item_id = document.get("item_id") if isinstance(document, dict) else None
                if not isinstance(item_id, str) or item_id not in known:
                    print(f"{where}: no item {item_id!r} in the batch", file=sys.stderr)
                    failed += 1
                    continue
                item = batch.item(str(item_id))
                order = display_order(
                    batch_seed=batch.manifest.display_seed,
                    rater_id=profile.rater_id,
                    item_id=item.id,
                )
                try:
                    outcome = apply_scripted_rating(
                        document, item=item, rubric=rubric, order=order,
                        complete=args.complete, where=where,
                    )  # fmt: skip
                except ScriptedRatingError as exc:
                    print(f"error: {exc}", file=sys.stderr)
                    failed += 1
                    continue
                store.save_item(batch.manifest.batch_id, item.id, outcome.rating.to_dict())
                if args.complete and not outcome.complete:
                    failed += 1
                    print(f"{item.id}: saved, not complete: " + "; ".join(outcome.blocking))
                else:
                    print(f"{item.id}: saved ({outcome.rating.status.value})")
            store.flush()
        finally:
            store.close()
    return EXIT_FAILED if failed else EXIT_OK
