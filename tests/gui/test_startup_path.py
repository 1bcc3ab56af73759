"""The real start-up path in a fresh process: what is loaded at the first paint and when the
rating panel becomes usable (benchmarks/bench_startup.py times the same path)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from rater_desktop import profiles

REPO = Path(__file__).resolve().parents[2]
BATCH = REPO / "sample_batches" / "consumer-tasks"
PASSPHRASE = "startup path passphrase"

# Not needed to paint the window: the rating core, its storage, Markdown, images, keys.
HEAVY_AT_FIRST_PAINT = (
    "sqlalchemy", "sqlmodel", "pydantic", "keyring", "cryptography", "PIL", "markdown_it",
    "rater_desktop.storage", "rater_desktop.rating", "rater_desktop.gui.steps.panel",
    "rater_desktop.gui.screenshot_viewer", "rater_desktop.first_run",
    "rater_desktop.cli.results")
# Not needed to rate (only to export or to check a keyring's key, later and off the UI).
NOT_NEEDED_TO_RATE = ("keyring", "cryptography")

PROBE = r"""
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

HEAVY, LATER = json.loads(sys.argv[1]), json.loads(sys.argv[2])
app = QApplication(sys.argv[:1])
seen = {}

def loaded(names):
    return sorted(n for n in names if n in sys.modules)

def interactive(window):
    binding = window.property("ratingBinding")
    if binding is None or window.item is None or "interactive" in seen:
        return
    cover = window.findChild(QObject, "loadingCover")
    if cover is not None and cover.isVisible():
        return  # attached, but the cover goes in the same call: wait for the next paint
    seen["interactive"] = {
        "modules": loaded(LATER), "item": window.item.id,
        "panel_usable": binding.panel.isVisible() and binding.panel.isEnabled(),
        "loading_cover": cover is not None and cover.isVisible(),
        "preference_binding": window.property("preferenceBinding") is not None,
        "frozen": __import__("gc").get_freeze_count()}
    app.quit()

class Probe(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and hasattr(watched, "window"):
            window = watched.window()
            if isinstance(window, QMainWindow) and "first_paint" not in seen:
                seen["first_paint"] = {"modules": loaded(HEAVY),
                                       "batch_open": window.batch is not None,
                                       "says": window.findChild(QObject, "emptyTitle").text(),
                                       "criteria_rendered": window.tools_dock.criteria_rendered,
                                       "responses_built": window.item_view.responses_built}
            if isinstance(window, QMainWindow) and "first_paint" in seen:
                QTimer.singleShot(0, lambda: interactive(window))
        return False

probe = Probe()
app.installEventFilter(probe)
QTimer.singleShot(60_000, app.quit)
from rater_desktop.cli import main
main(["open", sys.argv[3]])
print("RESULT " + json.dumps(seen), flush=True)
"""


def _run_app(home: Path) -> dict[str, dict[str, object]]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RATER_DESKTOP_HOME=str(home),
               RATER_DESKTOP_PASSPHRASE=PASSPHRASE, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(HEAVY_AT_FIRST_PAINT),
         json.dumps(NOT_NEEDED_TO_RATE), str(BATCH)],
        env=env, capture_output=True, text=True, timeout=120, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, done.stdout + done.stderr[-3000:]
    result: dict[str, dict[str, object]] = json.loads(lines[-1].removeprefix("RESULT "))
    return result


def test_window_paints_first_and_the_rating_panel_follows(tmp_path: Path) -> None:
    class NoKeyring:  # the key lives in the encrypted file, as in the benchmark
        def get_password(self, *_: str) -> None:
            raise AssertionError("keyring used")

    home = Path(os.environ["RATER_DESKTOP_HOME"])
    profiles.create_profile(rater_id="starter", display_name="Starter", keyring=NoKeyring(),
                            data_dir=home / "data", passphrase=PASSPHRASE)
    seen = _run_app(home)
    first = seen["first_paint"]
    # A light window first: nothing heavy imported, the batch opens after the paint.
    assert first["modules"] == []
    assert first["batch_open"] is False
    assert first["says"] == "Opening consumer-tasks\u2026"  # not "No batch open"
    assert first["criteria_rendered"] is False
    assert first["responses_built"] is False  # prompt header and panes: after the paint
    # Then genuinely usable: the first item shown, the panel enabled, the loading cover gone,
    # and still no key handling (cryptography, keyring) on the way.
    ready = seen["interactive"]
    assert ready["item"] == "shop-running-shoes"
    assert ready["panel_usable"] is True
    assert ready["loading_cover"] is False
    assert ready["modules"] == []
    assert ready["preference_binding"] is False  # a guideline batch: made when one opens


def test_start_up_objects_are_frozen_once_the_panel_is_attached(tmp_path: Path) -> None:
    """Issue 23: a full garbage collection walked every object start-up built and held
    the window 100-170 ms; once the rating panel is attached they are frozen out of it."""
    class NoKeyring:
        def get_password(self, *_: str) -> None:
            raise AssertionError("keyring used")

    home = Path(os.environ["RATER_DESKTOP_HOME"])
    profiles.create_profile(rater_id="starter", display_name="Starter", keyring=NoKeyring(),  # type: ignore[arg-type]
                            data_dir=home / "data", passphrase=PASSPHRASE)
    ready = _run_app(home)["interactive"]
    assert ready["panel_usable"] is True
    frozen = ready["frozen"]
    assert isinstance(frozen, int) and frozen > 10_000


class NotYet:
    """A preload whose rating core never arrives: only what comes before it counts."""

    def start(self) -> None:
        pass

    def done(self) -> bool:
        return False


def _window(tmp_path: Path) -> Any:
    from PySide6.QtCore import QSettings

    from rater_desktop.gui import app

    return app.create_main_window(settings=QSettings(str(tmp_path / "s.ini"),
                                                     QSettings.Format.IniFormat))


def test_pyside_import_hook_is_taken_out_when_the_app_starts_first() -> None:
    """PySide6's hook reads every later module's source (~a third of the gui's import
    time); the app uses no ``__feature__`` option, so the plain import comes back."""
    code = ("import builtins, rater_desktop\n"
            "import rater_desktop.gui.app\n"
            "from PySide6.QtWidgets import QApplication, QLabel\n"
            "import PySide6.QtTest\n"  # a later Qt module does not bring the hook back
            "app = QApplication([])\n"
            "print(builtins.__import__ is rater_desktop.BUILTIN_IMPORT, QLabel('ok').text())\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout.split()
    assert out == ["True", "ok"]
    uses = [p for p in (REPO / "rater_desktop").rglob("*.py")
            if "from __feature__" in p.read_text(encoding="utf-8")]
    assert uses == []


def test_the_first_item_is_laid_out_before_it_is_painted(qtbot: Any, tmp_path: Path) -> None:
    """At start the first item opens after the first paint; its first frame must already be
    laid out (a prompt header at a passing height flashed for a frame under Xvfb)."""

    from rater_desktop.gui import app

    window = _window(tmp_path)
    qtbot.addWidget(window)
    window.resize(780, 560)
    window.show()
    qtbot.waitExposed(window)
    # A first start fills a small screen a moment after showing (780 -> 796 px here): let
    # the window settle, so the header's height below changes only if the item does.
    qtbot.wait(300)
    app._show_then_attach(window, str(BATCH), NotYet())  # type: ignore[arg-type]
    header = window.item_view.prompt_header
    first = (header.height(), header.text.height())  # as the next paint would show it
    qtbot.wait(300)
    assert window.item is not None
    assert first == (header.height(), header.text.height())


def test_the_empty_page_says_which_batch_is_opening(make_window: Any, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QLabel, QPushButton

    window = make_window()
    view = window.item_view
    title = view.findChild(QLabel, "emptyTitle")
    button = view.findChild(QPushButton, "emptyOpenButton")
    view.show_opening("consumer-tasks")
    assert title.text() == "Opening consumer-tasks\u2026" and button.isHidden()
    # a failed open (here: no such batch) brings the usual empty page back
    class Never:
        def start(self) -> None:
            pass

        def done(self) -> bool:
            return False

    from rater_desktop.gui import app

    window._report_error = lambda *_args: None  # the error dialog would wait for a person
    app._show_then_attach(window, str(tmp_path / "gone.zip"), Never())  # type: ignore[arg-type]
    assert window.batch is None
    assert title.text() == "No batch open" and not button.isHidden()


def test_a_window_deleted_while_the_core_loads_stops_the_wait(qtbot: Any, tmp_path: Path) -> None:

    from rater_desktop.gui import app

    window = _window(tmp_path)
    window.show()
    app._show_then_attach(window, None, NotYet())  # type: ignore[arg-type]
    window.deleteLater()  # the wait for the preload must not touch it afterwards
    qtbot.wait(4 * app.PRELOAD_POLL_MS)  # pytest-qt fails on an error in the event loop


def test_the_application_filters_come_one_event_loop_turn_after_the_panel(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """The rating binding's application-wide filters (activity for the timer, Enter on a
    button) are set up on the next turn of the event loop, not during the panel's build
    (every event of the build went through them from Python); they are there before any
    key can arrive."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication
    from steps_kit import open_rated_window

    from rater_desktop.rating.model import Step

    window, binding, _ = open_rated_window(make_window, tmp_path)  # no event loop turn yet
    page = binding.panel.page(Step.CASE_FILE)
    added = binding.service.rating.case_file.sub_requests

    def press_enter() -> None:
        QApplication.sendEvent(page.add_button, QKeyEvent(
            QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier))

    press_enter()
    qtbot.wait(300)  # the turn that sets the filters up (and any animated click) has run
    assert len(binding.service.rating.case_file.sub_requests) == len(added) == 0
    press_enter()
    qtbot.waitUntil(lambda: len(binding.service.rating.case_file.sub_requests) == 1,
                    timeout=2000)


class Flag:
    """A preload whose rating core arrives when the test says so."""

    def __init__(self) -> None:
        self.ready = False

    def start(self) -> None:
        pass

    def done(self) -> bool:
        return self.ready


def test_keys_typed_while_loading_go_to_the_field_that_gets_the_focus(
        qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """Seen under Xvfb: keys typed during "Loading your ratings…" went to the item list's
    filter and were lost; they are held and typed into the field focused once ready."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from rater_desktop.gui import app

    window = _window(tmp_path)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    field = window.item_list.search  # stands in for Main goal: a field the attach focuses

    def attach(_window: Any, then: Any = None) -> None:
        field.setFocus(Qt.FocusReason.OtherFocusReason)
        then()

    monkeypatch.setattr(app, "_attach_rating", attach)
    preload = Flag()
    app._show_then_attach(window, str(BATCH), preload)  # type: ignore[arg-type]
    filter_before = window.item_list.filter_combo.currentIndex()
    for char in "fact g":
        qtbot.keyClick(QApplication.focusWidget() or window, char)
    assert field.text() == ""
    preload.ready = True
    qtbot.waitUntil(lambda: field.text() == "fact g", timeout=2000)
    assert window.item_list.filter_combo.currentIndex() == filter_before
    qtbot.keyClick(field, "o")  # typing goes on as usual afterwards
    assert field.text() == "fact go"


def test_keys_held_while_loading_never_press_a_button(qtbot: Any, tmp_path: Path,
                                                      monkeypatch: Any) -> None:
    """With no text field focused once ready (a button has the focus), the held keys are
    dropped and the status bar says so: a held Space must not press the button."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QPushButton

    from rater_desktop.gui import app

    window = _window(tmp_path)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    button = QPushButton("Next", window.item_list)
    button.show()
    pressed: list[bool] = []
    button.clicked.connect(lambda: pressed.append(True))

    def attach(_window: Any, then: Any = None) -> None:
        button.setFocus(Qt.FocusReason.OtherFocusReason)
        then()

    monkeypatch.setattr(app, "_attach_rating", attach)
    preload = Flag()
    app._show_then_attach(window, str(BATCH), preload)  # type: ignore[arg-type]
    for key in (Qt.Key.Key_A, Qt.Key.Key_Space):
        qtbot.keyClick(QApplication.focusWidget() or window, key)
    preload.ready = True
    qtbot.waitUntil(lambda: "not used" in window.statusBar().currentMessage(), timeout=2000)
    assert "2 keys typed while loading were not used" in window.statusBar().currentMessage()
    assert pressed == []


def test_a_lone_key_release_held_while_loading_says_nothing(qtbot: Any, tmp_path: Path) -> None:
    """The Enter that closes the first-run dialog lets go over the main window: that
    release alone is no typing to report ("0 key(s) ... not used" was shown)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from rater_desktop.gui.early_keys import EarlyKeys

    window = _window(tmp_path)
    qtbot.addWidget(window)
    window.show()
    keys = EarlyKeys(window)
    QApplication.sendEvent(window, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Return,
                                             Qt.KeyboardModifier.NoModifier))
    assert len(keys.held) == 1
    keys.release()
    assert window.statusBar().currentMessage() == ""
