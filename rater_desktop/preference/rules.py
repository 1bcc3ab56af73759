"""The preference protocol's checkable rules (spec "Preference protocol").

PR-1 (block): one choice per item. PR-2: the explanation belongs to an A or B choice;
it blocks completion only when the batch requires it. PR-3 (cheat sheet visible) and
PR-4 (SD-1..SD-4 as in the guideline) are kept by the window and the QA side.
"""

from __future__ import annotations

from rater_desktop.preference.model import PreferenceRating
from rater_desktop.protocols.single import blocking_reasons  # noqa: F401 - the rules' word
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import RuleResult


def check_preference(rating: PreferenceRating, *,
                     explanation_required: bool) -> list[RuleResult]:
    """Every PR rule result for one rating (passes included, like the guideline rules)."""
    results = [
        RuleResult("PR-1", Severity.BLOCK, rating.choice is not None,
                   "" if rating.choice else "Choose A is better, B is better or Tie.", "choice"),
    ]
    needs_text = explanation_required and rating.choice in ("A", "B")
    missing = needs_text and not rating.explanation.strip()
    results.append(RuleResult(
        "PR-2", Severity.BLOCK if explanation_required else Severity.OFF, not missing,
        "This batch asks you to explain why the response you chose is better." if missing
        else "", "explanation"))
    return results
