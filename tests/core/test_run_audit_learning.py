"""The run audit's learning hooks: training keys may expect its answers (validated), the
feedback reads them in the panel's words, and local qualification scores its gold."""

from __future__ import annotations

from batchkit import run_item

from rater_desktop import protocols
from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.learning import foreign_training_fields
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN, RUN_AUDIT
from rater_desktop.learning.training import training_feedback
from rater_desktop.run_audit.model import RunAuditRating


def _parse(data: dict) -> tuple[object, ProblemList]:
    problems = ProblemList()
    return parse_item(data, problems=problems, file="i", line=1, shape=RUN), problems


def test_a_training_key_may_expect_run_audit_answers_and_bad_values_are_refused() -> None:
    key = {"expected": {"outcome": "blocked", "report_verdict": "overstated",
                        "checkpoints.C2": True}}
    item, problems = _parse(run_item("t-1", training=key))
    assert item is not None and not problems.errors
    assert foreign_training_fields(item.training, RUN_AUDIT) == []
    assert foreign_training_fields(item.training, "preference") == [
        "outcome", "report_verdict", "checkpoints.C2"]
    _bad, problems = _parse(run_item("t-2", training={"expected": {
        "outcome": "lost", "report_verdict": "B_better", "checkpoints.C1": "yes"}}))
    fields = [p.field for p in problems.errors]
    assert [f for f in fields if f.startswith("training.expected")] == [
        "training.expected.outcome", "training.expected.report_verdict",
        "training.expected.checkpoints.C1"]


def test_feedback_and_gold_read_a_saved_audit() -> None:
    protocol = protocols.get(RUN_AUDIT)
    assert protocol.answers and protocol.describe and protocol.gold_passed
    rating = RunAuditRating(item_id="t-1")
    rating.observed.outcome = "blocked"
    rating.checkpoints["C1"].reached = True
    document = rating.to_dict()
    key = {"expected": {"outcome": "login_wall", "checkpoints.C1": True}}
    item, _problems = _parse(run_item("t-1", training=key, kind="qualification",
                                      gold={"expected_outcome": "blocked"}))
    feedback = training_feedback("t-1", item.training, protocol.answers(document),
                                 describe=protocol.describe, swapped=False)
    by_field = {c.field: c for c in feedback.checks}
    assert (by_field["outcome"].given_text, by_field["outcome"].expected_text) == (
        "Blocked", "Login wall")
    assert by_field["checkpoints.C1"].matches and feedback.checks[0].field == "outcome"
    assert protocol.gold_passed(item, document) is True
    assert protocol.gold_passed(_parse(run_item("s-1"))[0], document) is None
