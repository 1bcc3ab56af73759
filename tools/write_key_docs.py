"""Rewrite the README's key list from the key table (rater_desktop/keymap.py).

Run after changing a key: ``python tools/write_key_docs.py``. tests/core/test_keymap.py
fails while the README's list differs from the table.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rater_desktop.keymap import README_BEGIN, README_END, readme_block

README = Path(__file__).resolve().parents[1] / "README.md"


def rewrite(text: str) -> str:
    """``text`` with the block between the markers replaced by the table's key list."""
    start = text.index(README_BEGIN)
    end = text.index(README_END) + len(README_END)
    return text[:start] + readme_block() + text[end:]


def main() -> int:
    text = README.read_text(encoding="utf-8")
    if README_BEGIN not in text or README_END not in text:
        print(f"{README}: the key list markers are missing", file=sys.stderr)
        return 1
    README.write_text(rewrite(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
