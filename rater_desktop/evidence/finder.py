"""Ranking a response's own screenshots and steps by how well they support a claim.

The score of a source is the share of the claim's weight it shows: numbers, times and
dates weigh most (a price is the proof, a shared word is not), words weigh by how
rare they are among the response's sources. A suggestion is *confident* only when the
best source shows most of the claim and every number of it; below that the finder says
"nothing found" rather than point at the nearest image. The thresholds are calibrated on
the labelled set of ``benchmarks/bench_evidence.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rater_desktop.evidence.model import Region
from rater_desktop.evidence.sources import SourceText, Token
from rater_desktop.evidence.terms import Terms, terms_of, word_match
from rater_desktop.rating.shown_evidence import EvidenceChoice
from rater_desktop.wording import counted

NUMBER_WEIGHT = 3.0
SMALL_NUMBER_WEIGHT = 1.0  # "2 items", "4 guests": small counts match by chance
WORD_WEIGHT = 1.0
CONFIDENT_COVERAGE = 0.6
SHOWN_COVERAGE = 0.3
MAX_SUGGESTIONS = 3
# Words every source of a web run carries, which prove nothing on their own.
_WEAK_WORDS = frozenset({"https", "http", "www", "com", "example", "search", "page", "results"})


@dataclass(frozen=True)
class Suggestion:
    """A screenshot or step offered as evidence, with the region that matched."""

    choice: EvidenceChoice
    score: float  # the share of the claim's weight this source shows, 0..1
    confident: bool
    region: Region | None
    matched: tuple[str, ...]
    missing: tuple[str, ...]
    image_size: tuple[int, int] | None = None  # the pixels ``region`` is measured in


@dataclass(frozen=True)
class Findings:
    """The finder's answer for one claim: its best suggestions, or why there are none."""

    suggestions: tuple[Suggestion, ...]
    message: str

    @property
    def confident(self) -> Suggestion | None:
        first = self.suggestions[0] if self.suggestions else None
        return first if first is not None and first.confident else None


@dataclass(frozen=True)
class _Term:
    text: str
    kind: str  # "number", "time" or "word"
    weight: float


def claim_terms(text: str) -> list[_Term]:
    terms: Terms = terms_of(text)
    seen: set[tuple[str, str]] = set()
    out: list[_Term] = []
    for kind, values, weight in (("number", terms.numbers, NUMBER_WEIGHT),
                                 ("time", terms.times, NUMBER_WEIGHT),
                                 ("word", terms.words, WORD_WEIGHT)):
        for value in values:
            if (kind, value) in seen or (kind == "word" and value in _WEAK_WORDS):
                continue
            seen.add((kind, value))
            if kind == "number" and value.isdigit() and len(value) <= 2:
                weight = SMALL_NUMBER_WEIGHT
            out.append(_Term(value, kind, weight))
    return out


def _best(term: _Term, source: SourceText) -> tuple[float, Token | None]:
    exact = source.index.get((term.kind, term.text))
    if exact is not None or term.kind != "word":
        return (1.0, exact) if exact is not None else (0.0, None)
    best, where = 0.0, None
    for (kind, text), token in source.index.items():
        if kind != "word":
            continue
        score = word_match(term.text, text)
        # A box is worth more than the same score without one: it can be shown.
        if score > best or (score == best and score > 0 and where is not None and where.box is None and token.box is not None):
            best, where = score, token
    return best, where


def _rarity(terms: list[_Term], sources: list[SourceText]) -> dict[str, float]:
    """Words found in every source say little about which one: weigh by rarity."""
    count = len(sources)
    out: dict[str, float] = {}
    for term in terms:
        found = sum(1 for s in sources if _best(term, s)[0] > 0)
        out[term.text] = 0.5 + math.log((count + 1) / (found + 0.5)) / math.log(count + 1.5)
    return out


def _region(hits: list[tuple[_Term, Token]], size: tuple[int, int] | None) -> Region | None:
    """The boxes of the matched words near the weightiest one (a claim's proof sits together)."""
    boxed = [(t, k) for t, k in hits if k.box is not None]
    if not boxed:
        return None
    anchor = max(boxed, key=lambda pair: pair[0].weight)[1].box
    assert anchor is not None
    reach = (size[1] if size else 800) * 0.2
    region = anchor
    for _term, token in boxed:
        box = token.box
        if box is not None and abs((box.y + box.height / 2) - (anchor.y + anchor.height / 2)) <= reach:
            region = region.union(box)
    return region


def score_source(terms: list[_Term], source: SourceText, rarity: dict[str, float]) -> tuple[float, float, Suggestion]:
    """(rank score, plain coverage, suggestion) of one source for the claim's terms."""
    total = ranked_total = got = ranked_got = 0.0
    hits: list[tuple[_Term, Token]] = []
    matched: list[str] = []
    missing: list[str] = []
    numbers_all_found = True
    for term in terms:
        score, token = _best(term, source)
        weight = term.weight
        ranked = weight * rarity.get(term.text, 1.0)
        total += weight
        ranked_total += ranked
        got += weight * score
        ranked_got += ranked * score
        if score > 0 and token is not None:
            hits.append((term, token))
            matched.append(term.text)
        else:
            missing.append(term.text)
            numbers_all_found = numbers_all_found and term.kind == "word"
    coverage = got / total if total else 0.0
    rank = ranked_got / ranked_total if ranked_total else 0.0
    confident = coverage >= CONFIDENT_COVERAGE and numbers_all_found and bool(hits)
    suggestion = Suggestion(source.choice, coverage, confident, _region(hits, source.image_size),
                            tuple(matched), tuple(missing), source.image_size)
    return rank, coverage, suggestion


def find_evidence(claim_text: str, sources: list[SourceText], *, limit: int = MAX_SUGGESTIONS) -> Findings:
    """The best few of ``sources`` for a claim, best first; none when nothing shows it."""
    terms = claim_terms(claim_text)
    if not terms:
        return Findings((), "Nothing to look for: the claim has no words or numbers.")
    if not sources:
        return Findings((), "This response has no screenshots or steps.")
    rarity = _rarity(terms, sources)
    scored = [score_source(terms, source, rarity) for source in sources]
    scored.sort(key=lambda item: (item[1] >= SHOWN_COVERAGE, item[2].confident, item[0], item[1]), reverse=True)
    shown = tuple(s for _rank, coverage, s in scored if coverage >= SHOWN_COVERAGE)[:limit]
    unread = sum(1 for s in sources if not s.read)
    if not shown:
        waiting = f" ({counted(unread, 'screenshot')} still being read)" if unread else ""
        return Findings((), f"Nothing found: no screenshot or step of this response shows this claim{waiting}.")
    if not shown[0].confident:
        return Findings(shown, "No screenshot shows all of this claim; the closest are listed.")
    return Findings(shown, "")
