"""Study plan speed: 100,000 items x 3 raters over 200 raters (plan, then every rater's batch).

    python benchmarks/bench_study_plan.py [--items 100000] [--raters 200]

Floor: reading every item line of the pool once (what writing the batches must do).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402

from rater_desktop.batch.loader import open_batch  # noqa: E402
from rater_desktop.batch_import.run import ImportRequest, import_batch  # noqa: E402
from rater_desktop.results.export import write_signed_json  # noqa: E402
from rater_desktop.study.files import PLAN_NAMESPACE, StudyOwner, pool_items, write_study  # noqa: E402
from rater_desktop.study.plan import make_plan  # noqa: E402


def make_pool(folder: Path, count: int) -> Path:
    source = folder / "pairs.jsonl"
    with source.open("w") as handle:
        for n in range(count):
            handle.write(json.dumps({"id": f"i{n}", "prompt": f"Question {n}?", "response_a": "A " * 40,
                                     "response_b": "B " * 40}) + "\n")  # fmt: skip
    pool = folder / "pool"
    assert import_batch(ImportRequest(kind="pairs", source=source, output=pool, batch_id="pool", title="p")).ok
    return pool


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--raters", type=int, default=200)
    parser.add_argument("--tiny", action="store_true",
                        help="a seconds-long run for CI (make benchmarks-tiny): tiny sizes, "
                        "no budget check")
    args = parser.parse_args()
    if args.tiny:
        args.items, args.raters = 60, 6
    key = Ed25519PrivateKey.generate()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        pool_path = make_pool(work, args.items)
        started = time.perf_counter()
        with open_batch(pool_path) as pool:
            for entry in pool.index:
                pool.raw_item(entry.item_id)
            items = pool_items(pool)
        floor = time.perf_counter() - started
        raters = [f"rater{i:03d}" for i in range(args.raters)]
        started = time.perf_counter()
        plan = make_plan(pool=items, raters=raters, raters_per_item=3, seed="bench")
        planned = time.perf_counter() - started
        owner = StudyOwner("owner", "Owner", "ssh-ed25519 AAAA", "SHA256:x")

        def sign(path: Path, document: dict) -> None:  # type: ignore[type-arg]
            write_signed_json(paths=(path, path.with_name(path.name + ".sig")), document=document,
                              private_key=key, namespace=PLAN_NAMESPACE)  # fmt: skip

        started = time.perf_counter()
        write_study(pool_path=pool_path, plan=plan, out_dir=work / "study", study_id="bench",
                    owner=owner, sign=sign, cost={}, settings={})  # fmt: skip
        written = time.perf_counter() - started
    print(f"{args.items:,} items x 3 raters over {args.raters} raters")
    print(f"floor (open the pool, read every item line): {floor:.2f} s")
    print(f"assignment: {planned:.2f} s; batches + signed plan: {written:.2f} s "
          f"({(planned + written) / floor:.1f}x the floor); total {planned + written:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
