"""Where the text of a free-text field came from: typed, pasted or inserted by the app.

Each field keeps a small accumulator (:class:`FieldSources`) fed one edit event at a time
(:func:`record`, O(1)): characters typed, pasted and inserted by the app's own templates,
characters deleted, and the active typing time. No keystroke and no pasted text is kept:
only the counts. Typing time adds the gap between two typing events of the same field
when it is at most ``IDLE_GAP_SECONDS``; a longer gap (reading, thinking, a break) counts
nothing, and a paste or template insertion ends the run of typing.

Both protocols store the accumulators in their saved rating document under
``text_sources`` (field path -> counts) and export them per field (results 2.6).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

# Two keystrokes further apart than this are not one run of typing: the time between them
# is not counted (a pause to read the responses or think is not typing time).
IDLE_GAP_SECONDS = 5.0
# A paste of more than this many words into a justification shows the no-AI reminder:
# about one sentence; a pasted URL or a quoted phrase stays below it.
PASTE_REMINDER_WORDS = 20
# The one-line reminder of the guideline's rule (seed 000: no AI use when writing
# justifications), in the app's words.
PASTE_REMINDER = "Reminder: the guideline allows no AI help in writing justifications."
_COUNTS = ("typed", "pasted", "template", "deleted")


class Source(StrEnum):
    """How the characters of one edit got into the field."""

    TYPED = "typed"  # key presses and input methods
    PASTED = "pasted"  # Ctrl+V, context menu, middle click, drag and drop
    TEMPLATE = "template"  # the app's own builders (e.g. the verdict builder)


@dataclass(frozen=True)
class TextEvent:
    """One edit of a field: how many characters came in and went out, and from where.
    ``words`` is the number of words inserted (read only for pastes)."""

    source: Source
    inserted: int
    removed: int = 0
    words: int = 0


@dataclass(frozen=True)
class FieldSources:
    """The counts of one field. ``last_typed_at`` is a monotonic clock reading kept in
    memory only (never saved): it joins keystrokes into runs of typing."""

    typed: int = 0
    pasted: int = 0
    template: int = 0
    deleted: int = 0
    typing_seconds: float = 0.0
    pastes: int = 0
    largest_paste_words: int = 0
    last_typed_at: float | None = None

    @property
    def inserted(self) -> int:
        return self.typed + self.pasted + self.template

    def to_dict(self) -> dict[str, Any]:
        return {"typed": self.typed, "pasted": self.pasted, "template": self.template,
                "deleted": self.deleted, "typing_seconds": round(self.typing_seconds, 3),
                "pastes": self.pastes, "largest_paste_words": self.largest_paste_words}


def record(current: FieldSources, event: TextEvent, now: float, *,
           idle_gap: float = IDLE_GAP_SECONDS) -> FieldSources:
    """The counts after ``event`` at monotonic time ``now`` (seconds)."""
    inserted, removed = max(0, event.inserted), max(0, event.removed)
    deleted = current.deleted + removed
    if event.source is Source.TYPED:
        gap = None if current.last_typed_at is None else now - current.last_typed_at
        extra = gap if gap is not None and 0.0 <= gap <= idle_gap else 0.0
        return replace(current, typed=current.typed + inserted, deleted=deleted,
                       typing_seconds=current.typing_seconds + extra, last_typed_at=now)
    if event.source is Source.PASTED:
        if inserted == 0:
            return replace(current, deleted=deleted, last_typed_at=None)
        return replace(current, pasted=current.pasted + inserted, deleted=deleted,
                       pastes=current.pastes + 1, last_typed_at=None,
                       largest_paste_words=max(current.largest_paste_words, event.words))
    return replace(current, template=current.template + inserted, deleted=deleted,
                   last_typed_at=None)


def replacement_event(old: str, new: str, source: Source) -> TextEvent:
    """The edit that turns ``old`` into ``new`` (what differs between their common start
    and end): for the app's builders, which set a whole text and keep the rater's part."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    inserted = new[start:len(new) - end]
    return TextEvent(source, len(inserted), len(old) - start - end, count_words(inserted))


def count_words(text: str) -> int:
    """Words as the reminder counts them (runs of non-space characters)."""
    return len(text.split())


def needs_reminder(event: TextEvent, *, justification: bool,
                   words: int = PASTE_REMINDER_WORDS) -> bool:
    """Whether this edit shows the rater the guideline's no-AI reminder: a paste of more
    than ``words`` words into a justification."""
    return justification and event.source is Source.PASTED and event.words > words


def from_dict(raw: object) -> FieldSources:
    """Counts read back from a saved document; anything malformed reads as zero."""
    if not isinstance(raw, Mapping):
        return FieldSources()
    values: dict[str, Any] = {}
    for key in (*_COUNTS, "pastes", "largest_paste_words"):
        value = raw.get(key, 0)
        values[key] = value if isinstance(value, int) and not isinstance(value, bool) \
            and value >= 0 else 0
    seconds = raw.get("typing_seconds", 0.0)
    ok = isinstance(seconds, int | float) and not isinstance(seconds, bool) \
        and math.isfinite(seconds) and seconds >= 0
    return FieldSources(typing_seconds=float(seconds) if ok else 0.0, **values)


def sources_from_dict(raw: object) -> dict[str, FieldSources]:
    """A document's ``text_sources`` (field path -> counts); absent in older profiles."""
    if not isinstance(raw, Mapping):
        return {}
    return {str(path): from_dict(counts) for path, counts in raw.items()}


def sources_to_dict(sources: Mapping[str, FieldSources]) -> dict[str, dict[str, Any]]:
    return {path: counts.to_dict() for path, counts in sorted(sources.items())}


def export_fields(sources: Mapping[str, FieldSources], *,
                  is_justification: Any) -> dict[str, dict[str, Any]]:
    """The export's per-field entries (results 2.6): the counts, and whether the field is
    a justification (``is_justification(path)``, the protocol's own list)."""
    return {path: {**counts.to_dict(), "justification": bool(is_justification(path))}
            for path, counts in sorted(sources.items()) if counts.inserted or counts.deleted}


class TextEventsMixin:
    """What a rating service needs to count where text came from: the window notes the
    source of an edit (:meth:`note_text_event`) just before it calls the field's setter,
    and the setter applies it to the field it changes (:meth:`_apply_text_event`)."""

    _text_event: TextEvent | None = None
    _reminder_due = False
    clock: Callable[[], float]  # the service's monotonic clock

    def is_justification(self, path: str) -> bool:
        """Whether the field at ``path`` is a justification (the protocol's own list)."""
        raise NotImplementedError

    def note_text_event(self, event: TextEvent | None) -> None:
        """The source of the next text edit; an edit without one counts nothing (the
        window showing a saved text is no edit). None drops one no setter took."""
        self._text_event = event

    def _apply_text_event(self, sources: dict[str, FieldSources], path: str) -> None:
        event, self._text_event = self._text_event, None
        if event is not None:
            sources[path] = record(sources.get(path, FieldSources()), event, self.clock())
            self._reminder_due = self._reminder_due or needs_reminder(
                event, justification=self.is_justification(path))

    def take_paste_reminder(self) -> bool:
        """Whether the last edits pasted a long text into a justification (once)."""
        due, self._reminder_due = self._reminder_due, False
        return due
