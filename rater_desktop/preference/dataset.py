"""Preference judgments as the study dataset reads them: a signed score per item.

A choice in file order becomes a score on the guideline's sign convention: "A" -1 (the
batch's first response preferred), "B" +1, "tie" 0; the dataset's margin is then the
share of raters agreeing beyond a tie (|mean|, 0..1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rater_desktop.preference.model import PreferenceRating
from rater_desktop.rating.model import ItemStatus

CHOICE_SCORES = {"A": -1, "B": 1, "tie": 0}


def preference_verdicts(document: Mapping[str, Any],
                        identities: Mapping[str, tuple[str, str]]) -> list[tuple[str, int, str]]:  # fmt: skip
    """(item id, score, choice) of each complete judgment on an item of ``identities``
    (item id -> the batch's identities, file order); an entry whose identities differ from
    the batch's, or that cannot be read, is left out."""
    found = []
    for entry in document.get("items") or []:
        if not isinstance(entry, dict) or entry.get("incomplete") is True:
            continue
        item_id = entry.get("item_id")
        recorded = entry.get("identities")
        if not isinstance(item_id, str) or item_id not in identities or not isinstance(recorded, dict):
            continue
        if (recorded.get("A"), recorded.get("B")) != tuple(identities[item_id]):
            continue
        try:
            rating = PreferenceRating.from_dict(entry.get("rating"))  # type: ignore[arg-type]
        except (ValueError, TypeError, AttributeError):
            continue
        if rating.status is ItemStatus.COMPLETE and rating.choice in CHOICE_SCORES:
            found.append((item_id, CHOICE_SCORES[rating.choice], rating.choice))
    return found
