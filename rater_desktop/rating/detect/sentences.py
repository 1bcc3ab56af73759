"""Sentence spans of a response's plain text, in one linear pass per line.

Every pattern here is free of nested or overlapping repetition and uses possessive
quantifiers, so a run of 200k "." or "!" costs the same as ordinary text.
"""

from __future__ import annotations

import re

_ABBREVIATIONS = frozenset(
    "e.g i.e mr mrs ms dr st vs etc no approx inc ltd jr sr co corp dept est fig jan feb mar "
    "apr jun jul aug sep sept oct nov dec mt ft ave rd blvd u.s u.k a.m p.m".split()
)
# A sentence end: a maximal run of end marks (never starting inside a run), optional
# closing quotes/brackets, then whitespace or the end of the line.
_SENTENCE_END = re.compile(r"(?<![.!?…])[.!?…]++[\"'”’)\]]*+(?=\s|$)")
_WORD_BEFORE_DOT = re.compile(r"(?<![A-Za-z.])([A-Za-z]+(?:\.[A-Za-z]+)*)$")
_LINE_MARKER = re.compile(r"[ \t]*+(?:•|\d{1,9}[.)])[ \t]++")
_OPENERS = "\"'“‘(•"


def _is_abbreviation(text: str, dot_at: int) -> bool:
    if dot_at == 0 or not text[dot_at - 1].isalpha():
        return False
    # a short window only: abbreviations are short, and this keeps splitting linear
    match = _WORD_BEFORE_DOT.search(text[max(0, dot_at - 16) : dot_at])
    if match is None:
        return False
    word = match.group(1).lower()
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _next_visible(line: str, at: int) -> str:
    """The first non-space character at or after ``at`` (bounded look-ahead)."""
    rest = line[at : at + 64].lstrip()
    return rest[:1]


def _split_line(line: str, offset: int) -> list[tuple[int, int]]:
    cuts: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        end = match.end()
        first = _next_visible(line, end)
        if first and not (first.isupper() or first.isdigit() or first in _OPENERS):
            continue
        dot = match.start()
        if end - dot == 1 and line[dot] == "." and _is_abbreviation(line, dot):
            continue
        cuts.append((start, end))
        start = end
    cuts.append((start, len(line)))
    out = []
    for s, e in cuts:
        segment = line[s:e]
        text = segment.strip()
        if text:
            left = s + len(segment) - len(segment.lstrip())
            out.append((offset + left, offset + left + len(text)))
    return out


def sentence_spans(plain: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; lines (paragraphs, list items, rows) never merge."""
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in plain.split("\n"):
        if not line.strip():
            offset += len(line) + 1
            continue
        marker = _LINE_MARKER.match(line)
        skip = marker.end() if marker else 0
        spans.extend(_split_line(line[skip:], offset + skip))
        offset += len(line) + 1
    return spans
