"""Benchmark start-up: a bare PySide6 window (floor) vs the real app's first paint and
the first interactive moment (sample batch's first item shown, rating panel attached).

    python benchmarks/bench_startup.py [--repeats 7] [--batch PATH]

Every run is a fresh process (``--worker MODE``) with ``QT_QPA_PLATFORM=offscreen`` and
``RATER_DESKTOP_HOME`` pointing at a fresh copy of a home folder that already holds a
profile (key in a passphrase file) and its ratings database, as for a returning rater.
Times are from the parent's spawn of the process (wall, so interpreter start-up counts)
and the process's own CPU time at that moment (``time.process_time``).

"First paint" is when the main window's first paint pass has finished: the window's first
UpdateRequest (Qt paints the whole window while handling it) or Paint event, then a
zero-timer (it fires after the paint pass). The probe filters only the main window's own
events, never the application's (see ``_Probe.watch``).
"""

from __future__ import annotations

import sys
import time

_T0, _T0_CPU = time.time(), time.process_time()  # the worker script starts running

HEAVY_MODULES = ("sqlalchemy", "sqlmodel", "pydantic", "keyring", "cryptography", "PIL",
                 "markdown_it", "rater_desktop.storage", "rater_desktop.rating",
                 "rater_desktop.batch.loader", "rater_desktop.gui.steps.panel")
MODES = ("floor", "app_paint", "interactive")


# --- worker: runs in the fresh process; keep imports here lazy so every mode pays the same


def _window_size() -> tuple[int, int]:
    """The size MainWindow.restore_layout picks on first start, for a fair floor."""
    from PySide6.QtGui import QGuiApplication

    screen = QGuiApplication.primaryScreen()
    area = screen.availableGeometry() if screen is not None else None
    width, height = (area.width(), area.height()) if area is not None else (1280, 760)
    return min(1680, int(width * 0.92)), min(1050, int(height * 0.92))


class _Probe:
    """Records first paint and (mode interactive) the first paint of a rated item."""

    def __init__(self, mode: str) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer
        from PySide6.QtWidgets import QApplication, QMainWindow

        self.mode = mode
        self.marks: dict[str, float] = {}
        self.modules: list[str] = []
        self._timer = QTimer
        self._paint = (QEvent.Type.Paint, QEvent.Type.UpdateRequest)
        self._main_type = QMainWindow
        self._app = QApplication.instance()
        probe = self

        class Filter(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
                if event.type() in probe._paint:
                    probe.on_paint(watched)
                return False

        self.filter = Filter()
        assert self._app is not None

    def watch(self, window: object) -> None:
        """Watch ``window`` only: its UpdateRequest is the paint pass of the whole window.

        Not an application-wide filter: a Python filter there wraps every event and every
        receiver for Python, and the first object of each class seen makes PySide build
        that class's Python type and enums (~20-30 ms CPU in the app's start-up, far less
        in the bare window's), which the app without the probe never pays.
        """
        window.installEventFilter(self.filter)  # type: ignore[attr-defined]

    def mark(self, name: str) -> None:
        if name not in self.marks:
            self.marks[name] = time.time()
            self.marks[name + "_cpu"] = time.process_time()

    def on_paint(self, widget: object) -> None:
        window = widget.window() if hasattr(widget, "window") else None
        if not isinstance(window, self._main_type):
            return
        if "first_paint" not in self.marks and "paint_seen" not in self.marks:
            self.marks["paint_seen"] = 1.0
            self.modules = sorted(m for m in HEAVY_MODULES if m in sys.modules)
            self._timer.singleShot(0, lambda: self._after_first_paint())
        if self.mode != "interactive" or "first_paint" not in self.marks:
            return
        if "interactive" not in self.marks and "rated_seen" not in self.marks and \
                getattr(window, "item", None) is not None and \
                window.property("ratingBinding") is not None:
            self.marks["rated_seen"] = 1.0
            self._timer.singleShot(0, lambda: self._after_interactive())

    def _after_first_paint(self) -> None:
        self.mark("first_paint")
        if self.mode != "interactive":
            self._quit()

    def _after_interactive(self) -> None:
        self.mark("interactive")
        self._quit()

    def _quit(self) -> None:
        assert self._app is not None
        self._app.quit()


def _run_floor() -> _Probe:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv)
    probe = _Probe("floor")
    window = QMainWindow()
    window.resize(*_window_size())
    probe.watch(window)
    window.show()
    app.exec()
    return probe


def _run_app(mode: str, batch: str | None) -> _Probe:
    # run_app creates the QApplication itself; create it first (with the same DPI policy)
    # so the probe's event filter sees the first paint. The total work is the same. The
    # package comes first, as in every entry point (console script, -m, frozen app).
    __import__("rater_desktop")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
        Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    QApplication(sys.argv)
    probe = _Probe(mode)
    probe.mark("qapplication")
    from rater_desktop.cli import main as cli_main
    from rater_desktop.gui import main_window, startup

    probe.mark("gui_imported")
    _time_calls(probe, main_window.MainWindow, "show", "show")
    _watch_on_show(probe, main_window.MainWindow)
    _time_calls(probe, main_window.MainWindow, "open_batch_path", "batch_open")
    _time_calls(probe, startup, "_attach_now", "attach")

    argv = ["open", batch] if batch and mode == "interactive" else ["open"]
    cli_main(argv)
    return probe


def _watch_on_show(probe: _Probe, window_class: type) -> None:
    original = window_class.show  # type: ignore[attr-defined]

    def show(window: object) -> None:
        probe.watch(window)
        original(window)

    window_class.show = show  # type: ignore[attr-defined]


def _time_calls(probe: _Probe, owner: object, name: str, label: str) -> None:
    """Wrap ``owner.name`` to mark when its first call starts and ends (instrumentation)."""
    original = getattr(owner, name)

    def timed(*args: object, **kwargs: object) -> object:
        probe.mark(label + "_start")
        try:
            return original(*args, **kwargs)
        finally:
            probe.mark(label + "_end")

    setattr(owner, name, timed)


def worker(mode: str, batch: str | None) -> None:
    probe = _run_floor() if mode == "floor" else _run_app(mode, batch)
    import json
    import os

    result = {k: v for k, v in probe.marks.items() if not k.endswith("_seen")}
    result.update(start=_T0, start_cpu=_T0_CPU)
    result["modules"] = probe.modules  # type: ignore[assignment]
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()
    os._exit(0)  # skip teardown: it is not part of start-up


# --- parent --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    import argparse
    import os
    import shutil
    import statistics
    import tempfile
    from pathlib import Path

    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--batch", default=str(here.parent / "sample_batches" / "consumer-tasks"))
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.repeats = 1
    if not Path(args.batch).exists():  # the app would show an error dialog and wait
        parser.error(f"no batch at {args.batch}")
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as scratch:
        template = Path(scratch) / "template"
        _make_home(template)
        samples: dict[str, list[dict[str, object]]] = {mode: [] for mode in MODES}
        for run in range(-1, args.repeats):  # run -1 warms the OS cache and writes .pyc
            for mode in MODES:  # interleaved, so a load spike hits every mode alike
                home = Path(scratch) / f"home-{run}-{mode}"
                shutil.copytree(template, home)
                result = _spawn(mode, args.batch, home)
                if run >= 0:
                    samples[mode].append(result)
        _report(samples, statistics.median, os.getloadavg()[0], args.repeats)
    return 0


def _env(home: object) -> dict[str, str]:
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RATER_DESKTOP_HOME=str(home),
               RATER_DESKTOP_PASSPHRASE="bench-passphrase")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    # An installed app has its bytecode compiled; let the warm-up run write it.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _make_home(home: object) -> None:
    """A home with profile ``bench`` (key file) and its ratings database already made."""
    import subprocess

    home_env = _env(home)
    subprocess.run([sys.executable, "-m", "rater_desktop", "profile", "create", "--rater-id",
                    "bench", "--name", "Bench", "--key-file"], env=home_env, check=True,
                   stdout=subprocess.DEVNULL)
    code = ("from rater_desktop.storage import open_profile_store\n"
            "open_profile_store('bench').close()\n")
    subprocess.run([sys.executable, "-c", code], env=home_env, check=True)


def _spawn(mode: str, batch: str, home: object) -> dict[str, object]:
    import json
    import subprocess

    started = time.time()
    done = subprocess.run([sys.executable, __file__, "--worker", mode, batch], env=_env(home),
                          capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"worker {mode} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, object] = json.loads(lines[-1])
    for key in [k for k in result if not k.endswith("_cpu") and k != "modules"]:
        if key + "_cpu" in result:
            result[key] = (float(result[key]) - started) * 1000  # type: ignore[arg-type]
            result[key + "_cpu"] = float(result[key + "_cpu"]) * 1000  # type: ignore[arg-type]
    return result


TIMELINE = (("start", "worker script starts (interpreter + site)"),
            ("qapplication", "QApplication created"),
            ("gui_imported", "rater_desktop.cli + gui imported"),
            ("show_start", "MainWindow built, show() called"),
            ("show_end", "show() returned"),
            ("attach_start", "rating attach starts (zero-timer)"),
            ("attach_end", "rating attach ends (profile, DB, step panel)"),
            ("batch_open_start", "batch open starts (zero-timer)"),
            ("batch_open_end", "batch open ends (first item shown)"),
            ("first_paint", "first paint of the main window done"),
            ("interactive", "paint with item + rating panel done"))


def _report(samples: dict[str, list[dict[str, object]]], median: object, load: float,
            repeats: int) -> None:
    from collections.abc import Callable

    assert callable(median)
    med: Callable[[list[float]], float] = median

    def value(mode: str, key: str) -> float:
        found = [float(s[key]) for s in samples[mode] if key in s]  # type: ignore[arg-type]
        return med(found) if found else float("nan")

    rows = [("(a) floor: bare QMainWindow, first paint", "floor", "first_paint"),
            ("(b) app: `rater-desktop` to first paint", "app_paint", "first_paint"),
            ("(c) app: to interactive (item + rating)", "interactive", "interactive")]
    print(f"Start-up, median of {repeats} fresh processes (offscreen), load avg {load:.1f}")
    print("| metric | wall ms | CPU ms |")
    print("|---|---:|---:|")
    for label, mode, key in rows:
        print(f"| {label} | {value(mode, key):.0f} | {value(mode, key + '_cpu'):.0f} |")
    floor, floor_cpu = value("floor", "first_paint"), value("floor", "first_paint_cpu")
    for label, mode, key in (("b/a", "app_paint", "first_paint"),
                             ("c/a", "interactive", "interactive")):
        print(f"| ratio {label} | {value(mode, key) / floor:.2f}x | "
              f"{value(mode, key + '_cpu') / floor_cpu:.2f}x |")
    print("\nTimeline since spawn, medians (ms wall / CPU):")
    print("| event | (b) first paint run | (c) interactive run |")
    print("|---|---:|---:|")
    for key, label in TIMELINE:
        cells = [f"{value(m, key):.0f} / {value(m, key + '_cpu'):.0f}"
                 if value(m, key) == value(m, key) else "-" for m in ("app_paint", "interactive")]
        print(f"| {label} | {cells[0]} | {cells[1]} |")
    for mode in MODES:
        seen = sorted({m for s in samples[mode] for m in s["modules"]})  # type: ignore[attr-defined]
        print(f"heavy modules loaded at first paint ({mode}): {', '.join(seen) or 'none'}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    raise SystemExit(main())
