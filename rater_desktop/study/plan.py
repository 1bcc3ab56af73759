"""Who rates what: each item to exactly k raters, balanced, qualification first, attention mixed in.

Plain functions with no I/O. The assignment walks the items in a seeded order and gives
item n to the raters at positions ``n*k .. n*k+k-1`` (mod R) of a seeded rater order: every
item gets k different raters (k <= R), every rater's load is within one of every other's,
and the same inputs always give the same plan. Each rater's work is then shuffled with a
seed of its own (the study seed and the rater id), so no two raters meet the items in the
same order, and attention checks are placed under ids of their own (one per placement):
a batch never holds one id twice. Test-retest probes (``study.retest``) are added last.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from rater_desktop.study.plan_model import (  # noqa: F401  (callers import them from here)
    PlanError,
    PoolItems,
    RetestSettings,
    StudyPlan,
)
from rater_desktop.study.plan_model import seeded as _seeded

ORDER_METHOD = "sha256-seeded shuffle per rater (seed, rater id)"


def check_raters(raters: Sequence[str]) -> tuple[str, ...]:
    """Rater ids, unique (also ignoring case) and valid as ``profile create`` requires."""
    from rater_desktop.profiles import ProfileError, validate_rater_id

    seen: dict[str, str] = {}
    for rater in raters:
        try:
            validate_rater_id(rater)
        except ProfileError as exc:
            raise PlanError(str(exc)) from exc
        folded = rater.casefold()
        if folded in seen:
            if seen[folded] == rater:
                raise PlanError(f"rater {rater!r} is listed twice")
            # Two folders differing only by case are one folder on Windows and macOS.
            raise PlanError(f"raters {seen[folded]!r} and {rater!r} differ only by case; "
                            "rename one of them")  # fmt: skip
        seen[folded] = rater
    if not seen:
        raise PlanError("the list of raters is empty")
    return tuple(raters)


def placement_id(base: str, number: int, taken: set[str]) -> str:
    """A new id for the ``number``-th attention placement of ``base``, unused in ``taken``.

    Ids stay within the batch format's 128 characters: a long base is cut and a digest of
    the whole name keeps two cut bases apart.
    """
    attempt = 0
    while True:
        suffix = f":p{number}" + (f".{attempt}" if attempt else "")
        candidate = base + suffix
        if len(candidate) > 128:
            digest = hashlib.sha256(candidate.encode()).hexdigest()[:12]
            candidate = f"{base[:128 - len(suffix) - 13]}-{digest}{suffix}"
        if candidate not in taken:
            taken.add(candidate)
            return candidate
        attempt += 1


def _with_attention(work: list[str], attention: Sequence[str], every: int, offset: int) -> list[str]:
    """The pool attention ids due after every ``every`` work items (cycling), at least one."""
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


def _place_attention(mixed: list[str], attention: set[str], taken: set[str],
                     ids: dict[tuple[str, int], str]) -> list[str]:  # fmt: skip
    """``mixed`` with each attention item replaced by a placement id of its own.

    The n-th placement of an item gets the same id in every rater's batch, so one id
    always stands for one pool item (``ids`` remembers them across raters).
    """
    placed: list[str] = []
    number = 0
    for item in mixed:
        if item not in attention:
            placed.append(item)
            continue
        number += 1
        key = (item, number)
        if key not in ids:
            ids[key] = placement_id(item, number, taken)
        placed.append(ids[key])
    return placed


def make_plan(
    *,
    pool: PoolItems,
    raters: Sequence[str],
    raters_per_item: int = 3,
    attention_every: int = 20,
    seed: str = "",
    retest: RetestSettings | None = None,
) -> StudyPlan:
    """The assignment; raises PlanError when k is impossible for the raters given (or the
    retest probes asked for do not fit a rater's work)."""
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
    taken = {*pool.standard, *pool.qualification, *pool.attention}
    ids: dict[tuple[str, int], str] = {}
    assignments: dict[str, list[str]] = {}
    for offset, rater in enumerate(rater_ids):
        ordered = _seeded(sorted(work[rater], key=position.__getitem__), f"{seed}\x1f{rater}", "order")
        mixed = _with_attention(ordered, pool.attention, attention_every, offset)
        assignments[rater] = [*pool.qualification,
                              *_place_attention(mixed, set(pool.attention), taken, ids)]  # fmt: skip
    plan = StudyPlan(raters=rater_ids, raters_per_item=raters_per_item, assignments=assignments,
                     qualification=pool.qualification, attention=pool.attention,
                     placements={p: base for (base, _), p in ids.items()})  # fmt: skip
    if retest is not None and retest.count > 0:
        from rater_desktop.study.retest import add_retest_probes

        add_retest_probes(plan, retest, seed=seed, standard=set(pool.standard), taken=taken)
    return plan
