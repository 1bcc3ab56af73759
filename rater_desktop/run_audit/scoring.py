"""RA-6: a run's seed-002 score from what its raters saw, and disputed completions.

A rater's answers are read as a seed-002 report (their outcome, the checkpoints they
marked reached, their quote as the block's) and normalized the way seed 002 normalizes
the agent's own report (``qa.standardweb.normalize_report``). That gives the rater's
*score class*: completed (50), a sign-in wall after the item page (C3 reached, 30) or
earlier (15), blocked (0), unreachable (0), incomplete (not scored).

A run's score is the score of the class most of its raters saw; when two classes tie for
most, the raters are split and the run is not scored. A completion (the agent's report
says "completed") is disputed when at least half of its raters saw another outcome or
call the report overstated; a disputed completion is not scored (seed 002: "a completion
it disputes is not scored and the site is run again").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rater_desktop.qa.standardweb import SCORES, normalize_report
from rater_desktop.run_audit.model import CHECKPOINTS

COMPLETED, LOGIN_AFTER_ITEM, LOGIN_EARLY = "completed", "login_wall_after_item", "login_wall_early"
CLASSES = (COMPLETED, LOGIN_AFTER_ITEM, LOGIN_EARLY, "blocked", "unreachable", "incomplete")
CLASS_SCORES: dict[str, int | None] = {
    COMPLETED: SCORES["completed"], LOGIN_AFTER_ITEM: SCORES["login_wall_after_item"],
    LOGIN_EARLY: SCORES["login_wall_early"], "blocked": 0, "unreachable": 0, "incomplete": None}
CLASS_LABELS = {COMPLETED: "completed", LOGIN_AFTER_ITEM: "sign-in wall after the item page",
                LOGIN_EARLY: "sign-in wall earlier", "blocked": "blocked",
                "unreachable": "unreachable", "incomplete": "incomplete"}

SCORED, NOT_SCORED_INCOMPLETE = "scored", "not scored: incomplete"
NOT_SCORED_DISPUTED, NOT_SCORED_SPLIT = "not scored: disputed completion", "not scored: raters split"
NOT_SCORED_NO_RATER = "not scored: no rater"


def rater_report(rating: Mapping[str, Any]) -> dict[str, Any]:
    """A rater's answers (a saved or exported run audit rating) as a seed-002 report."""
    observed = _mapping(rating.get("observed"))
    marks = _mapping(rating.get("checkpoints"))
    reached = [c for c in CHECKPOINTS if _mapping(marks.get(c)).get("reached") is True]
    quote = observed.get("quote")
    block = {"quote": quote} if isinstance(quote, str) and quote.strip() else None
    outcome = observed.get("outcome")
    return {"outcome": outcome if isinstance(outcome, str) else "", "checkpoints": reached,
            "block": block}


def _mapping(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def score_class(report: Mapping[str, Any]) -> str | None:
    """The score class of a report after seed-002 normalization (None: no known outcome)."""
    normalized = normalize_report(report)
    outcome = normalized["outcome"]
    if outcome == "login_wall":
        return LOGIN_AFTER_ITEM if "C3" in normalized["checkpoints"] else LOGIN_EARLY
    return outcome if outcome in CLASSES else None


def rater_class(rating: Mapping[str, Any]) -> str | None:
    """The score class of one rater's normalized outcome."""
    return score_class(rater_report(rating))


def disputes_completion(rating: Mapping[str, Any]) -> bool:
    """The rater saw something other than a completion, or calls the report overstated."""
    return rater_class(rating) != COMPLETED or rating.get("verdict") == "overstated"


def consensus(classes: Sequence[str]) -> str | None:
    """The class most raters saw; None when none or when two classes tie for most."""
    counts = Counter(classes).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def run_status(*, claimed_outcome: str, ratings: Sequence[Mapping[str, Any]]
               ) -> tuple[str | None, int | None, str, bool]:  # fmt: skip
    """(consensus class, score, status, disputed) of one run from its raters' ratings."""
    classes = [c for c in (rater_class(r) for r in ratings) if c is not None]
    disputed = claimed_outcome == COMPLETED and bool(ratings) and (
        2 * sum(disputes_completion(r) for r in ratings) >= len(ratings))
    agreed = consensus(classes)
    if not classes:
        return None, None, NOT_SCORED_NO_RATER, disputed
    if disputed:
        return agreed, None, NOT_SCORED_DISPUTED, True
    if agreed is None:
        return None, None, NOT_SCORED_SPLIT, False
    score = CLASS_SCORES[agreed]
    return agreed, score, SCORED if score is not None else NOT_SCORED_INCOMPLETE, False
