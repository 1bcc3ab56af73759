"""Justification builder: verdict template, step-mark and claim counts, fact-check layout."""

from __future__ import annotations

from test_rating_support import filled_rating

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.justification import (
    claim_summary,
    fact_check_entry,
    fact_check_template,
    step_mark_summary,
    task_completion_template,
    verdict_sentence,
    verdict_template,
)
from rater_desktop.rating.model import ClaimRating, ItemRating, StepMark, StepMarkKind


def test_template_has_scores_in_display_order() -> None:
    rating, _, _ = filled_rating()
    text = verdict_template(rating, DisplayOrder(swapped=True))
    a_block = text.split("Response B Scores:")[0]
    assert "Response A Scores:\n- Task Completion: 3\n- Factual Accuracy: 5\n- AI Performance: 4" in a_block
    assert "Final Verdict: Response B is better." in text  # true A_BETTER shown as B
    assert text.rstrip().endswith("Justification:")


def test_template_placeholders_for_missing_scores() -> None:
    rating = ItemRating(item_id="x")
    text = verdict_template(rating, DisplayOrder())
    assert "- Task Completion: [1-5]" in text and "[choose a verdict]" in text
    assert "Evidence:" not in text


def test_step_mark_and_claim_counts() -> None:
    rating, _, _ = filled_rating()
    side = rating.responses[1]
    side.step_marks = {
        1: StepMark(StepMarkKind.UNNECESSARY),
        2: StepMark(StepMarkKind.UNNECESSARY),
        3: StepMark(StepMarkKind.UNNECESSARY),
        4: StepMark(StepMarkKind.WRONG),
        5: StepMark(StepMarkKind.CORRECT),
    }
    assert step_mark_summary("B", side) == "Response B: 3 steps marked unnecessary, 1 wrong."
    assert step_mark_summary("A", rating.responses[0]) is None
    side.claims[0].rating = ClaimRating.INACCURATE
    assert claim_summary("B", side) == "Response B: 2 objective claims: 1 Accurate, 1 Inaccurate."
    text = verdict_template(rating, DisplayOrder(), body="Because.")
    assert "- Response B: 3 steps marked unnecessary, 1 wrong." in text
    assert text.endswith("Justification: Because.")
    assert "steps marked" not in verdict_template(rating, DisplayOrder(), include_step_marks=False)


def test_verdict_sentences() -> None:
    assert verdict_sentence(Verdict.A_MUCH_BETTER) == "Response A is much better."
    assert verdict_sentence(Verdict.B_SLIGHTLY_BETTER) == "Response B is slightly better."
    assert verdict_sentence(Verdict.ABOUT_SAME) == "Both responses are about the same."


def test_fact_check_layout() -> None:
    rating, _, _ = filled_rating()
    claim = rating.responses[0].claims[1]
    entry = fact_check_entry(2, claim)
    assert entry.splitlines() == [
        "Claim 2: Accurate",
        "Justification: The shop page shows this.",
        "Sources: https://hats.example/classic https://reviews.example/hat",
    ]
    full = fact_check_template(rating.responses[0], final="All correct.")
    assert full.startswith("Objective Claims Identified:\n1. I added the Classic Hat to your cart.")
    assert full.endswith("Final Justification: All correct.")


def test_task_completion_template() -> None:
    rating, _, _ = filled_rating()
    text = task_completion_template(rating, rating.responses[1], "B")
    assert "- Main Goal Fulfilled? Yes" in text
    assert "- Sub-request 1 (add to cart): No" in text and "- Final Rating: 3" in text
