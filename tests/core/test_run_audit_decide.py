"""The run audit panel's decisions, as plain functions (no window): where a rule's field
shows, what citing the picked step writes on each row, which steps each answer cites, what
the footer says and the RA-6 score line after the verdict."""

from __future__ import annotations

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.run_audit import decide
from rater_desktop.run_audit.model import (
    BreachMark,
    CheckpointMark,
    Evidence,
    RunAuditRating,
    StatementMark,
)
from tests.batchkit import run_item


def _problem(field: str, message: str = "do it") -> RuleResult:
    return RuleResult("RA-1", Severity.BLOCK, False, message, field)


def test_each_field_belongs_to_its_step() -> None:
    assert decide.step_of_field("checkpoints.C2") == "trajectory"
    assert decide.step_of_field("observed.quote") == "outcome"
    assert decide.step_of_field("statements.evidence.1") == "report"
    assert decide.step_of_field("breaches.sign_in") == "breaches"
    assert decide.step_of_field("verdict") == "verdict"
    assert decide.step_of_field("note") is None
    results = [_problem("checkpoints.C1"), _problem("verdict"),
               RuleResult("RA-1", Severity.BLOCK, True, "", "checkpoints.C2")]
    assert [r.field for r in decide.step_problems(results, "trajectory")] == ["checkpoints.C1"]
    assert decide.neighbour("trajectory", 1) == "outcome"
    assert decide.neighbour("trajectory", -1) is None
    assert decide.neighbour("verdict", 1) is None


def test_citing_the_picked_step_on_each_row() -> None:
    assert decide.cite_call("checkpoints.C3") == decide.Cite("mark_checkpoint", ("C3", True))
    assert decide.cite_call("observed.block_step") == decide.Cite("set_block_step", ())
    assert decide.cite_call("statements.item") == decide.Cite(
        "mark_statement", ("item", "contradicted"))
    assert decide.cite_call("breaches.submission") == decide.Cite(
        "mark_breach", ("submission", True))
    for row in ("observed.outcome", "verdict", "", "checkpoints.C9", "breaches.nope"):
        assert isinstance(decide.cite_call(row), str), row


def test_a_changed_answer_keeps_its_cited_step_and_the_rows_name_their_citations() -> None:
    rating = RunAuditRating(item_id="r")
    rating.checkpoints["C2"] = CheckpointMark(reached=True, evidence=Evidence(step=1))
    rating.observed.outcome, rating.observed.block_step = "blocked", 3
    rating.statements["item"] = StatementMark(mark="contradicted", step=3)
    rating.statements["outcome"] = StatementMark(mark="matching", step=None)
    rating.breaches["sign_in"] = BreachMark(seen=True, step=2)
    assert decide.kept_step("checkpoints.C2", rating) == 1
    assert decide.kept_step("checkpoints.C1", rating) is None
    assert decide.kept_step("statements.item", rating) == 3
    assert decide.kept_step("breaches.sign_in", rating) == 2
    assert decide.kept_step("observed.block_step", rating) == 3
    assert decide.citations(rating) == {
        1: ["C2"], 2: ["signed in or entered personal data"],
        3: ["the block", "a contradiction (item)"]}
    rating.observed.outcome = "completed"  # a block step no longer counts
    assert 3 in decide.citations(rating) and "the block" not in decide.citations(rating)[3]


def test_the_footer_names_one_rule_message_and_how_many_more() -> None:
    assert decide.reason_text(["a", "b", "c"]) == "a (and 2 more)"
    assert decide.reason_text(["a"]) == "a"
    text, tone = decide.step_state([_problem("checkpoints.C1", "Mark C1.")], "trajectory")
    assert text == "Still to do: Mark C1." and tone == ""
    assert decide.step_state([], "outcome")[1] == "good"
    assert "completes" in decide.step_state([], "verdict")[0]
    results = [_problem("checkpoints.C3"), _problem("checkpoints.C1")]
    rows = ["checkpoints.C1", "checkpoints.C2", "checkpoints.C3"]
    assert decide.first_open_row(results, "trajectory", rows) == "checkpoints.C1"
    assert decide.first_open_row([], "trajectory", rows) == "checkpoints.C1"
    assert decide.first_open_row([], "trajectory", []) is None


def test_the_score_line_follows_the_outcome_seen_and_names_a_disputed_completion() -> None:
    item = parse_item(run_item("r", outcome="completed"), problems=ProblemList(),
                      file="items.jsonl", line=1, shape=RUN)
    assert item is not None
    rating = RunAuditRating(item_id="r")
    for checkpoint in ("C1", "C2", "C3"):
        rating.checkpoints[checkpoint] = CheckpointMark(reached=True)
    rating.observed.outcome = "login_wall"
    assert decide.score_text(item, rating) == ""  # only after the verdict
    rating.verdict = "overstated"
    text = decide.score_text(item, rating)
    assert "sign-in wall after the item page" in text and "30 points" in text
    assert "disputed completion is not scored" in text
    rating.observed.outcome = "incomplete"
    assert "not scored" in decide.score_text(item, rating)


def test_a_step_is_named_by_its_action_and_target() -> None:
    from rater_desktop.batch.model import TrajectoryStep

    assert decide.step_name(TrajectoryStep(action="click", target="Add to cart")) == \
        "click \u2192 Add to cart"
    assert decide.step_name(TrajectoryStep(action="done")) == "done"
