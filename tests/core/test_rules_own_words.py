"""Only the rater's own words count (CF-1, TC-5, FC-5, AP-1, FV-2); AP-2 credits a
dimension only from words about what the agent did; FC-3 splits table rows."""

from __future__ import annotations

import pytest
from test_rating_support import AIP_TEXT, failures, filled_rating

from rater_desktop.rating.detect.dimensions import dimensions_covered
from rater_desktop.rating.detect.placeholders import written_word_count
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.justification import task_completion_template, verdict_template
from rater_desktop.rating.rules.claims import non_atomic_reasons


def _blocking(rating, item, plains, rule: str) -> bool:  # type: ignore[no-untyped-def]
    return any(f.rule_id == rule and f.blocking for f in failures(rating, item, plains))


def test_tc5_the_apps_template_with_its_justification_unfilled_is_not_written() -> None:
    """The guideline's TC template ends "- Justification: [Brief explain how you came to
    your conclusion]": the Yes/No and rating lines above it are not a justification."""
    rating, item, plains = filled_rating()
    side = rating.responses[0]
    side.tc_justification = ""
    side.tc_justification = task_completion_template(rating, side, "A")
    assert "[how you decided]" in side.tc_justification
    assert written_word_count(side.tc_justification) == 0
    assert _blocking(rating, item, plains, "TC-5")
    side.tc_justification = side.tc_justification.replace("[how you decided]", "Both sub-requests met.")
    assert not _blocking(rating, item, plains, "TC-5")


@pytest.mark.parametrize(
    "goal",
    [
        "User's Main Goal: [what is the user trying to achieve?]",
        "User’s Main Goal: (e.g., \"Find and compare vacation rentals.\")",
        "Main Goal: TBD",
    ],
)
def test_cf1_the_guideline_template_label_is_not_a_goal(goal: str) -> None:
    rating, item, plains = filled_rating()
    rating.case_file.main_goal = goal
    assert _blocking(rating, item, plains, "CF-1")


def test_cf1_a_label_before_the_rater_s_goal_is_fine() -> None:
    rating, item, plains = filled_rating()
    rating.case_file.main_goal = "User's Main Goal: put the Classic Hat in the cart"
    assert not _blocking(rating, item, plains, "CF-1")


def test_fv2_builder_template_without_its_justification_line_counts_only_own_words() -> None:
    """Guideline: "Justification: [In 30+ words, write the reason for your final
    recommendation ...]": the score lines and the verdict line are the template's."""
    rating, item, plains = filled_rating()
    built = verdict_template(rating, DisplayOrder())
    own = "A added the hat to the cart while B only looked up the price and stopped."
    rating.verdict_justification = built.rsplit("\nJustification:", 1)[0] + "\n\n" + own
    assert written_word_count(rating.verdict_justification) == written_word_count(own) < 30
    assert _blocking(rating, item, plains, "FV-2")
    rating.verdict_justification += " " + own + " Both were accurate about the price itself."
    assert not _blocking(rating, item, plains, "FV-2")


def test_fc5_the_fact_check_template_unfilled_is_no_justification() -> None:
    rating, item, plains = filled_rating()
    rating.responses[0].claims[1].justification = (
        "Claim 1: Accurate\nJustification: [Brief explanation of your reasoning, referencing "
        "the sources.]\nSources: [Source 1 URL] [Source 2 URL]"
    )
    assert _blocking(rating, item, plains, "FC-5")


def test_ap1_template_label_and_score_line_do_not_make_up_the_50_words() -> None:
    rating, item, plains = filled_rating()
    words = AIP_TEXT.split()
    own = " ".join(words[:48])
    rating.responses[0].aip_justification = f"Response A: 4\nJustification: {own}"
    assert written_word_count(rating.responses[0].aip_justification) == 48
    assert _blocking(rating, item, plains, "AP-1")


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Response A: TBD. Response B: TBD.", 0),
        ("- Task Completion: 5 (Fully Complete)", 0),
        ("Final Verdict: Response A is better because it added the hat.", 9),
        ("Was it fast? Yes, it was.", 6),
        ("Sub-request 1 was met because the shoes were under budget", 10),
        ("Navigation: direct.", 2),
    ],
)
def test_own_words(text: str, own: int) -> None:
    assert written_word_count(text) == own


@pytest.mark.parametrize(
    "text",
    [
        "The output is a compact form with the price and the link.",
        "The open slots selected in bold are easy to read.",
        "The answer comes in the form of a short table.",
        "Each pick is followed by its link.",
    ],
)
def test_ap2_words_about_the_output_do_not_credit_interaction(text: str) -> None:
    assert "interaction" not in dimensions_covered(text)


@pytest.mark.parametrize(
    "text",
    [
        "It filled in the booking form and selected the 7:30 slot.",
        "It used the size filter once.",
        "The agent selected Size 9 from the menu.",
        "It followed the architect link from the article.",
        "The search form was filled without a mistake.",
    ],
)
def test_ap2_words_about_what_the_agent_did_credit_interaction(text: str) -> None:
    assert "interaction" in dimensions_covered(text)


def test_fc3_a_table_row_is_one_statement_per_value() -> None:
    """Guideline: "Extract ALL objective claims individually (no merging or clubbing!)"."""
    (reason,) = non_atomic_reasons("Pacer Glide 5 Wide | $109.95 | In stock | 4.6 (1,284 reviews)")
    assert "4 cells" in reason and "3 statements" in reason
    assert non_atomic_reasons("Pacer Glide 5 Wide | $109.95") == []
