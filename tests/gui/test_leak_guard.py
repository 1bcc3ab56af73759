"""The guard that fails a test leaving windows, timers or threads behind (issue 19)."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from tests.leak_guard import LeakGuard


def test_a_window_left_open_is_reported_and_closed(qtbot: Any) -> None:
    guard = LeakGuard.start()
    window = QWidget()
    window.setWindowTitle("Forgotten")
    window.show()
    problems = guard.finish()
    assert problems == ["window QWidget 'Forgotten' still open"]
    assert not window.isVisible()


def test_a_running_timer_and_a_pending_single_shot_are_reported(qtbot: Any) -> None:
    guard = LeakGuard.start()
    timer = QTimer()
    timer.start(60_000)
    kept, gone = QObject(), QObject()
    QTimer.singleShot(60_000, kept, lambda: None)
    QTimer.singleShot(60_000, gone, lambda: None)
    gone.deleteLater()  # its single shot can no longer fire
    problems = guard.finish()
    kept.deleteLater()  # so the guard around this test sees no pending single shot
    assert len(problems) == 2
    assert problems[0].startswith("timer started at test_leak_guard.py:")
    assert problems[1].startswith("single-shot timer from test_leak_guard.py:")
    assert not timer.isActive()


def test_a_busy_thread_is_reported_and_a_finished_one_is_not() -> None:
    guard = LeakGuard.start()
    release = threading.Event()
    busy = threading.Thread(target=release.wait, name="busy")
    busy.start()
    done = threading.Thread(target=lambda: None, name="done")
    done.start()
    done.join()
    try:
        problems = guard.finish()
    finally:
        release.set()
        busy.join()
    assert "non-daemon thread 'busy' still running" in problems
    assert not any("'done'" in p for p in problems)
