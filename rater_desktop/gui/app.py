"""Application start: paint the window first, then open the batch and load the rest."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from rater_desktop.batch_opening import startup_batch
from rater_desktop.gc_pauses import freeze_startup
from rater_desktop.gui import _qt_boot, crash_guard  # noqa: F401 - _qt_boot first: see there
from rater_desktop.gui.early_keys import EarlyKeys
from rater_desktop.gui.first_paint import after_first_paint, settle_layout
from rater_desktop.gui.icons import icon
from rater_desktop.gui.main_window import MainWindow
from rater_desktop.gui.preload import Preload
from rater_desktop.gui.theme import apply_theme

SETTINGS_FILE = "settings.ini"


def settings_path() -> Path:
    """The window settings file, inside the app's own folder."""
    from rater_desktop.appdirs import app_home

    home = app_home()
    home.mkdir(parents=True, exist_ok=True)
    return home / SETTINGS_FILE


def open_settings(path: Path | str | None = None) -> QSettings:
    """Window settings as an INI file (never the platform registry)."""
    return QSettings(str(path or settings_path()), QSettings.Format.IniFormat)


def create_main_window(*, settings: QSettings, **dependencies: Any) -> MainWindow:
    """Build the window with its dependencies (tests pass fakes and a temp QSettings)."""
    app = QApplication.instance()
    if isinstance(app, QApplication) and app.property("raterTheme") is None:
        apply_theme(app, str(settings.value("view/theme", "system")))
    window = MainWindow(settings=settings, **dependencies)
    window.setWindowIcon(icon("app"))
    return window


def _follow_system_theme(app: QApplication, window: MainWindow) -> None:
    hints = QGuiApplication.styleHints()
    signal = getattr(hints, "colorSchemeChanged", None)
    if signal is None:
        return

    def on_change(*_: object) -> None:
        if str(window.settings.value("view/theme", "system")) == "system":
            window.set_theme("system")

    signal.connect(on_change)


def _attach_rating(window: MainWindow, then: Callable[[], None] | None = None) -> None:
    """Bind the rating core (profile, ratings database) once the window has painted."""
    from rater_desktop.gui import startup

    startup.attach_rating(window, then=then)


def _add_qa_entry(window: MainWindow, *, settings: QSettings, profile: str | None) -> None:
    from rater_desktop.gui.qa_entry import add_qa_menu_entry

    add_qa_menu_entry(window, settings=settings, profile=profile)


def _open_initial(window: MainWindow, path: str | None) -> None:
    if path:
        window.open_batch_path(path)


def _run_smoke_test(app: QApplication, window: MainWindow, batch: str | None) -> int:
    """Paint, open ``batch`` (no rating core, so no dialog can wait for a person), quit."""
    from PySide6.QtCore import QTimer

    outcome: list[int] = []

    def report(_parent: object, title: str, text: str, _details: str) -> None:
        # No dialog: nobody is there to close it (the check would wait 60 s, then blame
        # the paint). The problem goes to stderr and the check fails at once.
        print(f"smoke test: {title}: {' '.join(text.split())}", file=sys.stderr, flush=True)

    window._report_error = report

    def check() -> None:
        opened = bool(batch) and window.open_batch_path(str(batch))
        current = window.batch
        if opened and current is not None and len(current.index) > 0:
            print(f"smoke test: window painted, opened {current.manifest.batch_id} "
                  f"({len(current.index)} items)", flush=True)  # fmt: skip
            outcome.append(0)
        else:
            print(f"smoke test: FAILED to open {batch!r}", file=sys.stderr, flush=True)
            outcome.append(1)
        QTimer.singleShot(200, app.quit)

    def give_up() -> None:
        if not outcome:
            print("smoke test: FAILED, the window did not paint in 60 s", file=sys.stderr)
            outcome.append(3)
            app.quit()

    window.show()
    after_first_paint(window, check)
    QTimer.singleShot(60_000, give_up)
    app.exec()
    window.close()
    return outcome[0] if outcome else 3


LOADING_TEXT = "Loading your ratings\u2026\n\nThe responses appear once the rating panel is ready."
PRELOAD_POLL_MS = 15


def _show_then_attach(window: MainWindow, initial: str | None, preload: Preload,
                      early_keys: EarlyKeys | None = None) -> None:
    """Open the first item at once, its responses covered, and attach the rating core as
    soon as the worker thread has imported it (the window stays responsive meanwhile).

    ``early_keys`` holds what the rater types meanwhile (made here when not given)."""
    from rater_desktop.gui.steps.cover import ResponseCover

    preload.start()
    early_keys = early_keys or EarlyKeys(window)  # a rater who types at once loses nothing
    cover = ResponseCover(window.item_view.splitter)
    cover.setObjectName("loadingCover")
    cover.text.setText(LOADING_TEXT)
    if initial:
        cover.set_hidden(True)
        _open_initial(window, initial)
        window.item_view.show_opening(None)  # for a failed open, and later closes
        settle_layout()  # the item's first frame already laid out: no half-built flash

    def attached() -> None:
        # Uncovers only as far as no other cover (the case file's) still covers them.
        cover.set_hidden(False)
        cover.hide()
        cover.deleteLater()
        # Typed on the turn after the one that places the cursor (queued by the attach).
        early_keys.attached()
        freeze_startup()  # start-up's objects stay: no collection walks them again

    def attach_when_ready() -> None:
        if not window.isVisible():
            return  # closed while the imports ran: nothing to attach to
        if not preload.done():
            QTimer.singleShot(PRELOAD_POLL_MS, window, attach_when_ready)  # ends with it
            return
        _attach_rating(window, then=attached)

    attach_when_ready()


def run_app(*, batch: str | None, profile: str | None, qa_mode: bool,
            preload: Preload | None = None, smoke_test: bool = False) -> int:
    """Show the main window (optionally on ``batch``) and run until it closes; the exit
    code is ``UNSAVED_EXIT`` when changes were left unsaved (a failed save), else 0.

    ``preload`` imports the rating core on a worker once the window has painted (tests
    pass their own). ``smoke_test`` checks an installation (e.g. the frozen build): the
    window paints, opens ``batch`` and quits by itself; exit 0 when both worked.
    """
    preload = preload or Preload(start=False)
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
    )
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Rater Desktop")
    app.setOrganizationName("rater-desktop")
    app.setWindowIcon(icon("app"))
    crash_guard.install()
    from rater_desktop.gui.text_fit_log import install_text_fit_log

    install_text_fit_log(app)  # only when RATER_DESKTOP_TEXT_FIT_LOG asks (the rater robot)
    from rater_desktop.gui.quit_signals import install_quit_signals

    install_quit_signals(app)  # logout, shutdown, a closed terminal: save, then quit
    settings = open_settings()
    apply_theme(app, str(settings.value("view/theme", "system")))
    if qa_mode:
        from rater_desktop.gui.qa_entry import open_qa_review

        qa_window = open_qa_review(parent=None, settings=settings, batch=batch, profile=profile)
        return int(app.exec()) if qa_window is not None else 1
    window = create_main_window(settings=settings, profile=profile)
    if smoke_test:
        return _run_smoke_test(app, window, batch)
    _follow_system_theme(app, window)
    initial = startup_batch(settings, batch)
    if initial:  # the first paint says what is coming, not "No batch open"
        window.item_view.show_opening(Path(initial).name)
    early_keys = EarlyKeys(window)  # from the first shown frame: typing is never lost
    window.show()
    _add_qa_entry(window, settings=settings, profile=profile)
    # After the first paint: opening a batch may read a large index, and the rating core
    # waits for its imports (SQLAlchemy) on the worker thread.
    # One more turn of the event loop first: what the paint pass queued (input, timers)
    # runs before the response page is built (~40 ms).
    after_first_paint(window, lambda: QTimer.singleShot(
        0, window, lambda: _show_then_attach(window, initial, preload, early_keys)))
    from rater_desktop.gui.quit_signals import exit_code_at_end

    # Closed by the rater without saving (the save failed): not a clean end either.
    return exit_code_at_end(int(app.exec()), [window])
