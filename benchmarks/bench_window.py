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
        self._taken = 0
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.gaps.clear()
        self._taken = 0
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> None:
        self._tick()
        self._timer.stop()

    def take_max(self) -> float:
        """The longest gap since the last call (a gap still open counts up to now)."""
        self._tick()
        longest = max(self.gaps[self._taken:], default=0.0)
        self._taken = len(self.gaps)
        return longest

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


def switch_once(window: Any, move: Any, meter: StallMeter) -> dict[str, Any]:
    """Run ``move()`` (changes the current item) and time it until displayed."""
    before = window.item.id if window.item is not None else None
    c0, t0 = time.thread_time(), time.perf_counter()
    move()
    c1, t1 = time.thread_time(), time.perf_counter()
    run_until(lambda: True)
    c2, t2 = time.thread_time(), time.perf_counter()
    thumbs = visible_thumbnails(window)
    run_until(lambda: thumbnails_done(thumbs))
    t3 = time.perf_counter()
    assert window.item is not None and window.item.id != before, "the item did not change"
    return {"sync": (t1 - t0) * 1000, "displayed": (t2 - t0) * 1000,
            "stall": meter.take_max(), "sync_cpu": (c1 - c0) * 1000,
            "displayed_cpu": (c2 - c0) * 1000,
            "thumbs": (t3 - t0) * 1000, "paths": sorted({t._path for t in thumbs})}


def run_series(window: Any, moves: list[Any], batch: Any) -> dict[str, Any]:
    meter = StallMeter()
    meter.start()
    meter.take_max()
    samples = [switch_once(window, move, meter) for move in moves]
    meter.stop()
    series: dict[str, Any] = {key: [s[key] for s in samples] for key in (
        "sync", "displayed", "sync_cpu", "displayed_cpu", "thumbs", "stall")}
    series.update(visible=[len(s["paths"]) for s in samples], gaps=meter.gaps,
                  floor_switch=[decode_floor(batch, s["paths"]) for s in samples])
    return series


def decode_floor(batch: Any, paths: list[str], *, cpu: bool = False) -> float:
    """Read and decode ``paths`` at thumbnail size, one after the other (ms)."""
    from rater_desktop.batch.images import decode_image
    from rater_desktop.gui.image_loader import THUMB_SIDE

    clock = time.thread_time if cpu else time.perf_counter
    started = clock()
    for path in paths:
        decode_image(batch.read_bytes(path), max_side=THUMB_SIDE, name=path)
    return (clock() - started) * 1000


def worker(batch_path: str, switches: int, seed: int, profile_to: str | None) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    home = Path(tempfile.mkdtemp(prefix="bench-window-"))
    os.environ["RATER_DESKTOP_HOME"] = str(home)
    window, binding, timings = build_window(batch_path, home)
    result: dict[str, Any] = dict(timings)
    batch = window.batch
    ids = [entry.item_id for entry in batch.index]
    rng = random.Random(seed)
    targets = rng.sample(ids, min(switches, len(ids)))
    profiler = _start_profiler(profile_to)
    result["random"] = run_series(
        window, [lambda i=item_id: window.item_list.select_item(i) for item_id in targets], batch)
    _stop_profiler(profiler, profile_to)
    # "Next item" as a rater works: from a random place, one item forward at a time.
    window.item_list.select_item(ids[rng.randrange(max(1, len(ids) - switches - 1))])
    run_until(lambda: True)
    result["next"] = run_series(
        window, [lambda: window.item_list.step(1)] * min(switches, len(ids) - 1), batch)
    first = batch.item(ids[0])
    first_paths = [s.path for r in first.responses for s in r.screenshots]
    result.update(
        floor_first=[decode_floor(batch, first_paths) for _ in range(15)],
        floor_first_cpu=[decode_floor(batch, first_paths, cpu=True) for _ in range(15)],
        first_count=len(first_paths), cache_mb=window.loader.cache_size_bytes / 1e6,
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
    def merged(key: str, series: str | None = None) -> list[float]:
        return [v for run in runs for v in (run[series] if series else run)[key]]

    def cells(values: list[float]) -> str:
        return f"{_pct(values, 0.5):.1f} | {_pct(values, 0.95):.1f} | {max(values):.1f}"

    count = len(merged("sync", "random"))
    print(f"{batch.name}: {count} random switches and {len(merged('sync', 'next'))} next-item "
          f"steps in {len(runs)} process(es), window {WINDOW_SIZE[0]}x{WINDOW_SIZE[1]} "
          f"offscreen, load avg {os.getloadavg()[0]:.1f}")
    print("| metric (ms) | random p50 | p95 | max | next p50 | p95 | max |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| floor: first item's {runs[0]['first_count']} thumbnails, decode (wall) | "
          f"{cells(merged('floor_first'))} | | | |")
    print(f"| floor: the same, CPU time | {cells(merged('floor_first_cpu'))} | | | |")
    for label, key in (("floor: visible thumbnails of the item, decode", "floor_switch"),
                       ("switch: select -> show_item returns (sync)", "sync"),
                       ("switch: -> displayed (event loop idle)", "displayed"),
                       ("switch: -> visible thumbnails shown", "thumbs"),
                       ("UI-thread CPU: sync part", "sync_cpu"),
                       ("UI-thread CPU: to displayed", "displayed_cpu"),
                       ("longest UI stall per switch (5 ms timer)", "stall")):
        print(f"| {label} | {cells(merged(key, 'random'))} | {cells(merged(key, 'next'))} |")
    floors = {"wall": statistics.median(merged("floor_first")),
              "cpu": statistics.median(merged("floor_first_cpu"))}
    for series in ("random", "next"):
        ratios = []
        for label, key, floor in (("displayed", "displayed", "wall"),
                                  ("thumbnails shown", "thumbs", "wall"),
                                  ("UI CPU to displayed", "displayed_cpu", "cpu")):
            values = merged(key, series)
            ratios.append(f"{label} {_pct(values, 0.5) / floors[floor]:.2f}x / "
                          f"{_pct(values, 0.95) / floors[floor]:.2f}x")
        visible = merged("visible", series)
        gaps = merged("gaps", series)
        print(f"{series}: ratio to first-item floor p50/p95: {'; '.join(ratios)}; "
              f"visible thumbnails median {statistics.median(visible):.0f} (none in "
              f"{sum(1 for v in visible if v == 0)}); UI gaps > 50 ms: "
              f"{sum(1 for g in gaps if g > 50)}, > 100 ms: {sum(1 for g in gaps if g > 100)}, "
              f"longest {max(gaps):.0f} ms")
    print(f"open batch in window {statistics.median([r['open_batch_ms'] for r in runs]):.0f} ms,"
          f" first item's thumbnails {statistics.median([r['first_item_thumbs_ms'] for r in runs]):.0f}"
          f" ms; thumbnail cache at the end {runs[-1]['cache_mb']:.0f} MB")


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
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.items, args.screenshots, args.switches, args.processes = 20, 1, 5, 1
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
