"""Export + sign time for a synthetic 5,000-item results document, against a floor.

Floor: ``json.dumps`` of the same data (same options) plus one SSHSIG signature, in memory.
Export: build the document (normalization), canonical serialization, signature, atomic
write of both files with fsync. Run: ``python benchmarks/bench_export.py [--items N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import Claim, ClaimRating, ItemRating, ItemStatus
from rater_desktop.results.document import (
    SIGNATURE_NAMESPACE,
    BatchMeta,
    ItemRecord,
    RaterInfo,
    build_results_document,
)
from rater_desktop.results.export import export_results
from rater_desktop.signing import keys, sshsig


def _rating(item_id: str, n: int) -> dict[str, Any]:
    rating = ItemRating(item_id=item_id, status=ItemStatus.COMPLETE, verdict=Verdict.A_BETTER)
    rating.case_file.main_goal = f"Goal of item {n}: find the best option under budget"
    for side in rating.responses:
        side.tc, side.fa, side.aip = 4, 3, 4
        side.tc_justification = "The response met the main goal and most constraints. " * 3
        for c in range(4):
            side.claims.append(
                Claim(id=f"c{c}", start=c * 40, end=c * 40 + 30, text=f"claim text {c} " * 3,
                      objective=True, rating=ClaimRating.ACCURATE,
                      sources=[f"https://example.org/source/{n}/{c}"], justification="checked")
            )  # fmt: skip
    rating.verdict_justification = "A is better because it is correct and complete. " * 4
    rating.timing.active_seconds = 100.0 + n / 7
    rating.timing.step_seconds = {"case_file": 10.5 + n / 13, "claims": 40.25}
    return rating.to_dict()


def synthetic_records(count: int) -> list[ItemRecord]:
    return [
        ItemRecord(
            item_id=f"item-{n:05d}",
            identities={"A": "agent-x", "B": "agent-y"},
            display_order=("B", "A") if n % 2 else ("A", "B"),
            rating=_rating(f"item-{n:05d}", n),
            rule_results=[
                {
                    "rule_id": f"R-{r}",
                    "severity": "warn",
                    "passed": r % 3 != 0,
                    "message": "m",
                    "field": "responses.0.tc",
                    "side": 0,
                    "acknowledged": False,
                    "reason": "",
                }
                for r in range(20)
            ],
            status="complete",
            timing={"active_seconds": 100.0 + n / 7},
            kind="standard",
        )  # fmt: skip
        for n in range(count)
    ]


def _best_of(runs: int, action: Any) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) if runs < 3 else statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.items, args.runs = 50, 1
    key = keys.generate_private_key()
    rater = RaterInfo("bench", "Bench", keys.openssh_public_key(key.public_key()),
                      keys.fingerprint(key.public_key()))  # fmt: skip
    batch = BatchMeta(batch_id="bench", sha256="0" * 64, title="Benchmark")
    records = synthetic_records(args.items)
    now = datetime.now(UTC)
    plain = build_results_document(batch=batch, rater=rater, items=records, exported_at=now)

    def floor() -> None:
        text = json.dumps(plain, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False)  # fmt: skip
        sshsig.sign(text.encode("utf-8"), private_key=key, namespace=SIGNATURE_NAMESPACE)

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "bench"

        def export() -> None:
            document = build_results_document(
                batch=batch, rater=rater, items=records, exported_at=now
            )
            export_results(out_path=out, document=document, private_key=key)

        floor_s = _best_of(args.runs, floor)
        export_s = _best_of(args.runs, export)
        size = (Path(folder) / "bench.results.json").stat().st_size
    print(f"items: {args.items}, results file: {size / 1e6:.1f} MB")
    print(f"floor (json.dumps + one signature): {floor_s * 1000:.0f} ms")
    print(f"export (build + canonical JSON + sign + atomic write): {export_s * 1000:.0f} ms")
    print(f"ratio export/floor: {export_s / floor_s:.2f}")


if __name__ == "__main__":
    main()
