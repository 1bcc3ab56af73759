"""What a test may not leave behind: open windows, running timers and busy threads.

A window closed by one test but deleted later, inside the next test's event loop, made
PySide6 6.12.0 crash there (issue 19); a timer or a pool job that outlives its test fires
into the next one. ``LeakGuard`` records the state when a test starts and reports what
is left when it ends; tests/conftest.py fails the test on any report.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
import weakref
from dataclasses import dataclass, field
from typing import Any

# Long enough for a pool job or a thread that was already ending; a longer one is a leak.
POOL_GRACE_MS = 2000
THREAD_GRACE_S = 2.0


@dataclass
class _SingleShot:
    where: str
    context: weakref.ReferenceType[Any] | None
    fired: bool = False


def _caller() -> str:
    """The first frame outside this module: the code that started the timer."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        if frame.filename != __file__:
            return f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"
    return "?"


def _alive(obj: Any) -> bool:
    import shiboken6

    return obj is not None and shiboken6.isValid(obj)


@dataclass
class LeakGuard:
    """Started before a test, finished after its fixtures are torn down."""

    threads: set[threading.Thread] = field(default_factory=set)
    timers: list[tuple[weakref.ReferenceType[Any], str]] = field(default_factory=list)
    single_shots: list[_SingleShot] = field(default_factory=list)
    windows: set[int] = field(default_factory=set)
    _undo: list[Any] = field(default_factory=list)

    @classmethod
    def start(cls) -> LeakGuard:
        guard = cls(threads=set(threading.enumerate()))
        if "PySide6.QtWidgets" in sys.modules:
            guard._watch_qt()
        return guard

    def _watch_qt(self) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        if QApplication.instance() is not None:
            self.windows = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
        start, single_shot = QTimer.start, QTimer.singleShot

        def watched_start(timer: QTimer, *args: Any) -> None:
            self.timers.append((weakref.ref(timer), _caller()))
            start(timer, *args)

        def watched_single_shot(msec: Any, *args: Any) -> None:
            *context, call = args
            if not callable(call):  # (msec, receiver, "SLOT(...)"): cannot be watched
                single_shot(msec, *args)
                return
            shot = _SingleShot(_caller(), weakref.ref(context[0]) if context else None)
            self.single_shots.append(shot)

            def fire() -> None:
                shot.fired = True
                call()

            single_shot(msec, *context, fire)

        QTimer.start = watched_start  # type: ignore[method-assign]
        QTimer.singleShot = staticmethod(watched_single_shot)  # type: ignore[assignment]
        self._undo.append(lambda: (setattr(QTimer, "start", start),
                                   setattr(QTimer, "singleShot", single_shot)))

    def finish(self) -> list[str]:
        """What the test left behind, each as one line (and stops it where it can)."""
        for undo in self._undo:
            undo()
        problems = self._qt_leftovers() if "PySide6.QtWidgets" in sys.modules else []
        left = [t for t in threading.enumerate() if t not in self.threads and not t.daemon]
        deadline = time.monotonic() + THREAD_GRACE_S
        for thread in left:  # e.g. an executor shut down without waiting, still exiting
            thread.join(max(0.0, deadline - time.monotonic()))
        left = [t for t in left if t.is_alive()]
        problems += [f"non-daemon thread {t.name!r} still running" for t in left]
        return problems

    def _qt_leftovers(self) -> list[str]:
        from PySide6.QtCore import QCoreApplication, QEvent, QThreadPool
        from PySide6.QtWidgets import QApplication

        problems: list[str] = []
        if QApplication.instance() is None:
            return problems
        # Windows closed by the test (and by qtbot) die now, not in the next test's loop,
        # and their dialogs with them.
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        windows = [w for w in QApplication.topLevelWidgets()
                   if w.isVisible() and id(w) not in self.windows]
        for window in windows:
            problems.append(f"window {type(window).__name__} {window.windowTitle()!r} "
                            "still open")
            window.close()
        for ref, where in self.timers:
            timer = ref()
            if _alive(timer) and timer.isActive():
                problems.append(f"timer started at {where} still running")
                timer.stop()
        for shot in self.single_shots:
            pending = not shot.fired and (shot.context is None or _alive(shot.context()))
            if pending:
                problems.append(f"single-shot timer from {shot.where} not fired yet")
        pool = QThreadPool.globalInstance()
        if pool.activeThreadCount() and not pool.waitForDone(POOL_GRACE_MS):
            problems.append(f"{pool.activeThreadCount()} job(s) still running in the "
                            "global thread pool")
        return problems
