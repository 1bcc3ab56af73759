"""RA-1..RA-5 as item checks, the reveal order, and the rating document's round trip."""

from __future__ import annotations

from typing import Any

import pytest
from batchkit import run_item

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.model import Item
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN
from rater_desktop.rating.model import ItemStatus
from rater_desktop.run_audit.model import (
    BREACH_KINDS,
    BreachMark,
    CheckpointMark,
    Evidence,
    RunAuditRating,
    StatementMark,
)
from rater_desktop.run_audit.rules import check_run_audit
from rater_desktop.run_audit.statements import item_statements
from rater_desktop.run_audit.steps import judge_may_show, report_may_show, step_open


def make_item(**kwargs: Any) -> Item:
    problems = ProblemList()
    parsed = parse_item(run_item("r-1", **kwargs), problems=problems, file="items.jsonl", line=1,
                        shape=RUN)
    assert parsed is not None, [p.render() for p in problems.errors]
    return parsed


def failing(rating: RunAuditRating, item: Item) -> dict[str, str]:
    return {r.field: f"{r.rule_id}: {r.message}" for r in check_run_audit(rating, item) if r.blocking}


def seen_through(rating: RunAuditRating, reached: int = 4, outcome: str = "completed") -> None:
    for n in range(1, 5):
        rating.checkpoints[f"C{n}"] = CheckpointMark(
            reached=n <= reached, evidence=Evidence(step=n - 1) if n <= reached else None)
    rating.observed.outcome = outcome


def test_a_fresh_rating_fails_every_rule_where_the_answer_is_missing() -> None:
    item = make_item()
    problems = failing(RunAuditRating("r-1"), item)
    assert {k for k in problems if k.startswith("checkpoints.")} == {
        "checkpoints.C1", "checkpoints.C2", "checkpoints.C3", "checkpoints.C4"}
    assert problems["observed.outcome"].startswith("RA-2")
    statements = [s.id for s in item_statements(item)]
    assert statements == ["outcome", "C1", "C2", "C3", "C4", "item", "evidence.0", "evidence.1"]
    assert all(problems[f"statements.{s}"].startswith("RA-3") for s in statements)
    assert all(problems[f"breaches.{k}"].startswith("RA-4") for k in BREACH_KINDS)
    assert problems["verdict"].startswith("RA-5")


def test_ra1_later_checkpoints_imply_earlier_ones_and_evidence_must_be_of_the_run() -> None:
    item = make_item()
    rating = RunAuditRating("r-1")
    rating.checkpoints = {"C1": CheckpointMark(True), "C2": CheckpointMark(True),
                          "C3": CheckpointMark(True, Evidence(step=2)), "C4": CheckpointMark(False)}
    assert not any(k.startswith("checkpoints.") for k in failing(rating, item))
    rating.checkpoints["C3"] = CheckpointMark(True)  # nothing later with evidence
    assert "checkpoints.C3" in failing(rating, item)
    assert "checkpoints.C2" in failing(rating, item)  # C3 cites nothing, so neither does C2
    rating.checkpoints["C3"] = CheckpointMark(True, Evidence(step=9))
    assert "is not a step of this run" in failing(rating, item)["checkpoints.C3"]
    rating.checkpoints["C3"] = CheckpointMark(True, Evidence(screenshot="screens/other.png"))
    assert "not one of this run's" in failing(rating, item)["checkpoints.C3"]
    rating.checkpoints["C3"] = CheckpointMark(True, Evidence(screenshot="screens/r-1-3.png"))
    assert "checkpoints.C3" not in failing(rating, item)
    rating.checkpoints["C1"] = CheckpointMark(False)
    assert "later checkpoint is reached" in failing(rating, item)["checkpoints.C1"]


@pytest.mark.parametrize(("quote", "step", "field", "message"), [
    ("", 2, "observed.quote", "Quote the block's visible text exactly."),
    ("TBD", 2, "observed.quote", "Quote the block's visible text exactly."),
    ("Access denied. " * 21, 2, "observed.quote", "at most 300"),
    ("Verify you are human", None, "observed.block_step", "Cite the step that shows the block."),
    ("Verify you are human", 7, "observed.block_step", "not a step of this run"),
])
def test_ra2_a_block_cites_its_step_and_quotes_it(quote: str, step: int | None, field: str,
                                                   message: str) -> None:
    item = make_item(outcome="blocked")
    rating = RunAuditRating("r-1")
    seen_through(rating, 1, "blocked")
    rating.observed.quote, rating.observed.block_step = quote, step
    assert message in failing(rating, item)[field]
    rating.observed.quote, rating.observed.block_step = "Verify you are human", 1
    assert not any(k.startswith("observed.") for k in failing(rating, item))


def test_ra2_completed_needs_c4_and_c4_means_completed() -> None:
    item = make_item()
    rating = RunAuditRating("r-1")
    seen_through(rating, 3, "completed")
    assert "completed run reached C4" in failing(rating, item)["observed.outcome"]
    seen_through(rating, 4, "login_wall")
    rating.observed.block_step, rating.observed.quote = 3, "Sign in to continue"
    assert "C4 reached means the run completed" in failing(rating, item)["observed.outcome"]


def test_ra3_ra4_a_contradiction_or_breach_cites_its_step() -> None:
    item = make_item()
    rating = RunAuditRating("r-1")
    rating.statements = {s.id: StatementMark("matching") for s in item_statements(item)}
    rating.statements["item"] = StatementMark("contradicted")
    rating.breaches = {k: BreachMark(False) for k in BREACH_KINDS}
    rating.breaches["sign_in"] = BreachMark(True)
    problems = failing(rating, item)
    assert "Cite the step that shows the contradiction." in problems["statements.item"]
    assert "Cite the step that shows the breach." in problems["breaches.sign_in"]
    assert "statements.outcome" not in problems and "breaches.other_site" not in problems
    rating.statements["item"] = StatementMark("contradicted", 3)
    rating.breaches["sign_in"] = BreachMark(True, 2)
    rating.verdict = "overstated"
    assert [k for k in failing(rating, item) if not k.startswith(("checkpoints", "observed"))] == []


def test_the_report_and_the_judge_are_revealed_in_order() -> None:
    item = make_item()
    rating = RunAuditRating("r-1")
    assert not report_may_show(rating, item) and not step_open("report", rating)
    assert step_open("breaches", rating) and step_open("trajectory", rating)
    seen_through(rating)
    assert report_may_show(rating, item)
    rating.report_shown = True
    rating.checkpoints["C1"] = CheckpointMark()  # changed later: the report stays shown
    assert report_may_show(rating, item) and step_open("verdict", rating)
    assert not judge_may_show(rating, item)
    rating.verdict = "accurate"
    assert judge_may_show(rating, item)
    assert not judge_may_show(rating, make_item(judge=None))


def test_the_document_round_trips_and_bad_documents_name_the_field() -> None:
    rating = RunAuditRating("r-1", verdict="understated", note="n", report_shown=True,
                            status=ItemStatus.COMPLETE)
    seen_through(rating, 2, "login_wall")
    rating.observed.block_step, rating.observed.quote = 2, "Sign in"
    rating.statements["block"] = StatementMark("contradicted", 1)
    rating.breaches["submission"] = BreachMark(True, 3)
    document = rating.to_dict()
    assert RunAuditRating.from_dict(document).to_dict() == document
    cases: list[tuple[dict[str, Any], str]] = [({"verdict": "fine"}, "verdict 'fine' is not one of"),
                         ({"checkpoints": {"C9": {}}}, "^checkpoints: 'C9' is not one of C1, C2, C3, C4$"),
                         ({"breaches": {"x": {}}}, "^breaches: 'x' is not one of other_site, sign_in,"),
                         ({"breaches": {"sign_in": []}}, "^breaches.sign_in must be an object$"),
                         ({"checkpoints": {"C2": {"reached": 1}}}, "^checkpoints.C2 must be true, false"),
                         ({"checkpoints": {"C1": {"evidence": {"step": -1}}}}, "step number"),
                         ({"breaches": {"sign_in": {"seen": "yes"}}}, "breaches.sign_in.seen"),
                         ({"observed": []}, "observed must be an object"),
                         ({"protocol": "preference"}, "not a run audit rating")]
    for bad, message in cases:
        with pytest.raises(ValueError, match=message):
            RunAuditRating.from_dict({**document, **bad})
