"""RatingService: edits, saving, notifications, undo/redo, steps, completion, timing."""

from __future__ import annotations

import pytest
from test_rating_support import filled_rating, make_item

from rater_desktop.batch.model import Item, Verdict
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import (
    ClaimRating,
    ItemStatus,
    Step,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingDocumentError, RatingService
from rater_desktop.rating.store import MemoryRatingStore


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


ITEMS: dict[str, Item] = {
    "item-1": make_item(item_id="item-1"),
    "item-2": make_item(item_id="item-2"),
}


@pytest.fixture
def store() -> MemoryRatingStore:
    return MemoryRatingStore()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _service(store: MemoryRatingStore, clock: FakeClock) -> RatingService:
    return RatingService(
        store=store,
        clock=clock,
        rubric=Rubric.default(),
        item_accessor=ITEMS.__getitem__,
        batch_key="batch-1",
        display_seed="seed",
        rater_id="rater-7",
    )


@pytest.fixture
def service(store: MemoryRatingStore, clock: FakeClock) -> RatingService:
    svc = _service(store, clock)
    svc.open_item("item-1")
    return svc


def _case_file(service: RatingService) -> str:
    service.set_main_goal("Add the hat to the cart")
    sub = service.add_sub_request(SubRequestKind.ACTION, "add to cart").created_id
    assert sub is not None
    return sub


def test_open_item_starts_fresh_and_remembers_current(service: RatingService, store: MemoryRatingStore) -> None:
    assert service.rating.item_id == "item-1" and service.rating.status is ItemStatus.NOT_STARTED
    assert store.load_batch_state("batch-1") == {"current_item_id": "item-1"}
    assert service.order == service.order_for("item-1")
    assert service.plain_texts[1] == "The Classic Hat costs $25. I checked the Hat Shop website."


def test_every_edit_saves_and_notifies(service: RatingService, store: MemoryRatingStore) -> None:
    seen: list[Change] = []
    unsubscribe = service.subscribe(seen.append)
    change = service.set_tc(1, 4)
    assert change.fields == ("responses.1.tc",) and change.kind == "edit" and change.accepted
    assert seen == [change]
    assert any(r.rule_id == "TC-5" for r in change.results)
    document = store.load_item("batch-1", "item-1")
    assert document is not None and document["responses"][1]["tc"] == 4
    assert document["status"] == "in_progress"
    unsubscribe()
    service.set_tc(1, 5)
    assert len(seen) == 1


def test_responses_hidden_until_case_file_done(service: RatingService) -> None:
    refused = service.set_step(Step.TASK_COMPLETION)
    assert refused.refused and "case file" in refused.reasons[0].lower()
    assert not service.rating.revealed
    _case_file(service)
    assert service.set_step(Step.CLAIMS).refused  # one step at a time
    assert service.set_step(Step.TASK_COMPLETION).accepted
    assert service.rating.revealed and service.rating.current_step is Step.TASK_COMPLETION
    assert Step.CLAIMS in service.reachable_steps()


def test_undo_redo_restores_changed_part(service: RatingService, clock: FakeClock) -> None:
    service.set_tc(0, 3)
    clock.now += 5
    service.set_tc(0, 4)
    undone = service.undo()
    assert undone.kind == "undo" and undone.fields == ("responses.0.tc",)
    assert service.rating.responses[0].tc == 3
    service.undo()
    assert service.rating.responses[0].tc is None
    assert service.undo().refused
    service.redo()
    service.redo()
    assert service.rating.responses[0].tc == 4
    assert service.redo().refused


def test_new_edit_clears_redo(service: RatingService) -> None:
    service.set_fa(0, 2)
    service.undo()
    assert service.can_redo()
    service.set_aip(0, 3)
    assert not service.can_redo()


def test_typing_coalesces_into_one_undo_step(service: RatingService, clock: FakeClock) -> None:
    for end in range(1, len("The goal") + 1):
        text = "The goal"[:end]
        clock.now += 0.5
        service.set_main_goal(text)
    clock.now += 10
    service.set_main_goal("The goal, edited")
    service.undo()
    assert service.rating.case_file.main_goal == "The goal"
    service.undo()
    assert service.rating.case_file.main_goal == ""


def test_remove_sub_request_drops_answers_and_undo_restores(service: RatingService) -> None:
    sub = _case_file(service)
    keep = service.add_sub_request(SubRequestKind.TIME, "next Friday").created_id
    service.set_sub_request_met(0, sub, True)
    service.remove_sub_request(sub)
    assert [s.id for s in service.rating.case_file.sub_requests] == [keep]
    assert sub not in service.rating.responses[0].sub_request_met
    service.undo()
    assert service.rating.responses[0].sub_request_met == {sub: True}
    assert service.add_sub_request(None).created_id not in (sub, keep)


def test_claims_from_selection(service: RatingService) -> None:
    plain = service.plain_texts[0]
    change = service.add_claim_from_selection(0, "I added the Classic Hat\nto your cart.")
    claim = service.rating.responses[0].claim(change.created_id or "")
    assert claim is not None and claim.action and plain[claim.start : claim.end] == claim.text
    assert service.add_claim_from_selection(0, "I added a cap").refused
    assert service.add_claim(0, claim.start, claim.end).refused  # no duplicates
    service.set_claim_objective(0, claim.id, True)
    service.set_claim_rating(0, claim.id, ClaimRating.ACCURATE)
    service.add_claim_source(0, claim.id, " https://hats.example/cart ")
    assert service.rating.responses[0].claims[0].sources == ["https://hats.example/cart"]
    service.remove_claim(0, claim.id)
    assert service.rating.responses[0].claims == []
    service.undo()
    assert service.rating.responses[0].claims[0].rating is ClaimRating.ACCURATE


def test_undo_history_is_per_item(service: RatingService) -> None:
    service.set_tc(0, 2)
    service.open_item("item-2")
    assert not service.can_undo()
    service.set_tc(0, 5)
    service.open_item("item-1")
    service.undo()
    assert service.rating.responses[0].tc is None


def test_complete_refused_with_reasons_then_accepted(service: RatingService, store: MemoryRatingStore, clock: FakeClock) -> None:
    change = service.complete_item()
    assert change.refused and any(r.startswith("CF-1:") for r in change.reasons)
    assert service.rating.status is not ItemStatus.COMPLETE
    filled, _, _ = filled_rating(ITEMS["item-1"])
    filled.case_file.checklist.append("Be nice to the user")  # a warning, not a block
    store.save_item("batch-1", "item-1", filled.to_dict())
    other = _service(store, clock)
    other.open_item("item-1")
    assert any(r.warning and r.rule_id == "CF-3" for r in other.results)
    assert other.acknowledge_warning("CF-3", "  ").refused
    other.acknowledge_warning("CF-3", "the prompt asks for politeness")
    done = other.complete_item()
    assert done.accepted and other.rating.status is ItemStatus.COMPLETE
    saved = store.load_item("batch-1", "item-1")
    assert saved is not None and saved["status"] == "complete"
    assert saved["acknowledged"] == {"CF-3": "the prompt asks for politeness"}
    other.set_verdict(None)  # breaks FV-1: no longer complete
    assert other.rating.status is ItemStatus.IN_PROGRESS


def test_flag_and_status(service: RatingService) -> None:
    assert service.set_status(ItemStatus.FLAGGED).accepted
    assert service.rating.status is ItemStatus.FLAGGED
    assert service.set_status(ItemStatus.COMPLETE).refused


def test_ratings_survive_a_new_service(store: MemoryRatingStore, clock: FakeClock) -> None:
    first = _service(store, clock)
    first.open_item("item-2")
    first.set_verdict(Verdict.B_BETTER)
    first.set_notes("check price later")
    first.close_item()
    second = _service(store, clock)
    second.open_item("item-2")
    assert second.rating.verdict is Verdict.B_BETTER and second.rating.notes == "check price later"


def test_unreadable_document_gives_clear_error(store: MemoryRatingStore, clock: FakeClock) -> None:
    store.save_item("batch-1", "item-1", {"item_id": "item-1", "verdict": "nonsense"})
    svc = _service(store, clock)
    with pytest.raises(RatingDocumentError, match="item-1"):
        svc.open_item("item-1")
    svc.open_item("item-1", discard_unreadable=True)
    assert svc.rating.verdict is None
    store.save_item("batch-1", "item-2", {"item_id": "item-1"})
    with pytest.raises(RatingDocumentError, match="belongs to item"):
        svc.open_item("item-2")


def test_time_is_recorded_per_step(service: RatingService, clock: FakeClock, store: MemoryRatingStore) -> None:
    clock.now += 30
    _case_file(service)
    clock.now += 20
    service.set_step(Step.TASK_COMPLETION)
    clock.now += 500  # idle
    service.touch()
    service.close_item()
    saved = store.load_item("batch-1", "item-1")
    assert saved is not None
    assert saved["timing"]["step_seconds"] == {"case_file": 50.0, "task_completion": 120.0}
    assert saved["timing"]["active_seconds"] == 170.0


def test_bad_arguments_are_rejected(service: RatingService) -> None:
    with pytest.raises(ValueError):
        service.set_tc(2, 3)
    with pytest.raises(ValueError):
        service.set_tc(0, 6)
    with pytest.raises(KeyError):
        service.set_claim_rating(0, "nope", ClaimRating.CCA)
    with pytest.raises(KeyError):
        service.acknowledge_warning("ZZ-1", "because")


def test_batch_feedback(service: RatingService, store: MemoryRatingStore) -> None:
    change = service.set_batch_feedback("Screens were slow to load")
    assert change.kind == "batch"
    assert store.load_batch_state("batch-1") == {
        "current_item_id": "item-1",
        "feedback": "Screens were slow to load",
    }


def test_flush_reaches_the_store(service: RatingService, store: MemoryRatingStore) -> None:
    service.flush()
    assert store.flush_count == 1
