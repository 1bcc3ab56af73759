"""QaSession: a reviewer's work on one batch: import signed results, then every figure.

Only files whose signature is valid AND whose signer is in the roster (status ``valid``)
feed the statistics. Files with a valid signature by an unknown key are kept (with their
signed bytes) so they count as soon as the reviewer adds the key and calls
``recheck_signers()``; invalid files are recorded with the reason and never read further.
When one rater has several valid files for the batch, the latest export wins.
"""

from __future__ import annotations

import gc
import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rater_desktop.qa import disagreement as disagreement_module
from rater_desktop.qa.disagreement import ClaimCluster, ItemDisagreement, SortKey
from rater_desktop.qa.inputs import ItemFacts, RunInput
from rater_desktop.qa_review.adapter import (
    AdaptedResults,
    BatchItemInfo,
    RatedItem,
    adapt_results,
    batch_item_info,
    run_inputs,
)
from rater_desktop.qa_review.decisions import DecisionsMixin
from rater_desktop.qa_review.import_rows import import_rows, save_imported
from rater_desktop.qa_review.store import QaStore, StoredFile
from rater_desktop.qa_review.stored_session import StoredJudgmentsMixin
from rater_desktop.qa_review.summary import SummaryMixin
from rater_desktop.qa_review.trust import TrustChange, current_trust
from rater_desktop.qa_review.views import ItemComparison, item_comparison

if TYPE_CHECKING:

    from rater_desktop.batch.loader import Batch
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.results.verify import VerifyOutcome
    from rater_desktop.signing.allowed_signers import AllowedSigner

Clock = Callable[[], datetime]
MAX_SIGNATURE_BYTES = 64 * 1024


class ImportStatus(StrEnum):
    VALID = "valid"  # valid signature, signer in the roster: used in the statistics
    UNKNOWN_SIGNER = "unknown_signer"  # valid signature, key not in the roster: kept, unused
    INVALID = "invalid"  # tampered, wrong namespace, bad signature, not results...: recorded
    OTHER_BATCH = "other_batch"  # valid signature but for another batch: refused
    DUPLICATE = "duplicate"  # the same file (SHA-256) was imported before: skipped
    UNREADABLE = "unreadable"  # the file cannot be read at all: nothing recorded


@dataclass(frozen=True)
class ImportOutcome:
    """What happened to one file given to ``import_results``."""

    path: Path
    status: ImportStatus
    message: str
    file: StoredFile | None = None

    @property
    def used_in_statistics(self) -> bool:
        return self.status is ImportStatus.VALID


def _now() -> datetime:
    return datetime.now(UTC)


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _stored_status(outcome: VerifyOutcome) -> str:
    from rater_desktop.results.verify import VerifyStatus

    if outcome.status is VerifyStatus.VALID:
        return ImportStatus.VALID.value
    if outcome.status is VerifyStatus.UNKNOWN_SIGNER:
        return ImportStatus.UNKNOWN_SIGNER.value
    return ImportStatus.INVALID.value


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while one file is imported: its parsed document and
    the rows built from it are hundreds of thousands of acyclic objects, which the
    collector would otherwise walk again and again (a third of the import's own CPU time).
    They are freed by reference counting as usual; the previous state comes back after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _read(path: Path, limit: int) -> bytes:
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(0, f"larger than {limit} bytes")
    return data


class QaSession(StoredJudgmentsMixin, SummaryMixin, DecisionsMixin):
    """The QA reviewer's session on one opened batch (dependencies passed in)."""

    def __init__(
        self,
        *,
        store: QaStore,
        roster: Roster | Sequence[AllowedSigner],
        batch: Batch,
        batch_sha256: str | None = None,
        reviewer_id: str = "",
        clock: Clock = _now,
        same_items_batches: Sequence[str] = (),
        item_aliases: Mapping[str, str] | None = None,
    ) -> None:
        from rater_desktop.batch.hashing import batch_sha256 as hash_batch

        self.store = store
        self.roster = roster
        self.batch = batch
        self.batch_sha256 = (batch_sha256 or hash_batch(batch.path)).lower()
        # A study plan's per-rater batches hold the opened pool's items under the same ids,
        # so their results are reviewed together with the pool's.
        self.accepted_batches = {self.batch_sha256, *(s.lower() for s in same_items_batches)}
        # A plan's attention placements: each copies a pool attention item under an id of
        # its own (placement id -> pool id), reviewed as that item.
        self.item_aliases = dict(item_aliases or {})
        self.reviewer_id = reviewer_id
        self.clock = clock
        self._items: dict[str, BatchItemInfo] | None = None
        self._batch_problems: list[str] = []
        self._adapted: list[tuple[StoredFile, AdaptedResults]] | None = None
        self._adapted_key: tuple[tuple[int | None, str], ...] = ()
        self._trust_changes: list[TrustChange] = []
        self._file_rows: dict[tuple[int, str], Any] = {}  # see StoredJudgmentsMixin
        self._built: dict[str, tuple[Any, Any]] = {}
        # The decision version this reviewer last saw per item (absent/None: no decision).
        self._seen: dict[str, int | None] = {}

    # ------------------------------------------------------------------ batch

    @property
    def batch_id(self) -> str:
        return self.batch.manifest.batch_id

    def item_infos(self) -> dict[str, BatchItemInfo]:
        """Every readable batch item's facts, in batch order (read once; a retest probe
        repeats an item). An item the batch cannot give is named in ``problems()``."""
        from rater_desktop.batch.errors import BatchError

        if self._items is None:
            items: dict[str, BatchItemInfo] = {}
            ids = [e.item_id for e in self.batch.index if e.kind != "retest"]
            for item_id, found in self.batch.parse_items(ids, batch_item_info):  # one pass
                if isinstance(found, BatchError):
                    self._batch_problems.append(f"batch item {item_id}: {found}; left out")
                else:
                    items[item_id] = found
            for alias, base in self.item_aliases.items():
                if base in items and alias not in items:
                    info = items[base]
                    items[alias] = replace(info, facts=replace(info.facts, item_id=alias))
            self._items = items
        return self._items

    def item_facts(self) -> list[ItemFacts]:
        return [info.facts for info in self.item_infos().values()]

    def _signers(self) -> list[AllowedSigner]:
        from rater_desktop.qa_review.roster import Roster

        return self.roster.signers() if isinstance(self.roster, Roster) else list(self.roster)

    # ------------------------------------------------------------------ import

    def import_results(
        self,
        paths: Iterable[Path],
        *,
        cancelled: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[ImportOutcome]:
        """Verify and record each file; see ImportStatus for what can happen. Between
        files ``progress(done, total)`` is told and ``cancelled()`` asked: once it says
        so, the files not yet started are left alone (those done stay imported)."""
        signers = self._signers()
        todo = [Path(p) for p in paths]
        outcomes = []
        for done, path in enumerate(todo):
            if cancelled is not None and cancelled():
                break
            if progress is not None:
                progress(done, len(todo))
            with _collector_paused():
                outcomes.append(self._import_one(path, signers))
        self._adapted = None
        return outcomes

    def _import_one(self, path: Path, signers: list[AllowedSigner]) -> ImportOutcome:
        from rater_desktop.results.export import signature_path_for
        from rater_desktop.results.verify import (
            MAX_RESULTS_BYTES,
            VerifyOutcome,
            VerifyStatus,
            verify_results_bytes,
        )

        try:
            data = _read(path, MAX_RESULTS_BYTES)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            return ImportOutcome(path, ImportStatus.UNREADABLE, f"Cannot read {path}: {reason}.")
        digest = hashlib.sha256(data).hexdigest()
        earlier = self.store.find_file(digest)
        if earlier is not None and earlier.batch_sha256 not in (None, self.batch_sha256):
            return ImportOutcome(
                path,
                ImportStatus.OTHER_BATCH,
                f"{path.name} holds results for another batch ({earlier.batch_id!r}), not the "
                f"opened batch {self.batch_id!r}. Open that batch to review these results.",
            )
        if earlier is not None and earlier.status != ImportStatus.INVALID.value:
            return ImportOutcome(
                path,
                ImportStatus.DUPLICATE,
                f"{path.name} was already imported on {earlier.imported_at} (as {earlier.path}); "
                "it is not imported twice.",
                earlier,
            )
        sig_path = signature_path_for(path)
        problem = None
        signature: bytes | None = None
        try:
            signature = _read(sig_path, MAX_SIGNATURE_BYTES)
        except FileNotFoundError:
            problem = (
                f"INVALID: the signature file {sig_path.name} is missing. Ask the rater for "
                "both files."
            )
        except OSError as exc:
            problem = f"INVALID: cannot read the signature {sig_path}: {exc.strerror or exc}."
        if signature is None:
            outcome = VerifyOutcome(VerifyStatus.MISSING_SIGNATURE, problem or "")
        else:
            outcome = verify_results_bytes(
                results=data, signature=signature, allowed_signers=signers, item_spans=True
            )
        return self._record(path, digest, data, signature, outcome)

    def _record(
        self,
        path: Path,
        digest: str,
        data: bytes,
        signature: bytes | None,
        outcome: VerifyOutcome,
    ) -> ImportOutcome:
        document: dict[str, Any] = outcome.document or {}
        raw_batch = document.get("batch")
        batch: dict[str, Any] = raw_batch if isinstance(raw_batch, dict) else {}
        recorded_sha = str(batch.get("sha256", "")).lower()
        if outcome.document is not None and recorded_sha not in self.accepted_batches:
            return ImportOutcome(
                path,
                ImportStatus.OTHER_BATCH,
                f"{path.name} holds results for another batch ({batch.get('batch_id')!r}, "
                f"SHA-256 {recorded_sha[:12]}...), not the opened batch {self.batch_id!r} "
                f"({self.batch_sha256[:12]}...). Open that batch to review these results.",
            )
        status = _stored_status(outcome)
        keep = status != ImportStatus.INVALID.value and signature is not None
        spans = outcome.item_spans
        rows, left_out = import_rows(document, batch_items=self.item_infos(), file_sha256=digest,
                                     spans=spans, by_place=not self.store.is_shared,
                                     ) if keep else ([], None)  # fmt: skip
        record = StoredFile(
            file_sha256=digest,
            path=str(path),
            status=status,
            detail=outcome.status.value,
            message=outcome.message,
            imported_at=_stamp(self.clock()),
            signer=outcome.signer_principal,
            claimed_rater_id=outcome.claimed_rater_id,
            fingerprint=outcome.fingerprint,
            batch_id=str(batch.get("batch_id")) if batch else None,
            batch_sha256=recorded_sha or None,
            opened_batch_sha256=self.batch_sha256,
            exported_at=str(document.get("exported_at")) if document else None,
            problems=None if left_out is None else json.dumps(list(left_out), ensure_ascii=False),
        )
        stored, created = save_imported(
            self.store, record,
            # verifying decoded the bytes already when it noted where the items lie
            results_text=(data.decode("utf-8") if spans is None else spans.text) if keep else None,
            signature_text=signature.decode("ascii") if keep and signature else None, rows=rows,
        )  # fmt: skip
        if not created:  # another reviewer (or importer) stored the same file meanwhile
            return ImportOutcome(
                path,
                ImportStatus.DUPLICATE,
                f"{path.name} was already imported on {stored.imported_at} (as {stored.path}); "
                "it is not imported twice.",
                stored,
            )
        return ImportOutcome(path, ImportStatus(stored.status), stored.message, stored)

    def recheck_signers(self) -> list[StoredFile]:
        """Verify the kept files again against the current roster; return those changed."""
        from rater_desktop.results.verify import verify_results_bytes

        signers = self._signers()
        changed = []
        for stored in self.store.files(opened_batch_sha256=self.batch_sha256):
            signed = self.store.signed_bytes(stored.id) if stored.id is not None else None
            if signed is None:
                continue
            outcome = verify_results_bytes(
                results=signed[0], signature=signed[1], allowed_signers=signers
            )
            status = _stored_status(outcome)
            if status != stored.status or outcome.signer_principal != stored.signer:
                updated = replace(
                    stored,
                    status=status,
                    detail=outcome.status.value,
                    message=outcome.message,
                    signer=outcome.signer_principal,
                )
                changed.append(self.store.update_file(updated))
        self._adapted = None
        return changed

    def files_changed(self) -> None:
        """Another process imported or rechecked files of this store: read them again."""
        self._adapted = None

    def remove_file(self, file_sha256: str) -> None:
        found = self.store.find_file(file_sha256)
        if found is not None and found.id is not None:
            self.store.remove_file(found.id)
        self._adapted = None

    # ------------------------------------------------------------------ data

    def files(self) -> list[StoredFile]:
        """Every file imported while this batch was open, in import order, each with the
        trust the roster gives it now (see ``trust``: a key removed or expired since the
        import leaves its files out, and ``problems()`` names them)."""
        stored = self.store.files(opened_batch_sha256=self.batch_sha256)
        files, self._trust_changes = current_trust(stored, self._signers(), self.clock())
        return files

    def _latest_trusted(self) -> list[StoredFile]:
        """The files that count: trusted now, the latest export per rater, by signer."""
        latest: dict[str, StoredFile] = {}
        for stored in self.files():
            if stored.status != ImportStatus.VALID.value or stored.id is None:
                continue
            rater = str(stored.signer or stored.claimed_rater_id)
            previous = latest.get(rater)
            if previous is None or (stored.exported_at or "") >= (previous.exported_at or ""):
                latest[rater] = stored
        return sorted(latest.values(), key=lambda s: s.signer or "")

    def used_files(self) -> list[StoredFile]:
        """The files feeding the statistics: valid, known signer, latest per rater."""
        return self._latest_trusted()

    def _adapted_results(self) -> list[tuple[StoredFile, AdaptedResults]]:
        chosen = self._latest_trusted()
        key = tuple((s.id, s.file_sha256) for s in chosen)
        if self._adapted is not None and self._adapted_key == key:
            return self._adapted
        infos = self.item_infos()
        adapted = []
        for stored in chosen:
            signed = self.store.signed_bytes(stored.id) if stored.id is not None else None
            if signed is None:
                continue
            try:
                document = json.loads(signed[0].decode("utf-8"))
            except ValueError:  # the store was changed behind our back: skip, never guess
                continue
            adapted.append((stored, adapt_results(document=document, batch_items=infos)))
        self._adapted, self._adapted_key = adapted, key
        return self._adapted

    def problems(self) -> list[str]:
        """Batch items and items of trusted files that were left out, and why (one line each)."""
        found = self.file_problems()  # reads the trust again first
        distrusted = [change.problem() for change in self._trust_changes if change.left_out]
        return [*self._batch_problems, *distrusted, *found]

    def rated_items(self, *, complete_only: bool = True) -> list[tuple[RatedItem, str]]:
        """Every trusted rater's items, with the SHA-256 of the file each came from."""
        return [
            (item, stored.file_sha256)
            for stored, adapted in self._adapted_results()
            for item in adapted.items
            if item.complete or not complete_only
        ]

    def survey_answers(self, question: str) -> dict[str, Any]:
        """Each trusted rater's answer to a survey question (those who skipped it absent),
        by the rater id their judgments carry."""
        return {adapted.rater_id: adapted.survey_answers[question]
                for _, adapted in self._adapted_results()
                if question in adapted.survey_answers}

    def item_metadata(self, field: str) -> dict[str, Any]:
        """Item id -> the value of ``field`` in the batch item's metadata (items with it)."""
        return {item_id: info.metadata[field] for item_id, info in self.item_infos().items()
                if field in info.metadata}  # fmt: skip

    def metadata_fields(self) -> list[str]:
        """Every metadata field some batch item carries, sorted."""
        return sorted({key for info in self.item_infos().values() for key in info.metadata})

    def raters(self) -> list[str]:
        return sorted({stored.signer or "" for stored in self.used_files()})

    def runs(self) -> list[RunInput]:
        return run_inputs(
            batch_items=self.item_infos().values(),
            rated=(s for s in self.stored_judgments() if s.complete),  # one at a time
        )

    # ------------------------------------------------------------------ items

    def comparison(self, item_id: str) -> ItemComparison:
        """Every trusted rater's judgment of ``item_id`` side by side (true A/B), from the
        item entries the store keeps (no document is parsed). KeyError: not in the batch."""
        return self._comparison(self.item_infos()[item_id], self.stored_rated(item_id))

    @staticmethod
    def _comparison(info: BatchItemInfo, rated: list[tuple[RatedItem, str]]) -> ItemComparison:
        complete = [r.judgment for r, _ in rated if r.complete]
        # With one rater the spreads are None but the claims still form (one-rater) clusters,
        # so the compare view's Claims tab shows them instead of staying empty.
        found = (
            disagreement_module.item_disagreement(item_id=info.facts.item_id, judgments=complete)
            if complete
            else None
        )
        return item_comparison(info=info, rated=rated, disagreement=found)

    def comparisons(self) -> list[ItemComparison]:
        """One comparison per batch item that at least one trusted rater judged, batch order."""
        by_item: dict[str, list[tuple[RatedItem, str]]] = defaultdict(list)
        for rated, sha in self.rated_items(complete_only=False):
            by_item[rated.item_id].append((rated, sha))
        return [
            self._comparison(info, by_item[item_id])
            for item_id, info in self.item_infos().items()
            if item_id in by_item
        ]

    def claim_clusters(self, item_id: str) -> list[ClaimCluster]:
        """Claims of several raters about the same span, per true response; see ``conflicting``."""
        found = self.comparison(item_id).disagreement
        return list(found.claim_clusters) if found else []

    def disagreements(
        self,
        *,
        sort_by: SortKey = "score",
        min_score: float = 0.0,
        min_verdict_spread: float | None = None,
        min_score_spread: float | None = None,
        min_claim_conflicts: int | None = None,
        kinds: Sequence[str] = ("standard", "qualification", "attention"),
    ) -> list[ItemDisagreement]:
        """Items with two or more raters, sorted (largest first) and filtered by minimums."""
        found = disagreement_module.disagreements(judgments=self.judgments(), kinds=kinds)
        kept = disagreement_module.filter_disagreements(
            items=found,
            min_score=min_score,
            min_verdict_spread=min_verdict_spread,
            min_score_spread=min_score_spread,
            min_claim_conflicts=min_claim_conflicts,
        )
        return disagreement_module.sort_disagreements(items=kept, key=sort_by)
