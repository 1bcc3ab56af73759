"""Does a sentence report an action the agent took? (FC-4, the guideline's action claims)

Three shapes, read over word tokens in one pass (no backtracking regex):

* a first-person subject anywhere in the sentence followed by a past-tense verb, any
  verb ("I read your message and checked your calendar", "After that, we booked ...");
* a passive or result statement about the user's things ("the email has been sent",
  "your table is booked", "the hat is in your cart");
* a sentence that starts with the past-tense verb ("Added the hat to your cart.").

Passive and leading forms need an action verb (by lemma), because "the bridge was
opened in 1937" is a fact, not something the agent did. A bare completion sentence
("Done.") is recognised separately by :func:`is_bare_completion`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rater_desktop.rating.detect.lemmas import IRREGULAR_PAST, lemma_in

ACTION_LEMMAS = frozenset(
    "add accept apply archive book buy cancel change check click close compose confirm "
    "copy create decline delete download draft edit email enter fill find flag forward "
    "invite label log look mark message move navigate order pay pick place "
    "post purchase register remove rename reply request reschedule reserve save schedule "
    "search select send set share sign submit subscribe switch type update upload verify "
    "visit write attach rsvp block unsubscribe text call notify review compare filter sort "
    "browse scroll follow join enable disable install sync star pin tag print fetch choose "
    "press tap stop continue reach reload wait skip tick go head return".split()
)
_SUBJECTS = frozenset({"i", "we", "i've", "we've", "i'd", "we'd", "i'm", "we're"})
_OTHER_SUBJECTS = frozenset({"you", "he", "she", "they", "it", "this", "that", "which", "who"})
_SKIP = frozenset(
    "have has had just also then now already successfully first finally quickly carefully "
    "again directly immediately ahead both all simply".split()
)
_NEGATIONS = frozenset(
    "not never couldn't can't cannot didn't wasn't weren't haven't hadn't unable "
    "won't wouldn't no".split()
)
_MODALS = frozenset("will would can could should may might must shall 'll".split())
# past forms after "I" that report a state of mind, not an action on the web
_NOT_ACTIONS = frozenset(
    "had was were did thought believed hoped wanted felt guessed assumed liked loved meant "
    "needed wished seemed appeared noticed realized realised understood knew preferred "
    "tried attempted".split()
)
_BE = frozenset("is are was were been be 's 're got has have".split())
_RESULT_PLACES = frozenset(
    "cart basket bag calendar inbox drafts draft outbox trolley wishlist order orders "
    "reservations bookings account list folder".split()
)
_NOT_ED_VERBS = frozenset("hundred bed red shed wed naked sacred kindred wicked need speed seed".split())
_BARE = re.compile(
    r"(?:all\s+)?(?:done|set|finished|complete|completed|task\s+complete(?:d)?)[.!]*",
    re.IGNORECASE,
)
_BY_NAME = re.compile(r"\b(?:was|were) [a-z]++ by (?:[A-Z]|the [A-Z])")
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
_TOKEN = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
MAX_SENTENCE = 2_000  # an action is reported near a sentence's start; longer is cut


def _tokens(sentence: str) -> tuple[list[str], list[int]]:
    """Lower-cased word tokens and where each starts in ``sentence``."""
    words, starts = [], []
    for match in _TOKEN.finditer(sentence[:MAX_SENTENCE]):
        words.append(match.group().lower().replace("’", "'"))
        starts.append(match.start())
    return words, starts


def is_past_form(word: str) -> bool:
    """A past tense / participle form (regular -ed or a known irregular)."""
    if word in IRREGULAR_PAST:
        return True
    return len(word) > 3 and word.endswith("ed") and word not in _NOT_ED_VERBS and not (
        word.endswith("eed") and word not in ("agreed", "freed", "guaranteed")
    )


def _first_person_action(tokens: list[str], i: int) -> int | None:
    """After the subject at ``i``: the index of a past verb, allowing a few adverbs and
    auxiliaries and "... and <verb>" coordination, until another subject starts a new
    clause; None when there is none."""
    expect_verb = True
    for j in range(i + 1, min(len(tokens), i + 40)):
        word = tokens[j]
        if word in _OTHER_SUBJECTS or word in _SUBJECTS:
            return None
        if word in _NEGATIONS or word in _MODALS:
            return None
        if word in ("and", "then", "also"):
            expect_verb = True
            continue
        if not expect_verb:
            continue
        if word in _SKIP:
            continue
        if is_past_form(word) and word not in _NOT_ACTIONS:
            return j
        expect_verb = False
    return None


def _passive_or_result(tokens: list[str], i: int, lemmas: frozenset[str]) -> int | None:
    """The index of the participle ("has been sent") or the place ("is in your cart")
    after the form of be/have at ``i``; None when it is neither."""
    rest = [j for j in range(i + 1, min(len(tokens), i + 6)) if tokens[j] not in _SKIP and tokens[j] != "been"]
    if not rest:
        return None
    word = tokens[rest[0]]
    if is_past_form(word) and lemma_in(word, lemmas):
        return rest[0]
    # "is (now) in your cart", "are in your FreshCart cart", "is on your calendar"
    if (
        tokens[i] in ("is", "are", "'s", "'re")
        and word in ("in", "on", "to", "into")
        and len(rest) > 2
        and tokens[rest[1]] in ("your", "the", "my")
    ):
        return next((j for j in range(i + 3, min(len(tokens), i + 7)) if tokens[j] in _RESULT_PLACES), None)
    return None


def action_clause(sentence: str, extra_verbs: Iterable[str] = ()) -> tuple[int, int] | None:
    """Where in ``sentence`` the agent's action is reported, from its subject (or
    auxiliary, or leading verb) to the end of its verb: what a claim must hold to list
    the action (FC-4). A first-person action wins over a passive one in the same
    sentence ("The 7:00 slot was booked, so I reserved 7:30": the agent reserved).
    None when the sentence reports no action (see the module doc)."""
    lemmas = action_lemmas(tuple(extra_verbs))
    tokens, starts = _tokens(sentence)
    if not tokens:
        return None

    def span(first: int, last: int) -> tuple[int, int]:
        return starts[first], starts[last] + len(tokens[last])

    lead = 1 if tokens[0] == "successfully" and len(tokens) > 1 else 0
    if is_past_form(tokens[lead]) and lemma_in(tokens[lead], lemmas):
        return span(lead, lead)
    for i, word in enumerate(tokens):
        if word in _SUBJECTS:
            verb = _first_person_action(tokens, i)
            if verb is not None:
                return span(i, verb)
    # "was opened in 1937" is history, not the agent's doing
    head = sentence[:MAX_SENTENCE]
    historical = _YEAR.search(head) is not None or _BY_NAME.search(head) is not None
    for i, word in enumerate(tokens):
        if historical and word in ("was", "were"):
            continue
        if word in _BE:
            last = _passive_or_result(tokens, i, lemmas)
            if last is not None:
                return span(i, last)
    return None


def action_at(sentence: str, extra_verbs: Iterable[str] = ()) -> int | None:
    """Where in ``sentence`` the action is reported (its subject, auxiliary or leading
    verb), or None when the sentence reports no action (see the module doc)."""
    clause = action_clause(sentence, extra_verbs)
    return clause[0] if clause is not None else None


def is_action_sentence(sentence: str, extra_verbs: Iterable[str] = ()) -> bool:
    """True when ``sentence`` reports something the agent did (see the module doc)."""
    return action_at(sentence, extra_verbs) is not None


def is_bare_completion(sentence: str) -> bool:
    """"Done.", "All set!", "Task complete." — states that something was done, not what."""
    return _BARE.fullmatch(sentence.strip()[:40]) is not None


_LEMMA_CACHE: dict[tuple[str, ...], frozenset[str]] = {}


def action_lemmas(extra_verbs: tuple[str, ...]) -> frozenset[str]:
    """The built-in action lemmas plus those of a rubric's extra verbs (any form)."""
    cached = _LEMMA_CACHE.get(extra_verbs)
    if cached is None:
        from rater_desktop.rating.detect.lemmas import lemma_candidates

        extra: set[str] = set()
        for verb in extra_verbs:
            head = verb.split()[0].lower() if verb.split() else ""
            if head:
                extra.update(lemma_candidates(head))
        cached = ACTION_LEMMAS | frozenset(extra)
        if len(_LEMMA_CACHE) < 32:
            _LEMMA_CACHE[extra_verbs] = cached
    return cached
