"""Quit signals and session logout save what is open (rater and QA windows), then quit.

The signal numbers arrive through ``SignalWake``'s socket (rater_desktop/quit_signals), so
an idle event loop wakes without a polling timer. A window still saving keys typed before
its rating core attached (gui/early_keys) stays open a moment: the quit waits for it,
bounded, and the exit code says whether everything was saved.

The windows a quit signal closes carry ``QUIT_SIGNAL_CLOSE``: their close path then never
asks the rater about a failed save (``quit_signals.close_after_save``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import shiboken6
from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from rater_desktop.quit_signals import UNSAVED_EXIT, SignalWake, exit_code_for, quit_waits

QUIT_POLL_MS = 50
QUIT_SIGNAL_CLOSE = "closedByQuitSignal"  # the window's property while a quit closes it


def _bindings(window: QWidget) -> Iterator[Any]:
    """The window's bindings (ratingBinding, ...), kept as its dynamic properties."""
    for name in window.dynamicPropertyNames():
        text = bytes(name.data()).decode()
        if text.startswith("_q_"):
            continue  # Qt's own (on X11 one has no Python type at all)
        try:
            yield window.property(text)
        except RuntimeError:  # "Can't find converter for ...": no binding of ours
            continue


def save_open_work(app: QApplication) -> None:
    """Write what every window holds, windows staying open (a logout may be cancelled)."""
    for window in app.topLevelWidgets():
        for binding in _bindings(window):
            flush = getattr(binding, "flush", None)
            if callable(flush):
                flush()
        save_pending = getattr(window, "save_pending", None)  # the QA window's decisions
        if callable(save_pending):
            save_pending()


def _open(window: QWidget) -> bool:
    return shiboken6.isValid(window) and window.isVisible()


def close_every_window(windows: list[QWidget]) -> list[QWidget]:
    """Close each open window, as a rater would (the close path saves); the ones still
    open afterwards (saving keys typed before the core attached) are returned.

    Not ``closeAllWindows``: it stops at the first window that stays open."""
    for window in windows:
        if _open(window):
            window.setProperty(QUIT_SIGNAL_CLOSE, True)
            window.close()
    return [window for window in windows if _open(window)]


def closed_by_quit_signal(window: QWidget) -> bool:
    """Whether a quit signal, not the rater, closes ``window``."""
    return bool(window.property(QUIT_SIGNAL_CLOSE))


def _holds_unsaved(window: QWidget) -> bool:
    """A store of the window's bindings still holds a change not on disk (a failed write)."""
    for binding in _bindings(window):
        status = getattr(getattr(binding, "store", None), "autosave_status", None)
        if callable(status) and status().pending:
            return True
    return False


def all_saved(windows: list[QWidget]) -> bool:
    """No window left open and no store of theirs with an unsaved change (a failed write)."""
    for window in windows:
        if not shiboken6.isValid(window):
            continue
        if window.isVisible() or _holds_unsaved(window):
            return False
    return True


def exit_code_at_end(code: int, windows: list[QWidget]) -> int:
    """The app's exit code once its event loop has ended with ``code``: a quit signal's
    as it was; else ``UNSAVED_EXIT`` when a closed window still holds changes not on disk
    (the rater chose "Close without saving"), 0 when all is saved."""
    if code != 0:
        return code
    held = any(shiboken6.isValid(w) and _holds_unsaved(w) for w in windows)
    return UNSAVED_EXIT if held else 0


def install_quit_signals(app: QApplication,
                         quit: Callable[[int], None] | None = None) -> SignalWake:
    """On SIGTERM, SIGHUP or SIGINT close every window (the close path saves) and quit
    (``quit``: the app's ``exit``; a test passes an inner loop's, because once the app's
    own loop has ended Qt activates no window for the rest of the process)."""
    leave = quit if quit is not None else app.exit
    wake = SignalWake().install()
    notifier = QSocketNotifier(wake.reader.fileno(), QSocketNotifier.Type.Read, app)

    def woken() -> None:
        signum = wake.take()
        if signum is None:
            return
        notifier.setEnabled(False)
        # Keys the rater pressed before the signal may still wait in the window system's
        # queue: a round trip to it delivers them, and they reach the fields first.
        app.sync()
        windows = [w for w in app.topLevelWidgets() if w.isVisible()]
        quit_on_last = app.quitOnLastWindowClosed()
        app.setQuitOnLastWindowClosed(False)  # the exit code is given below, not by Qt
        waiting = close_every_window(windows)
        started = time.monotonic()

        def leave_once_closed() -> None:
            still = [w for w in waiting if _open(w)]
            if quit_waits(open_windows=len(still), waited=time.monotonic() - started):
                QTimer.singleShot(QUIT_POLL_MS, app, leave_once_closed)
                return
            app.setQuitOnLastWindowClosed(quit_on_last)
            leave(exit_code_for(signum, saved=all_saved(windows)))

        leave_once_closed()

    notifier.activated.connect(woken)
    app.commitDataRequest.connect(lambda _manager: save_open_work(app))
    return wake
