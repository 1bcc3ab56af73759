"""A rater's export from the window, without Qt: collect, sign and write on a pool thread
(``export_batch``; ``gui/export_flow`` runs it with a progress dialog), the file name
offered, and what the rater is told afterwards: where the files are and how to verify
them, or why nothing was written."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.wording import left_out_text


class NothingToExportError(Exception):
    """No item has a rating that may be exported with the chosen options."""


@dataclass(frozen=True)
class ExportOutcome:
    """What was written; ``left_out`` are item ids not in the file."""

    results_path: Path
    signature_path: Path
    results_sha256: str
    exported: int
    total: int
    left_out: list[str] = field(default_factory=list)


def default_file_name(batch_id: str, rater_id: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{batch_id}-{rater_id}")
    return f"{safe}.results.json"


def verify_command(results_path: Path, batch_path: str) -> str:
    return (f"rater-desktop verify {shlex.quote(str(results_path))} "
            f"--batch {shlex.quote(batch_path)}")


# Without QA's roster of raters, verify cannot know whose key signed: it says UNKNOWN SIGNER,
# which read as alarming in a walkthrough. Say what to expect next to the command.
VERIFY_NOTE = ("Without QA's list of raters it says UNKNOWN SIGNER and shows your key's "
               "fingerprint: that is expected, the signature itself is fine. Only INVALID "
               "means a problem.")


def export_batch(*, batch: Any, batch_path: str, store: Any, profile: Any, rubric: Any,
                 load_key: Callable[[], Any], include_incomplete: bool, out_path: Path,
                 progress: Callable[[int, int], None]) -> ExportOutcome:
    """Collect, sign and write (runs on a pool thread; no Qt)."""
    from rater_desktop import protocols
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.results.binding import bound_batch_sha256
    from rater_desktop.results.collect import collect_records
    from rater_desktop.results.document import BatchMeta, RaterInfo, build_results_document
    from rater_desktop.results.export import export_results

    manifest = batch.manifest
    entries = list(batch.index)
    steps = len(entries) + 2  # items, then hashing the batch, then signing and writing

    def items() -> Iterator[Item]:
        for number, entry in enumerate(entries):
            progress(number, steps)
            yield batch.item(entry.item_id)

    private_key = load_key()  # first: a wrong passphrase is told before any other work
    store.flush()
    records, left_out, extra = collect_records(  # the same collection as the CLI export
        manifest=manifest, items=items(), store=store, rater_id=profile.rater_id, rubric=rubric,
        include_incomplete=include_incomplete, collect=protocols.of_batch(batch).collect_export)
    if not records:
        hint = ("" if include_incomplete else
                " Tick \u201cAlso export items that are not complete\u201d to export "
                "unfinished work.")
        raise NothingToExportError(
            f"Nothing to export: none of the {len(entries)} items is complete.{hint}")
    progress(len(entries), steps)
    sha256 = bound_batch_sha256(store=store, batch_key=manifest.batch_id,
                                disk_sha256=batch_sha256(batch_path))
    meta = BatchMeta(batch_id=manifest.batch_id, sha256=sha256,
                     title=manifest.title, rubric=rubric.to_dict())
    progress(len(entries) + 1, steps)
    rater = RaterInfo(rater_id=profile.rater_id, display_name=profile.display_name,
                      public_key=profile.public_key, fingerprint=profile.fingerprint)
    document = build_results_document(batch=meta, rater=rater, items=records,
                                      exported_at=datetime.now(UTC), **extra)
    files = export_results(out_path=out_path, document=document, private_key=private_key)
    progress(steps, steps)
    return ExportOutcome(results_path=files.results_path, signature_path=files.signature_path,
                         results_sha256=files.results_sha256, exported=len(records),
                         total=len(entries), left_out=left_out)


def describe_export_failure(exc: Exception) -> str:
    """A plain message for any export failure (never a traceback)."""
    from rater_desktop.results.binding import RatedBatchChangedError
    from rater_desktop.signing.keys import WrongPassphraseError

    if isinstance(exc, NothingToExportError | RatedBatchChangedError):
        return str(exc)
    if isinstance(exc, WrongPassphraseError):
        return ("The passphrase is not right, so your key could not be unlocked and no file "
                "was written. Export again to try once more.")
    if isinstance(exc, PermissionError):
        return (f"Permission denied: {exc.filename or exc}. Choose a folder you may write "
                "to, such as your Documents folder.")
    text = str(exc) or type(exc).__name__
    if "ermission denied" in text:
        text += "\n\nChoose a folder you may write to, such as your Documents folder."
    return f"The export did not finish and no file was written.\n\n{text}"


def exported_text(outcome: ExportOutcome, batch_path: str) -> str:
    """The message after an export: the counts, both files, the results file's SHA-256,
    the items left out, and the command that verifies the files against the batch."""
    lines = [f"Exported {outcome.exported} of {outcome.total} items.", "",
             f"Results: {outcome.results_path}", f"Signature: {outcome.signature_path}",
             f"SHA-256 of the results file: {outcome.results_sha256}", ""]
    if outcome.left_out:
        lines += [left_out_text(len(outcome.left_out)), ""]
    lines += ["Send both files to QA. To check them yourself, run:",
              verify_command(outcome.results_path, str(Path(batch_path).resolve())),
              "", VERIFY_NOTE]
    return "\n".join(lines)
