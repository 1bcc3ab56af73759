"""Session pace, the next unfinished item, and a clock that stops on completed items."""

from __future__ import annotations

from test_rating_support import filled_rating, make_item

from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.pace import Pace, completed_in_session, next_unfinished, session_pace
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

ITEM = make_item()


def test_next_unfinished_wraps_and_skips_complete() -> None:
    states = {"a": "complete", "b": "in_progress", "c": "complete", "d": "not_started"}
    ids = list(states)
    assert next_unfinished(ids, "b", states.__getitem__) == "d"
    assert next_unfinished(ids, "d", states.__getitem__) == "b"
    assert next_unfinished(ids, None, states.__getitem__) == "b"
    assert next_unfinished(["a", "c"], "a", states.__getitem__) is None
    assert next_unfinished([], None, states.__getitem__) is None


def test_session_pace_per_hour_and_median() -> None:
    pace = session_pace(completed=3, started_at=0.0, now=1800.0,
                        active_seconds=[120.0, 300.0, 600.0, 0.0])
    assert pace.per_hour == 6.0 and pace.median_minutes == 5.0
    assert pace.text() == "Pace 6.0 items/h \u00b7 median 5.0 min/item"
    assert session_pace(completed=0, started_at=0, now=10, active_seconds=[]).text() == (
        "Pace \u2013 items/h \u00b7 median \u2013")
    assert session_pace(completed=1, started_at=0, now=1, active_seconds=[]).per_hour == 60.0


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_clock_stops_while_a_completed_item_is_only_viewed() -> None:
    store, clock = MemoryRatingStore(), Clock()
    rating, _, _ = filled_rating(ITEM)
    store.save_item("b", ITEM.id, rating.to_dict())
    service = RatingService(store=store, clock=clock, rubric=Rubric.default(),
                            item_accessor=lambda _i: ITEM, batch_key="b", idle_threshold=60)
    service.open_item(ITEM.id)
    clock.now += 20
    service.touch()
    assert service.complete_item().accepted
    spent = service.rating.timing.active_seconds
    assert spent >= 20
    for _ in range(5):  # scrolling and reading the completed item
        clock.now += 20
        service.touch()
    service.flush()
    assert service.rating.timing.active_seconds == spent
    service.close_item()
    service.open_item(ITEM.id)  # reopened later only to look at it
    clock.now += 30
    service.touch()
    service.flush()
    assert service.rating.timing.active_seconds == spent
    assert service.rating.status is ItemStatus.COMPLETE
    service.set_notes("a second look")  # an edit counts again
    clock.now += 10
    service.set_notes("a second look, done")
    service.flush()
    assert service.rating.timing.active_seconds > spent


def test_an_item_found_complete_on_open_is_not_done_in_this_session() -> None:
    none: frozenset[str] = frozenset()
    assert completed_in_session(none, item_id="a", kind="open", complete=True) == none
    done = completed_in_session(none, item_id="a", kind="status", complete=True)
    assert done == {"a"}
    assert completed_in_session(done, item_id="a", kind="open", complete=True) == {"a"}
    assert completed_in_session(done, item_id="a", kind="undo", complete=False) == none


def test_a_median_under_a_minute_shows_in_seconds() -> None:
    # Judgments of a few seconds read "median 0.0 min/item".
    pace = session_pace(completed=3, started_at=0.0, now=600.0, active_seconds=[4, 7, 12])
    assert pace.text().endswith("median 7 s/item")
    assert Pace(None, 0.001).text().endswith("median 1 s/item")
    assert Pace(None, 1.0).text().endswith("median 1.0 min/item")
