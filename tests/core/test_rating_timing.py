"""ItemTimer with a fake clock: active time, idle cap, per-step split, sessions."""

from __future__ import annotations

from rater_desktop.rating.timing import ItemTimer


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_counts_time_between_inputs() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="case_file")
    timer.touch()
    clock.advance(30)
    timer.touch()
    clock.advance(45)
    timer.touch()
    assert timer.spent.active_seconds == 75
    assert timer.spent.step_seconds == {"case_file": 75}
    assert timer.spent.sessions == 1


def test_idle_gap_is_capped_at_threshold() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="claims")
    timer.touch()
    clock.advance(600)  # rater went for lunch
    timer.touch()
    assert timer.spent.active_seconds == 120
    clock.advance(10)
    timer.touch()
    assert timer.spent.active_seconds == 130


def test_switch_step_splits_time() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="case_file")
    timer.touch()
    clock.advance(20)
    timer.switch_step("task_completion")
    clock.advance(15)
    timer.touch()
    assert timer.spent.step_seconds == {"case_file": 20, "task_completion": 15}
    assert timer.step == "task_completion"


def test_pause_stops_counting_and_next_touch_is_new_session() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="verdict", idle_threshold=60)
    timer.touch()
    clock.advance(10)
    timer.pause()
    assert not timer.running
    clock.advance(5000)
    timer.touch()
    clock.advance(5)
    timer.touch()
    assert timer.spent.active_seconds == 15
    assert timer.spent.sessions == 2


def test_clock_going_backwards_counts_nothing() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="claims")
    timer.touch()
    clock.advance(-50)
    timer.touch()
    assert timer.spent.active_seconds == 0


def test_serializable() -> None:
    clock = FakeClock()
    timer = ItemTimer(clock=clock, step="claims")
    timer.touch()
    clock.advance(12)
    timer.pause()
    again = ItemTimer.from_dict(timer.to_dict(), clock=clock)
    assert again.spent == timer.spent and again.step == "claims"
