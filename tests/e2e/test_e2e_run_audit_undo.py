"""End to end, keyboard only: undo and redo in a run audit batch through the real startup
wiring. Answers given with the key table's keys are taken back with Ctrl+Z and made again
with Ctrl+Shift+Z (also from the quote box), the window goes to the step of each change,
every undo is saved at once, and an item keeps its history across an item switch."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from window_kit import ALT, CTRL, SAMPLES, SHIFT, StartWindow
from window_kit import press as _press

K = Qt.Key


def _saved(binding: Any) -> dict[str, Any]:
    service = binding.service
    service.store.flush()
    return service.store.load_item(service.batch_key, service.current_item_id)


def test_undo_and_redo_by_keyboard_in_a_run_audit(qtbot: Any, rater_window: StartWindow) -> None:
    window = rater_window(rater_id="kb-undo").window
    assert window.open_batch_path(str(SAMPLES / "run-audit-sample"))
    binding = window.property("runAuditBinding")
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    first = window.item.id
    service = binding.service
    # The run's last checkpoint by its key, then a login wall with its quote.
    _press(K.Key_R, CTRL | SHIFT)
    for _ in range(2):
        _press(K.Key_Tab)
    while binding.view.picked is None or binding.view.picked < 3:
        _press(K.Key_Period)
    _press(K.Key_Y)  # C3 reached (C1 and C2 with it) ...
    _press(K.Key_S)  # ... cited at the picked step
    _press(K.Key_Tab)
    _press(K.Key_N)  # C4 not reached
    _press(K.Key_Return, CTRL)
    assert service.rating.current_step == "outcome"
    _press(K.Key_2)  # login wall
    _press(K.Key_Q, ALT)
    QTest.keyClicks(QApplication.focusWidget(), "Sign in")
    assert service.rating.observed.quote == "Sign in"
    _press(K.Key_Z, CTRL)  # in the quote box: the service's undo, the typing as one step
    assert service.rating.observed.quote == "" and binding.panel.outcome.quote.toPlainText() == ""
    assert _saved(binding)["observed"]["quote"] == ""  # saved at once
    _press(K.Key_Z, CTRL)
    assert service.rating.observed.outcome is None
    assert window.actions_.undo.text().startswith("&Undo checkpoint C4")
    _press(K.Key_Z, CTRL)
    assert service.rating.checkpoints["C4"].reached is None
    assert service.rating.current_step == "trajectory"  # the window went to its step
    assert QApplication.focusWidget().objectName() == "ra_checkpoints_C4"
    assert _saved(binding)["checkpoints"]["C4"]["reached"] is None
    _press(K.Key_Z, CTRL | SHIFT)
    assert service.rating.checkpoints["C4"].reached is False
    # Another item and back: the first item's history is still there.
    _press(K.Key_Right, ALT)
    assert window.item.id != first and not window.actions_.undo.isEnabled()
    _press(K.Key_Left, ALT)
    assert window.item.id == first and binding.service.current_item_id == first
    _press(K.Key_Z, CTRL | SHIFT)
    assert service.rating.observed.outcome == "login_wall"
    assert service.rating.current_step == "outcome"
    _press(K.Key_Z, CTRL | SHIFT)
    assert service.rating.observed.quote == "Sign in"
    saved = _saved(binding)
    assert saved["observed"] == {"outcome": "login_wall", "block_step": None,
                                 "quote": "Sign in"}
    assert not window.actions_.redo.isEnabled()
    window.close()
