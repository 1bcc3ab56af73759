"""The evidence finder against a labelled set of claims, OCR time and package size.

Run: .venv/bin/python benchmarks/bench_evidence.py [--tiny] [--cache DIR] [--timed N]

The labelled set (benchmarks/evidence_labels.jsonl) holds claims from the sample batches
and from runs imported with `batch import` (tests/core/data/harness), each with the
screenshots or steps a careful rater cites ("cite": [] when nothing the response shows
supports it) and, for action claims, what the action check must say. Prints:

- top-1 / top-3 accuracy on supported claims, and the share with no correct suggestion
  (targets: top-1 >= 90 %);
- the confident-suggestion rate on unsupported claims (target <= 10 %);
- action checks right / all;
- OCR time per screenshot against decoding the same image alone (the floor), fresh
  (not from the cache), on ``--timed`` screenshots;
- the installed size the finder adds (ONNX Runtime, numpy, protobuf, flatbuffers, models).

``--tiny`` (CI): a few claims and one timed screenshot, no targets checked.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rater_desktop.batch.loader import Batch, open_batch  # noqa: E402
from rater_desktop.evidence.advice import advise  # noqa: E402
from rater_desktop.evidence.finder import Findings  # noqa: E402
from rater_desktop.evidence.ocr_engine import OcrEngine, availability, models_dir  # noqa: E402
from rater_desktop.evidence.scan import BatchOcr, OcrCache, decode_rgb, item_images  # noqa: E402
from rater_desktop.evidence.sources import response_sources  # noqa: E402
from rater_desktop.rating.model import ShownEvidence  # noqa: E402

LABELS = Path(__file__).resolve().parent / "evidence_labels.jsonl"
OUT = Path(__file__).resolve().parent / "out"
HARNESS = ROOT / "tests" / "core" / "data" / "harness"
DISTRIBUTIONS = ("onnxruntime", "numpy", "protobuf", "flatbuffers")
TINY_CLAIMS = 2


@dataclass
class Tally:
    supported: int = 0
    top1: int = 0
    top3: int = 0
    none_correct: int = 0
    unsupported: int = 0
    confident_unsupported: int = 0
    actions: int = 0
    actions_right: int = 0
    confident_top1_wrong: int = 0
    curve: list[tuple[float, bool]] = field(default_factory=list)  # (top score, right)
    advise_ms: list[float] = field(default_factory=list)  # matching one claim, window thread


def _matches(ref: ShownEvidence, cite: str) -> bool:
    kind, _, value = cite.partition(":")
    if kind == "step":
        return ref.step is not None and ref.step + 1 == int(value)
    return ref.step is None and ref.path == value


def _open(name: str, work: Path) -> Batch:
    if not name.startswith("import:"):
        return open_batch(ROOT / "sample_batches" / name)
    from rater_desktop.batch_import.run import ImportRequest, import_batch

    kind = name.split(":", 1)[1]
    out = work / kind
    if not out.exists():
        report = import_batch(ImportRequest(kind=kind, source=HARNESS / kind.replace("-", "_"),
                                            output=out, batch_id=f"bench-{kind}", title=kind))
        if not report.ok:
            raise SystemExit(f"import of {kind} failed: {report.skipped} {report.validation}")
    return open_batch(out)


def _evaluate(label: dict[str, Any], findings: Findings, tally: Tally) -> str:
    cites: list[str] = label["cite"]
    refs = [s.choice.ref for s in findings.suggestions]
    if not cites:
        tally.unsupported += 1
        confident = findings.confident is not None
        tally.confident_unsupported += confident
        if findings.suggestions:
            tally.curve.append((findings.suggestions[0].score, False))
        return "CONFIDENT ON UNSUPPORTED" if confident else "ok"
    tally.supported += 1
    if refs:
        tally.curve.append((findings.suggestions[0].score, any(_matches(refs[0], c) for c in cites)))
    first = bool(refs) and any(_matches(refs[0], c) for c in cites)
    three = any(_matches(r, c) for r in refs[:3] for c in cites)
    tally.top1 += first
    tally.top3 += three
    tally.none_correct += not three
    tally.confident_top1_wrong += (not first) and findings.confident is not None
    return "ok" if first else ("top-3 only" if three else "MISSED")


def _run_labels(labels: list[dict[str, Any]], cache: OcrCache, verbose: bool) -> Tally:
    tally = Tally()
    engine: list[OcrEngine] = []

    def make() -> OcrEngine:
        engine.append(OcrEngine(threads=1))
        return engine[0]

    with tempfile.TemporaryDirectory() as work:
        batches: dict[str, tuple[Batch, BatchOcr]] = {}
        for label in labels:
            if label["batch"] not in batches:
                batch = _open(label["batch"], Path(work))
                batches[label["batch"]] = (batch, BatchOcr(batch.read_bytes, cache, make))
            batch, ocr = batches[label["batch"]]
            item = batch.item(label["item"])
            ocr.add(item_images(item))
            ocr.run(threading.Event())
            sources = response_sources(item.responses[label["response"]], ocr.lookup)
            start = time.perf_counter()
            advice = advise(label["claim"], sources)
            tally.advise_ms.append((time.perf_counter() - start) * 1000)
            verdict = _evaluate(label, advice.findings, tally)
            if "action" in label:
                check = advice.action
                said = check.verdict.value if check else None
                tally.actions += 1
                tally.actions_right += said == label["action"]
                if said != label["action"]:
                    verdict += f"; action said {said}, label {label['action']}"
            if verbose and verdict != "ok":
                print(f"  {verdict}: {label['item']}[{label['response']}] {label['claim'][:70]!r}")
        for batch, _ocr in batches.values():
            batch.close()
    return tally


def _timed_ocr(count: int) -> tuple[float, float, float, int]:
    """Median seconds per screenshot: decode alone, decode + recognition (fresh), and the
    recognition's CPU time (which stays meaningful when other jobs share the cores)."""
    batch = open_batch(ROOT / "sample_batches" / "consumer-tasks")
    paths = [p for e in batch.index for p in item_images(batch.item(e.item_id))][:count]
    engine = OcrEngine(threads=1)
    decode: list[float] = []
    full: list[float] = []
    cpu: list[float] = []
    for path in paths:
        data = batch.read_bytes(path)
        start = time.perf_counter()
        rgb = decode_rgb(data, path)
        middle = time.perf_counter()
        cpu_start = time.process_time()
        engine.recognize(rgb)
        cpu.append(time.process_time() - cpu_start)
        end = time.perf_counter()
        decode.append(middle - start)
        full.append(end - start)
    batch.close()
    return statistics.median(decode), statistics.median(full), statistics.median(cpu), len(paths)


def _installed_mib() -> tuple[float, dict[str, float]]:
    sizes: dict[str, float] = {}
    for name in DISTRIBUTIONS:
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        total = 0
        for file in dist.files or []:
            path = Path(str(dist.locate_file(file)))
            if path.is_file() and "/tests/" not in str(file):
                total += path.stat().st_size
        sizes[name] = total / 2**20
    sizes["models"] = sum(p.stat().st_size for p in models_dir().glob("*.onnx")) / 2**20
    return sum(sizes.values()), sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="a few claims, one timed screenshot")
    parser.add_argument("--cache", type=Path, default=None, help="OCR cache folder (default: a fresh temp one in --tiny, benchmarks/out/ocr-cache otherwise)")
    parser.add_argument("--timed", type=int, default=8, help="screenshots timed fresh")
    parser.add_argument("--quiet", action="store_true", help="do not list the claims it got wrong")
    args = parser.parse_args()
    ready = availability()
    if not ready.ok:
        print(ready.message)
        return 1
    labels = [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.tiny:
        labels = labels[:TINY_CLAIMS]
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.cache or (Path(scratch) if args.tiny else OUT / "ocr-cache")
        start = time.perf_counter()
        tally = _run_labels(labels, OcrCache(folder), verbose=not args.quiet)
        elapsed = time.perf_counter() - start
    _report(tally, elapsed, args)
    return 0


def _report(tally: Tally, elapsed: float, args: argparse.Namespace) -> None:
    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:.0f}% ({a}/{b})" if b else "n/a"

    print(f"labelled claims: {tally.supported} supported, {tally.unsupported} unsupported ({elapsed:.1f} s)")
    print(f"top-1 on supported: {pct(tally.top1, tally.supported)}   target >= 90%")
    print(f"top-3 on supported: {pct(tally.top3, tally.supported)}")
    print(f"no correct suggestion: {pct(tally.none_correct, tally.supported)}")
    print(f"confident but wrong top-1 on supported: {pct(tally.confident_top1_wrong, tally.supported)}")
    print(f"confident on unsupported: {pct(tally.confident_unsupported, tally.unsupported)}   target <= 10%")
    print(f"action checks right: {pct(tally.actions_right, tally.actions)}")
    if tally.advise_ms:
        print(f"matching one claim (on the window's thread, cached after): median "
              f"{statistics.median(tally.advise_ms):.1f} ms, max {max(tally.advise_ms):.1f} ms")
    if not args.tiny:
        print("calibration: top-1 score >= t -> share right (count)")
        for t in (0.5, 0.6, 0.7, 0.8, 0.9):
            above = [right for score, right in tally.curve if score >= t]
            print(f"  t={t:.1f}: {pct(sum(above), len(above))}")
    decode, full, cpu, count = _timed_ocr(1 if args.tiny else args.timed)
    print(f"per screenshot (median of {count}, fresh, 1 thread): decode {decode * 1000:.0f} ms, "
          f"decode + OCR {full * 1000:.0f} ms = {full / decode:.0f}x the decode floor "
          f"(OCR CPU time {cpu * 1000:.0f} ms)")
    total, sizes = _installed_mib()
    parts = ", ".join(f"{k} {v:.1f}" for k, v in sizes.items())
    print(f"installed size added: {total:.1f} MiB ({parts})   target < 120 MiB")


if __name__ == "__main__":
    raise SystemExit(main())
