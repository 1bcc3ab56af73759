"""Ratings store start-up cost: import, open, first save (each trial in a fresh process).

Run: .venv/bin/python benchmarks/bench_store.py [--trials 9]

Each trial starts a new interpreter (so nothing is warm but the OS file cache) and measures
the steps a window goes through before a rating can be saved:

* ``import``: ``import rater_desktop.storage.profile`` (what the start-up preload pays);
* ``open new``: ``open_profile_store`` creating a fresh database (first run of a rater);
* ``first save``: ``save_item`` + ``flush()`` on that store, i.e. until the save is durable;
* ``open existing``: ``open_profile_store`` on the file just written (every later start);
* ``first load``: ``load_item`` of a saved item from the reopened store;
* ``save again``: ``save_item`` + ``flush()`` on the reopened store.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TRIAL = r"""
import json, sys, time
from pathlib import Path
data_dir = Path(sys.argv[1])
t0 = time.perf_counter()
import rater_desktop.storage.profile as profile
t1 = time.perf_counter()
store = profile.open_profile_store("bench", data_dir=data_dir, debounce_seconds=60)
t2 = time.perf_counter()
document = {"status": "in_progress", "current_step": "verdict", "notes": "x" * 2000}
store.save_item("batch", "item-1", document)
store.flush()
t3 = time.perf_counter()
store.close()
t4 = time.perf_counter()
store = profile.open_profile_store("bench", data_dir=data_dir, debounce_seconds=60)
t5 = time.perf_counter()
assert store.load_item("batch", "item-1") == document
t6 = time.perf_counter()
store.save_item("batch", "item-2", document)
store.flush()
t7 = time.perf_counter()
store.close()
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"sqlalchemy", "sqlmodel", "pydantic"})
print(json.dumps({"import": t1 - t0, "open new": t2 - t1, "first save": t3 - t2,
                  "close": t4 - t3, "open existing": t5 - t4, "first load": t6 - t5,
                  "save again": t7 - t6, "heavy_modules": len(heavy)}))
"""

STEPS = ("import", "open new", "first save", "close", "open existing", "first load",
         "save again")


def run_trial() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data_dir:
        out = subprocess.run([sys.executable, "-c", TRIAL, data_dir], capture_output=True,
                             text=True, check=True).stdout
    result: dict[str, float] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=9)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.trials = 1
    trials = [run_trial() for _ in range(args.trials)]
    print(f"{args.trials} trials, each in a fresh interpreter (ms)")
    for step in STEPS:
        values = sorted(trial[step] * 1000 for trial in trials)
        print(f"  {step:14s} median {statistics.median(values):7.1f}   "
              f"min {values[0]:7.1f}   max {values[-1]:7.1f}")
    print(f"  sqlalchemy/sqlmodel/pydantic modules loaded: {int(trials[0]['heavy_modules'])}")
    total = [sum(trial[s] for s in ("import", "open existing", "first load")) * 1000
             for trial in trials]
    print(f"  import + open existing + first load: median {statistics.median(total):.1f} ms")
    print(f"  (data folders: {Path(tempfile.gettempdir())}, removed after each trial)")


if __name__ == "__main__":
    main()
