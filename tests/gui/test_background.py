"""Background work: the result comes back on the UI thread; a closed owner is no error."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QThreadPool

from rater_desktop.gui.background import run_in_background


def test_result_comes_back_to_the_owner(qtbot: Any) -> None:
    owner = QObject()
    got: list[object] = []
    task = run_in_background(lambda _report: 42, owner=owner, on_done=got.append,
                             on_error=got.append)
    qtbot.waitUntil(lambda: task.done, timeout=5000)
    assert got == [42]


def test_an_owner_closed_while_the_work_runs_is_no_error(qtbot: Any) -> None:
    """E.g. the window closes while the keyring check still imports its modules."""
    release = threading.Event()
    owner = QObject()
    got: list[object] = []
    pool = QThreadPool()

    def work(report: Any) -> int:
        release.wait(5)
        report(1, 1)
        return 7

    run_in_background(work, owner=owner, on_done=got.append, on_error=got.append, pool=pool)
    owner.deleteLater()
    qtbot.waitUntil(lambda: not _alive(owner), timeout=5000)
    release.set()
    assert pool.waitForDone(5000)
    qtbot.wait(20)  # a queued callback, if any, would run now
    assert got == []  # pytest-qt fails the test on an exception raised in the pool thread


def _alive(obj: QObject) -> bool:
    try:
        obj.objectName()
    except RuntimeError:
        return False
    return True
