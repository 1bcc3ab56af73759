"""Benchmark opening a large batch: floor vs open_batch, thumbnails, memory, hashing.

    python benchmarks/bench_open_batch.py [PATH ...] [--repeats 5]

Without PATH, a 10,000 x 4 batch is generated (once) into benchmarks/out/ as a zip and
a folder. Every measurement runs in a fresh subprocess, so no cache of an earlier run
(imports, zip directory, item cache, thumbnails) helps a later one; the OS page cache
stays warm, which is also what a rater re-opening a batch sees.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
Stats = dict[str, float]


def _rss_mb() -> float:
    """Current resident set size (Linux /proc; falls back to the peak elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return _maxrss_mb()


def _maxrss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak * 1024 / 1e6


def _limits() -> Any:
    from rater_desktop.batch.limits import DEFAULT_LIMITS

    return DEFAULT_LIMITS


# --- workers: each runs in its own process and returns named numbers -----------------


class Stopwatch:
    """Wall and CPU time of consecutive laps; CPU time is robust on a busy machine."""

    def __init__(self) -> None:
        self.stats: Stats = {}
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        self._start = (self._wall, self._cpu)

    def lap(self, name: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self.stats[name] = wall - self._wall
        self.stats[name + "_cpu"] = cpu - self._cpu
        self._wall, self._cpu = wall, cpu

    def total(self, name: str) -> Stats:
        self.stats[name] = self._wall - self._start[0]
        self.stats[name + "_cpu"] = self._cpu - self._start[1]
        return self.stats


def work_floor(path: Path) -> Stats:
    """The least any loader must do: list the zip, parse the manifest, index the items."""
    import io
    import zipfile

    from rater_desktop.batch.loader import MANIFEST_NAME, build_index
    from rater_desktop.batch.parse import decode_json, parse_manifest

    limits = _limits()
    watch = Stopwatch()
    archive = None if path.is_dir() else zipfile.ZipFile(path)
    if archive is not None:
        archive.infolist()
    watch.lap("floor_listing")
    raw = archive.read(MANIFEST_NAME) if archive else (path / MANIFEST_NAME).read_bytes()
    manifest = parse_manifest(decode_json(raw, file=MANIFEST_NAME), problems=_problems())
    assert manifest is not None
    watch.lap("floor_manifest")
    items = manifest.items_file
    handle: Any = io.BytesIO(archive.read(items)) if archive else (path / items).open("rb")
    watch.lap("floor_items_read")
    result = build_index(handle, file=items, limits=limits)
    watch.lap("floor_index")
    assert result.entries and not result.problems
    return watch.total("floor")


def _problems() -> Any:
    from rater_desktop.batch.errors import ProblemList

    return ProblemList()


def work_open(path: Path) -> Stats:
    """open_batch until the first item is parsed (what the rater waits for)."""
    from rater_desktop.batch.loader import open_batch

    watch = Stopwatch()
    batch = open_batch(path)
    watch.lap("open_batch")
    batch.item(batch.index[0].item_id)
    watch.lap("first_item")
    batch.close()
    return watch.total("open")


def work_stages(path: Path) -> Stats:
    """open_batch replayed stage by stage, to say where its time goes."""
    from rater_desktop.batch import loader
    from rater_desktop.batch.container import open_source

    limits = _limits()
    watch = Stopwatch()
    source = open_source(path, limits=limits)
    watch.lap("stage_source")
    manifest, _ = loader.read_manifest(source, limits)
    watch.lap("stage_manifest")
    handle, _ = loader._open_items_stream(source, manifest.items_file, limits)
    watch.lap("stage_items_stream")
    loader.build_index(handle, file=manifest.items_file, limits=limits)
    watch.lap("stage_index")
    handle.close()
    source.close()
    return watch.stats


def _screenshot_paths(item: Any) -> list[str]:
    return [shot.path for response in item.responses for shot in response.screenshots]


def _decode_all(loader: Any, paths: list[str], max_side: int = 240) -> None:
    futures = [loader.request(p, max_side=max_side) for p in paths]
    for future in futures:
        future.result()


def work_thumbs(path: Path) -> Stats:
    """Visible thumbnails of the first item (cold: Pillow not yet imported), then warm."""
    from rater_desktop.batch.images import ThumbnailLoader
    from rater_desktop.batch.loader import open_batch

    batch = open_batch(path)
    first = _screenshot_paths(batch.item(batch.index[0].item_id))[:4]
    second = _screenshot_paths(batch.item(batch.index[1].item_id))[:4]
    loader = ThumbnailLoader(read=batch.read_bytes)
    watch = Stopwatch()
    _decode_all(loader, first)
    watch.lap("thumbs_cold")
    _decode_all(loader, second)
    watch.lap("thumbs_warm")
    loader.shutdown()
    batch.close()
    return watch.stats


def work_reads(path: Path) -> Stats:
    """Per-file cost of Batch.read_bytes against a plain read of the same files."""
    import zipfile

    from rater_desktop.batch.loader import open_batch

    batch = open_batch(path)
    rng = random.Random(7)
    ids = [batch.index[rng.randrange(len(batch))].item_id for _ in range(100)]
    names = [p for item_id in ids for p in _screenshot_paths(batch.item(item_id))][:400]
    archive = None if path.is_dir() else zipfile.ZipFile(path)
    watch = Stopwatch()
    for name in names:
        batch.read_bytes(name)
    watch.lap("read_bytes")
    for name in names:
        archive.read(name) if archive else (path / name).read_bytes()
    watch.lap("plain_read")
    batch.close()
    return {key: value / len(names) for key, value in watch.stats.items()}


def _touch_items(batch: Any, rng: random.Random, count: int) -> None:
    for _ in range(count):
        batch.item(batch.index[rng.randrange(len(batch))].item_id)


def _memory_run(path: Path, *, traced: bool) -> Stats:
    """Open, touch 1,000 random items, decode 2,000 random thumbnails; RSS at checkpoints."""
    import PIL.Image  # noqa: F401  (the app has Pillow loaded too; keep it out of the delta)

    from rater_desktop.batch.images import ThumbnailLoader
    from rater_desktop.batch.loader import open_batch

    stats: Stats = {"mem_base_rss": _rss_mb()}
    rng = random.Random(42)
    if traced:
        tracemalloc.start()
    watch = Stopwatch()
    batch = open_batch(path)
    stats["mem_rss_open"] = _rss_mb()
    _touch_items(batch, rng, 1000)
    stats["mem_rss_items"] = _rss_mb()
    loader = ThumbnailLoader(read=batch.read_bytes)
    decoded = 0
    while decoded < 2000:
        # One random item's screenshots at a time, as paging through a batch would.
        paths = _screenshot_paths(batch.item(batch.index[rng.randrange(len(batch))].item_id))
        paths = paths[: 2000 - decoded]
        _decode_all(loader, paths)
        decoded += len(paths)
        if decoded % 500 == 0:
            stats[f"mem_rss_thumbs_{decoded}"] = _rss_mb()
    watch.lap("mem_seconds")
    if traced:
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        return {"mem_tracemalloc_peak": peak, "mem_traced_seconds": watch.stats["mem_seconds"]}
    stats.update(watch.stats)
    stats["mem_maxrss"] = _maxrss_mb()
    stats["mem_cache_used"] = loader.cache.used / 1e6
    stats["mem_cache_max"] = loader.cache.max_bytes / 1e6
    stats["mem_cache_entries"] = len(loader.cache)
    stats["mem_item_cache"] = len(getattr(batch, "_cache", ()))
    budget = getattr(batch.source, "budget", None)  # zip only: bytes charged so far
    if budget is not None:
        stats["mem_budget_used"] = budget.used / 1e6
    loader.shutdown()
    batch.close()
    return stats


def work_memory(path: Path) -> Stats:
    return _memory_run(path, traced=False)


def work_traced(path: Path) -> Stats:
    return _memory_run(path, traced=True)


def work_sha(path: Path) -> Stats:
    from rater_desktop.batch.hashing import batch_sha256

    watch = Stopwatch()
    batch_sha256(path)
    watch.lap("sha256")
    return watch.stats


WORKERS: dict[str, Callable[[Path], Stats]] = {
    "floor": work_floor, "open": work_open, "stages": work_stages, "thumbs": work_thumbs,
    "reads": work_reads, "memory": work_memory, "traced": work_traced, "sha": work_sha,
}


# --- driver: fresh subprocess per repeat, medians, table ------------------------------


def run_worker(kind: str, path: Path) -> Stats:
    env = {**os.environ, "RATER_DESKTOP_HOME": str(OUT / "home")}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", kind, str(path)],
        capture_output=True, text=True, env=env, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"worker {kind} failed on {path}:\n{done.stderr[-3000:]}")
    result: Stats = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(path: Path, *, repeats: int, memory: bool) -> Stats:
    """Median of every number over ``repeats`` fresh processes (memory runs once)."""
    plan = {"floor": repeats, "open": repeats, "stages": repeats, "thumbs": repeats,
            "reads": max(1, repeats // 2), "sha": max(1, repeats // 2)}
    if memory:
        plan.update(memory=1, traced=1)
    runs: dict[str, list[float]] = {}
    for kind, count in plan.items():
        for _ in range(count):
            for key, value in run_worker(kind, path).items():
                runs.setdefault(key, []).append(value)
        print(f"  {path.name}: {kind} x{count} done", file=sys.stderr)
    stats = {key: statistics.median(values) for key, values in runs.items()}
    stats["ratio_open_floor"] = stats["open"] / stats["floor"]
    stats["ratio_open_floor_cpu"] = stats["open_cpu"] / stats["floor_cpu"]
    stats["load_average"] = os.getloadavg()[0]
    stats["size_mb"] = _size_mb(path)
    return stats


def _size_mb(path: Path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


ROWS: list[tuple[str, str, str]] = [
    # (label, key, unit); "ms" cells show wall / CPU time when the CPU time was taken
    ("(a) floor: listing + manifest + index", "floor", "ms"),
    ("    zip central directory (infolist)", "floor_listing", "ms"),
    ("    manifest", "floor_manifest", "ms"),
    ("    items file read into memory", "floor_items_read", "ms"),
    ("    build_index", "floor_index", "ms"),
    ("(b) open_batch + first item", "open", "ms"),
    ("    open_batch", "open_batch", "ms"),
    ("    batch.item(first)", "first_item", "ms"),
    ("    stage: open_source (entry checks)", "stage_source", "ms"),
    ("    stage: read_manifest", "stage_manifest", "ms"),
    ("    stage: items stream (zip: spool)", "stage_items_stream", "ms"),
    ("    stage: build_index", "stage_index", "ms"),
    ("    ratio b/a, wall", "ratio_open_floor", "x"),
    ("    ratio b/a, CPU", "ratio_open_floor_cpu", "x"),
    ("(c) first item's 4 thumbnails, cold", "thumbs_cold", "ms"),
    ("    next item's 4 thumbnails, warm", "thumbs_warm", "ms"),
    ("    read_bytes, per screenshot", "read_bytes", "ms"),
    ("    plain read, per screenshot", "plain_read", "ms"),
    ("(d) RSS before open (imports)", "mem_base_rss", "MB"),
    ("    RSS after open_batch", "mem_rss_open", "MB"),
    ("    RSS after 1,000 items", "mem_rss_items", "MB"),
    ("    RSS after 500 thumbnails", "mem_rss_thumbs_500", "MB"),
    ("    RSS after 1,000 thumbnails", "mem_rss_thumbs_1000", "MB"),
    ("    RSS after 1,500 thumbnails", "mem_rss_thumbs_1500", "MB"),
    ("    RSS after 2,000 thumbnails", "mem_rss_thumbs_2000", "MB"),
    ("    peak RSS (ru_maxrss)", "mem_maxrss", "MB"),
    ("    tracemalloc peak (separate run)", "mem_tracemalloc_peak", "MB"),
    ("    thumbnail cache used / max", "mem_cache_used", "MB"),
    ("    thumbnail cache entries", "mem_cache_entries", "n"),
    ("    item cache entries", "mem_item_cache", "n"),
    ("    zip ByteBudget charged after (d)", "mem_budget_used", "MB"),
    ("    time for (d)", "mem_seconds", "s"),
    ("(e) batch_sha256", "sha256", "ms"),
    ("machine load average (1 min)", "load_average", "f"),
]


def _cell(stats: Stats, key: str, unit: str) -> str:
    if key not in stats:
        return "-"
    value = stats[key]
    if key == "mem_cache_used":
        return f"{value:.0f} / {stats['mem_cache_max']:.0f} MB"
    if unit in ("ms", "s"):
        scale, digits = (1000, 2 if value < 0.01 else 0) if unit == "ms" else (1, 1)
        cpu = stats.get(key + "_cpu")
        both = f"{value * scale:.{digits}f}"
        return both + (f" / {cpu * scale:.{digits}f} {unit}" if cpu is not None else f" {unit}")
    return {"MB": f"{value:.0f} MB", "x": f"{value:.2f}x", "n": f"{value:.0f}",
            "f": f"{value:.1f}"}[unit]


def render_table(results: dict[str, Stats]) -> str:
    labels = [f"{name} wall / CPU" for name in results]
    width = max(len(row[0]) for row in ROWS)
    cols = [max(len(label), 22) for label in labels]
    lines = ["| " + "metric".ljust(width) + " | "
             + " | ".join(lab.rjust(w) for lab, w in zip(labels, cols, strict=True)) + " |",
             "|" + "-" * (width + 2) + "|" + "|".join("-" * (w + 2) for w in cols) + "|"]
    for label, key, unit in ROWS:
        cells = [_cell(stats, key, unit).rjust(w) for stats, w in zip(results.values(), cols, strict=True)]
        lines.append("| " + label.ljust(width) + " | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def summary(name: str, s: Stats) -> str:
    text = (f"{name}: open->first item {s['open'] * 1000:.0f} ms wall / {s['open_cpu'] * 1000:.0f} ms CPU"
            f" = {s['ratio_open_floor']:.2f}x / {s['ratio_open_floor_cpu']:.2f}x the floor; "
            f"4 thumbs {s['thumbs_cold'] * 1000:.0f} ms cold, {s['thumbs_warm'] * 1000:.0f} ms warm")
    if "mem_maxrss" in s:
        text += (f"; peak RSS {s['mem_maxrss']:.0f} MB (+{s['mem_maxrss'] - s['mem_base_rss']:.0f}"
                 f" over imports; thumb cache {s['mem_cache_used']:.0f}/{s['mem_cache_max']:.0f} MB)")
    mb_per_s = s["size_mb"] / s["sha256"] if s["sha256"] else 0.0
    return text + f"; sha256 {s['sha256']:.2f} s ({mb_per_s:.0f} MB/s)"


def default_paths(items: int, screenshots: int) -> list[Path]:
    """Generate (once) a zip and a folder batch in benchmarks/out/."""
    sys.path.insert(0, str(HERE))
    from make_large_batch import generate

    paths = []
    for as_zip in (True, False):
        path = OUT / f"bench-{items}x{screenshots}{'.zip' if as_zip else ''}"
        if not path.exists():
            print(f"generating {path} ...", file=sys.stderr)
            OUT.mkdir(parents=True, exist_ok=True)
            generate(items=items, screenshots=screenshots, out=path, as_zip=as_zip)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("paths", nargs="*", type=Path, help="batch zips or folders")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--items", type=int, default=10_000, help="when generating")
    parser.add_argument("--screenshots", type=int, default=4, help="when generating")
    parser.add_argument("--no-memory", action="store_true", help="skip the slow (d) run")
    parser.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.items, args.screenshots, args.repeats, args.no_memory = 40, 1, 1, True
    if args.worker:
        print(json.dumps(WORKERS[args.worker](args.paths[0])))
        return 0
    paths = args.paths or default_paths(args.items, args.screenshots)
    results: dict[str, Stats] = {}
    for path in paths:
        kind = "folder" if path.is_dir() else "zip"
        name = f"{kind}"
        results[name] = measure(path, repeats=args.repeats, memory=not args.no_memory)
    print(render_table(results))
    for name, stats in results.items():
        print(summary(name, stats))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "last_results.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
