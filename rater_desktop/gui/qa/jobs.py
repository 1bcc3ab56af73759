"""Long QA work (verification, statistics with bootstrap) off the UI thread.

A job is a plain function run in a private QThreadPool; its result (or the exception it
raised) comes back on the UI thread through a queued signal. One job at a time: the QA
session is not meant to be changed from two threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


class _Relay(QObject):
    finished = Signal(int, object, object)  # job number, result, exception or None
    progressed = Signal(int, int)  # done, total (emitted from the worker: queued)


class _Job(QRunnable):
    def __init__(self, relay: _Relay, number: int, work: Callable[[], Any]) -> None:
        super().__init__()
        self._relay = relay
        self._number = number
        self._work = work

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as exc:  # noqa: BLE001 - handed to the UI thread as a message
            self._relay.finished.emit(self._number, None, exc)
            return
        self._relay.finished.emit(self._number, result, None)


class JobRunner(QObject):
    """Runs one background job at a time; ``busyChanged`` drives the progress indicator."""

    busyChanged = Signal(bool, str)  # busy, what is being done
    progressChanged = Signal(int, int)  # done, total of the running job (total 0: unknown)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._on_finished)
        self._relay.progressed.connect(self.progressChanged)
        self._cancel = threading.Event()
        self._number = 0
        self._callbacks: dict[int, tuple[Done, Failed]] = {}
        self.pending: list[str] = []

    @property
    def busy(self) -> bool:
        return bool(self._callbacks)

    def report(self, done: int, total: int) -> None:
        """A job's progress (callable from the worker thread)."""
        self._relay.progressed.emit(done, total)

    def cancel(self) -> None:
        """Ask the running and queued jobs to stop at their next check (``cancelled``)."""
        self._cancel.set()

    def cancelled(self) -> bool:
        """True once Cancel was asked for, until every queued job has finished."""
        return self._cancel.is_set()

    def start(self, label: str, work: Callable[[], Any], *, done: Done, failed: Failed) -> int:
        """Queue ``work``; ``done(result)`` or ``failed(exception)`` runs on the UI thread."""
        self._number += 1
        self._callbacks[self._number] = (done, failed)
        self.pending.append(label)
        self.busyChanged.emit(True, label)
        self._pool.start(_Job(self._relay, self._number, work))
        return self._number

    def _on_finished(self, number: int, result: object, error: object) -> None:
        done, failed = self._callbacks.pop(number, (None, None))
        if self.pending:
            self.pending.pop(0)
        try:
            if isinstance(error, BaseException):
                if failed is not None:
                    failed(error)
            elif done is not None:
                done(result)
        finally:
            label = self.pending[0] if self.pending else ""
            if not self.busy:
                self._cancel.clear()  # a cancel ends with the jobs it was asked for
            self.busyChanged.emit(self.busy, label)

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until queued jobs ran (tests and shutdown); their callbacks run later."""
        return bool(self._pool.waitForDone(msecs))


def session_job(runner: JobRunner, offload: Any, session: Any, task: str,
                kwargs: dict[str, Any]) -> Callable[[], Any]:
    """A job running ``offload.TASKS[task]`` on ``session``: in the worker process
    ``offload`` when there is one (the store and batch can be opened there), else on the
    job's thread; with the runner's progress and Cancel either way."""
    from rater_desktop.qa_review.offload import TASKS, NotOpenedThere, session_spec

    spec = session_spec(session) if session is not None and offload is not None else None

    def work() -> Any:
        if session is None:
            return None
        if spec is None or offload is None:
            return TASKS[task](session, runner.cancelled, runner.report, **kwargs)
        try:
            result = offload.run(spec, task, cancelled=runner.cancelled,
                                 progress=runner.report, **kwargs)
        except NotOpenedThere:
            return TASKS[task](session, runner.cancelled, runner.report, **kwargs)
        session.files_changed()  # the worker may have imported or rechecked files
        return result

    return work
