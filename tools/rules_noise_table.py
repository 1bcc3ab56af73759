"""Recompute the rules corpus table (per-rule recall and noise) in docs/rules.md.

Run: .venv/bin/python tools/rules_noise_table.py [--write]
Without --write it prints the table and exits 1 when docs/rules.md is out of date;
tests/core/test_rules_noise.py runs the same check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "core"))

import rules_corpus_kit as kit  # noqa: E402

DOC = ROOT / "docs" / "rules.md"
BEGIN = "<!-- rules-corpus-table: begin (tools/rules_noise_table.py --write) -->"
END = "<!-- rules-corpus-table: end -->"


def current_section() -> str:
    rows, summary = kit.noise_table()
    return kit.markdown_table(rows, summary)


def documented_section(text: str) -> str:
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[start:end].strip("\n") + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="update docs/rules.md in place")
    args = parser.parse_args()
    table = current_section()
    text = DOC.read_text(encoding="utf-8")
    if args.write:
        start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
        DOC.write_text(text[:start] + "\n" + table + text[end:], encoding="utf-8")
        print(f"updated {DOC.relative_to(ROOT)}")
        return 0
    print(table)
    return 0 if documented_section(text) == table else 1


if __name__ == "__main__":
    raise SystemExit(main())
