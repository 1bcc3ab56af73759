"""Runs the rules of a large rating on one worker thread (``rating.rule_runs``).

Only the newest job waits while one runs (typing fast costs one run per pause, not one
per key); its results come back through a queued signal, on the window's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from rater_desktop.rating.rule_runs import RuleJob, RuleRun

Done = Callable[[RuleRun], None]


class RuleWorker(QObject):
    """A ``RuleRunner`` for RatingService: one job at a time, newest waiting."""

    _finished = Signal(object, object)  # done callback, RuleRun or the exception raised

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._waiting: tuple[RuleJob, Done] | None = None
        self._busy = False
        self._stopped = False
        self._finished.connect(self._deliver)

    def submit(self, job: RuleJob, done: Done) -> None:
        if self._stopped:
            return
        self._waiting = (job, done)
        if not self._busy:
            self._start()

    @property
    def busy(self) -> bool:
        return self._busy or self._waiting is not None

    def _start(self) -> None:
        if self._waiting is None:
            return
        job, done = self._waiting
        self._waiting, self._busy = None, True
        self._pool.start(lambda: self._run(job, done))

    def _run(self, job: RuleJob, done: Done) -> None:
        result: Any
        try:
            result = job()
        except Exception as exc:  # noqa: BLE001 - shown on the window's thread, like any error
            result = exc
        self._finished.emit(done, result)

    def _deliver(self, done: Done, result: object) -> None:
        self._busy = False
        if not self._stopped:
            self._start()
        if isinstance(result, BaseException):
            raise result  # the crash guard reports it as it would a rule failing in place
        if not self._stopped:
            done(result)  # type: ignore[arg-type]

    def stop(self, wait_ms: int = 5_000) -> None:
        """No more jobs; waits for the one running (the window is closing)."""
        self._stopped = True
        self._waiting = None
        self._pool.waitForDone(wait_ms)
