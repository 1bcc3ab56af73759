"""What the ``qa report`` of the one-document protocols (preference, run audit) shares:
the guideline-only flags refused in one line, the loop that verifies each results file
against the roster and the batch, says OK or SKIPPED per file and keeps the documents,
and the report written atomically with its one closing line.

Each protocol keeps what is its own: its name, the words of its messages, its figures.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rater_desktop.wording import counted

EXIT_OK, EXIT_NO_VALID = 0, 1


def refused_flags(args: argparse.Namespace, flags: Sequence[str], *, report: str) -> bool:
    """True (after one line on stderr) when any of ``flags`` (``--plan`` reads
    ``args.plan``) is given: they work on guideline batches only; ``report`` names the
    protocol's report in that line."""
    given = [flag for flag in flags if getattr(args, flag.removeprefix("--"), None)]
    if not given:
        return False
    verb = "work" if len(given) > 1 else "works"  # said, not silently ignored
    print(f"error: {' and '.join(given)} {verb} on guideline batches only; the "
          f"{report} report reads the given files directly.", file=sys.stderr)
    return True


def verified_documents(results: Sequence[str | Path], *, batch_path: Path, roster: Any,
                       protocol: str, foreign: str) -> list[dict[str, Any]] | None:
    """The documents of the ``results`` files signed by a rater of ``roster`` for the
    batch at ``batch_path``, each file's OK or SKIPPED printed; None (after ``foreign``,
    with ``{path}`` filled in, on stderr) when a verified file is not of ``protocol``."""
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.results.verify import verify_results_file

    sha = batch_sha256(batch_path)
    signers = roster.signers()
    documents = []
    for path in results:
        outcome = verify_results_file(results_path=Path(path), allowed_signers=signers,
                                      batch_sha256=sha)
        print(f"{'OK' if outcome.ok else 'SKIPPED'} {path}: {outcome.message}")
        if outcome.ok and outcome.document is not None:
            if outcome.document.get("protocol") != protocol:
                print(f"error: {foreign.format(path=path)}", file=sys.stderr)
                return None
            documents.append(outcome.document)
    return documents


def write_protocol_report(out: Path, text: str, *, report_format: str, protocol: str,
                          files: int) -> int:
    """Write the report ``text`` to ``out`` atomically and say so (EXIT_OK), or say in
    one line why it could not be written (EXIT_NO_VALID)."""
    from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically

    try:
        write_files_atomically([(Path(out), text.encode("utf-8"))])
    except AtomicWriteError as exc:
        print(f"error: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_NO_VALID
    print(f"Report written to {out} ({report_format}; {protocol} protocol; "
          f"{counted(files, 'file')}).")
    return EXIT_OK
