"""Keys a rater typed while the rating core was still loading are saved when the window
closes then (a quit signal, or the rater closing it): the close waits, within a bound, for
the core to attach, types the held keys into the field and saves; a core that never
attaches (or a batch that does not open) writes nothing and breaks nothing."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from integration_kit import RATER
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QComboBox

from rater_desktop import profiles
from rater_desktop.gui import app
from rater_desktop.gui.early_keys import EarlyKeys
from rater_desktop.gui.quit_signals import install_quit_signals

TYPED = "Goal typed at once"


class LateCore:
    """A preload whose imports finish ``after`` seconds from now (or never: None)."""

    def __init__(self, after: float | None) -> None:
        self.at = None if after is None else time.monotonic() + after

    def start(self) -> None:
        pass

    def done(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at


def _real_attach(data_dir: Path, made: list[Any], *,
                 focus_later: bool = False) -> Callable[..., None]:
    """The rating core as ``startup.attach_rating`` binds it (on a later turn, then the
    cursor in the current step), with an autosave slow enough that only a close saves.

    ``focus_later``: the cursor is placed on the turn after the attach, as the app's
    practice controller does for a returning rater (``install_practice``)."""
    from rater_desktop.gui.practice import focus_current_step
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.storage import open_profile_store

    def attach(window: Any, then: Callable[[], None] | None = None) -> None:
        def now() -> None:
            store = open_profile_store(RATER, data_dir=data_dir, debounce_seconds=60)
            binding = RatingBinding(window, store=store, rater_id=RATER,
                                    close_store=store.close)
            window.setProperty("ratingBinding", binding)
            made.append(binding)
            if focus_later:
                QTimer.singleShot(0, window, lambda: focus_current_step(binding.panel))
            else:
                focus_current_step(binding.panel)
            if then is not None:
                then()

        QTimer.singleShot(0, window, now)

    return attach


def _documents(data_dir: Path) -> dict[str, dict[str, Any]]:
    """Every item's saved document in the profile's database file (what outlives the app)."""
    path = data_dir / "profiles" / RATER / "ratings.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT item_id, document FROM item_ratings").fetchall()
    finally:
        connection.close()
    return {item_id: json.loads(document) for item_id, document in rows}


@pytest.fixture
def loading_window(qtbot: Any, make_window: Any, tmp_path: Path, memory_keyring: Any,
                   monkeypatch: Any) -> Callable[..., tuple[Any, Path, list[Any]]]:
    """A shown window whose rating core is still loading, keys typed into it meanwhile."""

    def build(batch: str, preload: LateCore, wait_seconds: float | None = None,
              ) -> tuple[Any, Path, list[Any]]:
        data_dir = tmp_path / "data"
        profiles.create_profile(rater_id=RATER, display_name="Rater One",
                                keyring=memory_keyring, data_dir=data_dir)
        made: list[Any] = []
        monkeypatch.setattr(app, "_attach_rating", _real_attach(data_dir, made))
        window = make_window()
        window._report_error = lambda *_args: None  # a failed open: no dialog to wait for
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
        keys = None if wait_seconds is None else EarlyKeys(window, wait_seconds=wait_seconds)
        app._show_then_attach(window, batch, preload, keys)  # type: ignore[arg-type]
        qtbot.keyClicks(QApplication.focusWidget() or window, TYPED)
        assert made == []  # still loading: the keys are held
        return window, data_dir, made

    return build


def _quit_by_signal(qapp: QApplication) -> int:
    loop = QEventLoop()  # not qapp.exec(): the session's app would activate no window after
    wake = install_quit_signals(qapp, quit=loop.exit)
    try:
        sender = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGTERM))
        sender.start()
        bound = QTimer(loop)  # the test's own bound
        bound.setSingleShot(True)
        bound.timeout.connect(lambda: loop.exit(99))
        bound.start(20_000)
        code = loop.exec()
        bound.stop()
        sender.join()
    finally:
        wake.restore()
    return code


@pytest.mark.timeout(60, method="thread")  # an idle Qt loop never runs a SIGALRM handler
def test_a_quit_signal_while_loading_saves_the_held_keys(
        qapp: QApplication, loading_window: Any, small_batch: Path) -> None:
    window, data_dir, made = loading_window(str(small_batch), LateCore(after=1.0))
    item_id = window.item.id
    code = _quit_by_signal(qapp)
    assert made, "the rating core never attached"
    assert code == 0 and not window.isVisible()
    assert _documents(data_dir)[item_id]["case_file"].get("main_goal") == TYPED


@pytest.mark.timeout(60)
def test_closing_the_window_while_loading_saves_the_held_keys(
        qtbot: Any, loading_window: Any, small_batch: Path) -> None:
    window, data_dir, made = loading_window(str(small_batch), LateCore(after=0.5))
    item_id = window.item.id
    window.close()  # the rater's Ctrl+Q or the title bar's close button
    assert window.isVisible()  # waits for the core, the window still responding
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert made
    assert _documents(data_dir)[item_id]["case_file"].get("main_goal") == TYPED


def _nothing_written(data_dir: Path) -> bool:
    database = data_dir / "profiles" / RATER / "ratings.sqlite3"
    return not database.exists() or _documents(data_dir) == {}


@pytest.mark.timeout(60)
def test_a_core_that_never_attaches_closes_within_the_bound_and_writes_nothing(
        qtbot: Any, loading_window: Any, small_batch: Path) -> None:
    window, data_dir, made = loading_window(str(small_batch), LateCore(after=None),
                                            wait_seconds=0.5)
    started = time.monotonic()
    window.close()
    assert window.isVisible()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert 0.4 <= time.monotonic() - started < 5
    assert made == [] and _nothing_written(data_dir)


@pytest.mark.timeout(60, method="thread")
def test_a_quit_signal_while_a_batch_fails_to_open_writes_nothing(
        qapp: QApplication, loading_window: Any, tmp_path: Path) -> None:
    window, data_dir, made = loading_window(str(tmp_path / "gone.zip"), LateCore(after=0.5))
    assert window.batch is None
    code = _quit_by_signal(qapp)
    assert code == 0 and not window.isVisible()
    assert made and _nothing_written(data_dir)  # the core attached; no item to rate


def _opened_window(qtbot: Any, make_window: Any, tmp_path: Path, batch: Path,
                   keyring: Any) -> tuple[Path, Any]:
    """A profile's data folder and a shown, active window on ``batch``, no core attached."""
    data_dir = tmp_path / "data"
    profiles.create_profile(rater_id=RATER, display_name="Rater One", keyring=keyring,
                            data_dir=data_dir)
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert window.open_batch_path(str(batch))
    return data_dir, window


@pytest.mark.timeout(60)
def test_a_close_between_the_attach_and_the_release_types_the_keys_before_the_binding_saves(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    """The attach puts the binding's close filter (which saves) on the window after the
    holder's: the holder must see the close first, or the keys come after the save (the
    binding would save and close at once)."""
    data_dir, window = _opened_window(qtbot, make_window, tmp_path, small_batch,
                                      memory_keyring)
    keys = EarlyKeys(window)
    qtbot.keyClicks(QApplication.focusWidget() or window, TYPED)
    made: list[Any] = []
    _real_attach(data_dir, made)(window, then=keys.attached)  # the release not yet run
    qtbot.waitUntil(lambda: keys.core_attached, timeout=5000)
    assert keys.held
    window.close()  # waits for the release (queued by the attach), which then closes
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    assert _documents(data_dir)[window.item.id]["case_file"].get("main_goal") == TYPED


@pytest.mark.timeout(60)
def test_a_close_before_the_cursor_is_placed_waits_for_it_and_types_the_keys_there(
        qtbot: Any, make_window: Any, tmp_path: Path, small_batch: Path,
        memory_keyring: Any) -> None:
    """A quit signal handled on the turn after the attach, before the turn that puts the
    cursor in Main goal (the robot saw it under load): the keys were typed into the item
    list's filter box (a combo box takes no text) and lost. The close now waits for the
    release, which comes after the cursor, and the keys are saved in Main goal."""
    data_dir, window = _opened_window(qtbot, make_window, tmp_path, small_batch,
                                      memory_keyring)
    keys = EarlyKeys(window)
    # Where the app's first frame has the focus: the item list's filter (a combo box),
    # which the item's opening leaves alone (the rater may be choosing a filter).
    combo = window.findChild(QComboBox, "itemFilterCombo")
    combo.setFocus()
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QComboBox), timeout=2000)
    qtbot.keyClicks(QApplication.focusWidget(), TYPED)
    made: list[Any] = []

    def attached_then_closed() -> None:
        keys.attached()
        # The close arrives before the queued turns run (a quit signal's socket was read
        # first), the cursor still where the first frame put it, not in Main goal yet (the
        # item's opening may already have moved it on some PySide6 versions: put back).
        combo.setFocus()
        window.close()

    _real_attach(data_dir, made, focus_later=True)(window, then=attached_then_closed)
    qtbot.waitUntil(lambda: bool(made) and not window.isVisible(), timeout=10_000)
    assert _documents(data_dir)[window.item.id]["case_file"].get("main_goal") == TYPED
