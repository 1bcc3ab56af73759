"""Where a long word of batch text may wrap: a URL or code in a label must never widen
its pane (every line of the response would need sideways scrolling).

``soft_breaks`` adds zero-width spaces after URL punctuation and inside long unbroken
runs; short words are left alone, so ordinary text wraps exactly as before.
"""

from __future__ import annotations

import re

SOFT_BREAK = "\u200b"
BREAK_AFTER = frozenset("/?&=-_.,:;@#+|")
LONG_WORD = 16  # characters; a word this long may be a URL, a path or a code
LONGEST_RUN = 12  # characters between break chances inside a long word

_SPACES = re.compile(r"(\s+)")


def _break_word(word: str) -> str:
    out: list[str] = []
    run = 0
    for char in word:
        out.append(char)
        run += 1
        if char in BREAK_AFTER or run >= LONGEST_RUN:
            out.append(SOFT_BREAK)
            run = 0
    return "".join(out).rstrip(SOFT_BREAK)


def soft_breaks(text: str) -> str:
    """``text`` with zero-width spaces where its long words may wrap."""
    parts = _SPACES.split(text)
    return "".join(part if part.isspace() or len(part) < LONG_WORD else _break_word(part)
                   for part in parts)


def without_soft_breaks(text: str) -> str:
    """``text`` as the batch had it (for copying and reading aloud)."""
    return text.replace(SOFT_BREAK, "")
