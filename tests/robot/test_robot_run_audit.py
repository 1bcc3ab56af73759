"""KEYS-ONLY on the run audit sample: the first run audited with the keyboard alone through
X (xdotool), as a rater's hands do: the record must hold each answer the keys gave, the
cited steps, the report and the judge shown only at their step, and the item complete;
no text clipped on the real screen (TEXT-FIT)."""

from __future__ import annotations

import pytest
from invariants import wait_document
from record import BatchFacts
from robot_kit import REPO
from text_fit_check import check_text_fit

from rater_desktop.run_audit.statements import item_statements

SAMPLE = REPO / "sample_batches" / "run-audit-sample"


@pytest.mark.timeout(180)
@pytest.mark.parametrize(("size", "theme"), [("1366x768", "light"), ("853x480", "dark")])
def test_a_run_audited_by_keys_alone(make_robot, size: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    robot = make_robot(size)
    robot.home.create_profile(robot.rater_id)
    robot.home.set_theme(theme)
    facts = BatchFacts.load(SAMPLE)
    robot.launch(facts.path)
    robot.wait_ready(facts)
    first, second = facts.item_ids[0], facts.item_ids[1]
    statements = _statement_count(first)
    # Checkpoints: Ctrl+Shift+R to C1, Tab x3 to C4, "." x8 picks step 8 (the cart), Y, S.
    robot.x.key("ctrl+shift+r", "Tab", "Tab", "Tab", *["period"] * 8, "y", "s")
    wait_document(robot, facts, first, lambda d: _c4_cited(d, 7),
                  "KEYS-ONLY: C4 reached citing step 8 by Y and S")
    document = robot.record.document(facts.batch_id, first) or {}
    robot.check(not document.get("report_shown"), "COVERED: the report shown before the "
                "checkpoints and the outcome were done")
    # Outcome: Ctrl+Enter, 1 (completed); Ctrl+Enter reveals the report.
    robot.x.key("ctrl+Return", "1", "ctrl+Return")
    wait_document(robot, facts, first, lambda d: d.get("report_shown") is True,
                  "KEYS-ONLY: outcome 1 then Ctrl+Enter reveals the report")
    # Every statement M, Ctrl+Shift+R to the next; breaches Alt+N; verdict 1.
    robot.x.key(*["m", "ctrl+shift+r"] * statements)
    robot.x.key("ctrl+Return", "alt+n", "ctrl+Return")
    wait_document(robot, facts, first, lambda d: d.get("current_step") == "verdict"
                  and not d.get("judge_shown"), "KEYS-ONLY: the verdict step, judge covered")
    robot.x.key("1")
    wait_document(robot, facts, first, lambda d: d.get("verdict") == "accurate"
                  and d.get("judge_shown") is True,
                  "KEYS-ONLY: verdict 1 (accurate), then the judge shown")
    robot.x.key("ctrl+shift+Return")
    wait_document(robot, facts, first, lambda d: d.get("status") == "complete",
                  "KEYS-ONLY: Ctrl+Shift+Enter completes the run audit")
    document = robot.record.document(facts.batch_id, first) or {}
    marks = {m.get("mark") for m in (document.get("statements") or {}).values()}
    breaches = {b.get("seen") for b in (document.get("breaches") or {}).values()}
    robot.check(marks == {"matching"} and len(document.get("statements") or {}) == statements,
                f"KEYS-ONLY: {first}: M on each of {statements} statements; the record "
                f"holds {document.get('statements')!r}")
    robot.check(breaches == {False}, f"KEYS-ONLY: {first}: Alt+N (none seen); the record "
                f"holds {document.get('breaches')!r}")
    robot.expect(lambda: robot.record.current_item(facts.batch_id) == second, 10,
                 f"Ctrl+Shift+Enter to open {second}")
    robot.quit()
    check_text_fit(robot, when=f"run audit sample {size} {theme}")
    robot.finish()


def _statement_count(item_id: str) -> int:
    from rater_desktop.batch.loader import open_batch

    batch = open_batch(SAMPLE)
    try:
        return len(item_statements(batch.item(item_id)))
    finally:
        batch.close()


def _c4_cited(document: dict, step: int) -> bool:  # type: ignore[type-arg]
    mark = (document.get("checkpoints") or {}).get("C4") or {}
    return mark.get("reached") is True and mark.get("evidence") == {"step": step}
