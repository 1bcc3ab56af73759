"""Glue: gather export inputs from an opened batch and the rater's rating store.

``collect_saved`` (any protocol's saved documents, read and recorded by functions passed
in) and ``judgment_record`` (a record's common fields) work on any RatingStore;
``collect_item_records`` is the guideline's use of them;
``collect_records`` is the one collection both exports run (the window's export flow and
``rater-desktop export``), with the batch's protocol's ``collect_export`` passed in (from
``rater_desktop.protocols``, a higher layer); ``collect_export_inputs`` opens the batch
and the profile's store for the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rater_desktop.batch.model import Item
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.justification import is_justification
from rater_desktop.rating.model import ItemRating, ItemStatus
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.text import plain_text
from rater_desktop.results.binding import RatedBatchChangedError, bound_batch_sha256
from rater_desktop.results.document import BatchMeta, ItemRecord
from rater_desktop.results.errors import CollectError
from rater_desktop.text_sources import FieldSources, export_fields

__all__ = ["CollectError", "ExportInputs", "collect_export_inputs", "collect_item_records",
           "collect_records", "collect_saved", "item_record", "judgment_record"]

R = TypeVar("R")

# A protocol's export part: (manifest=, items=, store=, rater_id=, rubric=,
# include_incomplete=) -> (records, ids left out, the document's extra fields).
Collect = Callable[..., tuple[list[ItemRecord], list[str], dict[str, Any]]]


@dataclass(frozen=True)
class ExportInputs:
    """What the exporter needs, plus what was left out (ids of items not complete)."""

    batch: BatchMeta
    records: list[ItemRecord]
    total_items: int
    left_out: list[str] = field(default_factory=list)
    document_extra: dict[str, Any] = field(default_factory=dict)  # protocol, survey


def _rule_entry(result: RuleResult, acknowledged: Mapping[str, str]) -> dict[str, Any]:
    reason = acknowledged.get(result.rule_id, "").strip() if result.warning else ""
    return {**result.to_dict(), "acknowledged": bool(reason), "reason": reason}


def judgment_record(item: Item, document: dict[str, Any], *, status: ItemStatus,
                    results: Sequence[RuleResult], identities: Mapping[str, str],
                    display_order: Sequence[str], sources: Mapping[str, FieldSources],
                    is_justification: Callable[[str], bool], retest_of: str | None = None,
                    acknowledged: Mapping[str, str] | None = None) -> ItemRecord:
    """One item's record from its rating ``document`` (its text sources go beside it);
    a warning is acknowledged when ``acknowledged`` gives it a reason (the guideline's)."""
    document.pop("text_sources", None)  # exported per field beside the rating (2.4)
    return ItemRecord(
        item_id=item.id,
        identities=dict(identities),
        display_order=tuple(display_order),
        rating=document,
        rule_results=[_rule_entry(r, acknowledged or {}) for r in results],
        status=status.value,
        timing=document["timing"],
        incomplete=status is not ItemStatus.COMPLETE,
        kind=item.kind.value,
        retest_of=retest_of,
        text_sources=export_fields(dict(sources), is_justification=is_justification),
    )


def item_record(
    item: Item,
    rating: ItemRating,
    *,
    rater_id: str,
    display_seed: str,
    rubric: Rubric,
) -> ItemRecord:
    """One item's export record: identities, display order, answers and rule outcomes."""
    order = display_order(batch_seed=display_seed, rater_id=rater_id, item_id=item.id)
    plain = [plain_text(response.text) for response in item.responses]
    results = check_item(rating, item=item, plain_texts=plain, rubric=rubric, order=order)
    return judgment_record(
        item, rating.to_dict(), status=rating.status, results=results,
        identities={"A": item.responses[0].identity, "B": item.responses[1].identity},
        display_order=("B", "A") if order.swapped else ("A", "B"),
        sources=rating.text_sources, is_justification=is_justification,
        retest_of=item.retest_of, acknowledged=rating.acknowledged)


def collect_saved(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                  read: Callable[[Any], R], status_of: Callable[[R], ItemStatus],
                  record: Callable[[Item, R], ItemRecord], include_incomplete: bool,
                  unreadable: str) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out, for any protocol's documents.

    Complete items are always exported. Items with a saved rating that is not complete
    are exported (marked ``incomplete``) only with ``include_incomplete``; items never
    opened have no rating and are always left out. A saved document ``read`` refuses is
    a CollectError: ``unreadable`` with ``{item}`` and ``{problem}`` filled in.
    """
    records: list[ItemRecord] = []
    left_out: list[str] = []
    for item in items:
        saved = store.load_item(batch_key, item.id)
        if saved is None:
            left_out.append(item.id)
            continue
        try:
            rating = read(saved)
        except ValueError as exc:
            raise CollectError(unreadable.format(item=item.id, problem=exc)) from exc
        if status_of(rating) is not ItemStatus.COMPLETE and not include_incomplete:
            left_out.append(item.id)
            continue
        records.append(record(item, rating))
    return records, left_out


def collect_item_records(
    *,
    items: Iterable[Item],
    store: RatingStore,
    batch_key: str,
    rater_id: str,
    display_seed: str,
    rubric: Rubric,
    include_incomplete: bool,
) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order, and the ids left out (the rules of ``collect_saved``)."""
    return collect_saved(
        items=items, store=store, batch_key=batch_key, read=ItemRating.from_dict,
        status_of=lambda rating: rating.status,
        record=lambda item, rating: item_record(
            item, rating, rater_id=rater_id, display_seed=display_seed, rubric=rubric),
        include_incomplete=include_incomplete,
        unreadable="The saved rating of item {item} cannot be read: {problem}")


def feedback_extra(store: RatingStore, batch_key: str) -> dict[str, Any]:
    """``{"feedback": ...}`` for build_results_document when QA feedback was imported."""
    from rater_desktop.feedback.rework import export_block

    block = export_block(store.load_batch_state(batch_key))
    return {"feedback": block} if block else {}


def collect_records(*, manifest: Any, items: Iterable[Item], store: RatingStore, rater_id: str,
                    rubric: Rubric, include_incomplete: bool, collect: Collect,
                    ) -> tuple[list[ItemRecord], list[str], dict[str, Any]]:
    """The protocol's records, ids left out and extra fields, plus the revisions that answer
    imported QA decisions (``feedback``)."""
    items = list(items)
    records, left_out, extra = collect(manifest=manifest, items=items, store=store,
                                       rater_id=rater_id, rubric=rubric,
                                       include_incomplete=include_incomplete)
    extra = {**extra, **feedback_extra(store, manifest.batch_id)}
    return learning_records(manifest, items, store, records, extra), left_out, extra


def learning_records(manifest: Any, items: list[Item], store: RatingStore,
                     records: list[ItemRecord], extra: dict[str, Any]) -> list[ItemRecord]:
    """The records with what the rater was shown and said about each item (training
    feedback, unsure marks, conversations); ``extra`` gains the local qualification."""
    from dataclasses import replace

    from rater_desktop.learning.records import document_extra, item_extras

    state = store.load_batch_state(manifest.batch_id)
    extra.update(document_extra(manifest, state))
    extras = item_extras(items, state)
    return [replace(r, extra={**r.extra, **extras[r.item_id]}) if r.item_id in extras else r
            for r in records]


def collect_export_inputs(
    *,
    batch_path: Path,
    rater_id: str,
    data_dir: Path,
    include_incomplete: bool,
    collect_for: Callable[[Any], Collect],
) -> ExportInputs:
    """Open the batch and the profile's store (flushed first) and collect the records;
    ``collect_for(manifest)`` is the batch's protocol's export part (ValueError: unknown)."""
    from rater_desktop.batch.errors import BatchError
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.rating.rubric import RubricError
    from rater_desktop.storage.errors import StorageError
    from rater_desktop.storage.profile import open_profile_store

    try:
        with open_batch(batch_path) as batch:
            manifest = batch.manifest
            rubric = Rubric.from_overrides(manifest.rubric)
            items = [batch.item(entry.item_id) for entry in batch.index]
            sha256 = batch_sha256(batch_path)
        store = open_profile_store(rater_id, data_dir=data_dir)
    except BatchError as exc:
        raise CollectError(f"Cannot read the batch {batch_path}: {exc}") from exc
    except RubricError as exc:
        raise CollectError(f"The batch's rubric is not valid: {exc}") from exc
    except (StorageError, OSError) as exc:
        raise CollectError(str(exc)) from exc
    try:
        try:
            collect = collect_for(manifest)
        except ValueError as exc:  # a protocol this app does not know
            raise CollectError(str(exc)) from exc
        store.flush()
        sha256 = bound_batch_sha256(store=store, batch_key=manifest.batch_id, disk_sha256=sha256)
        records, left_out, extra = collect_records(
            manifest=manifest, items=items, store=store, rater_id=rater_id, rubric=rubric,
            include_incomplete=include_incomplete, collect=collect)
    except (StorageError, RatedBatchChangedError) as exc:
        raise CollectError(str(exc)) from exc
    finally:
        store.close()
    meta = BatchMeta(
        batch_id=manifest.batch_id, sha256=sha256, title=manifest.title, rubric=rubric.to_dict()
    )
    return ExportInputs(batch=meta, records=records, total_items=len(items), left_out=left_out,
                        document_extra=extra)
