"""The guideline protocol's answers for training keys and local qualification scoring:
the verdict and each response's TC, FA and AIP scores, A/B in file order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.qa.qualification import verdict_matches

SCORES = (("tc", "Task Completion"), ("fa", "Factual Accuracy"), ("aip", "AI Performance"))


def answers(document: Mapping[str, Any]) -> dict[str, Any]:
    """The rater's answers by training field (file order); unanswered ones are None."""
    found: dict[str, Any] = {"verdict": document.get("verdict")}
    sides = document.get("responses") or []
    for index, side in enumerate("AB"):
        rating = sides[index] if index < len(sides) and isinstance(sides[index], dict) else {}
        for key, _label in SCORES:
            found[f"responses.{side}.{key}"] = rating.get(key)
    return found


def describe(field: str, value: Any, swapped: bool) -> tuple[str, str]:
    """A field and a value as the rater saw them (their Response A and B)."""
    if field == "verdict":
        try:
            verdict = Verdict(value)
        except ValueError:
            return "Verdict", str(value)
        return "Verdict", (verdict.flipped() if swapped else verdict).label
    _, side, key = (field.split(".") + ["", "", ""])[:3]
    shown = {"A": "B", "B": "A"}.get(side, side) if swapped else side
    label = dict(SCORES).get(key, key)
    return f"Response {shown}: {label}", f"{value} of 5"


def gold_passed(item: Any, document: Mapping[str, Any]) -> bool | None:
    """Whether a qualification answer matches the gold verdict as QA scores it (SD-4: the
    same side, at most one step away); None when the item has no expected verdict."""
    gold = getattr(item, "gold", None)
    expected = getattr(gold, "expected_verdict", None)
    if expected is None:
        return None
    raw = document.get("verdict")
    try:
        given = Verdict(raw).score if isinstance(raw, str) else None
    except ValueError:
        given = None
    return verdict_matches(verdict=given, expected=expected.score,
                           tolerance="same_side_within_one")
