"""FC-1..FC-4: how claims are extracted from a response."""

from __future__ import annotations

import re
from functools import lru_cache

from rater_desktop.rating.detect.actions import action_clause, is_bare_completion
from rater_desktop.rating.helpers import (
    CACHE_TEXT_LIMIT,
    CandidateSentence,
    candidate_claims,
    sentence_spans,
)
from rater_desktop.rating.model import Claim
from rater_desktop.rating.rules.base import (
    RuleContext,
    RuleResult,
    claim_field,
    per_claim,
    per_side,
    side_field,
)

_FINITE_VERBS = (
    "is|are|was|were|has|have|had|will|can|could|would|should|may|might|must|does|did|do|"
    "costs?|offers?|includes?|contains?|provides?|shows?|opens?|closes?|starts?|ends?|runs?|"
    "sells?|serves?|features?|requires?|allows?|lists?|comes?|takes?|gives?|supports?|"
    "accepts?|ships?|arrives?|leaves?|departs?|lasts?|weighs?|measures?|holds?|sits?|"
    "lies|stands?|remains?|became|becomes?|won|wins?|lost|made|makes?|got|gets?|"
    "[a-z]+ed"
)
_VERB = re.compile(rf"\b(?:{_FINITE_VERBS})\b", re.IGNORECASE)
_SUBJECT_START = re.compile(
    r"\s*+(?:(?i:the|a|an|it|he|she|they|we|i|you|this|that|these|those|its|his|her|their|"
    r"our|your|there|each|both|all)\b|(?!(?i:under|over|with|without|for|in|on|at|by|from|to|of|"
    r"after|before|during|near|within|between|about|up|less|more|then|also)\b)[A-Z])"
)
# "element 50 is tin": a short lower-case subject and a form of be/have
_NOUN_SUBJECT = re.compile(
    r"\s*+(?!(?:also|then|still|now|not|just|only|so|is|are|was|were|has|have)\b)"
    r"[a-z][\w'-]*+(?:\s++[\w'-]++){0,2}?\s++(?:is|are|was|were|has|have)\b"
)
_AND = re.compile(r"(?<!\s),?\s++and\s++")
_CLAUSE_WORDS = 12  # a second clause's verb follows its subject closely
# FC-4 names this many unlisted action sentences per response, then counts the rest in
# one result: a long hostile response would otherwise give the rater hundreds of badges
FC4_LISTED = 12


def _joins_two_clauses(text: str) -> bool:
    """" and " between two parts that each have a subject and a finite verb ("Size 9,
    Wide (2E) and Under $120 filters" is one statement: "Under" starts no clause)."""
    parts = _AND.split(text[:CACHE_TEXT_LIMIT])
    for left, right in zip(parts, parts[1:], strict=False):
        # the second clause's verb sits before its first comma ("5:30 PM and 9:30 PM
        # left, so I skipped it" joins two times, not two statements)
        head = " ".join(re.split(r"[,;:]", right, maxsplit=1)[0].split()[:_CLAUSE_WORDS])
        if not _VERB.search(left):
            continue
        if (_SUBJECT_START.match(head) and _VERB.search(head)) or _NOUN_SUBJECT.match(head):
            return True
    return False


_CELL_SEPARATOR = re.compile(r"[ \t]*+\|[ \t]*+")


def _table_cells(text: str) -> int:
    """Non-empty cells of a table row as plain text shows it ("Pacer Glide 5 Wide |
    $109.95 | In stock | 4.6 (1,284 reviews)"): the row's name and one statement per
    further cell."""
    if "|" not in text:
        return 0
    return sum(1 for cell in _CELL_SEPARATOR.split(text[:CACHE_TEXT_LIMIT]) if cell.strip())


def non_atomic_reasons(text: str) -> list[str]:
    """Why a claim looks like several statements (empty if it looks atomic)."""
    if len(text) > CACHE_TEXT_LIMIT:
        return list(_non_atomic_reasons.__wrapped__(text))
    return list(_non_atomic_reasons(text))


@lru_cache(maxsize=4096)
def _non_atomic_reasons(text: str) -> tuple[str, ...]:
    reasons = []
    if len(sentence_spans(text)) > 1:
        reasons.append("it holds more than one sentence")
    cells = _table_cells(text)
    if cells >= 3:
        # a name and one value is one statement ("Pacer Glide 5 Wide | $109.95"); each
        # further value is another
        reasons.append(f"it holds a table row of {cells} cells ({cells - 1} statements about its first cell)")
    if ";" in text:
        reasons.append('it joins statements with ";"')
    if _joins_two_clauses(text):
        reasons.append('it joins two statements with "and"')
    return tuple(reasons)


def fc1_claims_verbatim(ctx: RuleContext) -> list[RuleResult]:
    """FC-1: each claim's text is exactly its span of the response's plain text."""
    def check(side: int, claim: Claim) -> list[RuleResult]:
        plain = ctx.plain_texts[side]
        inside = 0 <= claim.start < claim.end <= len(plain)
        if inside and plain[claim.start : claim.end] == claim.text:
            return []
        message = (
            f"{ctx.claim_label(side, claim)} is not an exact copy of the response text; "
            "select it again in the response instead of editing it."
        )
        return [ctx.fail("FC-1", message, claim_field(side, claim, "text"), side)]

    return per_claim(ctx, "FC-1", check)


def fc2_objective_labelled(ctx: RuleContext) -> list[RuleResult]:
    """FC-2: every claim is objective or subjective; subjective claims get no rating."""
    def check(side: int, claim: Claim) -> list[RuleResult]:
        field = claim_field(side, claim, "objective")
        if claim.objective is None:
            message = f"Mark {ctx.claim_label(side, claim)} as objective or subjective."
            return [ctx.fail("FC-2", message, field, side)]
        if not claim.objective and claim.rating is not None:
            message = (
                f"{ctx.claim_label(side, claim)} is subjective, so it is not fact-checked; "
                "remove its rating or mark it objective."
            )
            return [ctx.fail("FC-2", message, field, side)]
        return []

    return per_claim(ctx, "FC-2", check)


def fc3_claims_atomic(ctx: RuleContext) -> list[RuleResult]:
    """FC-3: a claim holding several statements is flagged for splitting."""
    def check(side: int, claim: Claim) -> list[RuleResult]:
        reasons = non_atomic_reasons(claim.text)
        if not reasons:
            return []
        message = f"Consider splitting {ctx.claim_label(side, claim)}: " + " and ".join(reasons) + "."
        return [ctx.fail("FC-3", message, claim_field(side, claim, "text"), side)]

    return per_claim(ctx, "FC-3", check)


def _covered(sentence: CandidateSentence, claims: list[Claim]) -> bool:
    return any(c.start < sentence.end and sentence.start < c.end for c in claims)


def _states_action(sentence: CandidateSentence, claims: list[Claim]) -> bool:
    """A neighbour of "Done." whose claim says what was done."""
    return any(
        c.start < sentence.end and sentence.start < c.end and (c.action or sentence.is_action)
        for c in claims
    )


def _action_listed(sentence: CandidateSentence, claims: list[Claim], verbs: list[str]) -> bool:
    """A claim holds the sentence's action clause, from its subject to its verb (spec v3:
    "so I skipped it" must be listed; a claim of another clause of the same sentence, or
    one cut before the verb, does not cover the action)."""
    clause = action_clause(sentence.text, verbs) or (0, 1)
    start, end = sentence.start + clause[0], sentence.start + clause[1]
    return any(c.start <= start and end <= c.end for c in claims)


def _uncovered_actions(
    sentences: list[CandidateSentence], claims: list[Claim], verbs: list[str]
) -> list[CandidateSentence]:
    """Action sentences whose action no claim covers; a bare "Done." is covered by a
    neighbour's claim that states the action."""
    out = []
    for i, sentence in enumerate(sentences):
        if sentence.is_action:
            if not _action_listed(sentence, claims, verbs):
                out.append(sentence)
            continue
        if _covered(sentence, claims):
            continue
        elif is_bare_completion(sentence.text):
            neighbours = sentences[max(0, i - 1) : i] + sentences[i + 1 : i + 2]
            if not any(_states_action(n, claims) for n in neighbours):
                out.append(sentence)
    return out


def fc4_actions_listed(ctx: RuleContext) -> list[RuleResult]:
    """FC-4: every sentence reporting an agent action is covered by a claim."""
    verbs = ctx.param("FC-4", "action_verbs")

    def check(side: int) -> list[RuleResult]:
        sentences = candidate_claims(ctx.plain_texts[side], verbs)
        uncovered = _uncovered_actions(sentences, ctx.rating.responses[side].claims, verbs)
        failures = []
        for sentence in uncovered[:FC4_LISTED]:
            excerpt = sentence.text if len(sentence.text) <= 60 else sentence.text[:57] + "..."
            message = (
                f'{ctx.response_label(side)} reports an action that is not listed as a claim: '
                f'"{excerpt}". Action claims must always be listed.'
            )
            field = side_field(side, f"claims@{sentence.start}-{sentence.end}")
            failures.append(ctx.fail("FC-4", message, field, side))
        if len(uncovered) > FC4_LISTED:
            message = (f"{ctx.response_label(side)} reports {len(uncovered) - FC4_LISTED} more "
                       "actions that are not listed as claims.")
            failures.append(ctx.fail("FC-4", message, side_field(side, "claims"), side))
        return failures

    return per_side(ctx, "FC-4", "claims", check)
