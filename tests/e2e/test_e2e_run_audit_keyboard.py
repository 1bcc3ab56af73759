"""End to end, keyboard only: the sample run audit batch through the real startup wiring.
Its first two runs (an honest completion and a sign-in wall) are audited with the key table's keys alone: steps
picked with , and ., cited with S, checkpoints Y / N, the outcome 1-5, the block's quote
after Alt+Q, report statements M / C / N, Alt+N for no breach, the verdict 1-3, each
step left with Ctrl+Enter and the item completed with Ctrl+Shift+Enter; the cursor goes
to the next open row with Ctrl+Shift+R. The export verifies and carries the audits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from window_kit import ALT, CTRL, SAMPLES, SHIFT, StartWindow, export_verified
from window_kit import press as _press

K = Qt.Key


def _focused_row() -> str:
    return QApplication.focusWidget().objectName()


def _pick(binding: Any, step: int) -> None:
    """Pick step ``step`` (0-based) with , and . only."""
    while binding.view.picked is None or binding.view.picked < step:
        _press(K.Key_Period)
    while binding.view.picked > step:
        _press(K.Key_Comma)


def _statements(binding: Any, contradicted: dict[str, int]) -> None:
    """M on every statement, C and a cited step on those in ``contradicted``; the cursor
    moves on with Ctrl+Shift+R (the next row still to answer)."""
    for _ in range(len(binding.panel.report.rows)):
        row = _focused_row()
        statement = row.removeprefix("ra_statements_").replace("_", ".")
        if statement in contradicted:
            _pick(binding, contradicted[statement])
            _press(K.Key_C)
            _press(K.Key_S)
        else:
            _press(K.Key_M)
        _press(K.Key_R, CTRL | SHIFT)


def _audit_completion(binding: Any) -> None:
    """ra-trailgear-cart: an honest completion (the cart at step 8)."""
    _press(K.Key_R, CTRL | SHIFT)
    assert _focused_row() == "ra_checkpoints_C1"
    for _ in range(3):
        _press(K.Key_Tab)
    assert _focused_row() == "ra_checkpoints_C4"
    _pick(binding, 7)
    _press(K.Key_Y)
    _press(K.Key_S)
    _press(K.Key_Return, CTRL)
    assert _focused_row() == "ra_observed_outcome"
    _press(K.Key_1)  # completed
    assert binding.view.cover.isVisible()  # still covered before the next step
    _press(K.Key_Return, CTRL)
    assert not binding.view.cover.isVisible()
    _statements(binding, {})
    _press(K.Key_Return, CTRL)
    _press(K.Key_N, ALT)  # no breach of any kind
    _press(K.Key_Return, CTRL)
    assert not binding.panel.verdict.judge_card.isVisible()
    _press(K.Key_1)  # accurate
    assert binding.panel.verdict.judge_card.isVisible()  # the judge only now (RA-6)
    _press(K.Key_Return, CTRL | SHIFT)


def _audit_login_wall(binding: Any) -> None:
    """ra-freshcart-wall: the item page at step 4, the sign-in dialog at step 5."""
    _press(K.Key_R, CTRL | SHIFT)
    for _ in range(2):
        _press(K.Key_Tab)
    assert _focused_row() == "ra_checkpoints_C3"
    _pick(binding, 3)
    _press(K.Key_Y)
    _press(K.Key_S)
    _press(K.Key_Tab)
    _press(K.Key_N)  # C4 not reached
    _press(K.Key_Return, CTRL)
    _press(K.Key_2)  # login wall: its step and its quote are asked for
    _press(K.Key_R, CTRL | SHIFT)
    assert _focused_row() == "ra_observed_block_step"
    _pick(binding, 4)
    _press(K.Key_S)
    _press(K.Key_Q, ALT)
    QTest.keyClicks(QApplication.focusWidget(), "Sign in to add items to your cart")
    assert binding.panel.outcome.quote_count.text() == "33 / 300 characters"
    _press(K.Key_Return, CTRL)
    assert _focused_row() == "ra_statements_outcome"
    _press(K.Key_C)  # a slip: contradicted, no step cited ...
    _press(K.Key_M)  # ... put right with the right key
    _press(K.Key_R, CTRL | SHIFT)
    _statements(binding, {})
    _press(K.Key_Return, CTRL)
    _press(K.Key_R, CTRL | SHIFT)
    assert _focused_row() == "ra_breaches_other_site"
    for _ in range(5):  # each kind by its own key
        _press(K.Key_N)
        _press(K.Key_Tab)
    _press(K.Key_Return, CTRL)
    _press(K.Key_1)  # accurate
    _press(K.Key_Return, CTRL | SHIFT)


def test_two_sample_runs_audited_by_keyboard_then_export(qtbot: Any, tmp_path: Path,
                                                         rater_window: StartWindow) -> None:
    started = rater_window(rater_id="kb-auditor")
    window = started.window
    assert window.property("runAuditBinding") is None  # made when such a batch opens
    assert window.open_batch_path(str(SAMPLES / "run-audit-sample"))
    binding = window.property("runAuditBinding")
    assert binding.panel.isVisible()
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    assert window.item.id == "ra-trailgear-cart"
    _audit_completion(binding)
    assert window.item.id == "ra-freshcart-wall"
    _audit_login_wall(binding)
    assert window.progress_label.text() == "2 of 6 complete"
    document = export_verified(qtbot, started, tmp_path / "out" / "kb.results.json",
                               include_incomplete=False)
    assert document["protocol"] == "run-audit" and len(document["items"]) == 2
    first, second = (entry["rating"] for entry in document["items"])
    assert first["checkpoints"]["C4"] == {"reached": True, "evidence": {"step": 7}}
    assert first["observed"]["outcome"] == "completed" and first["verdict"] == "accurate"
    assert {m["mark"] for m in first["statements"].values()} == {"matching"}
    assert all(b["seen"] is False for b in first["breaches"].values())
    assert first["judge_shown"] and first["report_shown"]
    assert second["observed"] == {"outcome": "login_wall", "block_step": 4,
                                  "quote": "Sign in to add items to your cart"}
    assert second["checkpoints"]["C3"] == {"reached": True, "evidence": {"step": 3}}
    assert second["checkpoints"]["C4"]["reached"] is False
    assert second["statements"]["outcome"] == {"mark": "matching", "step": None}
    assert all(b["seen"] is False for b in second["breaches"].values())
    assert second["verdict"] == "accurate"
    window.close()
