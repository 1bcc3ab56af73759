"""Write ``NAME.results.json`` and its detached SSHSIG signature ``NAME.results.json.sig``."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.results.canonical import CanonicalJsonError, canonical_json_bytes
from rater_desktop.results.document import SIGNATURE_NAMESPACE

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

RESULTS_SUFFIX = ".results.json"
SIGNATURE_SUFFIX = ".sig"


class ExportError(Exception):
    """The export failed and left no file behind; the message says why and what to do."""


@dataclass(frozen=True)
class ExportedFiles:
    """Where the export went, and the SHA-256 of the results file (for receipts)."""

    results_path: Path
    signature_path: Path
    results_sha256: str
    results_bytes: int


def results_paths(out_path: Path) -> tuple[Path, Path]:
    """``x`` / ``x.json`` / ``x.results.json`` all give ``x.results.json`` (+ ``.sig``)."""
    name = out_path.name
    if not name.endswith(RESULTS_SUFFIX):
        stem = name[: -len(".json")] if name.endswith(".json") else name
        name = stem + RESULTS_SUFFIX
    results = out_path.with_name(name)
    return results, results.with_name(name + SIGNATURE_SUFFIX)


def signature_path_for(results_path: Path) -> Path:
    return results_path.with_name(results_path.name + SIGNATURE_SUFFIX)


def export_results(
    *,
    out_path: Path,
    document: Mapping[str, Any],
    private_key: Ed25519PrivateKey,
) -> ExportedFiles:
    """Serialize deterministically, sign the exact bytes, write both files atomically.

    Existing files of the same name are replaced; if writing fails, neither file is left.
    """
    from rater_desktop.signing import sshsig
    from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically

    results_path, sig_path = results_paths(Path(out_path))
    if results_path.is_dir() or sig_path.is_dir():
        raise ExportError(f"{results_path} is a folder; give a file name for the results.")
    try:
        data = canonical_json_bytes(document)
    except (CanonicalJsonError, ValueError) as exc:
        raise ExportError(f"The results cannot be written as JSON: {exc}") from exc
    signature = sshsig.sign(data, private_key=private_key, namespace=SIGNATURE_NAMESPACE)
    try:
        write_files_atomically([(results_path, data), (sig_path, signature.encode("ascii"))])
    except AtomicWriteError as exc:
        raise ExportError(f"Export failed, nothing was written. {exc.strerror}") from exc
    return ExportedFiles(
        results_path=results_path,
        signature_path=sig_path,
        results_sha256=hashlib.sha256(data).hexdigest(),
        results_bytes=len(data),
    )
