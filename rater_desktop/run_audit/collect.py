"""Export records of run audits (results format 2.1: ``protocol`` at the top, each item's
``rating`` the run audit document). A run has one agent: ``identities`` A is the run's
agent and B is empty; the display order is always A, B (nothing is shown side by side)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import survey_for_export
from rater_desktop.results.collect import collect_saved, judgment_record
from rater_desktop.results.document import ItemRecord
from rater_desktop.run_audit.model import RunAuditRating, is_justification
from rater_desktop.run_audit.rules import check_run_audit


def run_audit_record(item: Item, rating: RunAuditRating) -> ItemRecord:
    """One item's record: the run's agent, the audit, every RA rule result."""
    run = item.run
    return judgment_record(
        item, rating.to_dict(), status=rating.status, results=check_run_audit(rating, item),
        identities={"A": run.identity if run is not None else "", "B": ""},
        display_order=("A", "B"), sources=rating.text_sources,
        is_justification=is_justification)


def collect_run_audit_records(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                              include_incomplete: bool) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out (same rules as the other protocols)."""
    return collect_saved(
        items=items, store=store, batch_key=batch_key, read=RunAuditRating.from_dict,
        status_of=lambda rating: rating.status, record=run_audit_record,
        include_incomplete=include_incomplete,
        unreadable="The saved audit of item {item} cannot be read: {problem}. "
                   "Open the item in the window to audit it again.")


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
