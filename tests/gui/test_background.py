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


def test_the_owner_is_released_when_the_task_ends_not_while_qt_deletes(qtbot: Any) -> None:
    """Issue 19: a callback often holds the owner's last reference. The task's signal object
    was the owner's child and held the callbacks until Qt deleted it; releasing them there
    deleted the owner, which deleted that object a second time (PySide6 6.12.0 crashed)."""
    owner = QObject()
    owner_gone: list[bool] = []
    owner.destroyed.connect(lambda: owner_gone.append(True))

    class Callback:
        def __init__(self, keep: QObject) -> None:
            self.keep = keep

        def __call__(self, _value: object) -> None:
            pass

    task = run_in_background(lambda _report: 1, owner=owner, on_done=Callback(owner),
                             on_error=Callback(owner))
    assert task.signals is not None and task.signals.parent() is not owner
    del owner  # from now on only the callbacks keep it alive
    qtbot.waitUntil(lambda: task.done, timeout=5000)
    assert owner_gone == [True]  # released as the task ended, before any deferred delete
