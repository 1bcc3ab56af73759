"""Run slow work (hashing, backups, export) on a pool thread; results come back on the UI
thread through queued signals, so the window never waits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal, Slot

ProgressReport = Callable[[int, int], None]
Work = Callable[[ProgressReport], Any]


class TaskSignals(QObject):
    """Lives on the UI thread; emitting from the pool thread queues the call to it.

    It is a child of the application, not of ``owner``: its callbacks often hold the last
    Python reference to ``owner``, and releasing them while Qt deletes this object made
    Python delete ``owner``, which deleted its children again, this one included (a
    double delete that crashed PySide6 6.12.0, issue 19). The callbacks are dropped when
    the task finishes or ``owner`` goes, so nothing is called for a closed window.
    """

    succeeded = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int)

    def __init__(self, owner: QObject, task: BackgroundTask,
                 callbacks: tuple[Callable[[Any], None], Callable[[Exception], None],
                                  ProgressReport | None]) -> None:
        super().__init__(QCoreApplication.instance())
        self._task = task
        self._callbacks: tuple[Any, Any, Any] | None = callbacks
        owner.destroyed.connect(self._drop)
        self.succeeded.connect(self._succeeded)
        self.failed.connect(self._failed)
        self.progressed.connect(self._progressed)

    @Slot()
    def _drop(self) -> None:
        self._callbacks = None

    @Slot(object)
    def _succeeded(self, result: Any) -> None:
        self._finish(0, result)

    @Slot(object)
    def _failed(self, exc: Any) -> None:
        self._finish(1, exc)

    @Slot(int, int)
    def _progressed(self, done: int, total: int) -> None:
        on_progress = self._callbacks[2] if self._callbacks else None
        if on_progress is not None:
            on_progress(done, total)

    def _finish(self, which: int, value: Any) -> None:
        callbacks, self._callbacks = self._callbacks, None
        self._task.done = True
        self.deleteLater()
        if callbacks is not None:
            callbacks[which](value)


class _Runnable(QRunnable):
    def __init__(self, work: Work, signals: TaskSignals) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._work = work
        self._signals = signals

    def run(self) -> None:
        signals = self._signals
        try:
            result = self._work(lambda done, total: _emit(signals.progressed, done, total))
        except Exception as exc:  # noqa: BLE001 - every failure is reported to the window
            _emit(signals.failed, exc)
            return
        _emit(signals.succeeded, result)


def _emit(signal: Any, *values: Any) -> None:
    try:
        signal.emit(*values)
    except RuntimeError:  # deleted with the application at exit: nobody waits for it
        pass


class BackgroundTask:
    """Handle of one background call; ``done`` is True once it has finished."""

    def __init__(self) -> None:
        self.done = False
        self.signals: TaskSignals | None = None


def run_in_background(
    work: Work, *, owner: QObject,
    on_done: Callable[[Any], None],
    on_error: Callable[[Exception], None],
    on_progress: ProgressReport | None = None,
    pool: QThreadPool | None = None,
) -> BackgroundTask:
    """Call ``work(report_progress)`` on ``pool`` (the global pool by default).

    ``on_done(result)`` or ``on_error(exception)`` then runs on the thread of ``owner``
    (the UI thread), unless ``owner`` was deleted before.
    """
    task = BackgroundTask()
    signals = task.signals = TaskSignals(owner, task, (on_done, on_error, on_progress))
    (pool or QThreadPool.globalInstance()).start(_Runnable(work, signals))
    return task
