"""Frozen app vs source start-up: time from spawn to "window painted and batch opened".

    python benchmarks/bench_frozen_startup.py [--repeats 7] [--bundle dist/rater-desktop]

Each run is a fresh process with ``QT_QPA_PLATFORM=offscreen`` and a fresh temp home:
- floor: a bare PySide6 QMainWindow that prints once it has painted;
- source: ``python -m rater_desktop open BATCH --smoke-test``;
- frozen: ``dist/rater-desktop/rater-desktop open BATCH --smoke-test``.
``--smoke-test`` paints the window, opens the batch, prints one line and quits; the time
is taken when that line arrives. Also prints the bundle's unpacked size.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BATCH = ROOT / "sample_batches" / "consumer-tasks"
FLOOR = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
class Probe(QObject):
    done = False
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not Probe.done:
            Probe.done = True
            QTimer.singleShot(0, lambda: (print("smoke test: window painted", flush=True), app.quit()))
        return False
probe = Probe()
app.installEventFilter(probe)
window.resize(1256, 706)
window.show()
app.exec()
"""


def _time_to_paint(argv: list[str]) -> float:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": home,
               "RATER_DESKTOP_HOME": str(Path(home) / "rd"), "XDG_DATA_HOME": home,
               "XDG_CONFIG_HOME": home, "XDG_CACHE_HOME": home}  # fmt: skip
        started = time.perf_counter()
        process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert process.stdout is not None
        for line in process.stdout:
            if b"smoke test: window painted" in line:
                took = time.perf_counter() - started
                break
        else:
            raise RuntimeError(f"{argv[0]} never reported its first paint")
        process.wait(timeout=60)
        return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "rater-desktop")
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): one repeat; "
                        "without a bundle only the floor and the source app run")
    args = parser.parse_args()
    if args.tiny:
        args.repeats = 1
    binary = args.bundle / "rater-desktop"
    if not binary.is_file() and not args.tiny:
        print(f"No frozen app at {args.bundle}; run `make package` first.", file=sys.stderr)
        return 2
    modes = {
        "floor (bare PySide6 window)": [sys.executable, "-c", FLOOR],
        "source --smoke-test": [sys.executable, "-m", "rater_desktop", "open", str(BATCH), "--smoke-test"],
    }  # fmt: skip
    if binary.is_file():
        modes["frozen --smoke-test"] = [str(binary), "open", str(BATCH), "--smoke-test"]
    for argv in modes.values():
        _time_to_paint(argv)  # warm the page cache once for every mode
    medians: dict[str, float] = {}
    for name, argv in modes.items():
        times = [_time_to_paint(argv) for _ in range(args.repeats)]
        medians[name] = statistics.median(times)
        print(f"{name:30s} median {medians[name] * 1000:7.0f} ms  "
              f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})")  # fmt: skip
    floor = medians["floor (bare PySide6 window)"]
    source = medians["source --smoke-test"]
    if not binary.is_file():
        print(f"source / floor {source / floor:.2f}x (no frozen app at {args.bundle})")
        return 0
    frozen = medians["frozen --smoke-test"]
    print(f"source / floor {source / floor:.2f}x, frozen / floor {frozen / floor:.2f}x, "
          f"frozen / source {frozen / source:.2f}x")  # fmt: skip
    files = (p for p in args.bundle.rglob("*") if p.is_file() and not p.is_symlink())
    size = sum(p.stat().st_size for p in files) / 2**20
    print(f"bundle: {size:.1f} MiB unpacked")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
