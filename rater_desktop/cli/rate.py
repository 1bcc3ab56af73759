"""``rater-desktop rate``: apply ratings written in a file (an answer key, a smoke test).

Each line of the ratings file is one item's rating document, the same JSON the window
saves, in true file order (a guideline rating, or on a preference batch a judgment
``{"item_id", "choice": "A"|"B"|"tie", "explanation"}``). The protocol's rules run as in
the window; ``--complete``
marks an item complete only when no blocking rule fails. Exit status: 0 every line
applied (and, with --complete, every item complete), 1 otherwise, 2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
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


Applier = Callable[[Any, Any, str], Any]  # (document, item, where) -> outcome


def _applier(batch: Any, rater_id: str, complete: bool) -> Applier:
    """The batch's protocol's scripted checks: a line goes through the rules its window runs."""
    from rater_desktop import protocols

    try:
        return protocols.of_batch(batch).scripted(batch, rater_id, complete)
    except protocols.ProtocolError as exc:
        raise CliError(f"{exc} ({batch.manifest.title}: rate cannot apply it).") from exc


def _refuse_open_window(rater_id: str) -> None:
    from rater_desktop.storage.window_lock import window_holds_profile

    if window_holds_profile(data_dir() / "profiles" / rater_id):
        raise CliError(f"Rater Desktop is open for rater {rater_id!r}: close the window first "
                       "(its next autosave would overwrite what rate writes).")  # fmt: skip


@reporting_errors
def run_rate(args: argparse.Namespace) -> int:
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.storage.profile import open_profile_store

    profile = current_profile(args)
    _refuse_open_window(profile.rater_id)
    documents = _read_lines(args.ratings)
    try:
        batch = open_batch(args.batch)
    except BatchError as exc:
        raise CliError(f"Cannot read the batch {args.batch}: {exc}") from exc
    failed = 0
    with batch:
        apply = _applier(batch, profile.rater_id, args.complete)
        known = {entry.item_id for entry in batch.index}
        store = open_profile_store(profile.rater_id, data_dir=data_dir())
        try:
            for number, document in documents:
                failed += _rate_line(args, batch, store, apply, known, number, document)
            store.flush()
        finally:
            store.close()
    return EXIT_FAILED if failed else EXIT_OK


def _rate_line(args: argparse.Namespace, batch: Any, store: Any, apply: Applier, known: set[str],
               number: int, document: Any) -> int:  # fmt: skip
    """Apply one line; 1 when it failed or (with --complete) stayed incomplete, else 0."""
    where = f"{args.ratings} line {number}"
    item_id = document.get("item_id") if isinstance(document, dict) else None
    if not isinstance(item_id, str) or item_id not in known:
        print(f"{where}: no item {item_id!r} in the batch", file=sys.stderr)
        return 1
    item = batch.item(item_id)
    from rater_desktop.protocols import ScriptedLineError

    try:
        outcome = apply(document, item, where)
    except ScriptedLineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    store.save_item(batch.manifest.batch_id, item.id, outcome.rating.to_dict())
    if args.complete and not outcome.complete:
        print(f"{item.id}: saved, not complete: " + "; ".join(outcome.blocking))
        return 1
    print(f"{item.id}: saved ({outcome.rating.status.value})")
    return 0
