"""The fields of a recorded agent run: the agent's own report in the standardweb
(seed 002) shape, the item line of the ``run`` shape (one run and an optional automated
judge's verdict, for run audit batches), and the run audit's gold answers."""

from __future__ import annotations

from collections.abc import Callable

from rater_desktop.batch.fields import FieldReader
from rater_desktop.batch.model import JudgeVerdict, Response, RunBlock, RunItem, RunReport
from rater_desktop.batch.protocol import OUTCOMES, REPORT_VERDICTS

CHECKPOINTS = ("C1", "C2", "C3", "C4")
BLOCK_KINDS = (
    "captcha",
    "access_denied",
    "bot_notice",
    "rate_limit",
    "login_required",
    "error",
    "other",
)
MAX_EVIDENCE_LINES = 100
MAX_LINE_CHARS = 2_000

ReadResponse = Callable[[FieldReader], Response | None]


def run_report(reader: FieldReader) -> RunReport | None:
    """The ``run_report`` object; None (with located problems) when unusable."""
    host = reader.text("host", required=True, max_chars=500)
    outcome = reader.choice("outcome", OUTCOMES, required=True)
    raw_checkpoints = reader.array("checkpoints", max_len=10) or []
    checkpoints = [c for c in raw_checkpoints if isinstance(c, str) and c in CHECKPOINTS]
    if len(checkpoints) != len(raw_checkpoints):
        reader.error(reader.path("checkpoints"), "may only contain C1, C2, C3 and C4", "")
    block_raw = reader.mapping("block")
    block = None
    if block_raw is not None:
        sub = reader.child(block_raw, "block")
        block = RunBlock(
            at=sub.choice("at", CHECKPOINTS) or "",
            kind=sub.choice("kind", BLOCK_KINDS) or "other",
            url=sub.text("url", max_chars=8_000) or "",
            page_title=sub.text("page_title", max_chars=2_000) or "",
            quote=sub.text("quote", max_chars=2_000) or "",
        )
        sub.extra()
    item_raw = reader.mapping("item")
    run_item = None
    if item_raw is not None:
        sub = reader.child(item_raw, "item")
        run_item = RunItem(name=sub.text("name", max_chars=MAX_LINE_CHARS) or "",
                           price=sub.text("price", max_chars=200) or "")
        sub.extra()
    actions = reader.number("actions", integer=True)
    evidence = _lines(reader, "evidence")
    report = RunReport(
        host=host or "",
        outcome=outcome or "incomplete",
        checkpoints=tuple(checkpoints),
        block=block,
        item=run_item,
        final_url=reader.text("final_url", max_chars=8_000) or "",
        actions=int(actions or 0),
        evidence=tuple(evidence),
        notes=reader.text("notes") or "",
    )
    reader.extra()
    return report if host is not None and outcome is not None else None


def _lines(reader: FieldReader, key: str) -> list[str]:
    found: list[str] = []
    for index, value in enumerate(reader.array(key, max_len=MAX_EVIDENCE_LINES) or []):
        if not isinstance(value, str) or len(value) > MAX_LINE_CHARS:
            reader.error(reader.path(f"{key}[{index}]"),
                         f"must be a string of at most {MAX_LINE_CHARS} characters", "")
            continue
        found.append(value)
    return found


def run_of_item(reader: FieldReader, read_response: ReadResponse) -> Response | None:
    """The ``run`` of a run-shape item line: a response whose ``run_report`` is required
    (the statements the rater checks); a ``responses`` list is an error in this shape."""
    if "responses" in reader.obj:
        reader.raw("responses")
        reader.error(reader.path("responses"), "is not used in a run audit batch",
                     'Put the one recorded run in "run".', code="wrong-item-shape")
    raw = reader.mapping("run", required=True)
    if raw is None:
        return None
    sub = reader.child(raw, "run")
    if sub.valid_object and sub.obj.get("run_report") is None:
        sub.error(sub.path("run_report"), "is missing",
                  "A run audit item needs the agent's own report.", code="missing-field")
    run = read_response(sub)
    return run if run is not None and run.run_report is not None else None


def judge_of_item(reader: FieldReader) -> JudgeVerdict | None:
    """The optional ``judge`` object: the automated judge's verdict on the run."""
    raw = reader.mapping("judge")
    if raw is None:
        return None
    sub = reader.child(raw, "judge")
    verdict = sub.choice("verdict", REPORT_VERDICTS, required=True)
    judge = JudgeVerdict(
        verdict=verdict or "",
        identity=sub.text("identity", max_chars=200) or "",
        outcome=sub.choice("outcome", OUTCOMES),
        explanation=sub.text("explanation", max_chars=20_000) or "",
    )
    sub.extra()
    return judge if verdict is not None else None


def run_gold(reader: FieldReader) -> tuple[str | None, str | None]:
    """A gold object's run audit answers: ``expected_outcome``, ``expected_report_verdict``."""
    return (reader.choice("expected_outcome", OUTCOMES),
            reader.choice("expected_report_verdict", REPORT_VERDICTS))
