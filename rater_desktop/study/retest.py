"""Test-retest probes in a study plan: a few of each rater's items again, A and B swapped.

For every rater, ``count`` of their standard items (a seeded choice, preferring items with
room for the gap after them) come back later in the same batch as probes. A probe sits at
least ``gap`` items after its original, or last when the batch ends sooner. Its id is new
and opaque (a digest: an id like ``ORIGINAL:r1`` would tell the rater the item repeats),
chosen so that the display order the rater's window derives for it (SHA-256 of display
seed, rater id, item id) is the opposite of the original's: the rater sees the same two
responses with the sides swapped. Plain functions, no I/O.
"""

from __future__ import annotations

import hashlib

from rater_desktop.rating.display_order import display_order
from rater_desktop.study.plan_model import PlanError, RetestSettings, StudyPlan
from rater_desktop.study.plan_model import seeded as _seeded

MAX_ATTEMPTS = 10_000  # each attempt flips a fair coin: never reached in practice


def probe_id(*, original: str, rater: str, display_seed: str, taken: set[str]) -> str:
    """A new id for ``rater``'s probe of ``original`` that the rater's window shows with A
    and B the other way round from ``original``; added to ``taken``."""
    shown = display_order(batch_seed=display_seed, rater_id=rater, item_id=original).swapped
    for attempt in range(MAX_ATTEMPTS):
        material = "\x1f".join(("rater-desktop/study/retest", display_seed, rater, original,
                                str(attempt)))  # fmt: skip
        candidate = "r" + hashlib.sha256(material.encode("utf-8")).hexdigest()[:19]
        if candidate in taken:
            continue
        if display_order(batch_seed=display_seed, rater_id=rater, item_id=candidate).swapped != shown:
            taken.add(candidate)
            return candidate
    raise PlanError(f"no probe id with the sides swapped was found for {original!r}")


def choose_originals(items: list[str], standard: set[str], *, count: int, gap: int,
                     seed: str) -> list[int]:  # fmt: skip
    """Positions in ``items`` of the ``count`` originals: seeded, from the standard items
    with at least ``gap`` items after them first, then from the others (probed last)."""
    positions = [i for i, item in enumerate(items) if item in standard]
    if count > len(positions):
        raise PlanError(f"--retest {count} asks for more probes than the {len(positions)} "
                        "standard items some rater has; give a smaller number")  # fmt: skip
    roomy = {items[i] for i in positions if i + gap < len(items)}
    first = _seeded([items[i] for i in positions if items[i] in roomy], seed, "retest")
    rest = _seeded([items[i] for i in positions if items[i] not in roomy], seed, "retest")
    chosen = set((first + rest)[:count])
    return [i for i in positions if items[i] in chosen]


def insert_probes(items: list[str], probes: list[tuple[int, str]], gap: int) -> list[str]:
    """``items`` with each (original position, probe id) inserted ``gap`` items after the
    original, or at the end; inserting only ever widens the other probes' gaps."""
    due: dict[int, list[str]] = {}
    for position, probe in sorted(probes):
        due.setdefault(min(position + 1 + gap, len(items)), []).append(probe)
    placed: list[str] = []
    for position, item in enumerate(items):
        placed.extend(due.get(position, ()))
        placed.append(item)
    placed.extend(due.get(len(items), ()))
    return placed


def add_retest_probes(plan: StudyPlan, settings: RetestSettings, *, seed: str,
                      standard: set[str], taken: set[str]) -> None:  # fmt: skip
    """Put ``settings.count`` probes into every rater's list of ``plan`` (``plan.retests``
    records each probe's original); ``taken`` holds every id already in use."""
    if settings.gap < 0:
        raise PlanError("--retest-gap must not be negative")
    for rater in plan.raters:
        items = plan.assignments[rater]
        positions = choose_originals(items, standard, count=settings.count, gap=settings.gap,
                                     seed=f"{seed}\x1f{rater}")  # fmt: skip
        probes = []
        for position in positions:
            probe = probe_id(original=items[position], rater=rater,
                             display_seed=settings.display_seed, taken=taken)  # fmt: skip
            plan.retests[probe] = items[position]
            probes.append((position, probe))
        plan.assignments[rater] = insert_probes(items, probes, settings.gap)
