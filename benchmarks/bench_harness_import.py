"""Agent-harness imports (computer-use, playwright-trace, mind2web, browsergym) vs their floor.

    python benchmarks/bench_harness_import.py [--tasks 300] [--kind KIND] [--tiny]

Input: the test fixtures (tests/core/data/harness/) copied into TASKS task folders (an
AgentLab study gets TASKS seeds). Floor, per kind: what any importer of those files must
do, in one pass: read every file, json.loads every JSON file and every line of a trace,
read every zip member, decode every screenshot (file, zip member or base64 in the JSON)
once with Pillow and write it to a file once (as any batch writer must). The import also
checks each item, writes the batch and runs the final check. Floor and import take turns
(medians of three); wall and CPU time of this process are reported as ratios.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "core" / "data" / "harness"
KINDS = {"computer-use": "computer_use", "playwright-trace": "playwright", "mind2web": "mind2web",
         "browsergym": "browsergym/study"}  # fmt: skip


def make_input(kind: str, target: Path, tasks: int) -> None:
    source = DATA / KINDS[kind]
    if kind == "browsergym":
        target.mkdir(parents=True)
        for n in range(tasks):
            for run in source.iterdir():  # names end in _on_TASK_SEED_HASH: vary the seed
                head, _, tail = run.name.rpartition("_64_")
                shutil.copytree(run, target / f"{head}_{n}_{tail}")
        return
    task = next(p for p in source.iterdir() if p.is_dir())
    for n in range(tasks):
        shutil.copytree(task, target / f"task-{n:05d}")


class _Sink:
    """Where the floor writes each screenshot once, as any batch writer must."""

    folder: Path | None = None
    count = 0


def _image(data: bytes) -> None:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        image.load()
    if _Sink.folder is not None:
        _Sink.count += 1
        (_Sink.folder / f"{_Sink.count:07d}.img").write_bytes(data)


def _embedded_images(value: object) -> None:
    """Decode every base64 screenshot a JSON value carries (transcripts, records)."""
    if isinstance(value, dict):
        for item in value.values():
            _embedded_images(item)
    elif isinstance(value, list):
        for item in value:
            _embedded_images(item)
    elif isinstance(value, str) and value.startswith(("data:image/", "iVBORw0K", "/9j/")):
        _image(base64.b64decode(value.split(",", 1)[-1]))


def floor(source: Path, sink: Path) -> tuple[float, float]:
    """(wall, CPU) seconds to read, parse and decode what the input holds, once, and to
    write each screenshot into ``sink``."""
    sink.mkdir()
    _Sink.folder, _Sink.count = sink, 0
    started, cpu = time.perf_counter(), time.process_time()
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix in (".pkl", ".gz"):
            continue
        data = path.read_bytes()
        if path.suffix == ".json":
            _embedded_images(json.loads(data))
        elif path.suffix in (".png", ".jpg", ".jpeg"):
            _image(data)
        elif path.suffix == ".zip":
            with zipfile.ZipFile(path) as archive:
                for name in archive.namelist():
                    member = archive.read(name)
                    if name.endswith("trace.trace"):
                        for line in member.splitlines():
                            json.loads(line)
                    elif name.endswith(".jpeg"):
                        _image(member)
    took = time.perf_counter() - started, time.process_time() - cpu
    shutil.rmtree(sink)
    return took


def run_import(kind: str, source: Path, out: Path, tasks: int) -> tuple[float, float]:
    from rater_desktop.batch_import.run import ImportRequest, import_batch

    started, cpu = time.perf_counter(), time.process_time()
    report = import_batch(ImportRequest(kind=kind, source=source, output=out, batch_id="bench", title="bench"))
    took, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert report.ok and report.items == tasks, (report.skipped[:3], report.validation[:3])
    shutil.rmtree(out)
    return took, cpu


def bench(kind: str, tasks: int, work: Path) -> str:
    source = work / kind
    make_input(kind, source, tasks)
    floors, imports = [], []
    for n in range(3):
        floors.append(floor(source, work / f"floor-{kind}-{n}"))
        imports.append(run_import(kind, source, work / f"out-{kind}-{n}", tasks))
    wall_floor, cpu_floor = sorted(f[0] for f in floors)[1], sorted(f[1] for f in floors)[1]
    wall, cpu = sorted(i[0] for i in imports)[1], sorted(i[1] for i in imports)[1]
    return (f"{kind:17s} {tasks:5d} items  floor {wall_floor:6.2f} s wall {cpu_floor:6.2f} s CPU  "
            f"import {wall:6.2f} s = {wall / wall_floor:5.2f}x wall, {cpu:6.2f} s = "
            f"{cpu / cpu_floor:5.2f}x CPU")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", type=int, default=300)
    parser.add_argument("--kind", choices=list(KINDS), action="append")
    parser.add_argument("--tiny", action="store_true", help="a few tasks per kind (seconds, for CI)")
    args = parser.parse_args()
    tasks = 5 if args.tiny else args.tasks
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.kind or list(KINDS):
            print(bench(kind, tasks, Path(tmp)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
