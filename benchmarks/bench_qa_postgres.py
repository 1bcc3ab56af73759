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
            (and, for the throwaway cluster, the server's own CPU meanwhile: the importers'
            CPU holds SQLite's store work but not PostgreSQL's)
  report    the HTML report built from each store (``--resamples`` bootstrap rounds)

``--memory-only`` imports into SQLite alone (or reuses ``--store``, a SQLite store that
already holds these exports) and prints the report memory lines, nothing else.

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


def _import_share(args: tuple[str, Path, Path, list[Path]]) -> tuple[dict[str, int], float]:
    """(outcomes by status, this process's CPU seconds) of one importer."""
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    setting, batch_path, roster, files = args
    counts: dict[str, int] = {}
    cpu = time.process_time()
    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            session = QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            for outcome in session.import_results(files):
                counts[outcome.status.value] = counts.get(outcome.status.value, 0) + 1
    return counts, time.process_time() - cpu


def _warm_importer(ready: Any, share: tuple[str, Path, Path, list[Path]]) -> None:
    _import_share(share)
    ready.wait()


def import_concurrently(setting: str, batch: Path, roster: Path, files: list[Path],
                        importers: int) -> tuple[float, float, dict[str, int]]:  # fmt: skip
    """(wall seconds, CPU seconds of all importers, outcomes by status)."""
    shares = [files[i::importers] for i in range(importers)]
    shares = [s + shares[(i + 1) % importers][:1] for i, s in enumerate(shares)]  # overlap
    ctx = multiprocessing.get_context("spawn")
    # Every importer warms its imports before the clock starts (an initializer: a warm-up
    # map could hand two warm-ups to one worker and none to another), then all start at once.
    ready = ctx.Barrier(importers + 1)
    with ctx.Pool(importers, _warm_importer, (ready, (setting, batch, roster, []))) as pool:
        ready.wait()
        started = time.perf_counter()
        results = pool.map(_import_share, [(setting, batch, roster, s) for s in shares])
        seconds = time.perf_counter() - started
    total: dict[str, int] = {}
    for counts, _ in results:
        for key, value in counts.items():
            total[key] = total.get(key, 0) + value
    return seconds, sum(cpu for _, cpu in results), total


def floor(roster: Path, files: list[Path]) -> tuple[float, float]:
    """(wall, CPU) seconds to read, hash and verify every file in one process."""
    import hashlib

    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.results.verify import verify_results_bytes

    signers = Roster(roster).signers()
    started, cpu = time.perf_counter(), time.process_time()
    for path in files:
        data = path.read_bytes()
        hashlib.sha256(data).hexdigest()
        signature = path.with_name(path.name + ".sig").read_bytes()
        assert verify_results_bytes(results=data, signature=signature,
                                    allowed_signers=signers).ok  # fmt: skip
    return time.perf_counter() - started, time.process_time() - cpu


def _timed(work: Any) -> tuple[float, float, Any]:
    """(wall, CPU) seconds of ``work()`` in this process, and its value."""
    wall, cpu = time.perf_counter(), time.process_time()
    value = work()
    return time.perf_counter() - wall, time.process_time() - cpu, value


def report_seconds(
    setting: str, batch_path: Path, roster: Path, resamples: int, out: Path
) -> tuple[list[tuple[str, float, float]], str]:
    """The full report from a fresh session on the store, the report again after one
    changed QA decision (the same session, as the QA window keeps it), and the report
    written to a file as it is made from another fresh session (what ``qa report`` does):
    ([(row, wall, CPU)], the HTML)."""
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.report import render_report, write_html_report
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    def session_on(store: Any, batch: Any) -> QaSession:
        return QaSession(store=store, roster=Roster(roster), batch=batch, reviewer_id="bench",
                         clock=lambda: NOW)

    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            holder: list[QaSession] = []

            def first_report() -> str:
                holder.append(session_on(store, batch))  # made inside the clock, as before
                return render_report(holder[0], resamples=resamples, now=NOW)

            full, full_cpu, html = _timed(first_report)
            session, item = holder[0], batch.index[0].item_id
            current = session.adjudication(item)
            decision = "needs_fix" if current is None or current.decision.value == "accept" \
                else "accept"
            again, again_cpu, _ = _timed(lambda: (
                session.set_adjudication(item, decision=decision, note="benchmark"),
                render_report(session, resamples=resamples, now=NOW)))  # fmt: skip
            session.clear_adjudication(item)
            written, written_cpu, _ = _timed(lambda: write_html_report(
                session_on(store, batch), out, resamples=resamples, now=NOW, release=True))  # fmt: skip
    return [("", full, full_cpu), (" after one changed decision", again, again_cpu),
            (", written to a file as made", written, written_cpu)], html


def _warm() -> None:
    """What a process that imported (verified) the files has loaded before any report:
    the signature check (cryptography) and the batch's protocol's parts (its rules)."""
    import importlib

    from rater_desktop import protocols

    protocols.get(None)
    for name in ("rater_desktop.results.verify", "rater_desktop.results.identity",
                 "rater_desktop.signing.sshsig", "rater_desktop.signing.allowed_signers"):
        importlib.import_module(name)  # what verify_results_bytes imports when it runs


def _report_memory(args: tuple[str, Path, Path, int, Path | None, bool]
                   ) -> tuple[int, int, list[str]]:  # fmt: skip
    """(RSS before the report, peak RSS during it, the modules it imported) in bytes, in a
    fresh process: the report written to ``out`` as it is made, or (``out`` None) rendered
    as one text; ``warm``: the modules an import loads are loaded first (``_warm``)."""
    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.report import render_report, write_html_report
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    setting, batch_path, roster, resamples, out, warm = args
    if warm:
        _warm()
    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            session = QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            loaded = set(sys.modules)
            before, cpu = _rss(), time.process_time()
            if out is None:
                render_report(session, resamples=resamples, now=NOW)
            else:
                write_html_report(session, out, resamples=resamples, now=NOW, release=True)
            print(f"  (that report took {time.process_time() - cpu:.2f} s CPU, with what "
                  "it imported)", flush=True)  # fmt: skip
    return before, _peak_rss(), sorted(set(sys.modules) - loaded)


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _modules_memory(args: tuple[str, Path, Path, list[str]]) -> int:
    """RSS that importing ``modules`` adds in a fresh process with the same session: the
    part of a report's peak that is code loaded once, whatever the data (a QA window or
    ``qa report`` has most of it loaded before: it verified the files)."""
    import importlib

    from rater_desktop.batch.loader import open_batch
    from rater_desktop.qa_review.open_store import open_qa_store
    from rater_desktop.qa_review.roster import Roster
    from rater_desktop.qa_review.session import QaSession

    setting, batch_path, roster, modules = args
    with open_qa_store(setting, default=Path(setting), environ=os.environ) as store:
        with open_batch(batch_path) as batch:
            QaSession(store=store, roster=Roster(roster), batch=batch, clock=lambda: NOW)
            before = _rss()
            for name in modules:
                try:
                    importlib.import_module(name)
                except ImportError:  # a module made on the fly (none expected): skipped
                    continue
            return _rss() - before


def _peak_rss() -> int:
    """This process image's peak RSS in bytes: VmHWM, not ``ru_maxrss``, which a spawned
    child inherits from its parent (Linux keeps the larger across fork and exec: the
    benchmark's own process, after the in-process reports, showed through)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def report_memory(setting: str, batch: Path, roster: Path, resamples: int,
                  out: Path | None, warm: bool = False) -> tuple[int, int, int]:  # fmt: skip
    """(RSS before, peak RSS, RSS of the modules the report imported), each fresh."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        before, peak, modules = pool.apply(_report_memory,
                                           ((setting, batch, roster, resamples, out, warm),))
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        code = pool.apply(_modules_memory, ((setting, batch, roster, modules),))
    return before, peak, code


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


Row = tuple[str, float, float | None, str]


def _emit(rows: list[Row], label: str, seconds: float, cpu: float | None = None,
          note: str = "") -> None:  # fmt: skip
    """Record and print a row at once (a long run shows what it has measured so far):
    wall time and its ratio to the floor's wall time, CPU time (this process, or every
    importer process) and its ratio to the floor's CPU time."""
    rows.append((label, seconds, cpu, note))
    floor_wall, floor_cpu = rows[0][1], rows[0][2] or 1.0
    cpu_cells = "          |         " if cpu is None else f"{cpu:7.2f} s | {cpu / floor_cpu:5.2f} x"
    print(f"| {label:<52} | {seconds:8.2f} s | {seconds / floor_wall:5.2f} x | {cpu_cells} | {note}",
          flush=True)


def server_cpu(data_dir: Path | None) -> float | None:
    """CPU seconds so far of a local PostgreSQL cluster: the postmaster and its children,
    live (user + system) and reaped (their children's times), from /proc (Linux; None
    elsewhere or for ``--url``). The importers' own CPU leaves this out: a team store's
    work (COPY parsing, TOAST compression, WAL) is done here, SQLite's in the importer."""
    try:
        postmaster = int((data_dir / "postmaster.pid").read_text().split()[0]) if data_dir else 0
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # exited meanwhile
            if int(fields[1]) == postmaster or stat.parent.name == str(postmaster):
                total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        return total / ticks if postmaster else None
    except (OSError, ValueError, IndexError):
        return None


def _memory_line(label: str, before: int, peak: int, code: int, largest: int) -> str:
    data = peak - before - code
    return (f"{label}: RSS {before / 2**20:.0f} MiB before, peak {peak / 2**20:.0f} MiB, "
            f"+{(peak - before) / 2**20:.0f} MiB = {(peak - before) / largest:.2f}x the "
            f"largest export ({largest / 2**20:.1f} MiB); of which modules imported "
            f"{code / 2**20:.0f} MiB, the rest +{data / 2**20:.0f} MiB = "
            f"{data / largest:.2f}x")


def _measure(args: argparse.Namespace, batch: Path, roster: Path, files: list[Path],
             stores: dict[str, str], pg_data: Path | None = None) -> None:  # fmt: skip
    rows: list[Row] = []
    out = ROOT / "out" / f"qa-{args.raters}-{args.items}"
    print(f"| {'row':<52} | {'wall':>10} | / floor | {'CPU':>9} | / floor | note")
    _emit(rows, "floor: read + hash + verify, 1 process", *floor(roster, files))
    imports = {}
    for name, setting in stores.items():
        before = server_cpu(pg_data) if name == "postgres" else None
        seconds, cpu, counts = import_concurrently(setting, batch, roster, files, args.importers)
        imports[name] = seconds
        _emit(rows, f"import into {name}, {args.importers} importers", seconds, cpu, str(counts))
        time.sleep(0.5)  # the importers' server processes end and are reaped
        after = server_cpu(pg_data) if before is not None else None
        if before is not None and after is not None:
            _emit(rows, "  the PostgreSQL server's CPU meanwhile", seconds, after - before)
            _emit(rows, "  importers + server", seconds, cpu + after - before)
    if args.import_only:
        return
    grouped = {}
    for name, setting in stores.items():
        seconds, found = grouped_seconds(setting, batch, roster)
        grouped[name] = replace(found, file_ids=())  # ids follow the import order
        _emit(rows, f"grouped figures in SQL from {name}", seconds)
    reports, written = {}, {}
    for name, setting in stores.items():
        timed, reports[name] = report_seconds(setting, batch, roster, args.resamples,
                                              out / f"report-{name}.html")  # fmt: skip
        for suffix, seconds, cpu in timed:
            _emit(rows, f"report from {name}{suffix}", seconds, cpu)
        written[name] = (out / f"report-{name}.html").read_text(encoding="utf-8")
    largest = max(p.stat().st_size for p in files)
    for label, target in (("written to a file as made", out / "report-memory.html"),
                          ("rendered as one text", None)):
        before, peak, code = report_memory(stores["sqlite"], batch, roster, args.resamples,
                                           target)  # fmt: skip
        print(_memory_line(f"report memory (sqlite, fresh process, {label})", before, peak,
                           code, largest))  # fmt: skip
    print(f"HTML {len(reports['sqlite'].encode('utf-8')) / 2**20:.1f} MiB; postgres / sqlite "
          f"import: {imports['postgres'] / imports['sqlite']:.2f}; reports identical: "
          f"{reports['sqlite'] == reports['postgres'] == written['sqlite'] == written['postgres']}"
          f"; grouped figures identical: {grouped['sqlite'] == grouped['postgres']}")  # fmt: skip


def memory_only(args: argparse.Namespace, batch: Path, roster: Path, files: list[Path]) -> int:
    """The report memory lines alone, from a SQLite store (``--store`` kept, else fresh)."""
    store = args.store or ROOT / "out" / f"qa-{args.raters}-{args.items}" / "bench-store.sqlite3"
    if args.store is None or not store.exists():
        for leftover in store.parent.glob(f"{store.name}*"):
            leftover.unlink()
        import_concurrently(str(store), batch, roster, files, args.importers)
    largest = max(p.stat().st_size for p in files)
    out = store.parent / f"{store.stem}-report-memory.html"
    for warm, label in ((False, ""), (True, ", after what an import loads")):
        before, peak, code = report_memory(str(store), batch, roster, args.resamples, out, warm)
        print(_memory_line(f"report memory (sqlite, fresh process, written to a file as made"
                           f"{label})", before, peak, code, largest))  # fmt: skip
    import hashlib

    print(f"report SHA-256 {hashlib.sha256(out.read_bytes()).hexdigest()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raters", type=int, default=50)
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--importers", type=int, default=4)
    parser.add_argument("--resamples", type=int, default=100)
    parser.add_argument("--url", help="an existing PostgreSQL store URL (default: throwaway)")
    parser.add_argument("--import-only", action="store_true",
                        help="the floor and the import rows only (no report: minutes less)")
    parser.add_argument("--memory-only", action="store_true",
                        help="the report memory lines only, from SQLite (no floor, no "
                        "PostgreSQL, no report timing)")
    parser.add_argument("--store", type=Path,
                        help="with --memory-only: a SQLite store holding these exports, "
                        "reused (imported into first when it does not exist)")
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args(argv)
    if args.tiny:
        args.raters, args.items, args.importers, args.resamples = 3, 20, 2, 5
    batch, roster, files = prepare(args.raters, args.items)
    if args.memory_only:
        return memory_only(args, batch, roster, files)
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
        _measure(args, batch, roster, files, {"sqlite": str(sqlite_file), "postgres": url},
                 None if server is None else server.root / "data")
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
