"""Undo and redo for a protocol whose item is one saved document (preference, run audit).

An undo step keeps the rater's *answers* before and after one edit: the document without
what undo never takes back (status, timing, where the text came from, the current step,
and whatever the protocol names, e.g. a report already revealed). A burst of typing into
one field is one step, as in the guideline (``rating.history``).

The item's status follows the answers: an undo or redo that changes the answers of a
complete item reopens it and says so; one that brings back the answers the item was
completed with makes it complete again. Each item keeps its history while its batch is
open (switching items keeps it); a saved document that differs from what the history
last wrote starts a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rater_desktop.rating.history import Edit, History
from rater_desktop.rating.model import ItemStatus

# Never restored by undo: the item's bookkeeping, not its answers.
ALWAYS_KEPT = ("protocol", "item_id", "status", "timing", "text_sources", "current_step")
UNDO_WORDS = {"undo": "Undo", "redo": "Redo"}


def answers_of(document: Mapping[str, Any], kept: tuple[str, ...] = ()) -> dict[str, Any]:
    """The part of a saved document that undo restores."""
    return {key: value for key, value in document.items()
            if key not in ALWAYS_KEPT and key not in kept}


@dataclass
class ItemHistory(History):
    """One item's undo and redo stacks, the answers it was completed with, and the
    answers last written (to see whether the saved document is still this history's)."""

    completed: dict[str, Any] | None = None
    last: dict[str, Any] | None = field(default=None, compare=False)

    def take_undo(self) -> Edit | None:
        """The edit to take back (moved onto the redo stack), or None."""
        if not self.undo_stack:
            return None
        edit = self.undo_stack.pop()
        self.redo_stack.append(edit)
        return edit

    def take_redo(self) -> Edit | None:
        """The edit to make again (moved back onto the undo stack), or None."""
        if not self.redo_stack:
            return None
        edit = self.redo_stack.pop()
        edit.coalesce_key = None  # a redone edit never swallows the next keystroke
        self.undo_stack.append(edit)
        return edit


def status_after_undo(*, status: ItemStatus, answers: Mapping[str, Any],
                      completed: Mapping[str, Any] | None, blocked: bool,
                      kind: str) -> tuple[ItemStatus, str]:
    """The status after an undo or redo, and the notice the rater must see ("" if none).

    A flagged item stays flagged: the flag is the rater's own word, not an answer.
    """
    if status is ItemStatus.FLAGGED:
        return status, ""
    if completed is not None and dict(answers) == dict(completed) and not blocked:
        if status is ItemStatus.COMPLETE:
            return status, ""
        return ItemStatus.COMPLETE, "The item is complete again."
    if status is ItemStatus.COMPLETE:
        verb = UNDO_WORDS.get(kind, "This change")
        return ItemStatus.IN_PROGRESS, (f"{verb} reopened this complete item; complete it "
                                        "again when it is right.")
    return ItemStatus.IN_PROGRESS, ""
