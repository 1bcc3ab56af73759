"""Export records of preference judgments (format 2.1, see results.document:
``protocol`` and ``survey`` are added at the top, each item's ``rating`` is the
preference document)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import PreferenceSettings
from rater_desktop.preference.model import PreferenceRating, is_justification
from rater_desktop.preference.rules import check_preference
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import survey_for_export
from rater_desktop.results.document import ItemRecord
from rater_desktop.results.errors import CollectError
from rater_desktop.text_sources import export_fields


def preference_record(item: Item, rating: PreferenceRating, *, rater_id: str,
                      display_seed: str, settings: PreferenceSettings) -> ItemRecord:
    """One item's record: identities, display order, the choice (file order), PR results."""
    order = display_order(batch_seed=display_seed, rater_id=rater_id, item_id=item.id)
    document = rating.to_dict()
    document.pop("text_sources", None)  # exported per field beside the rating (2.4)
    sources = dict(rating.text_sources)
    if rating.choice not in ("A", "B"):
        document["explanation"] = ""  # PR-2: an explanation belongs to an A or B choice
        sources.pop("explanation", None)
    results = check_preference(rating, explanation_required=settings.explanation_required)
    return ItemRecord(
        item_id=item.id,
        identities={"A": item.responses[0].identity, "B": item.responses[1].identity},
        display_order=("B", "A") if order.swapped else ("A", "B"),
        rating=document,
        rule_results=[{**r.to_dict(), "acknowledged": False, "reason": ""} for r in results],
        status=rating.status.value,
        timing=document["timing"],
        incomplete=rating.status is not ItemStatus.COMPLETE,
        kind=item.kind.value,
        retest_of=item.retest_of,
        text_sources=export_fields(sources, is_justification=is_justification),
    )


def collect_preference_records(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                               rater_id: str, display_seed: str, settings: PreferenceSettings,
                               include_incomplete: bool) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out (same rules as the guideline export)."""
    records: list[ItemRecord] = []
    left_out: list[str] = []
    for item in items:
        saved = store.load_item(batch_key, item.id)
        if saved is None:
            left_out.append(item.id)
            continue
        try:
            rating = PreferenceRating.from_dict(saved)
        except ValueError as exc:
            raise CollectError(f"The saved judgment of item {item.id} cannot be read: {exc}. "
                               "Open the item in the window to judge it again.") from exc
        if rating.status is not ItemStatus.COMPLETE and not include_incomplete:
            left_out.append(item.id)
            continue
        records.append(preference_record(item, rating, rater_id=rater_id,
                                         display_seed=display_seed, settings=settings))
    return records, left_out


def collect_protocol_export(*, manifest: Any, items: Iterable[Item], store: RatingStore,
                            rater_id: str, include_incomplete: bool,
                            ) -> tuple[list[ItemRecord], list[str], dict[str, Any]]:
    """Records, ids left out and the document's extra fields for a preference batch."""
    records, left_out = collect_preference_records(
        items=items, store=store, batch_key=manifest.batch_id, rater_id=rater_id,
        display_seed=manifest.display_seed or manifest.batch_id,
        settings=manifest.preference, include_incomplete=include_incomplete)
    extra: dict[str, Any] = {"protocol": manifest.protocol,
                             "survey": survey_for_export(store, manifest.batch_id,
                                                         manifest.preference.survey)}
    return records, left_out, extra
