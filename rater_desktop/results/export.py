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


def suffixed_paths(out_path: Path, suffix: str) -> tuple[Path, Path]:
    """``x`` / ``x.json`` / ``x<suffix>`` all give ``x<suffix>`` and its ``.sig``."""
    name = out_path.name
    if not name.endswith(suffix):
        stem = name[: -len(".json")] if name.endswith(".json") else name
        name = stem + suffix
    target = out_path.with_name(name)
    return target, target.with_name(name + SIGNATURE_SUFFIX)


def results_paths(out_path: Path) -> tuple[Path, Path]:
    """``x`` / ``x.json`` / ``x.results.json`` all give ``x.results.json`` (+ ``.sig``)."""
    return suffixed_paths(out_path, RESULTS_SUFFIX)


def signature_path_for(results_path: Path) -> Path:
    return results_path.with_name(results_path.name + SIGNATURE_SUFFIX)


def write_signed_json(
    *,
    paths: tuple[Path, Path],
    document: Mapping[str, Any],
    private_key: Ed25519PrivateKey,
    namespace: str,
    what: str = "results",
) -> ExportedFiles:
    """Serialize deterministically, sign the exact bytes, write both files atomically.

    Existing files of the same name are replaced; if writing fails, neither file is left.
    Raises ExportError with a message naming ``what`` was being written.
    """
    from rater_desktop.signing import sshsig
    from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically

    target, sig_path = paths
    if target.is_dir() or sig_path.is_dir():
        raise ExportError(f"{target} is a folder; give a file name for the {what}.")
    try:
        data = canonical_json_bytes(document)
    except (CanonicalJsonError, ValueError) as exc:
        raise ExportError(f"The {what} cannot be written as JSON: {exc}") from exc
    signature = sshsig.sign(data, private_key=private_key, namespace=namespace)
    try:
        write_files_atomically([(target, data), (sig_path, signature.encode("ascii"))])
    except AtomicWriteError as exc:
        raise ExportError(f"Export failed, nothing was written. {exc.strerror}") from exc
    return ExportedFiles(
        results_path=target,
        signature_path=sig_path,
        results_sha256=hashlib.sha256(data).hexdigest(),
        results_bytes=len(data),
    )


def export_results(
    *,
    out_path: Path,
    document: Mapping[str, Any],
    private_key: Ed25519PrivateKey,
) -> ExportedFiles:
    """Write ``NAME.results.json`` + ``.sig`` signed in the results namespace."""
    return write_signed_json(
        paths=results_paths(Path(out_path)),
        document=document,
        private_key=private_key,
        namespace=SIGNATURE_NAMESPACE,
    )
