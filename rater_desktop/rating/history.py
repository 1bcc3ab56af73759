"""Undo/redo for one item: each edit keeps the before/after of the parts it changed.

A *part* is a named, independently restorable slice of an ItemRating: ``case_file``,
``responses.0``, ``responses.1``, ``verdict``, ``notes``, ``acknowledged``.
"""

from __future__ import annotations

import re
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
COALESCE_SECONDS = 1.5  # a pause in typing this long ends a burst (one undo step)
PASTE_CHARS = 3  # more at once is a paste or a cut (a trimmed space may add one or two)
SENTENCE_END = re.compile(r"[.!?;:]\s$")


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


def _shape(value: Any) -> Any:
    """The structure of a snapshot (keys, list lengths) with every scalar blanked."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return None


def _strings(value: Any, path: str = "") -> dict[str, str]:
    """Every string leaf of a snapshot by its path."""
    found: dict[str, str] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            found.update(_strings(item, f"{path}/{key}"))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.update(_strings(item, f"{path}/{index}"))
    elif isinstance(value, str):
        found[path] = value
    return found


def typed(old: str, new: str) -> tuple[int, str, str]:
    """Where two versions of a string differ: (offset, removed text, inserted text)."""
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    return start, old[start : len(old) - end], new[start : len(new) - end]


def burst_edges(before: dict[str, Any], after: dict[str, Any]) -> tuple[bool, bool]:
    """Whether a small edit starts a new undo step, and whether it ends the current one.

    A burst of typing is one step; it ends at a line break, after a sentence, or when
    the structure changes (a checklist line added or removed starts one). A paste or a cut larger
    than a few characters is a step of its own.
    """
    if _shape(before) != _shape(after):
        return True, False
    old, new = _strings(before), _strings(after)
    changed = [key for key in new if old.get(key) != new[key]]
    if len(changed) != 1:
        return False, False
    offset, removed, inserted = typed(old[changed[0]], new[changed[0]])
    if len(removed) > PASTE_CHARS or len(inserted) > PASTE_CHARS:
        return True, True
    upto = new[changed[0]][: offset + len(inserted)]
    return False, "\n" in inserted or bool(inserted and SENTENCE_END.search(upto))


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
    demoted: bool = False  # an undo/redo took Complete away; undo/redo may give it back

    def push(self, edit: Edit) -> None:
        """Record an edit; typing into the same field in quick succession is one step."""
        self.redo_stack.clear()
        top = self.undo_stack[-1] if self.undo_stack else None
        starts, ends = (True, False) if edit.coalesce_key is None else burst_edges(
            edit.before, edit.after)
        if (
            top is not None
            and not starts
            and top.coalesce_key == edit.coalesce_key
            and edit.at - top.at <= COALESCE_SECONDS
        ):
            top.after = edit.after
            top.at = edit.at
            if ends:
                top.coalesce_key = None
            return
        if ends:
            edit.coalesce_key = None
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
