"""Import speed and memory: 100,000 generic pairs vs json-parsing the same input alone.

    python benchmarks/bench_import.py [--items 100000]

Floor: read the JSONL file and json.loads every line (what any importer must do). The
import reads, maps, checks every item with the loader's item check (its fast path for the
text-pair shape), writes items.jsonl and batch.json, then runs the final check (what
`validate` reports; items.jsonl read back whole). "Full path" turns the fast path off:
every item goes through parse_item and json.dumps, as items of other shapes do. Times
are wall clock and, less disturbed by other jobs on the machine, CPU time of the process.
Peak RSS is sampled for inputs of N/4 and N items to show memory stays flat.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import sys, time, resource
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from rater_desktop.batch_import.run import ImportRequest, import_batch
if sys.argv[4] == "full-path":
    import rater_desktop.batch_import.writer as writer
    writer.TextItemLines = lambda *a, **k: lambda item: None  # every item: parse_item, json.dumps
    writer.plain_pair_lines = lambda *a, **k: lambda *texts: None
started, cpu = time.perf_counter(), time.process_time()
report = import_batch(ImportRequest(kind="pairs", source=Path(sys.argv[2]), output=Path(sys.argv[3]),
                                    batch_id="bench", title="bench"))
took, cpu = time.perf_counter() - started, time.process_time() - cpu
assert report.ok and report.items == int(sys.argv[5]), report.validation[:3]
print(took, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def make_input(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for n in range(count):
            handle.write(json.dumps({
                "id": f"pair-{n}",
                "prompt": f"Question {n}: which of the two answers explains the water cycle better?",
                "response_a": "Water evaporates, condenses into clouds and falls as rain. " * 6,
                "response_b": "The sun heats the sea; vapour rises, cools and returns as rain. " * 6,
            }) + "\n")  # fmt: skip


def floor(path: Path) -> tuple[float, float]:
    """(wall, CPU) seconds to json.loads every line."""
    started, cpu = time.perf_counter(), time.process_time()
    with path.open("rb") as handle:
        for line in handle:
            json.loads(line)
    return time.perf_counter() - started, time.process_time() - cpu


def run_child(source: Path, out: Path, count: int, mode: str = "check") -> tuple[float, float, int]:
    """(wall, CPU) seconds of the import in a fresh process, and its peak RSS in KiB."""
    result = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(source), str(out), mode,
                             str(count)], capture_output=True, text=True, check=True)  # fmt: skip
    took, cpu, rss = result.stdout.split()
    return float(took), float(cpu), int(rss)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.items = 200
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small, large = work / "small.jsonl", work / "large.jsonl"
        make_input(small, args.items // 4)
        make_input(large, args.items)
        _, _, rss_small = run_child(small, work / "out-small", args.items // 4)
        # Floor and import take turns, so a change of load on the machine hits both.
        floors, runs = [], []
        for n in range(3):
            floors.append(floor(large))
            runs.append(run_child(large, work / f"out-{n}", args.items))
        floors.sort()
        runs.sort()
        wall_floor, cpu_floor = floors[1][0], sorted(f[1] for f in floors)[1]
        took, cpu, rss_large = runs[1][0], sorted(r[1] for r in runs)[1], runs[1][2]
        full_took, full_cpu, _ = run_child(large, work / "out-full", args.items, "full-path")
        size = large.stat().st_size / 2**20
        print(f"input: {args.items:,} pairs, {size:.0f} MiB (medians of 3 runs, taking turns)")
        print(f"floor (json.loads every line): {wall_floor:.2f} s wall, {cpu_floor:.2f} s CPU")
        print(f"import incl. item check and final check: {took:.2f} s = {took / wall_floor:.2f}x "
              f"wall, {cpu:.2f} s = {cpu / cpu_floor:.2f}x CPU")  # fmt: skip
        print(f"the same on the full path (parse_item, json.dumps): {full_took:.2f} s = "
              f"{full_took / wall_floor:.2f}x wall, {full_cpu / cpu_floor:.2f}x CPU")  # fmt: skip
        print(f"peak RSS: {rss_small / 1024:.0f} MiB for {args.items // 4:,} pairs, "
              f"{rss_large / 1024:.0f} MiB for {args.items:,} pairs")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
