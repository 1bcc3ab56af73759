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
    for item, verdict in final:
        counts.setdefault(item, Counter())[verdict] += 1
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
    rows = sorted((when, rater, item, verdict) for rater, item, verdict, when in judged
                  if item in agreed)  # fmt: skip
    if not rows:
        return []
    first = rows[0][0]
    buckets: dict[int, list[tuple[str, bool]]] = {}
    for when, rater, item, verdict in rows:
        index = int((when - first) / width)
        buckets.setdefault(index, []).append((rater, verdict == agreed[item]))
    return [
        DriftWindow(start=first + index * width, end=first + (index + 1) * width,
                    judgments=len(found), agreeing=sum(ok for _, ok in found),
                    raters=len({r for r, _ in found}))
        for index, found in sorted(buckets.items())
    ]  # fmt: skip
