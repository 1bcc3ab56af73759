"""What the signed results carry of training, qualification, unsure marks and
conversations (results format 2.3), read from the rater's batch state and the items.

Everything shown to the rater is recorded as shown: the training feedback of each item
(``training``), the qualification progress lines and the rater's answer to the
unreachable message (``qualification``), each unsure mark (``unsure``) and the earlier
turns of a conversation item (``conversation``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rater_desktop.batch.learning import turn_dicts
from rater_desktop.batch.model import Item
from rater_desktop.learning import qualification, unsure

TRAINING_KEY = "training"  # the batch state's entry: item id -> the feedback shown


def item_extras(items: Iterable[Item], state: Mapping[str, Any] | None,
                ) -> dict[str, dict[str, Any]]:
    """Item id -> the fields its results entry adds (only items that have any)."""
    marks = unsure.marks_in(state)
    shown = (state or {}).get(TRAINING_KEY)
    shown = shown if isinstance(shown, dict) else {}
    extras: dict[str, dict[str, Any]] = {}
    for item in items:
        extra: dict[str, Any] = {}
        if item.id in marks:
            extra["unsure"] = marks[item.id].to_dict()
        if item.training is not None and isinstance(shown.get(item.id), dict):
            extra["training"] = shown[item.id]
        if item.conversation:
            extra["conversation"] = turn_dicts(item.conversation)
        if extra:
            extras[item.id] = extra
    return extras


def document_extra(manifest: Any, state: Mapping[str, Any] | None) -> dict[str, Any]:
    """``{"qualification": ...}`` when the batch scores qualification locally."""
    settings = getattr(manifest, "qualification", None)
    if settings is None or not settings.score_locally:
        return {}
    saved = (state or {}).get(qualification.STATE_KEY)
    saved = saved if isinstance(saved, dict) else {}
    return {"qualification": {
        "scored_locally": True,
        "when_unreachable": settings.when_unreachable,
        "message": settings.message,
        "shown": list(saved.get("shown", [])),
        "decision": saved.get("decision"),
        "decided_at": saved.get("decided_at"),
    }}
