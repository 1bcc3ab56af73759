"""Text heuristics used by the rules and offered to the rater as helpers.

Everything here is a pure function of its arguments; nothing is shown to the rater as a
fact, only as a suggestion or a warning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import parse_qs, urlsplit

from rater_desktop.rating.rubric import DEFAULT_ACTION_VERBS, Rubric

CACHE_TEXT_LIMIT = 4000  # longer texts are not memoised (bounded memory on hostile input)


@dataclass(frozen=True)
class CandidateSentence:
    """A sentence of the plain text, ``plain[start:end] == text``."""

    start: int
    end: int
    text: str
    is_action: bool


# ----------------------------------------------------------------------- words


_WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")


def word_count(text: str) -> int:
    """Words in ``text``: runs of letters/digits (contractions and hyphenations are one)."""
    return len(_WORD.findall(text))


# ----------------------------------------------------------------------- sentences

_ABBREVIATIONS = frozenset(
    "e.g i.e mr mrs ms dr st vs etc no approx inc ltd jr sr co corp dept est fig jan feb mar "
    "apr jun jul aug sep sept oct nov dec mt ft ave rd blvd u.s u.k a.m p.m".split()
)
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]]*(?=\s+|$)")


_WORD_BEFORE_DOT = re.compile(r"(?<![A-Za-z.])([A-Za-z]+(?:\.[A-Za-z]+)*)$")
_NEXT_CHAR = re.compile(r"\s*(\S)")


def _is_abbreviation(text: str, dot_at: int) -> bool:
    # only a short window: abbreviations are short, and this keeps splitting linear
    match = _WORD_BEFORE_DOT.search(text[max(0, dot_at - 16) : dot_at])
    if match is None:
        return False
    word = match.group(1).lower()
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _split_line(line: str, offset: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        end = match.end()
        if line[match.start()] == "." and _is_abbreviation(line, match.start()):
            continue
        following = _NEXT_CHAR.match(line, end)
        first = following.group(1) if following else ""
        if first and not (first.isupper() or first.isdigit() or first in "\"'“‘(•"):
            continue
        spans.append((start, end))
        start = end
    spans.append((start, len(line)))
    out = []
    for s, e in spans:
        segment = line[s:e]
        stripped_left = len(segment) - len(segment.lstrip())
        text = segment.strip()
        if text:
            out.append((offset + s + stripped_left, offset + s + stripped_left + len(text)))
    return out


_LINE_MARKER = re.compile(r"^\s*(?:•|\d+[.)])\s+")


def sentence_spans(plain: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; lines (paragraphs, list items, rows) never merge."""
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in plain.split("\n"):
        marker = _LINE_MARKER.match(line)
        skip = marker.end() if marker else 0
        spans.extend(_split_line(line[skip:], offset + skip))
        offset += len(line) + 1
    return spans


# ----------------------------------------------------------------------- actions


@lru_cache(maxsize=32)
def _action_pattern(verbs: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(
        re.escape(v).replace(r"\ ", r"\s+") for v in sorted(verbs, key=len, reverse=True)
    )
    verb = rf"(?:{alternatives})"
    adverbs = r"(?:\s+(?:have|had|has|just|also|then|now|already|successfully|been))*"
    first_person = rf"\b(?:I|we|I['’]ve|we['’]ve){adverbs}\s+{verb}\b"
    passive = rf"\b(?:has|have|was|were|is|are|been|got)(?:\s+(?:now|successfully|also|just|been))*\s+{verb}\b"
    leading = rf"^(?:successfully\s+)?{verb}\b"
    return re.compile(rf"{first_person}|{passive}|{leading}", re.IGNORECASE)


def action_match(sentence: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS) -> re.Match[str] | None:
    """Where ``sentence`` reports an action the agent took ("I added ...", "was sent")."""
    return _action_pattern(tuple(verbs)).search(sentence)


def is_action_sentence(sentence: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS) -> bool:
    return action_match(sentence, verbs) is not None


@lru_cache(maxsize=16)
def _candidates(plain: str, verbs: tuple[str, ...]) -> tuple[CandidateSentence, ...]:
    out = []
    for start, end in sentence_spans(plain):
        text = plain[start:end]
        out.append(CandidateSentence(start, end, text, is_action_sentence(text, verbs)))
    return tuple(out)


def candidate_claims(
    plain: str, verbs: Iterable[str] = DEFAULT_ACTION_VERBS
) -> list[CandidateSentence]:
    """Sentences of a response's plain text with offsets; action reports are marked."""
    return list(_candidates(plain, tuple(verbs)))


# ----------------------------------------------------------------------- URLs

_SEARCH_PATHS = {
    "google": ("/search", "/webhp", "/url", "/", ""),
    "bing": ("/search", "/news/search", "/images/search", "/videos/search", "/shop"),
    "duckduckgo": ("/", "", "/html", "/html/", "/lite", "/lite/"),
    "yahoo": ("/search", "/yhs/search", "/"),
    "baidu": ("/s", "/baidu"),
    "yandex": ("/search", "/search/"),
    "ecosia": ("/search",),
    "startpage": ("/do/search", "/sp/search", "/search"),
    "ask": ("/web",),
    "brave": ("/search",),
}


def _engine(host: str) -> str | None:
    labels = host.split(".")
    for engine in _SEARCH_PATHS:
        if engine in labels[:-1]:
            # yahoo/brave only search on their search.* hosts; others on any subdomain
            if engine in ("yahoo", "brave") and "search" not in labels:
                return None
            return engine
    return None


def is_search_result_url(url: str, extra_hosts: Iterable[str] = ()) -> bool:
    """True for a search engine's result page (google.co.uk/search?q=..., bing, ddg ...)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    host = (parts.hostname or "").lower().rstrip(".")
    if host in {h.lower() for h in extra_hosts}:
        return True
    engine = _engine(host)
    if engine is None:
        return False
    path = parts.path.rstrip("/") if parts.path not in ("/", "") else parts.path
    if path not in _SEARCH_PATHS[engine] and parts.path not in _SEARCH_PATHS[engine]:
        return False
    query = parse_qs(parts.query)
    if engine in ("google", "duckduckgo", "yahoo") and parts.path in ("/", ""):
        return bool({"q", "p"} & set(query)) or "q=" in parts.fragment
    return True


@lru_cache(maxsize=4096)
def source_problem(url: str, extra_hosts: tuple[str, ...] = ()) -> str | None:
    """Why ``url`` is not a usable fact-check source: "not_http", "search_page" or None."""
    if not is_http_url(url):
        return "not_http"
    if is_search_result_url(url, extra_hosts):
        return "search_page"
    return None


def is_http_url(url: str) -> bool:
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


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


# ----------------------------------------------------------------------- AIP dimensions

DIMENSIONS = ("navigation", "interaction", "efficiency", "output_quality")
_DIMENSION_PATTERNS = {
    "navigation": r"navigat\w*|paths?|pages?|routes?|brows\w*|visit\w*|went\s+to|"
    r"meander\w*|detours?|redirect\w*|urls?|websites?|sites?|tabs?",
    "interaction": r"interact\w*|click\w*|typ(?:ed|ing|es)|tap(?:s|ped|ping)?|scroll\w*|"
    r"buttons?|inputs?|fields?|forms?|select\w*|entered|filled|menus?|dropdowns?|mis-?clicks?",
    "efficiency": r"(?:in)?efficien\w*|wasted?|wasting|unnecessary|redundant|loops?|looped|"
    r"looping|extra\s+steps?|detours?|quick\w*|fast|slow\w*|fewest|minimal\s+steps|"
    r"number\s+of\s+steps|time-?consuming|repeat\w*",
    "output_quality": r"outputs?|format\w*|final\s+answer|presentation|presented|"
    r"clean(?:ly)?|messy|junk|readab\w*|structured?|layout|well-written|summary|answer\s+quality",
}
_DIMENSION_RES = {
    name: re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)
    for name, pattern in _DIMENSION_PATTERNS.items()
}


def dimensions_covered(text: str) -> set[str]:
    """Which of the four AIP dimensions a justification talks about (natural variants)."""
    return {name for name, regex in _DIMENSION_RES.items() if regex.search(text)}


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
        r"|\b(?:account|acct|iban|routing|card|member(?:ship)?)\s*(?:number|no\.?|#)\s*[:#]?\s*"
        r"[A-Z0-9 -]{0,40}\d{4}"
        r"|\bending\s+in\s+\d{4}\b"
        r"|(?-i:\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b)",
        re.IGNORECASE,
    ),
}


def private_data_in(text: str) -> list[str]:
    """Kinds of private user data that ``text`` seems to contain (FC-8)."""
    if len(text) > CACHE_TEXT_LIMIT:
        return list(_private_data_in.__wrapped__(text))
    return list(_private_data_in(text))


_EMAIL_LOCAL = re.compile(r"[\w.+-]{1,64}$")
_EMAIL_DOMAIN = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b")


def _has_email(text: str) -> bool:
    """Looks around each "@" only, so long texts without addresses stay cheap."""
    at = text.find("@")
    while at != -1:
        if _EMAIL_LOCAL.search(text[max(0, at - 64) : at]) and _EMAIL_DOMAIN.match(
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
