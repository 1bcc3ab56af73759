"""Items marked unsure, with a reason: from the batch's list, or free text, or both.

The mark is kept beside the rating (in the batch state, one entry per item), so it works
for every protocol and never changes an answer or the item's status: an unsure item is
completed and exported like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

STATE_KEY = "unsure"
MAX_NOTE = 500
OTHER = "Other"  # the reason shown for free text alone
LIST_MARK = "?"  # the item list's mark: a plain glyph in the list's own font and colours


class UnsureError(ValueError):
    """A mark without a usable reason."""


@dataclass(frozen=True)
class UnsureMark:
    """Why the rater is unsure of an item: a listed reason and/or their own words."""

    reason: str
    note: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"reason": self.reason, "note": self.note}

    def text(self) -> str:
        """One line for the window and QA."""
        if self.note and self.reason != OTHER:
            return f"{self.reason}: {self.note}"
        return self.note or self.reason


def shown_text(mark: UnsureMark | None) -> str:
    """What the window keeps showing while a marked item is open ("" when unmarked)."""
    return f"Unsure: {mark.text()}" if mark is not None else ""


def list_marks(state: Mapping[str, Any] | None) -> dict[str, str]:
    """What the item list marks: each unsure item's id with its line ("Unsure: why")."""
    return {item_id: shown_text(mark) for item_id, mark in marks_in(state).items()}


def make_mark(reasons: Sequence[str], reason: str, note: str) -> UnsureMark:
    """A mark checked against the batch's reasons: a listed reason, or free text (the
    reason is then ``Other``); UnsureError says what is missing."""
    reason, note = reason.strip(), " ".join(note.split())[:MAX_NOTE]
    if reason and reason != OTHER and reason not in reasons:
        raise UnsureError(f"{reason!r} is not one of this batch's reasons")
    if not reason or reason == OTHER:
        if not note:
            raise UnsureError("Pick a reason or say in a few words why you are unsure.")
        reason = OTHER
    return UnsureMark(reason=reason, note=note)


def marks_in(state: Mapping[str, Any] | None) -> dict[str, UnsureMark]:
    """The marks saved in a batch state, by item id (damaged entries are skipped)."""
    raw = (state or {}).get(STATE_KEY)
    marks: dict[str, UnsureMark] = {}
    if not isinstance(raw, dict):
        return marks
    for item_id, entry in raw.items():
        if isinstance(entry, dict) and isinstance(entry.get("reason"), str):
            note = entry.get("note")
            marks[str(item_id)] = UnsureMark(reason=entry["reason"],
                                             note=note if isinstance(note, str) else "")
    return marks


def entry_with(state: Mapping[str, Any] | None, item_id: str,
               mark: UnsureMark | None) -> dict[str, Any]:
    """The state's ``unsure`` entry with ``item_id`` marked (None: the mark removed)."""
    marks = {k: v.to_dict() for k, v in marks_in(state).items()}
    if mark is None:
        marks.pop(item_id, None)
    else:
        marks[item_id] = mark.to_dict()
    return marks


@dataclass(frozen=True)
class UnsureShare:
    """One rater's unsure items among the items they exported."""

    rater_id: str
    unsure: int
    items: int

    @property
    def share(self) -> float:
        return self.unsure / self.items if self.items else 0.0

    def text(self) -> str:
        return f"{self.unsure} of {self.items}" + (f" ({self.share:.0%})" if self.items else "")


def unsure_shares(documents: Sequence[Mapping[str, Any]]) -> list[UnsureShare]:
    """Per rater (by the results' rater id, sorted), how many exported items are unsure."""
    counts: dict[str, list[int]] = {}
    for document in documents:
        rater = str((document.get("rater") or {}).get("rater_id", ""))
        items = [i for i in document.get("items") or [] if isinstance(i, dict)]
        pair = counts.setdefault(rater, [0, 0])
        pair[0] += sum(1 for i in items if isinstance(i.get("unsure"), dict))
        pair[1] += len(items)
    return [UnsureShare(rater, unsure, items) for rater, (unsure, items) in sorted(counts.items())]


def unsure_reason(entry: Mapping[str, Any]) -> str:
    """The reason line of one results item entry ("" when it is not marked unsure)."""
    mark = entry.get("unsure")
    if not isinstance(mark, Mapping):
        return ""
    return UnsureMark(reason=str(mark.get("reason", ""))[:MAX_NOTE],
                      note=str(mark.get("note", ""))[:MAX_NOTE]).text() or OTHER


def unsure_item_ids(document: Mapping[str, Any]) -> dict[str, str]:
    """Item id -> the reason line, for the unsure items of one results document."""
    return {str(entry.get("item_id")): unsure_reason(entry)
            for entry in document.get("items") or []
            if isinstance(entry, Mapping) and isinstance(entry.get("unsure"), Mapping)}
