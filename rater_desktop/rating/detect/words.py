"""Word counting (linear: one regex pass without nested repetition)."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")


def word_count(text: str) -> int:
    """Words in ``text``: runs of letters/digits (contractions and hyphenations are one)."""
    return sum(1 for _ in _WORD.finditer(text))


def words(text: str) -> list[str]:
    return _WORD.findall(text)
