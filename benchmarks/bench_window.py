"""Benchmark item switching in the real window on a large batch, against the floor of
decoding the item's thumbnails.

    python benchmarks/bench_window.py [--items 2000] [--screenshots 4] [--switches 200]
                                      [--batch PATH] [--seed 7] [--processes 1]

Without ``--batch`` a batch of ``--items`` x ``--screenshots`` is generated once (zip) into
benchmarks/out/ with make_large_batch.py. The worker (a fresh process, offscreen) builds
the window as the app does (``create_main_window`` with a temp QSettings, the rating
binding attached with a fresh profile database), opens the batch, and then selects
random items in the item list. Per switch:

- sync: ``select_item`` -> ``show_item`` -> rating ``open_item`` returns;
- displayed: then the event loop runs until idle (the dispatcher's ``aboutToBlock``), so
  layouts, deferred work and the paint pass are done;
- thumbnails: then until every thumbnail that is visible on screen has its image.

The floor is decoding screenshots at thumbnail size with ``decode_image`` on one thread
(read through the batch, as the loader does): the first item's screenshots, and per
switch the screenshots whose thumbnails were visible. A 5 ms QTimer records the longest
gap between its ticks: the longest time the UI thread could not react.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
TICK_MS = 5
WINDOW_SIZE = (1680, 1050)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- worker --------------------------------------------------------------------------


class StallMeter:
    """A 5 ms timer; the largest gap between ticks is the longest UI-thread stall."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.gaps: list[float] = []
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.gaps.clear()
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._tick()
        self._timer.stop()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append((now - self._last) * 1000)
        self._last = now


def run_until(condition: Any, timeout_s: float = 10.0) -> None:
    """Run the event loop until it is idle (about to block) and ``condition()`` holds."""
    from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QTimer

    loop = QEventLoop()
    dispatcher = QAbstractEventDispatcher.instance()
    assert dispatcher is not None

    def check() -> None:
        if condition():
            loop.quit()

    dispatcher.aboutToBlock.connect(check)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    loop.exec()
    dispatcher.aboutToBlock.disconnect(check)


def visible_thumbnails(window: Any) -> list[Any]:
    from rater_desktop.gui.thumbnails import ThumbnailButton

    return [t for t in window.item_view.findChildren(ThumbnailButton)
            if t.isVisible() and not t.visibleRegion().isEmpty() and t._path is not None]


def thumbnails_done(thumbs: list[Any]) -> bool:
    return all(t.is_loaded or t._error for t in thumbs)


def build_window(batch_path: str, home: Path) -> tuple[Any, Any, dict[str, float]]:
    """The window as the app builds it, with the rating binding, on ``batch_path``."""
    from PySide6.QtCore import QSettings

    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.storage import open_profile_store

    settings = QSettings(str(home / "settings.ini"), QSettings.Format.IniFormat)
    window = create_main_window(settings=settings)
    window.resize(*WINDOW_SIZE)
    window.show()
    store = open_profile_store("bench", data_dir=home / "data")
    binding = RatingBinding(window, store=store, rater_id="bench", close_store=store.close)
    window.setProperty("ratingBinding", binding)
    run_until(lambda: True)
    started = time.perf_counter()
    assert window.open_batch_path(batch_path), "the batch did not open"
    opened = time.perf_counter()
    run_until(lambda: thumbnails_done(visible_thumbnails(window)))
    shown = time.perf_counter()
    return window, binding, {"open_batch_ms": (opened - started) * 1000,
                             "first_item_thumbs_ms": (shown - started) * 1000}


def switch_once(window: Any, item_id: str) -> dict[str, Any]:
    t0 = time.perf_counter()
    assert window.item_list.select_item(item_id)
    t1 = time.perf_counter()
    run_until(lambda: True)
    t2 = time.perf_counter()
    thumbs = visible_thumbnails(window)
    run_until(lambda: thumbnails_done(thumbs))
    t3 = time.perf_counter()
    assert window.item is not None and window.item.id == item_id
    return {"sync": (t1 - t0) * 1000, "displayed": (t2 - t0) * 1000,
            "thumbs": (t3 - t0) * 1000, "paths": sorted({t._path for t in thumbs})}


def decode_floor(batch: Any, paths: list[str]) -> float:
    """Read and decode ``paths`` at thumbnail size, one after the other (ms)."""
    from rater_desktop.batch.images import decode_image
    from rater_desktop.gui.image_loader import THUMB_SIDE

    started = time.perf_counter()
    for path in paths:
        decode_image(batch.read_bytes(path), max_side=THUMB_SIDE, name=path)
    return (time.perf_counter() - started) * 1000


def worker(batch_path: str, switches: int, seed: int, profile_to: str | None) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    home = Path(tempfile.mkdtemp(prefix="bench-window-"))
    os.environ["RATER_DESKTOP_HOME"] = str(home)
    window, binding, result = build_window(batch_path, home)
    batch = window.batch
    ids = [entry.item_id for entry in batch.index]
    targets = random.Random(seed).sample(ids, min(switches, len(ids)))
    meter = StallMeter()
    profiler = _start_profiler(profile_to)
    meter.start()
    samples = [switch_once(window, item_id) for item_id in targets]
    meter.stop()
    _stop_profiler(profiler, profile_to)
    first = batch.item(ids[0])
    first_paths = [s.path for r in first.responses for s in r.screenshots]
    result.update(
        switches=len(samples),
        sync=[s["sync"] for s in samples], displayed=[s["displayed"] for s in samples],
        thumbs=[s["thumbs"] for s in samples],
        visible=[len(s["paths"]) for s in samples],
        floor_switch=[decode_floor(batch, s["paths"]) for s in samples],
        floor_first=[decode_floor(batch, first_paths) for _ in range(15)],
        first_count=len(first_paths), gaps=meter.gaps,
        cache_mb=window.loader.cache_size_bytes / 1e6,
    )
    binding.shutdown()
    app.processEvents()
    return result


def _start_profiler(path: str | None) -> Any:
    if not path:
        return None
    import cProfile

    profiler = cProfile.Profile()
    profiler.enable()
    return profiler


def _stop_profiler(profiler: Any, path: str | None) -> None:
    if profiler is not None and path:
        profiler.disable()
        profiler.dump_stats(path)


# --- parent --------------------------------------------------------------------------


def ensure_batch(items: int, screenshots: int) -> Path:
    path = OUT / f"bench-{items}x{screenshots}.zip"
    if not path.exists():
        sys.path.insert(0, str(HERE))
        from make_large_batch import generate

        OUT.mkdir(parents=True, exist_ok=True)
        print(f"generating {path} ...", flush=True)
        generate(items=items, screenshots=screenshots, out=path, as_zip=True)
    return path


def spawn(batch: Path, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, __file__, "--worker", str(batch), "--switches",
               str(args.switches), "--seed", str(seed)]
    if args.profile:
        command += ["--profile", args.profile]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1800)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"worker failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def report(runs: list[dict[str, Any]], batch: Path) -> None:
    def merged(key: str) -> list[float]:
        return [v for run in runs for v in run[key]]

    floor_first = statistics.median(merged("floor_first"))
    rows = [(f"floor: first item's {runs[0]['first_count']} thumbnails, decode",
             merged("floor_first")),
            ("floor: per switch, visible thumbnails, decode", merged("floor_switch")),
            ("switch: select -> show_item returns (sync)", merged("sync")),
            ("switch: -> displayed (event loop idle)", merged("displayed")),
            ("switch: -> visible thumbnails shown", merged("thumbs")),
            ("UI tick gap (5 ms timer) during switches", merged("gaps"))]
    switches = sum(run["switches"] for run in runs)
    print(f"{batch.name}: {switches} random switches in {len(runs)} process(es), "
          f"window {WINDOW_SIZE[0]}x{WINDOW_SIZE[1]} offscreen, "
          f"load avg {os.getloadavg()[0]:.1f}")
    print("| metric (ms) | p50 | p95 | max |")
    print("|---|---:|---:|---:|")
    for label, values in rows:
        print(f"| {label} | {_pct(values, 0.5):.1f} | {_pct(values, 0.95):.1f} | "
              f"{max(values):.1f} |")
    for label, key in (("displayed", "displayed"), ("thumbnails shown", "thumbs")):
        p50, p95 = _pct(merged(key), 0.5), _pct(merged(key), 0.95)
        print(f"ratio {label} / first-item floor: p50 {p50 / floor_first:.2f}x, "
              f"p95 {p95 / floor_first:.2f}x")
    visible = merged("visible")
    print(f"visible thumbnails per switch: median {statistics.median(visible):.0f}, "
          f"none visible in {sum(1 for v in visible if v == 0)} of {len(visible)}")
    print(f"longest UI stall: {max(merged('gaps')):.1f} ms; open batch in window "
          f"{statistics.median([r['open_batch_ms'] for r in runs]):.0f} ms, first item's "
          f"thumbnails {statistics.median([r['first_item_thumbs_ms'] for r in runs]):.0f} ms; "
          f"thumbnail cache {runs[-1]['cache_mb']:.0f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--screenshots", type=int, default=4)
    parser.add_argument("--switches", type=int, default=200)
    parser.add_argument("--processes", type=int, default=1, help="fresh processes to run")
    parser.add_argument("--batch", type=Path, help="an existing batch instead of generating")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", help="write cProfile stats of the switches here")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        result = worker(args.worker, args.switches, args.seed, args.profile)
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
        os._exit(0)
    batch = args.batch or ensure_batch(args.items, args.screenshots)
    runs = [spawn(batch, args, args.seed + k) for k in range(args.processes)]
    report(runs, batch)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
