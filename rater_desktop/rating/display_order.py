"""Per-item, per-rater left/right order of the two responses (SD-1).

The order is derived from SHA-256 of (batch seed, rater id, item id), so it is the same
every time the same rater opens the item, and independent between raters.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from rater_desktop.batch.model import Manifest, Verdict

DISPLAY_LABELS = ("A", "B")


class Sided(Protocol):
    """A rule result's rule and the true response index it concerns (None: the item)."""

    @property
    def rule_id(self) -> str: ...

    @property
    def side(self) -> int | None: ...


SidedT = TypeVar("SidedT", bound=Sided)


@dataclass(frozen=True)
class DisplayOrder:
    """Maps display labels ("A" = left as shown) to true response indices (file order)."""

    swapped: bool = False

    def true_index(self, label: str) -> int:
        """True response index shown under display label ``label``."""
        if label not in DISPLAY_LABELS:
            raise ValueError(f"display label must be 'A' or 'B', got {label!r}")
        position = DISPLAY_LABELS.index(label)
        return 1 - position if self.swapped else position

    def display_label(self, true_index: int) -> str:
        """Display label ("A"/"B") under which true response ``true_index`` is shown."""
        if true_index not in (0, 1):
            raise ValueError(f"true index must be 0 or 1, got {true_index!r}")
        return DISPLAY_LABELS[1 - true_index if self.swapped else true_index]

    @property
    def true_indices(self) -> tuple[int, int]:
        """(true index shown as A, true index shown as B)."""
        return (1, 0) if self.swapped else (0, 1)

    def verdict_to_true(self, displayed: Verdict) -> Verdict:
        """A verdict the rater chose on the display labels, in file-order terms."""
        return displayed.flipped() if self.swapped else displayed

    def verdict_to_display(self, true_verdict: Verdict) -> Verdict:
        return true_verdict.flipped() if self.swapped else true_verdict


def display_order(*, batch_seed: str, rater_id: str, item_id: str) -> DisplayOrder:
    """Deterministic order for one rater and item (never Python's randomized hash())."""
    material = "\x1f".join(("rater-desktop/display-order/v1", batch_seed, rater_id, item_id))
    digest = hashlib.sha256(material.encode("utf-8")).digest()
    return DisplayOrder(swapped=bool(digest[0] & 1))


def batch_seed_of(manifest: Manifest) -> str:
    """The seed every component must use for a batch: its display_seed, else its id."""
    return manifest.display_seed or manifest.batch_id


def in_reading_order(results: Sequence[SidedT], order: DisplayOrder) -> list[SidedT]:
    """``results`` as the rater reads them: rule by rule as checked, and within a rule the
    item's own first, then Response A's, then B's by display label (not file order: for a
    rater shown the file's second response as A, "Response B" came first)."""
    first: dict[str, int] = {}
    for position, result in enumerate(results):
        first.setdefault(result.rule_id, position)

    def key(result: SidedT) -> tuple[int, int]:
        side = -1 if result.side is None else DISPLAY_LABELS.index(order.display_label(
            result.side))
        return (first[result.rule_id], side)

    return sorted(results, key=key)
