"""Undo/redo for one item: each edit keeps the before/after of the parts it changed.

A *part* is a named, independently restorable slice of an ItemRating: ``case_file``,
``responses.0``, ``responses.1``, ``verdict``, ``notes``, ``acknowledged``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.serialize import (
    case_file_from_dict,
    case_file_to_dict,
    response_from_dict,
    response_to_dict,
)

PARTS = ("case_file", "responses.0", "responses.1", "verdict", "notes", "acknowledged")
COALESCE_SECONDS = 2.0


def snapshot(rating: ItemRating, part: str) -> Any:
    """A JSON-able copy of one part."""
    if part == "case_file":
        return case_file_to_dict(rating.case_file)
    if part in ("responses.0", "responses.1"):
        return response_to_dict(rating.responses[int(part[-1])])
    if part == "verdict":
        verdict = rating.verdict.value if rating.verdict else None
        return {"verdict": verdict, "justification": rating.verdict_justification}
    if part == "notes":
        return rating.notes
    if part == "acknowledged":
        return dict(rating.acknowledged)
    raise KeyError(part)


def restore(rating: ItemRating, part: str, value: Any) -> None:
    """Put a snapshot back into the rating."""
    if part == "case_file":
        rating.case_file = case_file_from_dict(value)
    elif part in ("responses.0", "responses.1"):
        rating.responses[int(part[-1])] = response_from_dict(value)
    elif part == "verdict":
        rating.verdict = Verdict(value["verdict"]) if value["verdict"] else None
        rating.verdict_justification = value["justification"]
    elif part == "notes":
        rating.notes = value
    elif part == "acknowledged":
        rating.acknowledged = dict(value)
    else:
        raise KeyError(part)


@dataclass
class Edit:
    """One undoable command: the changed parts before and after, and what it touched."""

    fields: tuple[str, ...]
    before: dict[str, Any]
    after: dict[str, Any]
    coalesce_key: str | None = None
    at: float = 0.0


@dataclass
class History:
    """Undo and redo stacks of one item."""

    undo_stack: list[Edit] = field(default_factory=list)
    redo_stack: list[Edit] = field(default_factory=list)
    limit: int = 500

    def push(self, edit: Edit) -> None:
        """Record an edit; typing into the same field in quick succession is one step."""
        self.redo_stack.clear()
        top = self.undo_stack[-1] if self.undo_stack else None
        if (
            top is not None
            and edit.coalesce_key is not None
            and top.coalesce_key == edit.coalesce_key
            and edit.at - top.at <= COALESCE_SECONDS
        ):
            top.after = edit.after
            top.at = edit.at
            return
        self.undo_stack.append(edit)
        if len(self.undo_stack) > self.limit:
            del self.undo_stack[0]

    def undo(self, rating: ItemRating) -> Edit | None:
        if not self.undo_stack:
            return None
        edit = self.undo_stack.pop()
        for part, value in edit.before.items():
            restore(rating, part, value)
        self.redo_stack.append(edit)
        return edit

    def redo(self, rating: ItemRating) -> Edit | None:
        if not self.redo_stack:
            return None
        edit = self.redo_stack.pop()
        for part, value in edit.after.items():
            restore(rating, part, value)
        edit.coalesce_key = None  # a redone edit never swallows the next keystroke
        self.undo_stack.append(edit)
        return edit
