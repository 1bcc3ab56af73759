"""Where raters disagree on one item: verdict spread, score spreads, claim conflicts.

Claims of different raters on the same response are linked when their character ranges
overlap enough (Jaccard of the ranges >= ``min_jaccard``; 0 means any overlap); linked
claims form clusters (transitively), and a cluster whose raters gave different ratings is
a conflict. The item's disagreement score is verdict spread (0-6) + the largest TC/FA/AIP
spread on either side (0-4) + the number of conflicting claim clusters.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rater_desktop.qa.inputs import SCORE_NAMES, SIDES, Claim, RaterJudgment

SUBJECTIVE = "subjective"


def span_jaccard(a: Claim, b: Claim) -> float:
    """|intersection| / |union| of the half-open character ranges [start, end)."""
    overlap = min(a.end, b.end) - max(a.start, b.start)
    if overlap <= 0:
        return 0.0
    union = max(a.end, b.end) - min(a.start, b.start)
    return overlap / union


def spans_match(a: Claim, b: Claim, *, min_jaccard: float) -> bool:
    if min_jaccard <= 0:
        return min(a.end, b.end) > max(a.start, b.start)
    return span_jaccard(a, b) >= min_jaccard


@dataclass(frozen=True)
class ClaimCluster:
    """Claims of several raters about the same span of one response."""

    side: int
    start: int
    end: int
    ratings: tuple[tuple[str, str], ...]  # (rater_id, rating or "subjective")

    @property
    def raters(self) -> tuple[str, ...]:
        return tuple(sorted({r for r, _ in self.ratings}))

    @property
    def conflicting(self) -> bool:
        return len(self.raters) >= 2 and len({rating for _, rating in self.ratings}) > 1


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def cluster_claims(
    *, claims_by_rater: Mapping[str, Sequence[Claim]], side: int = 0, min_jaccard: float = 0.5
) -> list[ClaimCluster]:
    """Link overlapping claims of different raters into clusters, ordered by position."""
    mentions = [(rater, c) for rater, claims in sorted(claims_by_rater.items()) for c in claims]
    parent = list(range(len(mentions)))
    for i, (rater_i, claim_i) in enumerate(mentions):
        for j in range(i + 1, len(mentions)):
            rater_j, claim_j = mentions[j]
            if rater_i != rater_j and spans_match(claim_i, claim_j, min_jaccard=min_jaccard):
                parent[_find(parent, j)] = _find(parent, i)
    groups: dict[int, list[tuple[str, Claim]]] = defaultdict(list)
    for i, mention in enumerate(mentions):
        groups[_find(parent, i)].append(mention)
    clusters = [
        ClaimCluster(
            side=side,
            start=min(c.start for _, c in group),
            end=max(c.end for _, c in group),
            ratings=tuple(sorted((r, (c.rating or SUBJECTIVE).lower()) for r, c in group)),
        )
        for group in groups.values()
    ]
    return sorted(clusters, key=lambda c: (c.start, c.end))


def _spread(values: Iterable[float | int | None]) -> float | None:
    present = [float(v) for v in values if v is not None]
    return max(present) - min(present) if len(present) >= 2 else None


@dataclass(frozen=True)
class ItemDisagreement:
    """Disagreement figures for one item (spreads are None with fewer than two values)."""

    item_id: str
    raters: tuple[str, ...]
    verdict_spread: float | None
    score_spreads: dict[int, dict[str, float | None]]
    claim_clusters: tuple[ClaimCluster, ...]

    # Derived once when made (in the worker process that computes the window's state, and
    # pickled with the item), not on every read: the window's sort, filter and charts read
    # them for each of 2,000 items in one turn (issue 22).
    max_score_spread: float | None = field(init=False, compare=False, repr=False)
    claim_conflicts: int = field(init=False, compare=False, repr=False)
    score: float = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        present = [s for side in self.score_spreads.values() for s in side.values()
                   if s is not None]
        top = max(present) if present else None
        conflicts = sum(c.conflicting for c in self.claim_clusters)
        object.__setattr__(self, "max_score_spread", top)
        object.__setattr__(self, "claim_conflicts", conflicts)
        object.__setattr__(self, "score", (self.verdict_spread or 0.0) + (top or 0.0) + conflicts)


def item_disagreement(
    *, item_id: str, judgments: Sequence[RaterJudgment], min_jaccard: float = 0.5
) -> ItemDisagreement:
    """Disagreement among the given judgments of one item (others are ignored)."""
    own = [j for j in judgments if j.item_id == item_id]
    spreads = {
        side: {
            name: _spread(j.scores[side].get(name) for j in own if side in j.scores)
            for name in SCORE_NAMES
        }
        for side in SIDES
    }
    clusters: list[ClaimCluster] = []
    for side in SIDES:
        by_rater = {j.rater_id: tuple(j.claims.get(side, ())) for j in own}
        clusters += cluster_claims(claims_by_rater=by_rater, side=side, min_jaccard=min_jaccard)
    return ItemDisagreement(
        item_id=item_id,
        raters=tuple(sorted({j.rater_id for j in own})),
        verdict_spread=_spread(j.verdict_true for j in own),
        score_spreads=spreads,
        claim_clusters=tuple(clusters),
    )


SortKey = Literal["score", "verdict_spread", "max_score_spread", "claim_conflicts"]


def sort_disagreements(
    *, items: Iterable[ItemDisagreement], key: SortKey = "score"
) -> list[ItemDisagreement]:
    """Largest first; ties by item id so the order is stable."""
    return sorted(items, key=lambda d: (-(getattr(d, key) or 0.0), d.item_id))


def disagreements(
    *,
    judgments: Sequence[RaterJudgment],
    kinds: Sequence[str] = ("standard",),
    min_jaccard: float = 0.5,
) -> list[ItemDisagreement]:
    """Every item with at least two raters, most disputed first."""
    by_item: dict[str, list[RaterJudgment]] = defaultdict(list)
    for judgment in judgments:
        if judgment.kind in kinds:
            by_item[judgment.item_id].append(judgment)
    found = [
        item_disagreement(item_id=item, judgments=group, min_jaccard=min_jaccard)
        for item, group in by_item.items()
        if len({j.rater_id for j in group}) >= 2
    ]
    return sort_disagreements(items=found)


def filter_disagreements(
    *,
    items: Iterable[ItemDisagreement],
    min_score: float = 0.0,
    min_verdict_spread: float | None = None,
    min_score_spread: float | None = None,
    min_claim_conflicts: int | None = None,
) -> list[ItemDisagreement]:
    """Keep items meeting every given minimum (order preserved)."""

    def keep(d: ItemDisagreement) -> bool:
        checks = [
            d.score >= min_score,
            min_verdict_spread is None or (d.verdict_spread or 0.0) >= min_verdict_spread,
            min_score_spread is None or (d.max_score_spread or 0.0) >= min_score_spread,
            min_claim_conflicts is None or d.claim_conflicts >= min_claim_conflicts,
        ]
        return all(checks)

    return [d for d in items if keep(d)]


_NONE = (None, None, None)  # a side without scores


class _ItemSpread:
    """What ``item_disagreement`` reads of one item's judgments, added up as they come:
    the raters (as bits of a rater table), each value's count, least and largest (the
    verdict, then TC/FA/AIP of either side) and the claims per side and rater."""

    __slots__ = ("raters", "values", "claims")

    def __init__(self) -> None:
        self.raters = 0
        self.values: list[Any] = [0, None, None] * (1 + len(SIDES) * len(SCORE_NAMES))
        self.claims: tuple[dict[str, tuple[Claim, ...]], ...] | None = None

    def add(self, judgment: RaterJudgment, bit: int) -> None:
        self.raters |= bit
        scores = judgment.scores
        first, second = scores.get(0), scores.get(1)
        values = self.values
        at = 0
        for value in (judgment.verdict_true,
                      *((first.tc, first.fa, first.aip) if first is not None else _NONE),
                      *((second.tc, second.fa, second.aip) if second is not None else _NONE)):
            if value is not None:
                count = values[at]
                if not count:
                    values[at + 1] = values[at + 2] = value
                elif value < values[at + 1]:
                    values[at + 1] = value
                elif value > values[at + 2]:
                    values[at + 2] = value
                values[at] = count + 1
            at += 3
        if judgment.claims or self.claims is not None:
            self._claims(judgment)

    def _claims(self, judgment: RaterJudgment) -> None:
        for side in SIDES:  # a rater's later judgment of the item replaces the earlier's
            claims = tuple(judgment.claims.get(side, ()))
            if claims and self.claims is None:
                self.claims = ({}, {})
            if self.claims is not None:
                self.claims[side].pop(judgment.rater_id, None)
                if claims:
                    self.claims[side][judgment.rater_id] = claims

    def spread(self, slot: int) -> float | None:
        count, least, largest = self.values[3 * slot:3 * slot + 3]
        return float(largest) - float(least) if count >= 2 else None


class DisagreementSums:
    """``disagreements`` added up a few judgments at a time, keeping no judgment: per item
    only its raters, each value's least and largest and its claims (equal to
    ``disagreements`` over the same judgments in the same order)."""

    def __init__(self, *, kinds: Sequence[str] = ("standard",), min_jaccard: float = 0.5
                 ) -> None:  # fmt: skip
        self.kinds, self.min_jaccard = tuple(kinds), min_jaccard
        self._bits: dict[str, int] = {}
        self._items: dict[str, _ItemSpread] = {}

    def add(self, judgments: Iterable[RaterJudgment]) -> None:
        for judgment in judgments:
            if judgment.kind in self.kinds:
                bit = self._bits.setdefault(judgment.rater_id, 1 << len(self._bits))
                found = self._items.get(judgment.item_id)
                if found is None:
                    found = self._items[judgment.item_id] = _ItemSpread()
                found.add(judgment, bit)

    def result(self) -> list[ItemDisagreement]:
        """Every item with at least two raters, most disputed first."""
        names = sorted(self._bits, key=self._bits.__getitem__)
        found = []
        for item_id, spread in self._items.items():
            raters = tuple(sorted(n for k, n in enumerate(names) if spread.raters >> k & 1))
            if len(raters) >= 2:
                found.append(self._item(item_id, raters, spread))
        return sort_disagreements(items=found)

    def _item(self, item_id: str, raters: tuple[str, ...], spread: _ItemSpread
              ) -> ItemDisagreement:  # fmt: skip
        clusters: list[ClaimCluster] = []
        for side in SIDES:
            by_rater = spread.claims[side] if spread.claims is not None else {}
            clusters += cluster_claims(claims_by_rater=by_rater, side=side,
                                       min_jaccard=self.min_jaccard)  # fmt: skip
        return ItemDisagreement(
            item_id=item_id, raters=raters, verdict_spread=spread.spread(0),
            score_spreads={side: {name: spread.spread(1 + side * len(SCORE_NAMES) + n)
                                  for n, name in enumerate(SCORE_NAMES)} for side in SIDES},
            claim_clusters=tuple(clusters))  # fmt: skip
