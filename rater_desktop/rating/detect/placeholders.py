"""Only the rater's own words count: placeholders ("TBD", "N/A", "...", a template's
unfilled "[...]" part), template labels ("Justification:", "User's Main Goal:") and the
lines a template fills in by itself (score lines such as "- Final Rating: 4", the
verdict builder's "Final Verdict: Response A is better." and its evidence summary) are
not writing (CF-1, TC-5, FC-5, AP-1, FV-2)."""

from __future__ import annotations

import re

from rater_desktop.memo import Memo
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
_LINE_LIMIT = 2_000  # template lines are short; a longer line is the rater's writing

_BULLET = re.compile(r"[ \t]*+(?:[-*•]|\d{1,3}[.)])?[ \t]*+")
# A label at the start of a line, apostrophes and hyphens allowed: "User's Main Goal:",
# "Sub-requests:", "Response A:". Its part is unfilled when nothing follows.
_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9 '’-]{0,30}:")
# Labels of the guideline's and the app's templates: never the rater's words, even with
# text after them.
_TEMPLATE_LABEL = re.compile(
    r"(?:user['’]s\s+)?main\s+goal(?:\s+fulfilled\??)?|sub-?requests?(?:\s+\d+)?|"
    r"(?:final\s+)?justification|final\s+(?:verdict|rating)|best\s+response|sources?|"
    r"case\s+file|investigation\s+notes|objective\s+claims\s+identified|evidence|"
    r"response\s+[ab](?:\s+scores)?|(?:reasoning|explanation|notes?)",
    re.IGNORECASE,
)
# Lines a template fills in by itself: a score, Yes/No or a claim rating after a known
# label ("- Sub-request 2 (size 9): Yes", "- Task Completion: 5", "Claim 3: Accurate").
_SCORE_LINE = re.compile(
    r"(?:main\s+goal\s+fulfilled|sub-?request\s*\d+[^:\n]{0,300}|final\s+rating|"
    r"task\s+completion|factual\s+accuracy|ai\s+performance|tc|fa|aip|rating|scores?|"
    r"response\s+[ab]|claim\s*\d+)\s*[:?]\s*"
    r"(?:\d(?:\s*/\s*5)?|yes|no|accurate|inaccurate|cannot\s+confidently\s+assess|cca)?"
    r"\s*(?:\([A-Za-z ]{0,40}\))?[ \t.]*",
    re.IGNORECASE,
)
_HEADING = re.compile(r"response\s+[ab](?:\s+scores)?\s*:?|\(none yet\)", re.IGNORECASE)
# The verdict builder's own sentences and evidence summary (rating/justification.py).
_BUILT_VERDICT = re.compile(
    r"response\s+[ab]\s+is\s+(?:slightly\s+|much\s+)?better\.|both\s+responses\s+are\s+"
    r"about\s+the\s+same\.",
    re.IGNORECASE,
)
_BUILT_EVIDENCE = re.compile(
    r"response\s+[ab]:\s+\d+\s+(?:objective\s+claims?:|steps?\s+marked\s)[^\n]*",
    re.IGNORECASE,
)
# Template labels inside a line ("Response A: TBD. Response B: TBD.")
_INLINE_LABEL = re.compile(
    r"\b(?:response\s+[ab](?:\s+scores)?|claim\s*\d+|(?:final\s+)?justification|sources?|"
    r"final\s+(?:verdict|rating))\s*:",
    re.IGNORECASE,
)
_EXAMPLE_ONLY = re.compile(r"\(e\.g\.[^()\n]*\)[ \t.]*", re.IGNORECASE)


def strip_placeholders(text: str) -> str:
    """``text`` without template fill-in parts and placeholder tokens."""
    text = text[:CHECK_LIMIT]
    return _PLACEHOLDER_TOKENS.sub(" ", _TEMPLATE_PART.sub(" ", text))


def _value_words(value: str) -> int:
    value = value.strip()
    if not value or _EXAMPLE_ONLY.fullmatch(value):
        return 0  # the label's part is unfilled, or still the template's example
    built = _BUILT_VERDICT.match(value)
    return word_count(_INLINE_LABEL.sub(" ", value[built.end() :] if built else value))


def _line_words(line: str) -> int:
    if len(line) > _LINE_LIMIT:
        return word_count(strip_placeholders(line))
    stripped = strip_placeholders(line)
    body = stripped[_BULLET.match(stripped).end() :]  # type: ignore[union-attr]
    if _HEADING.fullmatch(body.strip()) or _SCORE_LINE.fullmatch(body):
        return 0
    if _BUILT_EVIDENCE.fullmatch(body.strip()):
        return 0
    label = _LABEL.match(body)
    if label is None:
        return _value_words(body)
    name = body[: label.end() - 1].strip()
    if _TEMPLATE_LABEL.fullmatch(name) or _INLINE_LABEL.fullmatch(name + ":"):
        return _value_words(body[label.end() :])
    if _value_words(body[label.end() :]) == 0:
        return 0  # some other label whose part is still unfilled
    return _value_words(body)


def _written_word_count(text: str) -> int:
    """The rater's own words: placeholders, unfilled template parts, template labels and
    the lines a template fills in by itself (scores, Yes/No, the built verdict) excluded."""
    if len(text) > CHECK_LIMIT:
        return word_count(text)
    return sum(_line_words(line) for line in text.split("\n"))


# remembered: the window shows the same count the rules computed (``Memo.peek``)
written_word_count: Memo[str, int] = Memo(_written_word_count, size=64)


def is_placeholder(text: str) -> bool:
    """True when ``text`` is blank or holds only placeholders ("TBD", "N/A", "[...]")."""
    return written_word_count(text) == 0
