"""Benchmark the preference window's own overhead per judgment on a 2,000-item batch.

    python benchmarks/bench_preference.py [--items 2000] [--judgments 300] [--seed 5]
                                          [--processes 3]

A text-only batch of ``--items`` (make_large_batch.py's Markdown responses of 1-4 KB,
no screenshots) is generated once into benchmarks/out/ and declared a preference batch.
Each worker (a fresh process, offscreen) builds the window as the app does (both rating
bindings on a real profile database), opens the batch and judges ``--judgments`` items
in a row as a rater would with the keys: choose (1 / 2 / 3) and complete-and-next
(Ctrl+Enter). Per judgment:

- sync: choose + complete_and_next return (the choice and completion saved to the
  autosave queue, the next item switched to and rendered);
- displayed: then the event loop runs until idle (layouts and the paint pass done).

The floor, measured in the same process, is what any window must do per item: read and
parse the item's line and render both responses' Markdown to HTML. The target is a
displayed p95 under 100 ms; the ratio to the floor shows where the time goes.
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
TARGET_MS = 100.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ensure_batch(items: int) -> Path:
    path = OUT / f"bench-preference-{items}"
    if not (path / "batch.json").exists():
        sys.path.insert(0, str(HERE))
        from make_large_batch import generate

        OUT.mkdir(parents=True, exist_ok=True)
        print(f"generating {path} ...", flush=True)
        generate(items=items, screenshots=0, out=path, as_zip=False)
        manifest = json.loads((path / "batch.json").read_text(encoding="utf-8"))
        manifest.update(format_version="1.1", protocol="preference",
                        preference={"criteria": ["Answers the question", "Correct facts",
                                                 "Fitting tone", "Equal: Tie"]})
        (path / "batch.json").write_text(json.dumps(manifest), encoding="utf-8")
    return path


def worker(batch_path: str, judgments: int, seed: int) -> dict[str, Any]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(HERE))
    from bench_window import WINDOW_SIZE, run_until

    from rater_desktop.gui.app import create_main_window
    from rater_desktop.gui.preference.binding import PreferenceBinding
    from rater_desktop.gui.rating_binding import RatingBinding
    from rater_desktop.render_markdown import render_markdown
    from rater_desktop.storage import open_profile_store

    app = QApplication.instance() or QApplication([])
    home = Path(tempfile.mkdtemp(prefix="bench-pref-"))
    window = create_main_window(settings=QSettings(str(home / "s.ini"),
                                                   QSettings.Format.IniFormat))
    window.resize(*WINDOW_SIZE)
    window.show()
    store = open_profile_store("bench", data_dir=home / "data")
    RatingBinding(window, store=store, rater_id="bench", close_store=store.close)
    binding = PreferenceBinding(window, store=store, rater_id="bench",
                                ask_survey=lambda *_: None,
                                # offscreen clamps the window to a compact size: no question
                                ask_unseen=lambda *_: True)
    run_until(lambda: True)
    assert window.open_batch_path(batch_path)
    run_until(lambda: True)
    rng = random.Random(seed)
    start_at = rng.randrange(0, max(1, len(window.batch.index) - judgments))
    window.item_list.select_item(window.batch.index[start_at].item_id)
    run_until(lambda: True)
    sync, shown, shown_cpu, ids = [], [], [], []
    for _ in range(judgments):
        ids.append(window.item.id)
        c0, t0 = time.thread_time(), time.perf_counter()
        binding.choose(rng.choice(("A", "B", "tie")))
        assert binding.complete_and_next()
        t1 = time.perf_counter()
        run_until(lambda: True)
        c2, t2 = time.thread_time(), time.perf_counter()
        sync.append((t1 - t0) * 1000)
        shown.append((t2 - t0) * 1000)
        shown_cpu.append((c2 - c0) * 1000)
    floor, floor_cpu = [], []
    batch = window.batch
    for item_id in ids:
        c0, t0 = time.thread_time(), time.perf_counter()
        item = batch.item(item_id)
        for response in item.responses:
            render_markdown(response.text)
        floor.append((time.perf_counter() - t0) * 1000)
        floor_cpu.append((time.thread_time() - c0) * 1000)
    t0 = time.perf_counter()
    store.flush()
    flush_ms = (time.perf_counter() - t0) * 1000
    window.close()
    app.processEvents()
    return {"sync": sync, "displayed": shown, "floor": floor, "displayed_cpu": shown_cpu,
            "floor_cpu": floor_cpu, "final_flush_ms": flush_ms}


def spawn(batch: Path, args: argparse.Namespace, seed: int) -> dict[str, Any]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    command = [sys.executable, __file__, "--worker", str(batch), "--judgments",
               str(args.judgments), "--seed", str(seed)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1800)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"worker failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--judgments", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.items, args.judgments, args.processes = 30, 5, 1
    if args.worker:
        print(json.dumps(worker(args.worker, args.judgments, args.seed)))
        return 0
    batch = ensure_batch(args.items)
    runs = [spawn(batch, args, args.seed + n) for n in range(args.processes)]
    rows = {key: [v for run in runs for v in run[key]]
            for key in ("sync", "displayed", "floor", "displayed_cpu", "floor_cpu")}
    floor_median = statistics.median(rows["floor"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.processes} processes x {args.judgments} judgments on {args.items} items "
          f"(load average {load:.1f} on {os.cpu_count()} cores: wall times include waiting "
          "for a core; the *_cpu rows do not)")
    print(f"{'ms per judgment':<16}{'median':>9}{'p95':>9}{'max':>9}{'p95/floor':>11}")
    for key, values in rows.items():
        floor = statistics.median(rows["floor_cpu" if key.endswith("_cpu") else "floor"])
        print(f"{key:<16}{statistics.median(values):>9.1f}{_pct(values, 0.95):>9.1f}"
              f"{max(values):>9.1f}{_pct(values, 0.95) / floor:>11.1f}")
    p95, p95_cpu = _pct(rows["displayed"], 0.95), _pct(rows["displayed_cpu"], 0.95)
    for label, value in (("displayed p95 (wall)", p95), ("displayed p95 (CPU)", p95_cpu)):
        verdict = "under" if value < TARGET_MS else "OVER"
        print(f"{label}: {value:.1f} ms, {verdict} the {TARGET_MS:.0f} ms target")
    (OUT / "last_preference.json").write_text(json.dumps(
        {"p95_displayed_ms": p95, "p95_displayed_cpu_ms": p95_cpu, "load_average": load,
         "floor_median_ms": floor_median,
         "median_displayed_ms": statistics.median(rows["displayed"])}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
