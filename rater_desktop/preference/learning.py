"""The preference protocol's answer for training keys and local qualification scoring:
the three-way choice, A/B in file order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rater_desktop.preference.stats import gold_choices


def answers(document: Mapping[str, Any]) -> dict[str, Any]:
    """``{"choice": "A" | "B" | "tie" | None}`` (file order)."""
    return {"choice": document.get("choice")}


def describe(field: str, value: Any, swapped: bool) -> tuple[str, str]:
    """The choice as the rater saw it (their Response A and B)."""
    if value == "tie":
        return "Your choice", "Tie"
    if value in ("A", "B"):
        shown = {"A": "B", "B": "A"}[value] if swapped else value
        return "Your choice", f"{shown} is better"
    return "Your choice" if field == "choice" else field, str(value)


def gold_passed(item: Any, document: Mapping[str, Any]) -> bool | None:
    """Whether the choice is the expected one (``expected_choice``, else the side of
    ``expected_verdict``, as QA scores it); None when the item has no gold choice."""
    expected = gold_choices([item]).get(item.id)
    if expected is None:
        return None
    return document.get("choice") == expected
