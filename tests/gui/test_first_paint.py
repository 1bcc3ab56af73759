"""Work started after the first paint, and its fallback timer (issue 19)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget

from rater_desktop.gui import first_paint


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
