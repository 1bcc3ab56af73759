"""Export records of run audits (results format 2.1: ``protocol`` at the top, each item's
``rating`` the run audit document). A run has one agent: ``identities`` A is the run's
agent and B is empty; the display order is always A, B (nothing is shown side by side)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import survey_for_export
from rater_desktop.results.document import ItemRecord
from rater_desktop.results.errors import CollectError
from rater_desktop.run_audit.model import RunAuditRating, is_justification
from rater_desktop.run_audit.rules import check_run_audit
from rater_desktop.text_sources import export_fields


def run_audit_record(item: Item, rating: RunAuditRating) -> ItemRecord:
    """One item's record: the run's agent, the audit, every RA rule result."""
    run = item.run
    results = check_run_audit(rating, item)
    document = rating.to_dict()
    document.pop("text_sources", None)  # exported per field beside the rating (2.4)
    return ItemRecord(
        item_id=item.id,
        identities={"A": run.identity if run is not None else "", "B": ""},
        display_order=("A", "B"),
        rating=document,
        rule_results=[{**r.to_dict(), "acknowledged": False, "reason": ""} for r in results],
        status=rating.status.value,
        timing=document["timing"],
        incomplete=rating.status is not ItemStatus.COMPLETE,
        kind=item.kind.value,
        text_sources=export_fields(rating.text_sources, is_justification=is_justification),
    )


def collect_run_audit_records(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                              include_incomplete: bool) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out (same rules as the other protocols)."""
    records: list[ItemRecord] = []
    left_out: list[str] = []
    for item in items:
        saved = store.load_item(batch_key, item.id)
        if saved is None:
            left_out.append(item.id)
            continue
        try:
            rating = RunAuditRating.from_dict(saved)
        except ValueError as exc:
            raise CollectError(f"The saved audit of item {item.id} cannot be read: {exc}. "
                               "Open the item in the window to audit it again.") from exc
        if rating.status is not ItemStatus.COMPLETE and not include_incomplete:
            left_out.append(item.id)
            continue
        records.append(run_audit_record(item, rating))
    return records, left_out


def collect_protocol_export(*, manifest: Any, items: Iterable[Item], store: RatingStore,
                            include_incomplete: bool,
                            ) -> tuple[list[ItemRecord], list[str], dict[str, Any]]:
    """Records, ids left out and the document's extra fields for a run audit batch
    (``protocol``; ``survey`` when the batch has one, as in the other protocols)."""
    records, left_out = collect_run_audit_records(
        items=items, store=store, batch_key=manifest.batch_id,
        include_incomplete=include_incomplete)
    extra: dict[str, Any] = {"protocol": manifest.protocol}
    questions = manifest.preference.survey
    if questions:
        extra["survey"] = survey_for_export(store, manifest.batch_id, questions)
    return records, left_out, extra
