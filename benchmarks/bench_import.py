"""Import speed and memory: 100,000 generic pairs vs json-parsing the same input alone.

    python benchmarks/bench_import.py [--items 100000]

Floor: read the JSONL file and json.loads every line (what any importer must do). The
import reads, maps, writes items.jsonl and batch.json, then validates the batch (index
scan and every item parsed). Peak RSS is sampled for inputs of N/4 and N items to show
memory stays flat in the input size.
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
if sys.argv[4] == "skip-check":
    import rater_desktop.batch_import.writer as writer
    writer.parse_item = lambda *a, **k: None  # measures the import without the item check
    writer.TextItemLines = lambda *a, **k: lambda item: None  # (and without its fast path)
started = time.perf_counter()
report = import_batch(ImportRequest(kind="pairs", source=Path(sys.argv[2]), output=Path(sys.argv[3]),
                                    batch_id="bench", title="bench"))
took = time.perf_counter() - started
assert report.ok, report.validation[:3]
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, report.items)
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


def floor(path: Path) -> float:
    started = time.perf_counter()
    with path.open("rb") as handle:
        for line in handle:
            json.loads(line)
    return time.perf_counter() - started


def run_child(source: Path, out: Path, mode: str = "check") -> tuple[float, int]:
    result = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(source), str(out), mode],
                            capture_output=True, text=True, check=True)  # fmt: skip
    took, rss, _ = result.stdout.split()
    return float(took), int(rss)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small, large = work / "small.jsonl", work / "large.jsonl"
        make_input(small, args.items // 4)
        make_input(large, args.items)
        floors = sorted(floor(large) for _ in range(3))
        took_small, rss_small = run_child(small, work / "out-small")
        took_large, rss_large = run_child(large, work / "out-large")
        took_bare, _ = run_child(large, work / "out-bare", "skip-check")
        size = large.stat().st_size / 2**20
        print(f"input: {args.items:,} pairs, {size:.0f} MiB")
        print(f"floor (json.loads every line): {floors[1]:.2f} s")
        print(f"import incl. validation: {took_large:.2f} s = {took_large / floors[1]:.2f}x the floor")
        print(f"import without the loader's item check: {took_bare:.2f} s = "
              f"{took_bare / floors[1]:.2f}x the floor")  # fmt: skip
        print(f"peak RSS: {rss_small / 1024:.0f} MiB for {args.items // 4:,} pairs, "
              f"{rss_large / 1024:.0f} MiB for {args.items:,} pairs")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
