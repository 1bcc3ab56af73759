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
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import survey_for_export
from rater_desktop.results.collect import collect_saved, judgment_record
from rater_desktop.results.document import ItemRecord


def preference_record(item: Item, rating: PreferenceRating, *, rater_id: str,
                      display_seed: str, settings: PreferenceSettings) -> ItemRecord:
    """One item's record: identities, display order, the choice (file order), PR results."""
    order = display_order(batch_seed=display_seed, rater_id=rater_id, item_id=item.id)
    document = rating.to_dict()
    sources = dict(rating.text_sources)
    if rating.choice not in ("A", "B"):
        document["explanation"] = ""  # PR-2: an explanation belongs to an A or B choice
        sources.pop("explanation", None)
    results = check_preference(rating, explanation_required=settings.explanation_required)
    return judgment_record(
        item, document, status=rating.status, results=results,
        identities={"A": item.responses[0].identity, "B": item.responses[1].identity},
        display_order=("B", "A") if order.swapped else ("A", "B"), sources=sources,
        is_justification=is_justification, retest_of=item.retest_of)


def collect_preference_records(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                               rater_id: str, display_seed: str, settings: PreferenceSettings,
                               include_incomplete: bool) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out (same rules as the guideline export)."""
    return collect_saved(
        items=items, store=store, batch_key=batch_key, read=PreferenceRating.from_dict,
        status_of=lambda rating: rating.status,
        record=lambda item, rating: preference_record(
            item, rating, rater_id=rater_id, display_seed=display_seed, settings=settings),
        include_incomplete=include_incomplete,
        unreadable="The saved judgment of item {item} cannot be read: {problem}. "
                   "Open the item in the window to judge it again.")


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
