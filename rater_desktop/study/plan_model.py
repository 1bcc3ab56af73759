"""The study plan's data (Qt-free, no I/O): the plan, the pool's items by kind, the retest
settings, the error that says what to change, and the seeded shuffle every placement uses.
A module of its own so that the plan and its retest probes (``retest``) both build on it
without importing each other."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field


class PlanError(ValueError):
    """The plan cannot be made as asked; the message says what to change."""


@dataclass(frozen=True)
class RetestSettings:
    """Test-retest probes: ``count`` per rater, each at least ``gap`` items after its
    original (or last), in a batch whose display order uses ``display_seed``."""

    count: int
    gap: int
    display_seed: str


@dataclass(frozen=True)
class PoolItems:
    """The pool's item ids by kind, in batch order."""

    standard: tuple[str, ...]
    qualification: tuple[str, ...] = ()
    attention: tuple[str, ...] = ()


@dataclass
class StudyPlan:
    """Items x raters: each rater's ordered item list (qualification, then work + attention).

    ``placements`` maps each attention placement id to the pool's attention item it copies;
    ``retests`` each test-retest probe id to the standard item it repeats (A/B swapped).
    """

    raters: tuple[str, ...]
    raters_per_item: int
    assignments: dict[str, list[str]] = field(default_factory=dict)
    qualification: tuple[str, ...] = ()
    attention: tuple[str, ...] = ()
    placements: dict[str, str] = field(default_factory=dict)
    retests: dict[str, str] = field(default_factory=dict)

    def special(self) -> set[str]:
        """Qualification items, attention placements and retest probes (not counted towards k)."""
        return set(self.qualification) | set(self.attention) | set(self.placements) | set(self.retests)

    def raters_of(self) -> dict[str, list[str]]:
        """item id -> raters assigned (standard items only)."""
        special = self.special()
        result: dict[str, list[str]] = {}
        for rater, items in self.assignments.items():
            for item in items:
                if item not in special:
                    result.setdefault(item, []).append(rater)
        return result

    def judgments(self) -> dict[str, int]:
        """Every judgment the plan asks for, by kind (the cost counts them all)."""
        work = sum(len(v) for v in self.raters_of().values())
        quals = len(self.qualification) * len(self.raters)
        attention = sum(1 for items in self.assignments.values() for i in items if i in self.placements)
        retest = sum(1 for items in self.assignments.values() for i in items if i in self.retests)
        return {"standard": work, "qualification": quals, "attention": attention, "retest": retest,
                "total": work + quals + attention + retest}  # fmt: skip


def seeded(values: Sequence[str], seed: str, salt: str) -> list[str]:
    digest = hashlib.sha256(f"rater-desktop/study/{salt}\x1f{seed}".encode()).digest()
    shuffled = list(values)
    random.Random(digest).shuffle(shuffled)
    return shuffled
