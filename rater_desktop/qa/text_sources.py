"""Per rater: how much of their justifications was pasted, and how many items they
completed faster than a protocol's minimum (issue 24). Flags for a reviewer to look at,
never a verdict: a rater may paste their own notes, and a fast rater may be a good one.

Inputs are results documents as plain data (format 2.6 items carry ``text_sources``);
older files simply have no text counts, and their raters show "no text counts".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True)
class RaterTextFlags:
    """One rater's figures. ``pasted_share`` is pasted / (typed + pasted) characters of
    their justifications (the app's template text is neither: it is nobody's writing);
    None when they typed or pasted nothing there (or their files predate 2.6)."""

    rater_id: str
    items: int  # complete items
    typed: int
    pasted: int
    template: int
    fast_items: int  # complete items with less active time than ``minimum_seconds``
    minimum_seconds: float

    @property
    def pasted_share(self) -> float | None:
        written = self.typed + self.pasted
        return self.pasted / written if written else None

    def share_text(self) -> str:
        share = self.pasted_share
        if share is None:
            return "no text counts"
        return f"{share:.0%} pasted ({self.pasted} of {self.typed + self.pasted} characters)"

    def fast_text(self) -> str:
        return f"{self.fast_items} of {self.items} under {self.minimum_seconds:g} s"

    def to_dict(self) -> dict[str, Any]:
        return {"rater_id": self.rater_id, "items": self.items, "typed": self.typed,
                "pasted": self.pasted, "template": self.template,
                "pasted_share": self.pasted_share, "fast_items": self.fast_items,
                "minimum_seconds": self.minimum_seconds}


def item_counts(entry: Mapping[str, Any]) -> tuple[int, int, int]:
    """Typed, pasted and template characters of one item's justifications."""
    fields = entry.get("text_sources")
    typed = pasted = template = 0
    if not isinstance(fields, Mapping):
        return 0, 0, 0
    for counts in fields.values():
        if isinstance(counts, Mapping) and counts.get("justification") is True:
            typed += _count(counts.get("typed"))
            pasted += _count(counts.get("pasted"))
            template += _count(counts.get("template"))
    return typed, pasted, template


def active_seconds(entry: Mapping[str, Any]) -> float | None:
    timing = entry.get("timing")
    seconds = timing.get("active_seconds") if isinstance(timing, Mapping) else None
    if isinstance(seconds, int | float) and not isinstance(seconds, bool) and \
            math.isfinite(seconds) and seconds >= 0:
        return float(seconds)
    return None


def is_fast(entry: Mapping[str, Any], minimum_seconds: float) -> bool:
    """A complete item whose active time is under the minimum."""
    seconds = active_seconds(entry)
    return entry.get("status") == "complete" and seconds is not None and \
        seconds < minimum_seconds


class JudgmentText(NamedTuple):
    """What the flags read of one judgment: counts None before results 2.6."""

    rater_id: str
    complete: bool
    counts: tuple[int, int, int] | None  # typed, pasted, template of its justifications
    seconds: float | None  # active time


def flags_from_judgments(judgments: Iterable[JudgmentText], *,
                         minimum_seconds: float) -> list[RaterTextFlags]:
    """Each rater's figures over their complete judgments, by rater id."""
    totals: dict[str, list[int]] = {}
    add_text_totals(totals, judgments, minimum_seconds=minimum_seconds)
    return flags_of(totals, minimum_seconds=minimum_seconds)


def add_text_totals(totals: dict[str, list[int]], judgments: Iterable[JudgmentText], *,
                    minimum_seconds: float) -> None:  # fmt: skip
    """Add the judgments to each rater's totals (a few at a time)."""
    for judgment in judgments:
        row = totals.setdefault(judgment.rater_id, [0, 0, 0, 0, 0])
        if not judgment.complete:
            continue
        typed, pasted, template = judgment.counts or (0, 0, 0)
        row[0] += 1
        row[1] += typed
        row[2] += pasted
        row[3] += template
        row[4] += judgment.seconds is not None and judgment.seconds < minimum_seconds


def flags_of(totals: dict[str, list[int]], *, minimum_seconds: float) -> list[RaterTextFlags]:
    """``flags_from_judgments`` of the totals ``add_text_totals`` added up."""
    return [RaterTextFlags(rater_id, n, typed, pasted, template, fast, minimum_seconds)
            for rater_id, (n, typed, pasted, template, fast) in sorted(totals.items())]


def document_judgments(documents: Iterable[Mapping[str, Any]]) -> list[JudgmentText]:
    """The judgments of results documents (a rater's several files add up)."""
    found = []
    for document in documents:
        rater = document.get("rater")
        rater_id = str(rater.get("rater_id", "")) if isinstance(rater, Mapping) else ""
        items = [e for e in document.get("items") or () if isinstance(e, Mapping)]
        found += [JudgmentText(rater_id, e.get("status") == "complete",
                               item_counts(e) if "text_sources" in e else None,
                               active_seconds(e)) for e in items]
        if not items:
            found.append(JudgmentText(rater_id, False, None, None))  # the rater, no items
    return found


def rater_text_flags(documents: Iterable[Mapping[str, Any]], *,
                     minimum_seconds: float) -> list[RaterTextFlags]:
    """Each rater's figures over their complete items in results documents."""
    return flags_from_judgments(document_judgments(documents), minimum_seconds=minimum_seconds)


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
