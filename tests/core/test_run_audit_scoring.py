"""RA-6: the seed-002 score of a run from its raters' normalized outcome, disputed
completions, and the QA figures (agreement between raters, raters against the judge)."""

from __future__ import annotations

from typing import Any

import pytest
from batchkit import run_item

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.model import Item
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN
from rater_desktop.run_audit.scoring import (
    NOT_SCORED_DISPUTED,
    NOT_SCORED_INCOMPLETE,
    NOT_SCORED_SPLIT,
    SCORED,
    rater_class,
    run_status,
)
from rater_desktop.run_audit.stats import Audit, audits_of, figures


def rating(reached: int, outcome: str, quote: str = "", verdict: str = "accurate") -> dict[str, Any]:
    return {"checkpoints": {f"C{n}": {"reached": n <= reached} for n in range(1, 5)},
            "observed": {"outcome": outcome, "quote": quote}, "verdict": verdict,
            "status": "complete"}


@pytest.mark.parametrize(("answer", "expected"), [
    (rating(4, "completed"), "completed"),
    (rating(1, "completed"), "completed"),  # completed implies all four
    (rating(3, "login_wall"), "login_wall_after_item"),
    (rating(2, "login_wall"), "login_wall_early"),
    (rating(1, "blocked", "Access denied"), "blocked"),
    (rating(0, "unreachable"), "unreachable"),
    (rating(1, "unreachable", "Access denied"), "blocked"),  # rendered, block quoted
    (rating(1, "unreachable"), "incomplete"),  # rendered, nothing quoted
    (rating(2, "incomplete"), "incomplete"),
    ({"observed": "nonsense"}, None),
])
def test_a_raters_answers_are_normalized_as_seed_002_says(answer: dict[str, Any],
                                                          expected: str | None) -> None:
    assert rater_class(answer) == expected


@pytest.mark.parametrize(("claimed", "ratings", "expected"), [
    ("completed", [rating(4, "completed")] * 2, ("completed", 50, SCORED, False)),
    ("login_wall", [rating(3, "login_wall")], ("login_wall_after_item", 30, SCORED, False)),
    ("login_wall", [rating(1, "login_wall")] * 3, ("login_wall_early", 15, SCORED, False)),
    ("blocked", [rating(1, "blocked", "Verify")], ("blocked", 0, SCORED, False)),
    ("unreachable", [rating(0, "unreachable")], ("unreachable", 0, SCORED, False)),
    ("incomplete", [rating(2, "incomplete")], ("incomplete", None, NOT_SCORED_INCOMPLETE, False)),
    ("blocked", [rating(1, "blocked", "V"), rating(0, "unreachable")],
     (None, None, NOT_SCORED_SPLIT, False)),
    # the agent claims a completion; one of two raters saw a block: disputed, not scored
    ("completed", [rating(4, "completed"), rating(1, "blocked", "V", "overstated")],
     (None, None, NOT_SCORED_DISPUTED, True)),
    ("completed", [rating(4, "completed", verdict="overstated")],
     ("completed", None, NOT_SCORED_DISPUTED, True)),
    ("completed", [rating(4, "completed")] * 2 + [rating(1, "blocked", "V")],
     ("completed", 50, SCORED, False)),
])
def test_the_run_score(claimed: str, ratings: list[dict[str, Any]],
                       expected: tuple[Any, ...]) -> None:
    assert run_status(claimed_outcome=claimed, ratings=ratings) == expected


def _items() -> list[Item]:
    raw = [run_item("r-1"), run_item("r-2", outcome="blocked", judge="overstated"),
           run_item("r-3", judge=None), run_item("q-1", kind="qualification")]
    parsed = [parse_item(r, problems=ProblemList(), file="i", line=1, shape=RUN) for r in raw]
    return [p for p in parsed if p is not None]


def test_figures_agreement_judge_kappa_and_breaches() -> None:
    seen = {"breaches": {"other_site": {"seen": True, "step": 1}}}
    audits = [Audit("ann", "r-1", rating(4, "completed"), 30.0),
              Audit("bob", "r-1", rating(4, "completed"), 50.0),
              Audit("ann", "r-2", {**rating(1, "blocked", "V"), **seen}, 40.0),
              Audit("bob", "r-2", rating(1, "blocked", "V", "overstated"), 20.0),
              Audit("ann", "r-3", rating(4, "completed")),
              Audit("ann", "q-1", rating(4, "completed"))]
    result = figures(_items(), audits)
    assert [r.item_id for r in result.runs] == ["r-1", "r-2", "r-3"]  # not the qualification item
    assert [r.score for r in result.runs] == [50, 0, 50]
    assert result.outcome_agreement.percent == 1.0 and result.outcome_agreement.items == 3
    assert result.verdict_agreement.percent == 0.5
    judge = result.judge  # r-1: judge accurate x2; r-2: judge overstated, raters split
    assert judge.pairs == 4 and judge.confusion["accurate"]["accurate"] == 2
    assert judge.confusion["accurate"]["overstated"] == 1
    assert judge.confusion["overstated"]["overstated"] == 1
    assert judge.kappa == pytest.approx(0.5)
    assert judge.by_rater == {"ann": 0.0, "bob": 1.0}
    assert result.breaches["other_site"] == 1 and result.breaches["sign_in"] == 0
    assert result.agents[0].agent == "agent-one" and result.agents[0].mean_score == pytest.approx(100 / 3)
    assert result.median_seconds == 35.0


def test_only_complete_audits_of_a_document_count() -> None:
    document = {"rater": {"rater_id": "ann"}, "items": [
        {"item_id": "r-1", "rating": rating(4, "completed")},
        {"item_id": "r-2", "incomplete": True, "rating": rating(4, "completed")},
        {"item_id": "r-3", "rating": {**rating(4, "completed"), "status": "in_progress"}},
        {"item_id": "r-4", "rating": "not an object"}, "junk"]}
    assert [a.item_id for a in audits_of(document)] == ["r-1"]
    assert audits_of({"items": "junk"}) == []


def test_qualification_and_attention_are_scored_on_the_gold_outcome_and_verdict() -> None:
    raw = [run_item(f"q-{n}", kind="qualification",
                    gold={"expected_outcome": "completed", "expected_report_verdict": "accurate"})
           for n in range(3)]
    raw.append(run_item("a-1", kind="attention", gold={"expected_outcome": "blocked"}))
    raw.append(run_item("q-nogold", kind="qualification"))
    items = [p for p in (parse_item(r, problems=ProblemList(), file="i", line=1, shape=RUN)
                         for r in raw) if p is not None]
    assert len(items) == 5 and items[0].gold is not None
    audits = [Audit("ann", "q-0", rating(4, "completed")), Audit("ann", "q-1", rating(4, "completed")),
              Audit("ann", "q-2", rating(4, "completed", verdict="overstated")),
              Audit("ann", "a-1", rating(1, "blocked", "V")),
              Audit("bob", "q-0", rating(4, "completed"))]  # bob never did q-1, q-2
    checks = {c.rater_id: c for c in figures(items, audits, threshold=(2, 3)).raters}
    assert (checks["ann"].qualification_passed, checks["ann"].qualification_total) == (2, 3)
    assert checks["ann"].qualified and (checks["ann"].attention_passed, checks["ann"].attention_total) == (1, 1)
    assert (checks["bob"].qualification_passed, checks["bob"].qualified) == (1, False)
