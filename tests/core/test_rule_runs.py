"""Rules of a large rating run on the window's worker (a RuleRunner), never holding the
caller; small ratings are still checked at once. A fake runner plays the worker here."""

from __future__ import annotations

from collections.abc import Callable

from test_rating_support import make_item

from rater_desktop.batch.model import Item
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus, Step, SubRequestKind
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rule_runs import BACKGROUND_SIZE, RuleJob, RuleRun
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

BIG = "The hat costs $25 at the shop. " * (BACKGROUND_SIZE // 20)
ITEMS: dict[str, Item] = {"big": make_item(BIG, BIG, item_id="big"), "small": make_item(item_id="small")}


class Runner:
    """Keeps the submitted jobs; ``finish()`` runs them as the worker would."""

    def __init__(self) -> None:
        self.jobs: list[tuple[RuleJob, Callable[[RuleRun], None]]] = []

    def submit(self, job: RuleJob, done: Callable[[RuleRun], None]) -> None:
        self.jobs.append((job, done))

    def finish(self) -> None:
        jobs, self.jobs = self.jobs, []
        for job, done in jobs:
            done(job())


def _service(runner: Runner) -> tuple[RatingService, list[Change]]:
    service = RatingService(store=MemoryRatingStore(), clock=lambda: 0.0, rubric=Rubric.default(),
                            item_accessor=ITEMS.__getitem__, batch_key="b", rule_runner=runner)
    changes: list[Change] = []
    service.subscribe(changes.append)
    return service, changes


def test_a_small_rating_is_checked_at_once() -> None:
    runner = Runner()
    service, _ = _service(runner)
    service.open_item("small")
    assert runner.jobs == [] and service.results and not service.rules_pending


def test_a_large_rating_is_checked_on_the_runner_and_reported_as_a_rules_change() -> None:
    runner = Runner()
    service, changes = _service(runner)
    service.open_item("big")
    assert len(runner.jobs) == 1 and service.rules_pending and not service.plain_texts_ready
    runner.finish()
    assert changes[-1].kind == "rules" and changes[-1].results == service.results
    assert service.plain_texts_ready and not service.rules_pending
    assert any(r.rule_id == "CF-1" and not r.passed for r in service.results)
    service.set_main_goal("Put the Classic Hat in the cart and report its price")
    assert service.rules_pending  # the edit returned before its rules ran
    runner.finish()
    assert not any(r.rule_id == "CF-1" and not r.passed for r in changes[-1].results)


def test_results_of_an_older_text_are_dropped() -> None:
    runner = Runner()
    service, changes = _service(runner)
    service.open_item("big")
    runner.finish()
    service.set_main_goal("first")
    service.set_main_goal("first goal, then more")
    first, second = runner.jobs
    runner.jobs = []
    first[1](first[0]())  # the older run comes back late
    assert changes[-1].kind == "edit" and service.rules_pending
    second[1](second[0]())
    assert changes[-1].kind == "rules" and not service.rules_pending


def test_completing_never_decides_on_results_of_an_older_text() -> None:
    runner = Runner()
    service, _ = _service(runner)
    service.open_item("big")
    runner.finish()
    service.set_main_goal("")  # pending: the old results said nothing about this yet
    change = service.complete_item()
    assert change.refused and any(reason.startswith("CF-1") for reason in change.reasons)
    assert not service.rules_pending


def test_an_edit_that_breaks_a_complete_item_reopens_it_when_its_rules_return() -> None:
    runner = Runner()
    service, changes = _service(runner)
    service.open_item("big")
    runner.finish()
    service.rating.status = ItemStatus.COMPLETE
    service.set_main_goal("TBD")
    runner.finish()
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert changes[-1].kind == "rules" and "reopened" in changes[-1].notice


def test_a_large_item_opened_after_another_shows_none_of_the_others_results() -> None:
    """CI once caught the window drawing, for a large item whose check was still on the
    worker, the results of the item opened before it: its steps, its footer verdict."""
    runner = Runner()
    service, changes = _service(runner)
    service.open_item("small")
    service.set_main_goal("Put the Classic Hat in the cart and report its price")
    service.add_sub_request(SubRequestKind.ACTION, "Report the price")
    assert Step.TASK_COMPLETION in service.reachable_steps()
    service.open_item("big")
    assert not service.results_ready and service.results == ()
    assert changes[-1].kind == "open" and changes[-1].results == ()
    assert service.reachable_steps() == [Step.CASE_FILE]  # the check could still lock the rest
    service.set_main_goal("typed while the first check runs")
    assert not service.results_ready  # an edit's run does not make results appear
    runner.finish()
    assert service.results_ready and any(r.rule_id == "CF-2" for r in service.results)


def test_asking_for_the_results_now_checks_a_pending_run_in_place() -> None:
    runner = Runner()
    service, _ = _service(runner)
    service.open_item("big")
    now = service.results_now()
    assert service.results_ready and not service.rules_pending
    assert any(r.rule_id == "CF-1" and not r.passed for r in now)
    runner.finish()  # the worker's run for the same version is dropped as out of date
    assert service.results == now
