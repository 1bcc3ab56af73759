"""Placeholders are not answers: "TBD", "N/A", "...", a template's unfilled "[...]" part."""

from __future__ import annotations

import re

from rater_desktop.rating.detect.words import word_count

# A template's fill-in part: "[Brief explanation of your reasoning]". A Markdown link
# "[label](url)" is text, not a template part.
_TEMPLATE_PART = re.compile(r"\[[^\[\]\n]{0,300}\](?!\()")
_PLACEHOLDER_TOKENS = re.compile(
    r"(?<![\w/])(?:tbd|tbc|todo|to\s+do|n/?a|none\s+yet|fill\s+in|xxx+|lorem\s+ipsum|"
    r"placeholder|pending)(?![\w/])"
    r"|\.{2,}|…|\?{2,}",
    re.IGNORECASE,
)
CHECK_LIMIT = 100_000  # a justification longer than this is not a placeholder anyway


# A template's label at the start of a line: "Justification:", "Response A:", "Sources:".
_LABEL = re.compile(r"[ \t]*+[-*•]?[ \t]*+[A-Za-z][A-Za-z0-9 ]{0,30}:")


def strip_placeholders(text: str) -> str:
    """``text`` without template fill-in parts and placeholder tokens."""
    text = text[:CHECK_LIMIT]
    return _PLACEHOLDER_TOKENS.sub(" ", _TEMPLATE_PART.sub(" ", text))


def _line_words(line: str) -> int:
    stripped = strip_placeholders(line)
    label = _LABEL.match(stripped)
    if label is not None and word_count(stripped[label.end() :]) == 0:
        return 0  # a template label whose part is still unfilled
    return word_count(stripped)


def written_word_count(text: str) -> int:
    """Words the rater actually wrote: placeholders, unfilled template parts and their
    labels excluded."""
    if len(text) > CHECK_LIMIT:
        return word_count(text)
    return sum(_line_words(line) for line in text.split("\n"))


def is_placeholder(text: str) -> bool:
    """True when ``text`` is blank or holds only placeholders ("TBD", "N/A", "[...]")."""
    return written_word_count(text) == 0
