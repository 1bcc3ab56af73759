"""QA team store under load: R raters x N items of signed exports, imported by 4 concurrent
importers into PostgreSQL and into SQLite, then the QA report built from each store.

Exports are made with the project's own code (rating store -> ``collect_item_records`` ->
``build_results_document`` -> ``export_results``, signed with each rater's Ed25519 key) and
cached in ``benchmarks/out/qa-R-N`` so a rerun skips that step. The PostgreSQL server is a
throwaway cluster (tests/pgserver.py) unless ``--url`` names one (password from
RATER_DESKTOP_QA_PASSWORD). Rows:

  floor     one process reads, hashes and verifies every file (no store): what any import
            must do at least
  sqlite    4 importer processes into one SQLite file (each imports its quarter and one
            file of the next quarter: those come back as duplicates)
  postgres  the same into a fresh PostgreSQL database
  report    the HTML report built from each store (``--resamples`` bootstrap rounds)

Run: ``python benchmarks/bench_qa_postgres.py [--raters 50] [--items 2000]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT), str(ROOT.parent / "tests")]

NOW = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)
SEED = "bench-qa-seed"


def _rating(rater: int, number: int, item_id: str) -> dict[str, Any]:
    from rater_desktop.batch.model import verdict_from_score
    from rater_desktop.rating.model import ItemRating, ItemStatus

    rating = ItemRating(item_id=item_id, status=ItemStatus.COMPLETE)
    rating.case_file.main_goal = f"Goal of {item_id} as rater {rater} reads it"
    for side, response in enumerate(rating.responses):
        base = 1 + (number * 7 + side * 3 + rater) % 5
        response.tc, response.fa, response.aip = base, 1 + (base + rater) % 5, base
        response.tc_justification = f"Rater {rater} on side {side}: the main goal was met."
    rating.verdict = verdict_from_score((number + rater // 3) % 7 - 3)
    rating.verdict_justification = "The better response met more of the user's constraints."
    rating.timing.active_seconds = 40.0 + (number * 13 + rater * 7) % 200
    rating.timing.step_seconds = {"case_file": 10.0, "verdict": 20.0}
    return rating.to_dict()


def _make_exports(args: tuple[Path, Path, int, int]) -> list[Path]:
    """Exports of raters [first, last) (one worker process)."""
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.rating.rubric import Rubric
    from rater_desktop.rating.store import MemoryRatingStore
    from rater_desktop.results.collect import collect_item_records
    from rater_desktop.results.document import BatchMeta, RaterInfo, build_results_document
    from rater_desktop.results.export import export_results
    from rater_desktop.signing import keys

    batch_path, out, first, last = args
    made = []
    with open_batch(batch_path) as batch:
        items = [batch.item(e.item_id) for e in batch.index]
        rubric = Rubric.from_overrides(batch.manifest.rubric)
        meta = BatchMeta(batch_id=batch.manifest.batch_id, sha256=batch_sha256(batch_path),
                         title=batch.manifest.title, rubric=rubric.to_dict())  # fmt: skip
    for rater in range(first, last):
        rater_id = f"rater{rater:03d}"
        key = keys.generate_private_key()
        public = keys.openssh_public_key(key.public_key())
        (out / f"{rater_id}.pub").write_text(public + "\n", encoding="utf-8")
        store = MemoryRatingStore()
        for number, item in enumerate(items):
            store.save_item(meta.batch_id, item.id, _rating(rater, number, item.id))
        records, _ = collect_item_records(items=items, store=store, batch_key=meta.batch_id,
                                          rater_id=rater_id, display_seed=SEED, rubric=rubric,
                                          include_incomplete=False)  # fmt: skip
        info = RaterInfo(rater_id, f"Rater {rater}", public, keys.fingerprint(key.public_key()))
        document = build_results_document(batch=meta, rater=info, items=records, exported_at=NOW)
        made.append(export_results(out_path=out / rater_id, document=document,
                                   private_key=key).results_path)  # fmt: skip
    return made


def prepare(raters: int, items: int) -> tuple[Path, Path, list[Path]]:
    """The batch, the roster and every rater's signed export (cached)."""
    from make_large_batch import generate

    out = ROOT / "out" / f"qa-{raters}-{items}"
    batch_path = out / "batch"
    exports = sorted(out.glob("rater*.results.json"))
    if len(exports) == raters and (out / "allowed_signers").exists():
        return batch_path, out / "allowed_signers", exports
    out.mkdir(parents=True, exist_ok=True)
    if not (batch_path / "items.jsonl").exists():
        generate(items=items, screenshots=0, out=batch_path, as_zip=False)
    started = time.perf_counter()
    workers = max(1, min(os.cpu_count() or 1, 4))
    chunks = [(batch_path, out, r, min(r + 1, raters)) for r in range(raters)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        exports = sorted(p for made in pool.map(_make_exports, chunks) for p in made)
    roster = "".join(
        f"{p.stem.split('.')[0]} {p.read_text().strip()}\n" for p in sorted(out.glob("*.pub"))
    )
    (out / "allowed_signers").write_text(roster, encoding="utf-8")
    print(f"made {raters} signed exports of {items} items in {time.perf_counter() - started:.1f} s")
    return batch_path, out / "allowed_signers", exports


def _import_share(args: tuple[str, Path, Path, list[Path]]) -> dict[str, int]:
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    setting, batch_path, roster, files = args
    counts: dict[str, int] = {}
    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            session = QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            for outcome in session.import_results(files):
                counts[outcome.status.value] = counts.get(outcome.status.value, 0) + 1
    return counts


def import_concurrently(setting: str, batch: Path, roster: Path, files: list[Path],
                        importers: int) -> tuple[float, dict[str, int]]:  # fmt: skip
    shares = [files[i::importers] for i in range(importers)]
    shares = [s + shares[(i + 1) % importers][:1] for i, s in enumerate(shares)]  # overlap
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(importers) as pool:
        pool.map(_import_share, [(setting, batch, roster, [])] * importers)  # warm imports
        started = time.perf_counter()
        results = pool.map(_import_share, [(setting, batch, roster, s) for s in shares])
        seconds = time.perf_counter() - started
    total: dict[str, int] = {}
    for counts in results:
        for key, value in counts.items():
            total[key] = total.get(key, 0) + value
    return seconds, total


def floor(roster: Path, files: list[Path]) -> float:
    import hashlib

    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.results.verify import verify_results_bytes

    signers = Roster(roster).signers()
    started = time.perf_counter()
    for path in files:
        data = path.read_bytes()
        hashlib.sha256(data).hexdigest()
        signature = path.with_name(path.name + ".sig").read_bytes()
        assert verify_results_bytes(results=data, signature=signature,
                                    allowed_signers=signers).ok  # fmt: skip
    return time.perf_counter() - started


def report_seconds(
    setting: str, batch_path: Path, roster: Path, resamples: int
) -> tuple[float, float, str]:
    """The full report from a fresh session on the store, then the report again after one
    changed QA decision (the same session, as the QA window keeps it)."""
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.report import render_report
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            started = time.perf_counter()
            session = QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            html = render_report(session, resamples=resamples, now=NOW)
            full = time.perf_counter() - started
            item = batch.index[0].item_id
            current = session.adjudication(item)
            decision = "needs_fix" if current is None or current.decision.value == "accept" \
                else "accept"
            started = time.perf_counter()
            session.set_adjudication(item, decision=decision, note="benchmark")
            render_report(session, resamples=resamples, now=NOW)
            again = time.perf_counter() - started
            session.clear_adjudication(item)
            return full, again, html


def _report_memory(args: tuple[str, Path, Path, int]) -> tuple[int, int]:
    """(RSS before the report, peak RSS during it) in bytes, in a fresh process."""
    import resource

    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.report import render_report
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    setting, batch_path, roster, resamples = args
    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            session = QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            with open("/proc/self/statm") as statm:
                before = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            render_report(session, resamples=resamples, now=NOW)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return before, peak


def report_memory(setting: str, batch: Path, roster: Path, resamples: int) -> tuple[int, int]:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_report_memory, ((setting, batch, roster, resamples),))


def grouped_seconds(setting: str, batch_path: Path, roster: Path) -> tuple[float, Any]:
    """The SQL-grouped figures alone (counts, verdicts, wins, times): no document parsed."""
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            session = QaSession(store=store, roster=Roster(roster), batch=batch)
            started = time.perf_counter()
            figures = session.store_figures()
            return time.perf_counter() - started, figures


Row = tuple[str, float, str]


def _emit(rows: list[Row], label: str, seconds: float, note: str = "") -> None:
    """Record and print a row at once (a long run shows what it has measured so far)."""
    rows.append((label, seconds, note))
    print(f"| {label:<48} | {seconds:8.2f} s | {seconds / rows[0][1]:6.2f} x floor | {note}",
          flush=True)


def _measure(args: argparse.Namespace, batch: Path, roster: Path, files: list[Path],
             stores: dict[str, str]) -> None:  # fmt: skip
    rows: list[Row] = []
    _emit(rows, "floor: read + hash + verify, 1 process", floor(roster, files))
    for name, setting in stores.items():
        seconds, counts = import_concurrently(setting, batch, roster, files, args.importers)
        _emit(rows, f"import into {name}, {args.importers} importers", seconds, str(counts))
    grouped = {}
    for name, setting in stores.items():
        seconds, found = grouped_seconds(setting, batch, roster)
        grouped[name] = replace(found, file_ids=())  # ids follow the import order
        _emit(rows, f"grouped figures in SQL from {name}", seconds)
    reports = {}
    for name, setting in stores.items():
        seconds, again, reports[name] = report_seconds(setting, batch, roster, args.resamples)
        _emit(rows, f"report from {name} ({args.resamples} resamples)", seconds)
        _emit(rows, f"report from {name} after one changed decision", again)
    before, peak = report_memory(stores["sqlite"], batch, roster, args.resamples)
    largest = max(p.stat().st_size for p in files)
    print(f"report memory (sqlite, fresh process): RSS {before / 2**20:.0f} MiB before, peak "
          f"{peak / 2**20:.0f} MiB, +{(peak - before) / 2**20:.0f} MiB = "
          f"{(peak - before) / largest:.2f}x the largest export ({largest / 2**20:.1f} MiB); "
          f"HTML {len(reports['sqlite']) / 2**20:.1f} MiB")
    print(f"postgres / sqlite import: {rows[2][1] / rows[1][1]:.2f}; report: "
          f"{rows[7][1] / rows[5][1]:.2f}; reports identical: "
          f"{reports['sqlite'] == reports['postgres']}; grouped figures identical: "
          f"{grouped['sqlite'] == grouped['postgres']}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raters", type=int, default=50)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--importers", type=int, default=4)
    parser.add_argument("--resamples", type=int, default=100)
    parser.add_argument("--url", help="an existing PostgreSQL store URL (default: throwaway)")
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.raters, args.items, args.importers, args.resamples = 3, 20, 2, 5
    batch, roster, files = prepare(args.raters, args.items)
    server = None
    url = args.url
    if url is None:
        from pgserver import start_server

        server = start_server()
        url = server.url(server.create_database())
    sqlite_file = ROOT / "out" / f"qa-{args.raters}-{args.items}" / "bench-store.sqlite3"
    for leftover in sqlite_file.parent.glob("bench-store.sqlite3*"):
        leftover.unlink()
    print(f"{args.raters} raters x {args.items} items = {args.raters * args.items} judgments",
          flush=True)
    try:
        _measure(args, batch, roster, files, {"sqlite": str(sqlite_file), "postgres": url})
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
