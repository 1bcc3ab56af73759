"""Hostile run audit input: random JSON in a run item and in a scripted audit only ever
gives clean problems (a located batch problem, a ValueError naming the field), never a
traceback."""

from __future__ import annotations

from typing import Any

from batchkit import run_item
from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN
from rater_desktop.run_audit.model import RunAuditRating
from rater_desktop.run_audit.scoring import rater_class
from rater_desktop.run_audit.scripted import ScriptedRunAuditError, apply_scripted_run_audit

FUZZ = settings(max_examples=80, deadline=None)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children,
                                                                      max_size=4),
    max_leaves=20,
)
RUN_KEYS = st.sampled_from(["run", "judge", "gold", "responses"])
REPORT_KEYS = st.sampled_from(["outcome", "checkpoints", "block", "item", "evidence", "actions"])
AUDIT_KEYS = st.sampled_from(["checkpoints", "observed", "statements", "breaches", "verdict",
                              "note", "status", "timing", "report_shown", "item_id"])


def _item() -> Any:
    parsed = parse_item(run_item("r-1"), problems=ProblemList(), file="i", line=1, shape=RUN)
    assert parsed is not None
    return parsed


@FUZZ
@given(key=RUN_KEYS, value=json_values, report_key=REPORT_KEYS, report_value=json_values)
def test_a_mangled_run_item_gives_located_problems(key: str, value: Any, report_key: str,
                                                   report_value: Any) -> None:
    raw = run_item("r-1")
    raw["run"]["run_report"][report_key] = report_value
    raw[key] = value
    problems = ProblemList()
    parsed = parse_item(raw, problems=problems, file="items.jsonl", line=1, shape=RUN)
    assert parsed is not None or problems.errors
    for problem in problems.errors:
        assert problem.render().startswith("[")


@FUZZ
@given(key=AUDIT_KEYS, value=json_values, nested=json_values)
def test_a_mangled_scripted_audit_is_refused_or_saved_never_a_crash(key: str, value: Any,
                                                                     nested: Any) -> None:
    document: dict[str, Any] = {"checkpoints": {"C1": {"reached": True, "evidence": nested}},
                                key: value}
    try:
        done = apply_scripted_run_audit(document, item=_item(), complete=True)
    except ScriptedRunAuditError as exc:
        assert str(exc).startswith("audit: ")
        return
    RunAuditRating.from_dict(done.rating.to_dict())  # what is saved reads back
    rater_class(done.rating.to_dict())
