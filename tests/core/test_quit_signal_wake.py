"""The Qt-free half of the quit-signal bridge: handlers record, the socket wakes; and what
a close whose save failed does."""

from __future__ import annotations

import signal
import sys

import pytest

from rater_desktop.quit_signals import (
    HELD_KEYS_WAIT_SECONDS,
    QUIT_WAIT_SECONDS,
    UNSAVED_EXIT,
    CloseAfterSave,
    FailedSaveAnswer,
    HeldKeysClose,
    SignalWake,
    close_after_save,
    close_with_held_keys,
    exit_code_for,
    quit_signals,
    quit_waits,
)


def test_the_quit_signals_are_term_hup_and_int_where_the_platform_has_them() -> None:
    wanted = {signal.SIGTERM, signal.SIGINT}
    if sys.platform != "win32":
        wanted.add(signal.SIGHUP)
    assert set(quit_signals()) == wanted
    assert all(exit_code_for(n, saved=True) == 0 for n in quit_signals())  # a clean end


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGHUP is POSIX only")
def test_a_quit_signal_is_recorded_wakes_the_socket_and_a_second_one_would_kill() -> None:
    before = {n: signal.getsignal(n) for n in quit_signals()}
    wake = SignalWake().install()
    try:
        assert wake.take() is None  # nothing yet
        signal.raise_signal(signal.SIGHUP)  # the process lives on: the handler records
        assert wake.take() == signal.SIGHUP
        # A second quit signal while saving takes the default action (ends the process).
        assert all(signal.getsignal(n) == signal.SIG_DFL for n in quit_signals())
    finally:
        wake.restore()
    assert {n: signal.getsignal(n) for n in quit_signals()} == before


def test_the_wake_byte_alone_names_the_signal() -> None:
    """Read before the Python handler ran (the loop woke first): the byte says which."""
    wake = SignalWake([int(signal.SIGTERM)])
    try:
        wake._writer.send(bytes([int(signal.SIGTERM)]))
        assert wake.take() == signal.SIGTERM
    finally:
        wake.restore()


def test_a_quit_whose_save_failed_does_not_exit_cleanly() -> None:
    assert all(exit_code_for(n, saved=False) == UNSAVED_EXIT != 0 for n in quit_signals())


@pytest.mark.parametrize(("presses", "attached", "waited", "choice"), [
    (0, False, 0.0, HeldKeysClose.CLOSE),  # nothing typed: close at once
    (0, False, 99.0, HeldKeysClose.CLOSE),
    # The core is there, the cursor not yet in its field: the queued release types them
    # once it is, then closes; one that never comes, at the bound: typed where the focus is.
    (3, True, 0.0, HeldKeysClose.WAIT),
    (3, True, HELD_KEYS_WAIT_SECONDS - 0.01, HeldKeysClose.WAIT),
    (3, True, HELD_KEYS_WAIT_SECONDS, HeldKeysClose.REPLAY),
    (3, True, 99.0, HeldKeysClose.REPLAY),
    (3, False, 0.0, HeldKeysClose.WAIT),  # still loading: the window waits for it
    (3, False, HELD_KEYS_WAIT_SECONDS - 0.01, HeldKeysClose.WAIT),
    (3, False, HELD_KEYS_WAIT_SECONDS, HeldKeysClose.DROP),  # bounded: never hangs a logout
])
def test_a_close_with_held_keys_waits_for_the_core_only_within_the_bound(
        presses: int, attached: bool, waited: float, choice: HeldKeysClose) -> None:
    assert close_with_held_keys(presses=presses, core_attached=attached,
                                waited=waited) is choice


def test_the_quit_waits_for_open_windows_and_longer_than_they_wait() -> None:
    assert not quit_waits(open_windows=0, waited=0.0)
    assert quit_waits(open_windows=1, waited=HELD_KEYS_WAIT_SECONDS)  # theirs runs out first
    assert not quit_waits(open_windows=1, waited=QUIT_WAIT_SECONDS)


PROBLEM = "Ratings database /data/ratings.sqlite3: saving 1 change failed (disk full)."


class Saves:
    """A final save failing ``failures`` times, then working; the questions asked."""

    def __init__(self, failures: int, answers: list[FailedSaveAnswer]) -> None:
        self.failures = failures
        self.answers = answers
        self.tries = 0
        self.asked: list[str] = []

    def save(self) -> str | None:
        self.tries += 1
        return PROBLEM if self.tries <= self.failures else None

    def ask(self, problem: str) -> FailedSaveAnswer:
        self.asked.append(problem)
        return self.answers.pop(0)


@pytest.mark.parametrize(("failures", "answers", "outcome", "tries"), [
    (0, [], CloseAfterSave.CLOSE, 1),  # saved: close, nobody asked
    (1, [FailedSaveAnswer.KEEP_OPEN], CloseAfterSave.KEEP_OPEN, 1),
    (1, [FailedSaveAnswer.TRY_AGAIN], CloseAfterSave.CLOSE, 2),  # the disk is back
    (2, [FailedSaveAnswer.TRY_AGAIN, FailedSaveAnswer.KEEP_OPEN], CloseAfterSave.KEEP_OPEN, 2),
    (9, [FailedSaveAnswer.TRY_AGAIN, FailedSaveAnswer.CLOSE_UNSAVED],
     CloseAfterSave.CLOSE_UNSAVED, 2),
])
def test_a_close_whose_save_failed_asks_the_rater_and_tries_again_as_told(
        failures: int, answers: list[FailedSaveAnswer], outcome: CloseAfterSave,
        tries: int) -> None:
    saves = Saves(failures, list(answers))
    assert close_after_save(saves.save, saves.ask, quit_signal=False) is outcome
    assert saves.tries == tries
    assert saves.asked == [PROBLEM] * len(answers)  # the storage error's own words


def test_a_quit_signals_close_never_asks_and_closes_unsaved() -> None:
    saves = Saves(9, [])
    assert close_after_save(saves.save, saves.ask, quit_signal=True) \
        is CloseAfterSave.CLOSE_UNSAVED
    assert saves.tries == 1 and saves.asked == []
    assert close_after_save(Saves(0, []).save, saves.ask, quit_signal=True) \
        is CloseAfterSave.CLOSE
