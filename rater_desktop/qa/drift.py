"""Agreement drift over time windows: do raters agree less (or more) as a study goes on?

A judgment's time is when it first appeared in one of its rater's signed exports (an item
first exported on Tuesday was judged by then; the rating itself carries no clock). Windows
are ``width`` long from the earliest judgment. Per window: how many judgments fell in it,
and the share that agrees with the final consensus (the majority of every rater's latest
verdict on the item, collapsed to A / same / B; items without a single majority are left
out). A falling share means the raters drift away from where the study ends up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

MIN_JUDGMENTS_PER_WINDOW = 10  # below this a window's share is shown without weight


@dataclass(frozen=True)
class DriftWindow:
    start: datetime
    end: datetime
    judgments: int
    agreeing: int
    raters: int

    @property
    def share(self) -> float | None:
        return self.agreeing / self.judgments if self.judgments else None

    @property
    def few(self) -> bool:
        return self.judgments < MIN_JUDGMENTS_PER_WINDOW


def consensus(final: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Item -> the single most frequent (collapsed) verdict; ties between classes left out."""
    counts: dict[str, Counter[int]] = {}
    add_votes(counts, final)
    return consensus_of(counts)


def add_votes(counts: dict[str, Counter[int]], final: Iterable[tuple[str, int]]) -> None:
    """Count (item, collapsed verdict) votes into ``counts`` (a few at a time)."""
    for item, verdict in final:
        counts.setdefault(item, Counter())[verdict] += 1


def consensus_of(counts: dict[str, Counter[int]]) -> dict[str, int]:
    """``consensus`` of the votes ``add_votes`` counted."""
    found = {}
    for item, votes in counts.items():
        ranked = votes.most_common()
        if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
            found[item] = ranked[0][0]
    return found


def agreement_drift(
    judged: Iterable[tuple[str, str, int, datetime]],
    agreed: Mapping[str, int],
    *,
    width: timedelta = timedelta(days=7),
) -> list[DriftWindow]:
    """From (rater, item, collapsed verdict, when) and the consensus per item."""
    counted = Counter((when, rater, verdict == agreed[item])
                      for rater, item, verdict, when in judged if item in agreed)  # fmt: skip
    return drift_windows(counted, width=width)


def drift_windows(
    counted: Mapping[tuple[datetime, str, bool], int], *, width: timedelta = timedelta(days=7)
) -> list[DriftWindow]:
    """From how many judgments each (when, rater, agrees with the consensus) has: a few
    entries per export instead of a row per judgment."""
    if not counted:
        return []
    first = min(when for when, _, _ in counted)
    totals: dict[int, list[int]] = {}
    raters: dict[int, set[str]] = {}
    for (when, rater, ok), n in counted.items():
        index = int((when - first) / width)
        found = totals.setdefault(index, [0, 0])
        found[0] += n
        found[1] += n if ok else 0
        raters.setdefault(index, set()).add(rater)
    return [
        DriftWindow(start=first + index * width, end=first + (index + 1) * width,
                    judgments=judgments, agreeing=agreeing, raters=len(raters[index]))
        for index, (judgments, agreeing) in sorted(totals.items())
    ]  # fmt: skip
