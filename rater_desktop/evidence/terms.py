"""The words and numbers of a claim, and of a screenshot's or step's text, made comparable.

Numbers are the strongest evidence (a price, a date, a count), so they are kept apart and
written one way: "$1,138.00" and "1138" are the same number. Words are lower-cased and
folded to ASCII; a handful of function words never count.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

_STOP = frozenset(
    """a an the and or but of to in on at for with by from as is are was were be been being
    it its this that these those there here i me my we our you your he she they them their
    his her has have had do does did done not no yes so than then very can could would
    should will shall may might must also just only about into over under up out off all
    any each every both some more most other such own same too which who whom what when
    where why how let know like one ones per via ve ll re d s t m if once while since
    because though although until whether got get went made make see saw""".split()
)

MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4,
    "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11,
    "november": 11, "dec": 12, "december": 12,
}

_SHORT = {
    "monday": "mon", "tuesday": "tue", "tues": "tue", "wednesday": "wed", "thursday": "thu",
    "thur": "thu", "thurs": "thu", "friday": "fri", "saturday": "sat", "sunday": "sun",
    **{name: short for name, short in (
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
        ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep"),
        ("sept", "sep"), ("october", "oct"), ("november", "nov"), ("december", "dec"))},
}
_SUFFIXES = ("ations", "ation", "ings", "ing", "ed", "es", "s", "e", "ly")
_NUMBER = re.compile(r"(?<![\w.])[$€£]?\d[\d,]*(?:\.\d+)?(?![\d])")
_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\b")
_WORD = re.compile(r"[a-z][a-z0-9'&+-]*|\d+[a-z]+")
# What OCR often reads in place of a digit inside a number.
_DIGIT_LOOKALIKES = str.maketrans({"o": "0", "O": "0", "l": "1", "I": "1", "|": "1", "S": "5", "B": "8"})


@dataclass(frozen=True)
class Terms:
    """A text's comparable parts: numbers (canonical strings), times, and content words."""

    numbers: tuple[str, ...]
    times: tuple[str, ...]
    words: tuple[str, ...]


def fold(text: str) -> str:
    """Lower case, accents dropped, typographic quotes and dashes made plain."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-").lower()


def canonical_number(raw: str) -> str | None:
    """'$1,138.00' -> '1138', '6.49' -> '6.49'; None when it is no number."""
    cleaned = raw.strip("$€£").replace(",", "")
    try:
        value = float(cleaned)
    except ValueError:
        return None
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


def numbers_in(text: str) -> list[str]:
    """Every number of ``text`` in canonical form (times excluded: see ``times_in``)."""
    without_times = _TIME.sub(" ", text)
    found: list[str] = []
    for match in _NUMBER.finditer(without_times):
        number = canonical_number(match.group(0))
        if number is not None:
            found.append(number)
    return found


def times_in(text: str) -> list[str]:
    """Clock times as 'h:mm' ('07:30' and '7:30' are one time)."""
    return [f"{int(h)}:{m}" for h, m in _TIME.findall(text)]


def words_in(text: str) -> list[str]:
    """Content words, folded; day and month names shortened as pages print them ("Friday"
    and "Fri" are one word; months are words, their numbers the day)."""
    words = (w.strip("'-+&") for w in _WORD.findall(fold(text)))
    return [_SHORT.get(w, w) for w in words if w not in _STOP and len(w) >= 2]


def stem(word: str) -> str:
    """A crude stem, enough to make "reserve", "reserved" and "reservation" one word."""
    for suffix in _SUFFIXES:
        if len(word) - len(suffix) >= 4 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def terms_of(text: str) -> Terms:
    return Terms(tuple(numbers_in(text)), tuple(times_in(text)), tuple(words_in(text)))


def ocr_number_variants(token: str) -> list[str]:
    """A recognized token read as a number, also with look-alike letters taken as digits."""
    variants = numbers_in(token)
    if any(c.isdigit() for c in token):
        fixed = token.translate(_DIGIT_LOOKALIKES)
        variants.extend(n for n in numbers_in(fixed) if n not in variants)
    return variants


def similarity(a: str, b: str) -> float:
    """1.0 for equal words, down to 0.0: edit distance scaled by the longer word."""
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    if abs(len(a) - len(b)) > max(len(a), len(b)) // 2:
        return 0.0
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return 1.0 - previous[-1] / max(len(a), len(b))


@lru_cache(maxsize=65536)
def word_match(claim_word: str, token: str) -> float:
    """How well one recognized (or step) token stands for a claim word, 0..1.

    OCR runs words together ("PacerGlide") and misreads a letter in a long word, so a long
    claim word also matches inside a token and with one error in five letters.
    """
    if claim_word == token:
        return 1.0
    if len(claim_word) >= 4 and claim_word in token:
        return 0.9
    if len(claim_word) < 4:
        return 0.0
    if stem(claim_word) == stem(token):
        return 0.9
    score = similarity(claim_word, token)
    return score if score >= 0.8 else 0.0
