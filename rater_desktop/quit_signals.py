"""Quit signals (SIGTERM, SIGHUP, SIGINT): the Qt-free half of the bridge that saves and quits.

A session logout or shutdown sends SIGTERM, a closing terminal SIGHUP, Ctrl+C SIGINT. Left
at their defaults they end Python at once and lose what the autosave has not written yet.
``SignalWake`` replaces them with handlers that only record the signal and has the
interpreter write its number into a socket (``signal.set_wakeup_fd``): an event loop idle
in C++ never runs Python handlers, but it can watch that socket and wake (gui/quit_signals).

Exit code: 0 when everything open was saved: the quit is an orderly one the sender asked
for, so a session manager, systemd or a script sees a clean end. When a save failed (a full
disk) or a window was still open at the end of the wait, ``UNSAVED_EXIT`` (1): the caller
must not take the quit for a clean one. A second quit signal while the first is being
handled ends the process at once (the default action), so a save that hangs can still be
stopped.

Keys a rater typed before the rating core attached (``gui/early_keys``) are typed into
their field and saved before a window closes, whether a quit signal or the rater closes it:
``close_with_held_keys`` decides, and the close waits at most ``HELD_KEYS_WAIT_SECONDS``.

A close the rater asks for (Ctrl+Q, the title bar's close button) saves first; when that
save fails (a full disk, a vanished data folder) the window stays open and asks: try
again, keep it open, or close without saving (then the exit code is ``UNSAVED_EXIT`` too).
A quit signal's close never asks: a logout cannot wait for a person.
``close_after_save`` decides.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable
from enum import StrEnum
from types import FrameType
from typing import Any

QUIT_SIGNAL_NAMES = ("SIGTERM", "SIGHUP", "SIGINT")  # SIGHUP does not exist on Windows
UNSAVED_EXIT = 1
# The core's imports take well under a second, a few on a cold slow disk; longer means it
# hangs, and a logout (or a rater) must not wait on it.
HELD_KEYS_WAIT_SECONDS = 10.0
QUIT_WAIT_SECONDS = HELD_KEYS_WAIT_SECONDS + 2.0  # the windows' own bound runs out first


def quit_signals() -> list[int]:
    """The quit signals this platform has."""
    return [int(getattr(signal, name)) for name in QUIT_SIGNAL_NAMES if hasattr(signal, name)]


def exit_code_for(signum: int, *, saved: bool) -> int:
    """The app's exit code after quit signal ``signum``: 0 when everything was ``saved``,
    else ``UNSAVED_EXIT`` (see the module text)."""
    return 0 if saved else UNSAVED_EXIT


def quit_waits(*, open_windows: int, waited: float, bound: float = QUIT_WAIT_SECONDS) -> bool:
    """After the quit closed the windows: wait on (True) while some are still open (saving
    keys typed before the core attached), up to ``bound`` seconds."""
    return open_windows > 0 and waited < bound


class HeldKeysClose(StrEnum):
    """What a window asked to close does with typed keys it still holds."""

    CLOSE = "close"  # none held: close as usual
    # Stay open: the core loads, or it attached and the release is queued behind the turn
    # that puts the cursor in its field; the release types them, then closes (saves).
    WAIT = "wait"
    REPLAY = "replay"  # the core attached, the release never came: type them now, close
    DROP = "drop"  # waited the bound out (the core never came): close, they are not saved


def close_with_held_keys(*, presses: int, core_attached: bool, waited: float,
                         bound: float = HELD_KEYS_WAIT_SECONDS) -> HeldKeysClose:
    """The choice for a close asked ``waited`` seconds ago with ``presses`` keys held.

    Typed at once, with the core attached, they went wherever the focus was before the
    cursor reached its field (the item list's filter box, where they are lost): the close
    waits for the release within the bound, as it waits for the core."""
    if presses == 0:
        return HeldKeysClose.CLOSE
    if waited < bound:
        return HeldKeysClose.WAIT
    return HeldKeysClose.REPLAY if core_attached else HeldKeysClose.DROP


class FailedSaveAnswer(StrEnum):
    """The rater's answer when the save of a close they asked for failed."""

    TRY_AGAIN = "try_again"
    KEEP_OPEN = "keep_open"  # the default: back to work, the changes still in the window
    CLOSE_UNSAVED = "close_unsaved"


class CloseAfterSave(StrEnum):
    """What a window asked to close does once its final save was tried."""

    CLOSE = "close"  # saved
    KEEP_OPEN = "keep_open"
    CLOSE_UNSAVED = "close_unsaved"  # not saved: the app's exit code is UNSAVED_EXIT


def close_after_save(save: Callable[[], str | None],
                     ask: Callable[[str], FailedSaveAnswer], *,
                     quit_signal: bool) -> CloseAfterSave:
    """Run the final ``save`` (None: saved; else the problem, in words) and decide.

    A failed save asks the rater (``ask``, shown the problem) and is tried again as often
    as they choose; a ``quit_signal``'s close never asks: the session will not wait."""
    while (problem := save()) is not None:
        if quit_signal:
            return CloseAfterSave.CLOSE_UNSAVED
        answer = ask(problem)
        if answer is FailedSaveAnswer.CLOSE_UNSAVED:
            return CloseAfterSave.CLOSE_UNSAVED
        if answer is not FailedSaveAnswer.TRY_AGAIN:
            return CloseAfterSave.KEEP_OPEN
    return CloseAfterSave.CLOSE


class SignalWake:
    """Handlers for the quit signals plus the socket pair their arrival wakes a loop with.

    ``install`` must run on the main thread (Python's rule for signal handlers)."""

    def __init__(self, signals: list[int] | None = None) -> None:
        self.signals = quit_signals() if signals is None else list(signals)
        self.reader, self._writer = socket.socketpair()
        for end in (self.reader, self._writer):
            end.setblocking(False)  # the interpreter's write must never block a handler
        self.received: list[int] = []
        self._previous: dict[int, Any] = {}
        self._previous_fd: int | None = None

    def install(self) -> SignalWake:
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        for signum in self.signals:
            self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def _handle(self, signum: int, _frame: FrameType | None) -> None:
        self.received.append(signum)
        for other in self.signals:  # a second quit signal ends the process at once
            signal.signal(other, signal.SIG_DFL)

    def take(self) -> int | None:
        """The first quit signal received, once its wake-up byte is read (None: none yet)."""
        woken: list[int] = []
        while True:
            try:
                data = self.reader.recv(64)
            except (BlockingIOError, InterruptedError):
                break
            if not data:
                break
            woken.extend(data)
        arrived = self.received or [n for n in woken if n in self.signals]
        return arrived[0] if arrived else None

    def restore(self) -> None:
        """Put back the handlers and wake-up fd found at ``install`` and close the sockets."""
        for signum, previous in self._previous.items():
            signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
        self._previous.clear()
        if self._previous_fd is not None:
            signal.set_wakeup_fd(self._previous_fd)
            self._previous_fd = None
        self.reader.close()
        self._writer.close()
