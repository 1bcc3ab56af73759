"""A build cut into parts (``build_steps.Steps``, issue 22): each part runs once, in order,
whether a turn at a time or the rest at once."""

from __future__ import annotations

from collections.abc import Iterator

from rater_desktop.build_steps import Steps


def _steps(ran: list[str]) -> Steps:
    def build() -> Iterator[None]:
        ran.append("one")
        yield
        ran.append("two")
        yield
        ran.append("three")

    return Steps(build)


def test_a_step_runs_one_part_and_the_last_marks_it_done() -> None:
    ran: list[str] = []
    steps = _steps(ran)
    assert ran == [] and not steps.done  # nothing runs until asked
    steps.step()
    assert ran == ["one"] and not steps.done
    steps.step()
    steps.step()
    assert ran == ["one", "two", "three"] and steps.done
    steps.step()
    steps.finish()
    assert ran == ["one", "two", "three"]  # never twice


def test_finish_runs_the_parts_left_at_once() -> None:
    ran: list[str] = []
    steps = _steps(ran)
    steps.step()
    steps.finish()  # asked for early
    assert ran == ["one", "two", "three"] and steps.done
    fresh: list[str] = []
    _steps(fresh).finish()  # the rater window: all at once
    assert fresh == ["one", "two", "three"]
