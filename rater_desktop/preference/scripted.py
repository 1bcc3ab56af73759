"""Preference judgments written outside the window (``rater-desktop rate``), checked as the window checks them.

A scripted judgment is the document the window saves (``PreferenceRating.to_dict``):
``choice`` in FILE order ("A" = the batch's first response), "B" or "tie", an optional
``explanation`` and ``timing`` (``text_sources`` and ``sides_viewed`` are the window's to
record: a file's are dropped). The PR rules run on it; ``complete`` marks it complete only
when none blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import PREFERENCE, PreferenceSettings
from rater_desktop.preference.model import PreferenceRating
from rater_desktop.preference.rules import blocking_reasons, check_preference
from rater_desktop.rating.model import ItemStatus


class ScriptedPreferenceError(ValueError):
    """A scripted judgment that cannot be applied; the message says where and why."""


@dataclass(frozen=True)
class ScriptedPreference:
    """The judgment as it will be saved, and why it is not complete (if it is not)."""

    rating: PreferenceRating
    blocking: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return self.rating.status is ItemStatus.COMPLETE


def apply_scripted_preference(document: Any, *, item: Item, settings: PreferenceSettings,
                              complete: bool, where: str = "judgment") -> ScriptedPreference:  # fmt: skip
    """Check ``document`` against ``item`` and the PR rules; complete it if asked and allowed."""
    if not isinstance(document, dict):
        raise ScriptedPreferenceError(f"{where}: expected a JSON object")
    if document.get("item_id", item.id) != item.id:
        raise ScriptedPreferenceError(f"{where}: item_id {document.get('item_id')!r} is not {item.id!r}")
    try:
        rating = PreferenceRating.from_dict({**document, "protocol": PREFERENCE, "item_id": item.id})
    except ValueError as exc:
        raise ScriptedPreferenceError(f"{where}: {exc}") from exc
    rating.text_sources = {}  # a file's claim; its text never passed through the window
    rating.sides_viewed = None  # nor had anyone its responses on screen: not recorded
    results = check_preference(rating, explanation_required=settings.explanation_required)
    reasons = tuple(blocking_reasons(results))
    if complete and not reasons:
        rating.status = ItemStatus.COMPLETE
    elif rating.status in (ItemStatus.NOT_STARTED, ItemStatus.COMPLETE):
        rating.status = ItemStatus.IN_PROGRESS
    return ScriptedPreference(rating=rating, blocking=reasons)
