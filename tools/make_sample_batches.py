"""Generate the sample batches under sample_batches/ (deterministic: same bytes each run).

Usage: python tools/make_sample_batches.py [--out DIR]
       [--only consumer|standardweb|assistantbench|preference|learning|run-audit]

Writes sample_batches/consumer-tasks, sample_batches/standardweb-runs,
sample_batches/assistantbench-qualification, sample_batches/preference-quick,
sample_batches/learning-preference and sample_batches/run-audit-sample.
sample_batches/broken is never touched.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import samples_assistantbench  # noqa: E402
import samples_consumer  # noqa: E402
import samples_learning  # noqa: E402
import samples_preference  # noqa: E402
import samples_run_audit  # noqa: E402
import samples_standardweb  # noqa: E402
from samples_common import reset_batch_dir, write_batch  # noqa: E402
from samples_instructions import instructions  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
Builder = Callable[[Path], list[dict[str, Any]]]
BATCHES: dict[str, tuple[str, dict[str, Any], Builder]] = {
    "consumer": ("consumer-tasks", samples_consumer.MANIFEST, samples_consumer.build),
    "standardweb": ("standardweb-runs", samples_standardweb.MANIFEST, samples_standardweb.build),
    "assistantbench": ("assistantbench-qualification", samples_assistantbench.MANIFEST,
                       samples_assistantbench.build),
    "preference": ("preference-quick", samples_preference.MANIFEST, samples_preference.build),
    "learning": ("learning-preference", samples_learning.MANIFEST, samples_learning.build),
    "run-audit": ("run-audit-sample", samples_run_audit.MANIFEST, samples_run_audit.build),
}


def make_batch(name: str, out: Path) -> Path:
    """Build one batch folder from scratch and return its path."""
    folder, manifest, build = BATCHES[name]
    root = out / folder
    if root.name == "broken":
        raise ValueError("refusing to touch sample_batches/broken")
    reset_batch_dir(root)
    items = build(root)
    write_batch(root, manifest=manifest, items=items, instructions=instructions(name))
    return root


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "sample_batches")
    parser.add_argument("--only", choices=sorted(BATCHES), action="append")
    args = parser.parse_args(argv)
    for name in args.only or list(BATCHES):
        root = make_batch(name, args.out)
        size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
        count = len(list(root.rglob("*.png")))
        print(f"{root}: {count} screenshots, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
