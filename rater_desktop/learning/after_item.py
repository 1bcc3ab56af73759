"""What the window shows after the rater completes an item: the training feedback of a
training item and, when the batch scores qualification locally, the progress line and
the unreachable notice. Decided here, without Qt; the window only shows the outcome."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Item, ItemKind
from rater_desktop.learning.qualification import (
    Notice,
    QualificationProgress,
    notice_after,
    qualification_progress,
)
from rater_desktop.learning.training import TrainingFeedback, training_feedback


@dataclass(frozen=True)
class AfterComplete:
    """The training feedback, the qualification progress and notice (each maybe None)."""

    feedback: TrainingFeedback | None = None
    progress: QualificationProgress | None = None
    notice: Notice | None = None


def _complete(document: Mapping[str, Any] | None) -> bool:
    return isinstance(document, dict) and document.get("status") == "complete"


def after_complete(*, item: Item, document: Mapping[str, Any], protocol: Any, swapped: bool,
                   qualification_items: Iterable[Item],
                   load: Callable[[str], Mapping[str, Any] | None], settings: Any,
                   threshold: tuple[int, int],
                   saved_qualification: Mapping[str, Any] | None) -> AfterComplete:
    """``protocol`` gives ``answers``, ``describe`` and ``gold_passed`` (a protocol without
    them shows neither); ``load(item_id)`` reads a saved rating document."""
    feedback = None
    if item.training is not None and protocol.answers is not None \
            and protocol.describe is not None:
        feedback = training_feedback(item.id, item.training, protocol.answers(document),
                                     describe=protocol.describe, swapped=swapped)
    if item.kind is not ItemKind.QUALIFICATION or protocol.gold_passed is None \
            or not settings.score_locally:
        return AfterComplete(feedback=feedback)
    outcomes: dict[str, bool | None] = {}
    scored: list[str] = []
    for other in qualification_items:
        saved = document if other.id == item.id else load(other.id)
        passed = protocol.gold_passed(other, saved or {})
        if passed is None:
            continue  # no gold: QA does not score it either
        scored.append(other.id)
        outcomes[other.id] = passed if _complete(saved) or other.id == item.id else None
    progress = qualification_progress(outcomes, item_ids=scored, threshold=threshold)
    return AfterComplete(feedback=feedback, progress=progress,
                         notice=notice_after(progress, settings, saved_qualification))


def training_entry(state: Mapping[str, Any] | None, feedback: TrainingFeedback, *,
                   at: str) -> dict[str, Any]:
    """The batch state's training entry with this item's feedback as shown (the latest
    showing; a re-completed item shows and records it again)."""
    from rater_desktop.learning.records import TRAINING_KEY

    shown = (state or {}).get(TRAINING_KEY)
    entry = dict(shown) if isinstance(shown, dict) else {}
    entry[feedback.item_id] = {**feedback.to_record(), "shown_at": at}
    return entry
