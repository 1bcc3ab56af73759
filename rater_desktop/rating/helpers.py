"""Text heuristics used by the rules and offered to the rater as helpers.

Everything here is a pure function of its arguments; nothing is shown to the rater as a
fact, only as a suggestion or a warning. The detectors themselves live in
``rating.detect``; this module is the stable entry point the rules and the window use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from rater_desktop.memo import Memo
from rater_desktop.rating.detect import actions as _actions
from rater_desktop.rating.detect.dimensions import DIMENSIONS, dimensions_covered, dimensions_known
from rater_desktop.rating.detect.placeholders import is_placeholder, written_word_count
from rater_desktop.rating.detect.sentences import sentence_spans
from rater_desktop.rating.detect.sources import (
    distinct_sources,
    is_http_url,
    is_search_result_url,
    reliability_kind,
    source_key,
    source_problem,
)
from rater_desktop.rating.detect.words import word_count
from rater_desktop.rating.rubric import DEFAULT_ACTION_VERBS, Rubric

__all__ = [
    "CACHE_TEXT_LIMIT",
    "DIMENSIONS",
    "CandidateSentence",
    "candidate_claims",
    "candidate_claims_known",
    "candidates_shown",
    "dimensions_shown",
    "own_words_shown",
    "dimensions_known",
    "dimensions_covered",
    "distinct_sources",
    "is_action_sentence",
    "is_http_url",
    "is_placeholder",
    "is_search_result_url",
    "private_data_in",
    "reliability_kind",
    "sentence_spans",
    "suggested_claims",
    "table_row_spans",
    "source_key",
    "source_problem",
    "vague_words_in",
    "word_count",
    "written_word_count",
]

CACHE_TEXT_LIMIT = 4000  # longer texts are not memoised (bounded memory on hostile input)


class CandidateSentence(NamedTuple):
    """A sentence of the plain text, ``plain[start:end] == text``. A named tuple: the
    garbage collector stops tracking tuples of plain values, and a 20,000-character
    response has thousands of sentences kept for the window."""

    start: int
    end: int
    text: str
    is_action: bool


# ----------------------------------------------------------------------- actions


def is_action_sentence(sentence: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS) -> bool:
    """True when ``sentence`` reports an action the agent took (``detect.actions``)."""
    return _actions.is_action_sentence(sentence, verbs)


def _sentences(key: tuple[str, tuple[str, ...]]) -> tuple[CandidateSentence, ...]:
    plain, verbs = key
    out = []
    for start, end in sentence_spans(plain):
        text = plain[start:end]
        out.append(CandidateSentence(start, end, text, is_action_sentence(text, verbs)))
    return tuple(out)


_CANDIDATES: Memo[tuple[str, tuple[str, ...]], tuple[CandidateSentence, ...]] = Memo(_sentences, size=4)


def candidate_claims(
    plain: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS
) -> list[CandidateSentence]:
    """Sentences of a response's plain text with offsets; action reports are marked."""
    return list(_CANDIDATES((plain, tuple(verbs))))


def candidate_claims_known(
    plain: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS
) -> list[CandidateSentence] | None:
    """``candidate_claims`` if already computed (by the rules, FC-4), else None."""
    found = _CANDIDATES.peek((plain, tuple(verbs)))
    return list(found) if isinstance(found, tuple) else None


def table_row_spans(plain: str) -> list[tuple[int, int]]:
    """(start, end) of each line of ``plain`` that is a table row: cells joined by " | "
    (how the plain text renders a Markdown table) or a raw "| a | b |" row (a response
    shown as written)."""
    spans, start = [], 0
    for line in plain.split("\n"):
        bare = line.strip()
        if " | " in bare or (len(bare) > 1 and bare.startswith("|") and bare.endswith("|")):
            spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def suggested_claims(
    plain: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS
) -> list[CandidateSentence]:
    """The sentences offered to the rater as claims: table rows are not statements (a row
    "Price | $34.99" is no claim one can label true or false), so none is offered; the
    rater can still select a cell and add it."""
    return _without_table_rows(plain, candidate_claims(plain, verbs))


def _without_table_rows(plain: str, found: list[CandidateSentence]) -> list[CandidateSentence]:
    rows = table_row_spans(plain)
    return [s for s in found if not any(start < s.end and s.start < end for start, end in rows)]


# ----------------------------------------------------------------------- vagueness


@lru_cache(maxsize=32)
def _vague_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def vague_words_in(line: str, rubric: Rubric | None = None) -> list[str]:
    """Vague words (CF-3 list of the rubric) found in ``line``, lower-cased, in order."""
    words = (rubric or Rubric.default()).param("CF-3", "vague_words")
    if not words:
        return []
    return [m.group().lower() for m in _vague_pattern(tuple(words)).finditer(line)]


# ----------------------------------------------------------------------- private data

_PRIVATE_PATTERNS: dict[str, re.Pattern[str]] = {
    "phone number": re.compile(
        r"(?<![\w$€£.,])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?!\d)(?![\w.,]\d)"
    ),
    "street address": re.compile(
        r"\b\d{1,5}\s+(?:[A-Z][\w'-]*\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|"
        r"Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Parkway|Pkwy|Highway|Hwy|Square|Sq)\b"
    ),
    "card or account number": re.compile(
        r"\b(?:\d[ -]?){12,18}\d\b"
        r"|\b(?:account|acct|iban|routing|card|member(?:ship)?|confirmation|booking|reservation)"
        r"\s*(?:number|no\.?|#|code)\s*(?:is\s+)?[:#]?\s*"
        r"[A-Z0-9 -]{0,40}\d{4}"
        r"|\bending\s+in\s+\d{4}\b"
        r"|(?-i:\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b)",
        re.IGNORECASE,
    ),
}


PRIVATE_SCAN_LIMIT = 20_000  # a claim is a span of a response, which is at most this long


def private_data_in(text: str) -> list[str]:
    """Kinds of private user data that ``text`` seems to contain (FC-8)."""
    text = text[:PRIVATE_SCAN_LIMIT]
    if len(text) > CACHE_TEXT_LIMIT:
        return list(_private_data_in.__wrapped__(text))
    return list(_private_data_in(text))


_LOCAL_CHAR = re.compile(r"[\w.+-]")
_EMAIL_LOCAL = re.compile(r"[\w.+-]{1,64}$")
_EMAIL_DOMAIN = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b")


def _has_email(text: str) -> bool:
    """Looks around each "@" only, so long texts without addresses stay cheap."""
    at = text.find("@")
    while at != -1:
        if at and _LOCAL_CHAR.match(text, at - 1) and _EMAIL_LOCAL.search(text[max(0, at - 64) : at]) and _EMAIL_DOMAIN.match(
            text[at + 1 : at + 256]
        ):
            return True
        at = text.find("@", at + 1)
    return False


@lru_cache(maxsize=4096)
def _private_data_in(text: str) -> tuple[str, ...]:
    found: list[str] = ["email address"] if _has_email(text) else []
    for kind, pattern in _PRIVATE_PATTERNS.items():
        for match in pattern.finditer(text):
            if kind == "phone number" and not _phone_like(match.group()):
                continue
            found.append(kind)
            break
    return tuple(found)


def _phone_like(text: str) -> bool:
    """9-12 digits, or up to 15 with a country code (longer runs are card numbers)."""
    digits = sum(ch.isdigit() for ch in text)
    return 9 <= digits <= (15 if text.lstrip().startswith("+") else 12)


# ----------------------------------------------------------------------- for the window

QUICK_TEXT = 4_000  # the window works these out itself only for texts this short


def own_words_shown(text: str) -> int | None:
    """Own words of ``text`` for a live counter: a long text's count only once the rules
    (on their worker) have made it, else None."""
    if len(text) <= QUICK_TEXT:
        return written_word_count(text)
    found = written_word_count.peek(text)
    return found if isinstance(found, int) else None


def dimensions_shown(text: str) -> set[str] | None:
    """AIP dimensions for the live chips, on the same terms as :func:`own_words_shown`."""
    return dimensions_covered(text) if len(text) <= QUICK_TEXT else dimensions_known(text)


def candidates_shown(plain: str, verbs: Iterable[str]) -> list[CandidateSentence] | None:
    """Claim suggestions (:func:`suggested_claims`: no table rows), on the same terms as
    :func:`own_words_shown`."""
    if len(plain) <= QUICK_TEXT:
        return suggested_claims(plain, verbs)
    found = candidate_claims_known(plain, verbs)
    return None if found is None else _without_table_rows(plain, found)

