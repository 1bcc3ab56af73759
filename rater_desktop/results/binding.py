"""Results are bound to the batch that was rated (issue 13, item 2).

When a batch is first opened its SHA-256 is recorded in the rater's store
(``register_batch``); a later change of the file is adopted only when the rater answers
"Keep my ratings" (or starts over) in the changed-batch question. Export signs that
recorded hash and refuses when the batch on disk is a different file, so a results file
never names a batch its ratings were not made on.
"""

from __future__ import annotations

from typing import Any


class RatedBatchChangedError(Exception):
    """The batch on disk is not the one the ratings were made on; nothing is exported."""

    def __init__(self, *, batch_id: str, rated_sha256: str, disk_sha256: str) -> None:
        self.rated_sha256 = rated_sha256
        self.disk_sha256 = disk_sha256
        super().__init__(
            f"The batch {batch_id!r} on disk is not the batch you rated: you rated the file "
            f"with SHA-256 {rated_sha256[:12]}\u2026, the file there now has "
            f"{disk_sha256[:12]}\u2026. Nothing was exported. Export with the batch file you "
            "rated; or, if only its packaging changed, open the changed batch in the window "
            "and choose \u201cKeep my ratings\u201d, after which the results name the new file."
        )


def rated_batch_sha256(store: Any, batch_key: str) -> str | None:
    """The SHA-256 recorded when rating of ``batch_key`` started (None if never opened, or
    for a store that keeps no batch registry)."""
    lister = getattr(store, "list_batches", None)
    for record in lister() if callable(lister) else []:
        if record.batch_key == batch_key:
            return str(record.sha256).lower() if record.sha256 else None
    return None


def bound_batch_sha256(*, store: Any, batch_key: str, disk_sha256: str) -> str:
    """The hash to sign: the rated batch's, which must equal the file's on disk."""
    rated = rated_batch_sha256(store, batch_key)
    disk = disk_sha256.lower()
    if rated is not None and rated != disk:
        raise RatedBatchChangedError(batch_id=batch_key, rated_sha256=rated, disk_sha256=disk)
    return rated or disk
