"""Guided steps: order, rules per step, reachability and the response reveal."""

from __future__ import annotations

from test_rating_support import filled_rating

from rater_desktop.rating.model import ItemRating, Step
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import RULES, check_item
from rater_desktop.rating.steps import (
    STEP_ORDER,
    STEP_RULES,
    can_enter,
    case_file_ready,
    next_step,
    previous_step,
    reachable_steps,
    step_of_rule,
)


def _results(rating: ItemRating):  # type: ignore[no-untyped-def]
    return check_item(rating, item=None, plain_texts=("", ""), rubric=Rubric.default())


def test_order_and_neighbours() -> None:
    assert STEP_ORDER[0] is Step.CASE_FILE and STEP_ORDER[-1] is Step.ROADBLOCKS_FEEDBACK
    assert next_step(Step.CASE_FILE) is Step.TASK_COMPLETION
    assert next_step(Step.ROADBLOCKS_FEEDBACK) is None
    assert previous_step(Step.CASE_FILE) is None
    assert previous_step(Step.VERDICT) is Step.AI_PERFORMANCE


def test_every_rule_belongs_to_one_step() -> None:
    listed = [r for rules in STEP_RULES.values() for r in rules]
    assert sorted(listed) == sorted(RULES)
    assert step_of_rule("FV-4") is Step.VERDICT and step_of_rule("SD-1") is None


def test_only_case_file_until_it_is_ready() -> None:
    rating = ItemRating(item_id="x")
    assert reachable_steps(rating, _results(rating)) == [Step.CASE_FILE]
    assert not case_file_ready(_results(rating))
    filled, _, _ = filled_rating()
    fresh = ItemRating(item_id="x", case_file=filled.case_file)
    assert case_file_ready(_results(fresh))
    assert reachable_steps(fresh, _results(fresh)) == [Step.CASE_FILE, Step.TASK_COMPLETION]
    assert not can_enter(Step.CLAIMS, fresh, _results(fresh))


def test_reached_steps_stay_reachable_after_reveal() -> None:
    rating = ItemRating(item_id="x", revealed=True)
    rating.reached_steps = [Step.CASE_FILE, Step.TASK_COMPLETION, Step.CLAIMS]
    # case file emptied later: the rater keeps access to what was already reached
    assert reachable_steps(rating, _results(rating)) == [
        Step.CASE_FILE, Step.TASK_COMPLETION, Step.CLAIMS, Step.FACT_CHECKS,
    ]


def test_each_change_field_names_the_widget_that_shows_it() -> None:
    from rater_desktop.rating.steps import widget_name

    def label_of(true_index: int) -> str:
        return "BA"[true_index]  # the batch's response 1 is shown as A

    assert widget_name("case_file.main_goal", label_of) == "caseFileMainGoal"
    assert widget_name("notes", label_of) == "itemNotes"
    assert widget_name("case_file.sub_requests.2", label_of) == "subRequestText_2"
    assert widget_name("responses.1.tc", label_of) == "tcScaleA"
    assert widget_name("responses.0.aip_justification", label_of) == "aipJustificationB"
    assert widget_name("responses.0.sub_request_met.1", label_of) == "tcSubRequestB_1"
    assert widget_name("responses.1.claims.3.rating", label_of) == "factCheckA_3"
    assert widget_name("responses.1.claims.3.sources", label_of) == "factCheckA_3_sources"
    assert widget_name("responses.1.claims.3.text", label_of) == "claimA_3_text"


def test_a_field_without_one_widget_names_none() -> None:
    from rater_desktop.rating.steps import widget_name

    for field in ("verdict", "responses.2.tc", "responses.0", "responses.0.step_marks",
                  "case_file.checklist_extra", "acknowledged.TC-1"):
        assert widget_name(field, str) is None, field
