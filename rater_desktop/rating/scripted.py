"""Ratings written outside the window (a trainer's answer key, a smoke test) applied to items.

A scripted rating is the same JSON document the window saves (``ItemRating.to_dict``), in
true file order (``responses[0]`` is file A). For convenience a claim may give only its
``text``: its span is then located verbatim in the response, exactly as a selection made in
the window is. The guideline's rules run on the result as they do in the window, so an item
is marked complete only when no blocking rule fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.model import ItemRating, ItemStatus
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import can_complete, check_item
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.text import locate_span, plain_text


class ScriptedRatingError(ValueError):
    """A scripted rating that cannot be applied; the message says where and why."""


@dataclass(frozen=True)
class ScriptedOutcome:
    """What applying one scripted rating gave: the rating, its rule results, and why not complete."""

    rating: ItemRating
    results: tuple[RuleResult, ...]
    blocking: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return self.rating.status is ItemStatus.COMPLETE


def _fill_claim_spans(document: dict[str, Any], plains: tuple[str, str], where: str) -> None:
    responses = document.get("responses")
    if not isinstance(responses, list):
        return
    for side, response in enumerate(responses[:2]):
        claims = response.get("claims") if isinstance(response, dict) else None
        if not isinstance(claims, list):
            continue
        for number, claim in enumerate(claims):
            if not isinstance(claim, dict) or "start" in claim:
                continue
            text = claim.get("text")
            label = f"{where}: response {'AB'[side]} claim {number + 1}"
            if not isinstance(text, str) or not text.strip():
                raise ScriptedRatingError(f"{label} has neither a span nor a text")
            span = locate_span(plains[side], text)
            if span is None:
                raise ScriptedRatingError(
                    f"{label} is not a verbatim span of the response: {text[:60]!r}"
                )
            claim["start"], claim["end"] = span
            claim["text"] = plains[side][span[0] : span[1]]
            claim.setdefault("id", f"c{side}{number + 1}")


def apply_scripted_rating(
    document: Any,
    *,
    item: Item,
    rubric: Rubric,
    order: DisplayOrder,
    complete: bool,
    where: str = "rating",
) -> ScriptedOutcome:
    """Check ``document`` against ``item`` and the rules; complete it if asked and allowed."""
    if not isinstance(document, dict):
        raise ScriptedRatingError(f"{where}: expected a JSON object")
    document = dict(document)
    document.setdefault("item_id", item.id)
    if document["item_id"] != item.id:
        raise ScriptedRatingError(f"{where}: item_id {document['item_id']!r} is not {item.id!r}")
    plains = (plain_text(item.responses[0].text), plain_text(item.responses[1].text))
    _fill_claim_spans(document, plains, where)
    try:
        rating = ItemRating.from_dict(document)
    except ValueError as exc:
        raise ScriptedRatingError(f"{where}: {exc}") from exc
    rating.revealed = True
    rating.text_sources = {}  # a file's claim; its text never passed through the window
    results = tuple(
        check_item(rating, item=item, plain_texts=plains, rubric=rubric, order=order)
    )
    ok, reasons = can_complete(results)
    if complete and ok:
        rating.status = ItemStatus.COMPLETE
    elif rating.status in (ItemStatus.NOT_STARTED, ItemStatus.COMPLETE):
        rating.status = ItemStatus.IN_PROGRESS
    return ScriptedOutcome(rating=rating, results=results, blocking=tuple(reasons))
