"""Durability under SIGKILL: every save acknowledged more than 1 s before the kill survives.

A child process saves a rising counter as fast as a rater never could and prints
"saved N <item> at T" after each save_item returns. The parent kills it with SIGKILL at
random moments (fixed seed), then checks the file's integrity and that nothing acknowledged
before ``kill_time - DURABILITY_WINDOW`` was lost. Lanes run in parallel to stay fast; each
lane reuses one database across rounds, so every round also reopens a killed database.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rater_desktop.storage import open_profile_store

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX-only")

DURABILITY_WINDOW = 1.0
ITEMS = 5
ROUNDS = 25
LANES = 4
SEED = 20261130
RATER = "killtest"

# One warm "zygote" per lane imports the store once and forks a fresh child per round, so a
# round costs milliseconds instead of a full interpreter start and the store's imports.
ZYGOTE = r"""
import os, random, sys, time
from pathlib import Path
from rater_desktop.storage import open_profile_store


def child(data_dir, seed, items, log):
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", buffering=1, closefd=False)
    rng = random.Random(seed)
    store = open_profile_store("killtest", data_dir=Path(data_dir), debounce_seconds=0.25)
    start = 0
    for i in range(items):
        doc = store.load_item("batch", f"item-{i}")
        if doc:
            start = max(start, doc["counter"])
    print(f"ready {start} at {time.time():.6f}", flush=True)
    notes = "x" * 2000
    n = start
    while True:
        n += 1
        item = f"item-{n % items}"
        store.save_item("batch", item, {"status": "in_progress", "current_step": n % 7,
                                        "counter": n, "notes": notes})
        store.save_batch_state("batch", {"current_item": item, "counter": n})
        print(f"saved {n} {item} at {time.time():.6f}", flush=True)
        time.sleep(rng.uniform(0.001, 0.005))


for line in sys.stdin:
    data_dir, seed, items, log = line.rstrip("\n").split("\t")
    pid = os.fork()
    if pid == 0:
        try:
            child(data_dir, int(seed), int(items), log)
        finally:
            os._exit(70)
    print(pid, flush=True)
    _, status = os.waitpid(pid, 0)
    print(f"killed-by {os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1}", flush=True)
"""


@dataclass
class LaneReport:
    rounds: int = 0
    owed_rounds: int = 0
    obligations: int = 0
    failures: list[str] = field(default_factory=list)


def _read_log(log: Path) -> tuple[bool, list[tuple[int, str, float]]]:
    ready = False
    acks: list[tuple[int, str, float]] = []
    for line in log.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if parts[:1] == ["ready"]:
            ready = True
        # A line cut short by the kill has fewer fields; it was never acknowledged.
        elif len(parts) == 5 and parts[0] == "saved" and parts[3] == "at":
            acks.append((int(parts[1]), parts[2], float(parts[4])))
    return ready, acks


def _wait_ready(log: Path, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and log.read_text(encoding="utf-8").startswith("ready"):
            return
        time.sleep(0.002)
    raise AssertionError(f"child never became ready: {log.read_text(encoding='utf-8')!r}")


def _stored_counters(db: Path) -> tuple[dict[str, int], int | None]:
    conn = sqlite3.connect(db)  # read-write: replays the WAL left by the kill
    try:
        integrity = conn.execute("PRAGMA integrity_check").fetchall()
        assert integrity == [("ok",)], f"{db}: {integrity}"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if "item_ratings" not in tables:
            return {}, None  # killed before the schema transaction committed
        items = {
            item_id: json.loads(doc)["counter"]
            for item_id, doc in conn.execute("SELECT item_id, document FROM item_ratings")
        }
        row = conn.execute("SELECT state FROM batch_state WHERE batch_key='batch'").fetchone()
        return items, (json.loads(row[0])["counter"] if row else None)
    finally:
        conn.close()


def _check_round(db: Path, acks: list[tuple[int, str, float]], kill_time: float) -> list[str]:
    items, state_counter = _stored_counters(db)
    problems: list[str] = []
    durable_by = kill_time - DURABILITY_WINDOW
    owed = [ack for ack in acks if ack[2] <= durable_by]
    for item in {item for _, item, _ in owed}:
        must_have = max(n for n, it, _ in owed if it == item)
        if items.get(item, 0) < must_have:
            problems.append(f"{item}: stored {items.get(item)} < acknowledged {must_have}")
    if owed and (state_counter or 0) < max(n for n, _, _ in owed):
        problems.append(f"batch state {state_counter} < acknowledged {owed[-1][0]}")
    newest = max((n for n, _, _ in acks), default=0)
    for item, counter in items.items():
        if acks and counter > newest + ITEMS:
            problems.append(f"{item}: stored {counter} was never attempted (newest {newest})")
    return problems


class Zygote:
    """A warm Python process that forks one store-writing child per round."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", ZYGOTE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def start_child(self, data_dir: Path, seed: int, log: Path) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{data_dir}\t{seed}\t{ITEMS}\t{log}\n")
        self.proc.stdin.flush()
        return int(self.proc.stdout.readline())

    def reap(self) -> int:
        assert self.proc.stdout is not None
        return int(self.proc.stdout.readline().split()[1])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def _run_round(
    zygote: Zygote, lane_dir: Path, rng: random.Random, index: int, report: LaneReport
) -> None:
    log = lane_dir / f"round-{index:02d}.log"
    pid = zygote.start_child(lane_dir, rng.randrange(1 << 30), log)
    try:
        if rng.random() < 0.15:
            time.sleep(rng.uniform(0.0, 0.05))  # sometimes kill while opening/creating
        else:
            _wait_ready(log)
            time.sleep(rng.uniform(0.0, 1.8))
        kill_time = time.time()
    finally:
        os.kill(pid, signal.SIGKILL)
    assert zygote.reap() == signal.SIGKILL, log.read_text(encoding="utf-8")[-2000:]
    _ready, acks = _read_log(log)
    report.rounds += 1
    owed = sum(1 for ack in acks if ack[2] <= kill_time - DURABILITY_WINDOW)
    report.obligations += owed
    report.owed_rounds += owed > 0
    report.failures += [f"round {index}: {p}" for p in _check_round(
        lane_dir / "profiles" / RATER / "ratings.sqlite3", acks, kill_time
    )]


def test_saves_older_than_one_second_survive_sigkill(tmp_path: Path) -> None:
    reports = [LaneReport() for _ in range(LANES)]
    errors: list[BaseException] = []

    def lane(number: int) -> None:
        rng = random.Random(SEED + number)
        lane_dir = tmp_path / f"lane{number}"
        lane_dir.mkdir()
        zygote = Zygote()
        try:
            for index in range(number, ROUNDS, LANES):
                _run_round(zygote, lane_dir, rng, index, reports[number])
        except BaseException as exc:  # surfaced in the main thread below
            errors.append(exc)
        finally:
            zygote.close()

    threads = [threading.Thread(target=lane, args=(n,)) for n in range(LANES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    assert sum(r.rounds for r in reports) == ROUNDS
    assert [f for r in reports for f in r.failures] == []
    # The test is only meaningful if many acknowledged saves were old enough to be owed.
    print(
        f"kill test: {ROUNDS} rounds, {sum(r.owed_rounds for r in reports)} with owed saves, "
        f"{sum(r.obligations for r in reports)} acknowledged saves older than the window"
    )
    assert sum(r.owed_rounds for r in reports) >= 6
    assert sum(r.obligations for r in reports) > 300

    # Finally the store itself reopens each killed database and serves the same documents.
    for number in range(LANES):
        lane_dir = tmp_path / f"lane{number}"
        items, _ = _stored_counters(lane_dir / "profiles" / RATER / "ratings.sqlite3")
        with open_profile_store(RATER, data_dir=lane_dir) as store:
            for item_id, counter in items.items():
                document = store.load_item("batch", item_id)
                assert document is not None and document["counter"] == counter
