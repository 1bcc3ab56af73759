"""The reviewer's decisions on a session's items (``QaSession`` mixes this in).

Each decision carries the store's version; the session remembers the version it last saw
per item, and a change is saved only against that version. So two reviewers deciding the
same item at once never overwrite each other: the second gets AdjudicationConflict with
the first one's decision, and deciding again (now knowingly) replaces it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rater_desktop.batch.model import Verdict
from rater_desktop.qa_review.adjudication import (
    Adjudication,
    AdjudicationConflict,
    AdjudicationError,
    Decision,
    build_decisions_document,
    clear_adjudication,
    export_decisions,
    get_adjudication,
    list_adjudications,
    set_adjudication,
)

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from rater_desktop.batch.loader import Batch
    from rater_desktop.qa_review.store import QaStore, StoredFile
    from rater_desktop.results.document import RaterInfo
    from rater_desktop.results.export import ExportedFiles


class DecisionsMixin:
    """Adjudication methods of QaSession (see the module docstring)."""

    store: QaStore
    batch: Batch
    batch_sha256: str
    reviewer_id: str
    clock: Callable[[], datetime]
    _seen: dict[str, int | None]

    if TYPE_CHECKING:

        @property
        def batch_id(self) -> str: ...
        def used_files(self) -> list[StoredFile]: ...

    # ------------------------------------------------------------------ adjudication

    def set_adjudication(
        self,
        item_id: str,
        *,
        decision: Decision | str,
        note: str = "",
        corrected_verdict: Verdict | str | None = None,
    ) -> Adjudication:
        """Record the reviewer's decision on an item of the opened batch. It replaces the
        decision this session last saw; if another reviewer changed it since, nothing is
        saved and AdjudicationConflict carries theirs (deciding again then replaces it)."""
        if item_id not in self.item_infos():  # type: ignore[attr-defined]
            raise AdjudicationError(f"Item {item_id!r} is not in the opened batch.")
        try:
            stored = set_adjudication(
                store=self.store,
                batch_sha256=self.batch_sha256,
                item_id=item_id,
                decision=decision,
                note=note,
                corrected_verdict=corrected_verdict,
                reviewer_id=self.reviewer_id,
                now=self.clock(),
                expected_version=self._seen.get(item_id),
            )
        except AdjudicationConflict as exc:
            self._saw(item_id, exc.current)
            raise
        self._saw(item_id, stored)
        return stored

    def _saw(self, item_id: str, found: Adjudication | None) -> None:
        self._seen[item_id] = None if found is None else found.version

    def saw_decision(self, item_id: str, found: Adjudication | None) -> None:
        """The reviewer was shown ``found`` (read elsewhere): later changes build on it."""
        self._saw(item_id, found)

    def adjudication(self, item_id: str) -> Adjudication | None:
        found = get_adjudication(store=self.store, batch_sha256=self.batch_sha256, item_id=item_id)
        self._saw(item_id, found)
        return found

    def adjudications(self) -> list[Adjudication]:
        found = list_adjudications(store=self.store, batch_sha256=self.batch_sha256)
        self._seen = {a.item_id: a.version for a in found}
        return found

    def decisions_stamp(self) -> tuple[tuple[str, int], ...]:
        """Changes whenever any reviewer changes a decision of this batch (cheap to poll)."""
        return self.store.decisions_stamp(batch_sha256=self.batch_sha256)

    def clear_adjudication(self, item_id: str) -> None:
        """Remove the decision this session last saw (a newer one by another reviewer stays
        and AdjudicationConflict says so)."""
        if item_id in self._seen and self._seen[item_id] is None:
            return  # this reviewer saw no decision: nothing of theirs to clear
        try:
            clear_adjudication(
                store=self.store,
                batch_sha256=self.batch_sha256,
                item_id=item_id,
                expected_version=self._seen.get(item_id),
            )
        except AdjudicationConflict as exc:
            self._saw(item_id, exc.current)
            raise
        self._seen[item_id] = None

    def export_decisions(
        self, *, out_path: Path, reviewer: RaterInfo, private_key: Ed25519PrivateKey
    ) -> ExportedFiles:
        """Write NAME.qa-decisions.json and its signature by the reviewer's key."""
        document = build_decisions_document(
            batch_id=self.batch_id,
            batch_sha256=self.batch_sha256,
            batch_title=self.batch.manifest.title,
            reviewer=reviewer,
            adjudications=self.adjudications(),
            sources=self.used_files(),
            exported_at=self.clock(),
        )
        return export_decisions(out_path=out_path, document=document, private_key=private_key)
