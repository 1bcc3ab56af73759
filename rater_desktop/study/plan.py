"""Who rates what: each item to exactly k raters, balanced, qualification first, attention mixed in.

Plain functions with no I/O. The assignment walks the items in a seeded order and gives
item n to the raters at positions ``n*k .. n*k+k-1`` (mod R) of a seeded rater order: every
item gets k different raters (k <= R), every rater's load is within one of every other's,
and the same inputs always give the same plan.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

_RATER_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


class PlanError(ValueError):
    """The plan cannot be made as asked; the message says what to change."""


@dataclass(frozen=True)
class PoolItems:
    """The pool's item ids by kind, in batch order."""

    standard: tuple[str, ...]
    qualification: tuple[str, ...] = ()
    attention: tuple[str, ...] = ()


@dataclass
class StudyPlan:
    """Items x raters: each rater's ordered item list (qualification, then work + attention)."""

    raters: tuple[str, ...]
    raters_per_item: int
    assignments: dict[str, list[str]] = field(default_factory=dict)
    qualification: tuple[str, ...] = ()
    attention: tuple[str, ...] = ()

    def raters_of(self) -> dict[str, list[str]]:
        """item id -> raters assigned (standard items only)."""
        special = set(self.qualification) | set(self.attention)
        result: dict[str, list[str]] = {}
        for rater, items in self.assignments.items():
            for item in items:
                if item not in special:
                    result.setdefault(item, []).append(rater)
        return result


def check_raters(raters: Sequence[str]) -> tuple[str, ...]:
    """Rater ids, unique and in the profile id format."""
    seen: set[str] = set()
    for rater in raters:
        if not _RATER_ID.fullmatch(rater):
            raise PlanError(f"rater id {rater!r} is not 1-64 of A-Z a-z 0-9 . _ -")
        if rater in seen:
            raise PlanError(f"rater {rater!r} is listed twice")
        seen.add(rater)
    if not seen:
        raise PlanError("the list of raters is empty")
    return tuple(raters)


def _seeded(values: Sequence[str], seed: str, salt: str) -> list[str]:
    digest = hashlib.sha256(f"rater-desktop/study/{salt}\x1f{seed}".encode()).digest()
    shuffled = list(values)
    random.Random(digest).shuffle(shuffled)
    return shuffled


def _with_attention(work: list[str], attention: Sequence[str], every: int, offset: int) -> list[str]:
    """Insert one attention item after every ``every`` work items (cycling through them)."""
    if not attention or every <= 0:
        return work
    mixed: list[str] = []
    used = 0
    for index, item in enumerate(work, start=1):
        mixed.append(item)
        if index % every == 0:
            mixed.append(attention[(offset + used) % len(attention)])
            used += 1
    if used == 0:
        mixed.append(attention[offset % len(attention)])  # every rater meets at least one
    return mixed


def make_plan(
    *,
    pool: PoolItems,
    raters: Sequence[str],
    raters_per_item: int = 3,
    attention_every: int = 20,
    seed: str = "",
) -> StudyPlan:
    """The assignment; raises PlanError when k is impossible for the raters given."""
    rater_ids = check_raters(raters)
    if raters_per_item < 1:
        raise PlanError("each item needs at least one rater")
    if raters_per_item > len(rater_ids):
        raise PlanError(
            f"{raters_per_item} raters per item needs at least {raters_per_item} raters "
            f"(the list has {len(rater_ids)})"
        )
    if not pool.standard:
        raise PlanError("the pool has no standard items to assign")
    order = _seeded(rater_ids, seed, "raters")
    work: dict[str, list[str]] = {r: [] for r in rater_ids}
    count = len(order)
    for n, item in enumerate(_seeded(pool.standard, seed, "items")):
        start = n * raters_per_item
        for j in range(raters_per_item):
            work[order[(start + j) % count]].append(item)
    position = {item: i for i, item in enumerate(pool.standard)}
    assignments: dict[str, list[str]] = {}
    for offset, rater in enumerate(rater_ids):
        ordered = sorted(work[rater], key=position.__getitem__)  # batch order within a rater
        assignments[rater] = [*pool.qualification,
                              *_with_attention(ordered, pool.attention, attention_every, offset)]  # fmt: skip
    return StudyPlan(raters=rater_ids, raters_per_item=raters_per_item, assignments=assignments,
                     qualification=pool.qualification, attention=pool.attention)  # fmt: skip
