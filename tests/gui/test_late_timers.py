"""Timers that outlive their widget must not fire into it (issue 19)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget

from rater_desktop.gui import first_paint
from rater_desktop.gui.steps.badges import RuleBadges


def test_a_window_closed_before_it_painted_gets_no_late_call(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fallback timer had no context: it fired into a deleted watcher (a RuntimeError
    in whichever test, or window, came next)."""
    monkeypatch.setattr(first_paint, "FALLBACK_MS", 20)
    calls: list[str] = []
    window = QWidget()  # never shown, so never painted: only the fallback could fire
    first_paint.after_first_paint(window, lambda: calls.append("called"))
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    qtbot.wait(100)  # pytest-qt fails the test on an exception raised in the timer's call
    assert calls == []


def test_held_rule_messages_of_a_deleted_panel_stay_unshown(qtbot: Any) -> None:
    """Leaving a field starts a settle timer for the held messages; it had no context."""
    badges = RuleBadges("badges", on_ack=lambda *_a: None, on_withdraw=lambda *_a: None)
    badges.SETTLE_MS = 20
    badges._held = ([], {})  # messages held while the rater typed in another field
    badges._held_in = QWidget()
    shown: list[bool] = []
    badges.heldShown.connect(lambda: shown.append(True))
    badges._focus_moved()
    badges.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    qtbot.wait(100)  # pytest-qt fails the test on an exception raised in the timer's call
    assert shown == []
