"""When and where the rules run for the open item.

A small rating is checked at once, on the caller's thread (a few milliseconds). A large
one (hostile batch text: responses and fields up to 20,000 characters each) is checked
by a :class:`RuleRunner` the window passes in, on its worker thread, from a copy of the
rating; the results come back as a :class:`RuleRun` and are kept only if nothing changed
meanwhile (``version``). The same run computes the plain texts of the responses and
warms the text memos the window reads (own words, AIP dimensions, sentences).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rater_desktop.batch.model import Item
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.rules import check_item
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.text import plain_text

# Characters of responses and written fields checked at once: every rule together stays
# well under a keystroke's budget below this (benchmarks/bench_ui_thread.py).
BACKGROUND_SIZE = 6_000


@dataclass(frozen=True)
class RuleRun:
    """What one run found: for which edit (``version``), the plain texts, the results."""

    version: int
    plains: tuple[str, str]
    results: tuple[RuleResult, ...]


RuleJob = Callable[[], RuleRun]


class RuleRunner(Protocol):
    """Runs a job away from the caller's thread and calls ``done`` back on it."""

    def submit(self, job: RuleJob, done: Callable[[RuleRun], None]) -> None: ...


def plains_of(item: Item) -> tuple[str, str]:
    return plain_text(item.responses[0].text), plain_text(item.responses[1].text)


def rating_size(rating: ItemRating, item: Item) -> int:
    """Characters the rules read: both responses and every written field."""
    case = rating.case_file
    size = sum(len(r.text) for r in item.responses) + len(rating.verdict_justification)
    size += len(case.main_goal) + sum(len(s.text) for s in case.sub_requests)
    size += sum(len(line) for line in case.checklist)
    for side in rating.responses:
        size += len(side.tc_justification) + len(side.fa_justification)
        size += len(side.aip_justification)
        size += sum(len(c.text) + len(c.justification) for c in side.claims)
    return size


def check_now(
    rating: ItemRating, item: Item, rubric: Rubric, order: DisplayOrder, version: int
) -> RuleRun:
    """Every enabled rule on ``rating`` (and the plain texts it needs)."""
    plains = plains_of(item)
    results = check_item(rating, item=item, plain_texts=plains, rubric=rubric, order=order)
    return RuleRun(version, plains, tuple(results))


def background_job(
    rating: ItemRating, item: Item, rubric: Rubric, order: DisplayOrder, version: int
) -> RuleJob:
    """``check_now`` on a copy of ``rating``: the window keeps editing the original."""
    snapshot = copy.deepcopy(rating)
    return lambda: check_now(snapshot, item, rubric, order, version)
