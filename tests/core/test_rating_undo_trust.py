"""Undo a rater can trust: typing bursts are steps, undo says where, status never hides."""

from __future__ import annotations

import pytest
from test_rating_support import filled_rating, make_item

from rater_desktop.rating.history import burst_edges
from rater_desktop.rating.model import ItemStatus, Step
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.steps import step_of_field
from rater_desktop.rating.store import MemoryRatingStore

ITEM = make_item()


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _service(store: MemoryRatingStore, clock: FakeClock) -> RatingService:
    service = RatingService(store=store, clock=clock, rubric=Rubric.default(),
                            item_accessor=lambda _id: ITEM, batch_key="b", rater_id="r")
    service.open_item(ITEM.id)
    return service


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _lines(text: str) -> list[str]:  # what the checklist field reports (empty lines dropped)
    return [line.strip() for line in text.splitlines() if line.strip()]


def _type(clock: FakeClock, text: str, emit: object, start: str = "") -> None:
    typed = start
    for char in text:
        typed += char
        clock.now += 0.15
        emit(typed)  # type: ignore[operator]


def test_one_undo_takes_back_one_checklist_line_not_all_four(clock: FakeClock) -> None:
    service = _service(MemoryRatingStore(), clock)
    text = "Should find shoes\nShould stay under 120\nShould pick size 9\nShould NOT buy"
    _type(clock, text, lambda t: service.set_checklist(_lines(t)))
    assert len(service.rating.case_file.checklist) == 4
    change = service.undo()
    assert service.rating.case_file.checklist == [
        "Should find shoes", "Should stay under 120", "Should pick size 9"]
    assert change.fields == ("case_file.checklist",)
    service.undo()
    assert len(service.rating.case_file.checklist) == 2
    service.redo()
    service.redo()
    assert service.rating.case_file.checklist[-1] == "Should NOT buy"


def test_a_burst_is_one_step_and_a_sentence_or_pause_ends_it(clock: FakeClock) -> None:
    service = _service(MemoryRatingStore(), clock)
    _type(clock, "Buy the shoes. ", service.set_main_goal)
    _type(clock, "Keep it cheap", service.set_main_goal, "Buy the shoes. ")
    service.undo()  # not one character, not the whole field: the second sentence
    assert service.rating.case_file.main_goal == "Buy the shoes. "
    service.redo()
    clock.now += 5  # a pause ends a burst too
    _type(clock, " now", service.set_main_goal, "Buy the shoes. Keep it cheap")
    service.undo()
    assert service.rating.case_file.main_goal == "Buy the shoes. Keep it cheap"


def test_a_paste_is_a_step_of_its_own(clock: FakeClock) -> None:
    service = _service(MemoryRatingStore(), clock)
    _type(clock, "Buy", service.set_main_goal)
    clock.now += 0.1
    service.set_main_goal("Buy size 9 running shoes")
    service.undo()
    assert service.rating.case_file.main_goal == "Buy"


def test_burst_edges_rules() -> None:
    assert burst_edges({"t": "ab"}, {"t": "abc"}) == (False, False)
    assert burst_edges({"t": "ab."}, {"t": "ab. "}) == (False, True)
    assert burst_edges({"t": "ab"}, {"t": "ab\n"}) == (False, True)
    assert burst_edges({"t": ["a"]}, {"t": ["a", "b"]}) == (True, False)
    assert burst_edges({"t": "a"}, {"t": "a pasted text"}) == (True, True)


def _completed(clock: FakeClock) -> tuple[RatingService, str]:
    store = MemoryRatingStore()
    rating, _, _ = filled_rating(ITEM)
    text = rating.verdict_justification
    rating.verdict_justification = ""
    rating.reached_steps = list(Step)
    rating.revealed = True
    store.save_item("b", ITEM.id, rating.to_dict())
    service = _service(store, clock)
    service.set_verdict_justification(text)  # pasted: one step
    clock.now += 3
    assert service.complete_item().accepted
    assert service.set_step(Step.ROADBLOCKS_FEEDBACK).accepted
    return service, text


def test_undo_that_breaks_a_block_rule_reopens_visibly_and_redo_completes(clock: FakeClock) -> None:
    service, text = _completed(clock)
    change = service.undo()
    assert service.rating.verdict_justification == ""
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert "reopened" in change.notice and "FV-" in change.notice
    assert [step_of_field(f) for f in change.fields] == [Step.VERDICT]
    change = service.redo()
    assert service.rating.verdict_justification == text
    assert service.rating.status is ItemStatus.COMPLETE
    assert "complete again" in change.notice


def test_several_undos_then_redo_of_everything_returns_to_complete(clock: FakeClock) -> None:
    service, _ = _completed(clock)
    service.set_notes("looked twice")  # passes the rules: stays complete
    assert service.rating.status is ItemStatus.COMPLETE
    service.undo()
    assert service.rating.status is ItemStatus.COMPLETE
    service.undo()
    assert service.rating.status is ItemStatus.IN_PROGRESS
    service.redo()
    service.redo()
    assert service.rating.status is ItemStatus.COMPLETE
    assert service.rating.notes == "looked twice"


def test_an_edit_after_a_reopening_undo_does_not_complete_by_itself(clock: FakeClock) -> None:
    service, text = _completed(clock)
    service.undo()
    service.set_verdict_justification(text)
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert service.complete_item().accepted


@pytest.mark.parametrize(("field", "step"), [
    ("case_file.sub_requests.s1", Step.CASE_FILE),
    ("responses.1.tc_justification", Step.TASK_COMPLETION),
    ("responses.0.sub_request_met", Step.TASK_COMPLETION),
    ("responses.0.claims", Step.CLAIMS),
    ("responses.0.claims.c1.objective", Step.CLAIMS),
    ("responses.0.claims.c1.sources", Step.FACT_CHECKS),
    ("responses.1.fa_justification", Step.FACT_CHECKS),
    ("responses.1.aip", Step.AI_PERFORMANCE),
    ("responses.1.step_marks.3", Step.AI_PERFORMANCE),
    ("responses.1.roadblocks", Step.ROADBLOCKS_FEEDBACK),
    ("verdict_justification", Step.VERDICT),
    ("acknowledged.CF-3", Step.CASE_FILE),
])
def test_step_of_field(field: str, step: Step) -> None:
    assert step_of_field(field) is step
