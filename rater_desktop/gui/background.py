"""Run slow work (hashing, backups, export) on a pool thread; results come back on the UI
thread through queued signals, so the window never waits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

ProgressReport = Callable[[int, int], None]
Work = Callable[[ProgressReport], Any]


class TaskSignals(QObject):
    """Lives on the UI thread; emitting from the pool thread queues the call to it."""

    succeeded = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int)


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
    except RuntimeError:  # its owner (e.g. a closed window) is gone: nobody waits for it
        pass


class BackgroundTask:
    """Handle of one background call; ``done`` is True once a callback has run."""

    def __init__(self, signals: TaskSignals) -> None:
        self.signals = signals
        self.done = False


def run_in_background(
    work: Work, *, owner: QObject,
    on_done: Callable[[Any], None],
    on_error: Callable[[Exception], None],
    on_progress: ProgressReport | None = None,
    pool: QThreadPool | None = None,
) -> BackgroundTask:
    """Call ``work(report_progress)`` on ``pool`` (the global pool by default).

    ``on_done(result)`` or ``on_error(exception)`` then runs on the thread of ``owner``
    (the UI thread). ``owner`` keeps the signal object alive until then.
    """
    signals = TaskSignals(owner)
    task = BackgroundTask(signals)

    def finish(callback: Callable[[Any], None], value: Any) -> None:
        task.done = True
        signals.deleteLater()
        callback(value)

    signals.succeeded.connect(lambda result: finish(on_done, result))
    signals.failed.connect(lambda exc: finish(on_error, exc))
    if on_progress is not None:
        signals.progressed.connect(on_progress)
    (pool or QThreadPool.globalInstance()).start(_Runnable(work, signals))
    return task
