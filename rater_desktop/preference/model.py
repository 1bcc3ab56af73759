"""One item's preference judgment as a plain, JSON-able document.

``choice`` is in FILE order ("A" = the batch's first response), like every exported
answer; the service translates the rater's displayed labels (SD-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rater_desktop.batch.protocol import CHOICES, PREFERENCE
from rater_desktop.rating.model import ItemStatus, TimeSpent
from rater_desktop.text_sources import FieldSources, sources_from_dict, sources_to_dict

CHOICE_STEP = "choice"
SIDES = ("A", "B")


@dataclass
class PreferenceRating:
    """A, B or tie (file order), the optional explanation, status and active time."""

    item_id: str
    choice: str | None = None
    explanation: str = ""
    status: ItemStatus = ItemStatus.NOT_STARTED
    timing: TimeSpent = field(default_factory=TimeSpent)
    text_sources: dict[str, FieldSources] = field(default_factory=dict)  # where text came from
    # The responses (file order) on screen before completing; None: not recorded (older
    # profiles, or completed where nothing watched the screen).
    sides_viewed: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "protocol": PREFERENCE,
            "item_id": self.item_id,
            "choice": self.choice,
            "explanation": self.explanation,
            "status": self.status.value,
            "current_step": CHOICE_STEP,
            "timing": {
                "active_seconds": self.timing.active_seconds,
                "step_seconds": dict(self.timing.step_seconds),
                "sessions": self.timing.sessions,
                "step": CHOICE_STEP,
            },
        }
        if self.text_sources:  # absent until the explanation is edited (older profiles too)
            document["text_sources"] = sources_to_dict(self.text_sources)
        if self.sides_viewed is not None:  # results 2.7
            document["sides_viewed"] = list(self.sides_viewed)
        return document

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PreferenceRating:
        """Read a saved document; ValueError names the bad field."""
        if not isinstance(data, dict) or data.get("protocol") != PREFERENCE:
            raise ValueError("it is not a preference rating")
        choice = data.get("choice")
        if choice is not None and choice not in CHOICES:
            raise ValueError(f"choice {choice!r} is not one of {', '.join(CHOICES)}")
        explanation = data.get("explanation", "")
        if not isinstance(explanation, str):
            raise ValueError("explanation must be text")
        try:
            status = ItemStatus(data.get("status", "not_started"))
        except ValueError as exc:
            raise ValueError(f"status {data.get('status')!r} is unknown") from exc
        return cls(item_id=str(data.get("item_id", "")), choice=choice, explanation=explanation,
                   status=status, timing=TimeSpent.from_document(data.get("timing")),
                   text_sources=sources_from_dict(data.get("text_sources")),
                   sides_viewed=_sides_viewed(data.get("sides_viewed")))


def _sides_viewed(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not set(value) <= set(SIDES) or len(set(value)) != len(value):
        raise ValueError("sides_viewed must list each of A and B at most once")
    return tuple(sorted(value))


def is_justification(path: str) -> bool:
    """The explanation is the preference protocol's one justification (PR-2)."""
    return path == "explanation"
