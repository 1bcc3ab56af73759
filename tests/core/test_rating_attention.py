"""Rules speak after the rater acts: the to-do / speak decision, without Qt."""

from __future__ import annotations

from rater_desktop.rating.attention import Attention, FocusTrail, Voice, covers, rule_voice
from rater_desktop.rating.model import ItemRating, ItemStatus, Step
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.steps import STEP_ORDER


def _failing(rating: ItemRating) -> list:  # type: ignore[type-arg]
    results = check_item(rating, item=None, plain_texts=("", ""), rubric=Rubric.default())
    return [r for r in results if not r.passed]


def test_nothing_speaks_on_a_fresh_item() -> None:
    rating = ItemRating(item_id="i1")
    attention = Attention.for_rating(rating)
    failing = _failing(rating)
    assert {r.rule_id for r in failing} >= {"CF-1", "CF-2"}
    assert {attention.voice(r) for r in failing} == {Voice.TODO}
    assert not attention.moved_on


def test_a_visited_field_speaks_and_only_that_field() -> None:
    common = {"step": Step.CASE_FILE, "insisted_steps": ()}
    visited = ("case_file.main_goal",)
    assert rule_voice(result_field="case_file.main_goal", visited_fields=visited,
                      **common) is Voice.SPEAK
    assert rule_voice(result_field="case_file.sub_requests", visited_fields=visited,
                      **common) is Voice.TODO
    assert rule_voice(result_field="case_file.sub_requests", visited_fields=visited,
                      acknowledged=True, **common) is Voice.SPEAK


def test_moving_past_a_step_makes_its_rules_speak() -> None:
    kwargs = {"result_field": "responses.0.tc", "visited_fields": ()}
    assert rule_voice(step=Step.TASK_COMPLETION, insisted_steps={Step.CASE_FILE},
                      **kwargs) is Voice.TODO
    assert rule_voice(step=Step.TASK_COMPLETION, insisted_steps={Step.TASK_COMPLETION},
                      **kwargs) is Voice.SPEAK
    assert rule_voice(step=None, insisted_steps=(), **kwargs) is Voice.SPEAK


def test_which_visits_cover_which_results() -> None:
    assert covers("case_file.checklist", "case_file.checklist.2")  # a line of the list
    assert covers("case_file.sub_requests.s1", "case_file.sub_requests")  # the list rule
    assert covers("responses.0.claims", "responses.0.claims@10-42")  # an uncovered span
    assert not covers("responses.0.tc", "responses.0.tc_justification")
    assert not covers("case_file.main_goal", "case_file.checklist")


def test_saved_progress_is_remembered_after_a_restart() -> None:
    rating = ItemRating(item_id="i1", reached_steps=[Step.CASE_FILE, Step.TASK_COMPLETION,
                                                     Step.CLAIMS], current_step=Step.CLAIMS)
    attention = Attention.for_rating(rating)
    assert attention.insisted == {Step.CASE_FILE, Step.TASK_COMPLETION}
    assert attention.moved_on
    done = ItemRating(item_id="i2", status=ItemStatus.COMPLETE)
    assert Attention.for_rating(done).insisted == set(STEP_ORDER)


def test_trying_to_complete_makes_every_rule_speak() -> None:
    rating = ItemRating(item_id="i1")
    attention = Attention.for_rating(rating)
    attention.try_complete()
    assert attention.complete_tried
    assert {attention.voice(r) for r in _failing(rating)} == {Voice.SPEAK}
    assert attention.visit(["case_file.main_goal"]) is True
    assert attention.visit(["case_file.main_goal"]) is False


def test_a_fields_own_note_speaks_after_the_rater_left_it() -> None:
    from rater_desktop.rating.attention import Attention, Voice
    from rater_desktop.rating.model import Step

    attention = Attention()
    field = "responses.0.claims.c1.sources"
    assert attention.field_voice(field, Step.FACT_CHECKS) is Voice.TODO
    attention.visit([field])
    assert attention.field_voice(field, Step.FACT_CHECKS) is Voice.SPEAK
    moved_on = Attention(insisted={Step.FACT_CHECKS})
    assert moved_on.field_voice(field, Step.FACT_CHECKS) is Voice.SPEAK


def test_focus_in_a_helper_has_not_moved_on_from_the_field() -> None:
    trail, goal = FocusTrail(), {"case_file.main_goal"}
    assert trail.move(goal, set(), into_helper=True) == set()  # Ctrl+F: the find bar
    assert trail.move(set(), set(), into_helper=True) == set()  # then the screenshot viewer
    assert trail.move(set(), goal, into_helper=False) == set()  # back to Main goal
    assert trail.move(goal, set(), into_helper=True) == set()
    assert trail.move(set(), {"case_file.checklist"}, into_helper=False) == goal  # moved on
    assert trail.move({"case_file.checklist"}, goal, into_helper=False) == {"case_file.checklist"}
