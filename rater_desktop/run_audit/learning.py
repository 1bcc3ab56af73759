"""The run audit's answers for training keys and local qualification scoring: the
outcome the rater saw, the verdict on the agent's report and each checkpoint. A run has
no A/B sides, so nothing is swapped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rater_desktop.run_audit.model import CHECKPOINT_LABELS, CHECKPOINTS
from rater_desktop.run_audit.stats import matches_gold

OUTCOME_WORDS = {"completed": "Completed", "login_wall": "Login wall", "blocked": "Blocked",
                 "unreachable": "Unreachable", "incomplete": "Incomplete"}
VERDICT_WORDS = {"accurate": "Accurate", "overstated": "Overstated (claims more)",
                 "understated": "Understated (claims less)"}


def answers(document: Mapping[str, Any]) -> dict[str, Any]:
    """The rater's answers by training field; unanswered ones are None."""
    observed = document.get("observed")
    marks = document.get("checkpoints")
    found: dict[str, Any] = {
        "outcome": observed.get("outcome") if isinstance(observed, dict) else None,
        "report_verdict": document.get("verdict")}
    for checkpoint in CHECKPOINTS:
        mark = marks.get(checkpoint) if isinstance(marks, dict) else None
        found[f"checkpoints.{checkpoint}"] = mark.get("reached") if isinstance(mark, dict) \
            else None
    return found


def describe(field: str, value: Any, swapped: bool) -> tuple[str, str]:
    """A field and a value in the words of the run audit panel (RA-1, RA-2, RA-5)."""
    del swapped  # one run: no sides to swap
    if field == "outcome":
        return "Outcome you saw (RA-2)", OUTCOME_WORDS.get(str(value), str(value))
    if field == "report_verdict":
        return "Verdict on the report (RA-5)", VERDICT_WORDS.get(str(value), str(value))
    checkpoint = field.removeprefix("checkpoints.")
    if checkpoint in CHECKPOINT_LABELS:
        text = {True: "Reached", False: "Not reached"}.get(value, str(value))
        return f"Checkpoint {checkpoint} {CHECKPOINT_LABELS[checkpoint]} (RA-1)", text
    return field, str(value)


def gold_passed(item: Any, document: Mapping[str, Any]) -> bool | None:
    """Whether an audit gives the item's expected outcome and verdict, as QA scores it
    (``stats.matches_gold``); None when the item has no gold."""
    return matches_gold(item, document)
