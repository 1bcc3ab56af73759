"""Autosave cost on the calling thread and time until a save is durable.

Run: .venv/bin/python benchmarks/bench_autosave.py [--saves 5000] [--trials 40]

Compares ``ProfileStore.save_item`` with a floor of ``json.dumps`` of the same document (the
least work any snapshotting save must do), then measures how long a save takes to become
visible to a second connection (committed with synchronous=FULL, i.e. durable), and the cost
of a synchronous ``flush()``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rater_desktop.storage import open_profile_store
from rater_desktop.storage.store import encode_document


def rating_document(n: int) -> dict[str, Any]:
    """A document shaped like an item rating's to_dict(), about 3 KB."""
    return {
        "schema": 1,
        "item_id": f"item-{n % 50:03d}",
        "status": "in_progress",
        "current_step": ["read_task", "compare", "criteria", "verdict"][n % 4],
        "criteria": {
            side: {
                rule: {"met": n % 3 == 0, "note": f"observation {n} about {rule}"}
                for rule in ("CF-1", "CF-2", "TC-1", "TC-2", "FC-1", "AP-1", "FV-1", "SD-1")
            }
            for side in ("A", "B")
        },
        "verdict": {"score": (n % 7) - 3, "confidence": "medium"},
        "justification": ("Response A follows the page state more closely; " * 25)[:1200],
        "timings": {"opened_at": 1764489600.0 + n, "active_seconds": n * 0.7},
        "revision": n,
    }


def percentiles(samples_us: list[float]) -> str:
    ordered = sorted(samples_us)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    slow = sum(1 for sample in ordered if sample > 2000)
    return (
        f"p50 {p50:8.1f} us   p99 {p99:8.1f} us   max {ordered[-1]:9.1f} us   "
        f"over 2 ms: {slow}/{len(ordered)}"
    )


def time_calls(call: Callable[[int], object], count: int) -> list[float]:
    samples = []
    for n in range(count):
        started = time.perf_counter_ns()
        call(n)
        samples.append((time.perf_counter_ns() - started) / 1000)
    return samples


def time_to_durable(store: Any, path: Path, trials: int) -> list[float]:
    reader = sqlite3.connect(path)
    samples = []
    for trial in range(trials):
        marker = 1_000_000 + trial
        document = rating_document(trial) | {"revision": marker}
        store.save_item("bench", "durable-probe", document)
        started = time.perf_counter()
        needle = f'%"revision":{marker}%'
        while not reader.execute(
            "SELECT 1 FROM item_ratings WHERE item_id='durable-probe' AND document LIKE ?",
            (needle,),
        ).fetchone():
            time.sleep(0.001)
        samples.append((time.perf_counter() - started) * 1_000_000)
        time.sleep(0.05)
    reader.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=5000)
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--open-items", type=int, default=2000)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.saves, args.trials, args.open_items = 50, 2, 20
    documents = [rating_document(n) for n in range(200)]
    print(f"document size: {len(json.dumps(documents[0]))} bytes of JSON")

    with tempfile.TemporaryDirectory() as home:
        store = open_profile_store("bench", data_dir=Path(home))
        floor = time_calls(lambda n: encode_document(documents[n % 200]), args.saves)
        plain = time_calls(lambda n: json.dumps(documents[n % 200]), args.saves)
        saves = time_calls(
            lambda n: store.save_item("bench", f"item-{n % 50:03d}", documents[n % 200]),
            args.saves,
        )
        print(f"floor json.dumps (default)  : {percentiles(plain)}")
        print(f"floor json.dumps (as stored): {percentiles(floor)}")
        print(f"save_item (calling thread)  : {percentiles(saves)}")
        store.flush()

        durable = time_to_durable(store, store.path, args.trials)
        print(f"save -> durable (debounce {0.25:.2f} s): {percentiles(durable)}")

        def save_and_flush(n: int) -> None:
            store.save_item("bench", f"item-{n % 50:03d}", documents[n % 200])
            store.flush()

        flushes = time_calls(save_and_flush, args.trials)
        print(f"save_item + flush()         : {percentiles(flushes)}")
        store.close()
        print(f"open with {args.open_items} items: {time_open(Path(home), args.open_items)}")


def time_open(home: Path, items: int) -> str:
    """Cost of open_profile_store (health probe + quick_check) on a filled database."""
    with open_profile_store("bench-open", data_dir=home) as store:
        for n in range(items):
            store.save_item("bench", f"item-{n:05d}", rating_document(n))
        size = store.path.stat().st_size
    size = max(size, (home / "profiles" / "bench-open" / "ratings.sqlite3").stat().st_size)
    samples = []
    for _ in range(5):
        started = time.perf_counter()
        open_profile_store("bench-open", data_dir=home).close()
        samples.append((time.perf_counter() - started) * 1000)
    return f"{size / 1e6:.1f} MB, median {statistics.median(samples):.1f} ms (open + close)"


if __name__ == "__main__":
    main()
