"""Checking an action claim ("added to cart", "sent", "booked", "filtered by size 9")
against what the response's steps and screenshots show.

The answer names the step (or screenshot) that performed or shows the action, says that
no step shows it, or names the source that contradicts it (the cart shows 0 items, the
reply is still a draft). A claim that says an action was *not* done is no action claim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rater_desktop.evidence.sources import SourceText
from rater_desktop.evidence.terms import fold, numbers_in, word_match, words_in
from rater_desktop.rating.shown_evidence import EvidenceChoice


class ActionVerdict(StrEnum):
    PERFORMED = "performed"
    NOT_SHOWN = "not_shown"
    CONTRADICTED = "contradicted"


@dataclass(frozen=True)
class ActionKind:
    """One kind of action: how a claim says it, the step that does it, what shows it done
    and what shows it not done."""

    name: str
    claim: re.Pattern[str]
    step: re.Pattern[str]
    result: re.Pattern[str]
    contrary: re.Pattern[str]


def _p(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


KINDS: tuple[ActionKind, ...] = (
    ActionKind("added to cart",
               _p(r"\b(add(ed|ing)?|put|placed)\b.{0,200}\b(cart|bag|basket|trolley)\b|\bin (your|the) (\w+ ){0,2}(cart|bag|basket)\b"),
               _p(r"\badd(ed)? to (cart|bag|basket)\b"),
               _p(r"\badded to (your )?(cart|bag|basket)\b|\bcart \(?[1-9]\d*\)?|\b[1-9]\d* items?\b.{0,20}\bcart|\bcart\b.{0,20}\b[1-9]\d* items?\b"),
               _p(r"\bcart \([0o]\)|\bcart 0\b|\b(your )?(cart|bag|basket) is empty\b|\b0 items\b")),
    ActionKind("sent",
               _p(r"\b(sent|emailed|replied|submitted|posted)\b"),
               _p(r"\b(send|submit|post)\b"),
               _p(r"\b(message|email|reply) (was )?sent\b|\bsent\b|\bsubmitted\b"),
               _p(r"\bdraft(ed)?\b|\bnot sent\b|\bunsent\b")),
    ActionKind("booked",
               _p(r"(?<!fully )(?<!is )(?<!are )\b(booked|reserved)\b(?! up)|\bconfirmed (a|the|your)\b|\bbook(ing)? (a|the|your)\b|\breservation (for|at|is)\b"),
               _p(r"\b(book|reserve|confirm)"),
               _p(r"\b(booked|confirmed|confirmation|reservation (is )?(made|confirmed)|you'?re all set)\b"),
               _p(r"\bnot (booked|reserved|confirmed)\b|\bno (booking|reservation)\b|\bselect a time\b")),
    ActionKind("ordered",
               _p(r"\b(ordered|purchased|bought|checked out|placed (the|an|your) order)\b"),
               _p(r"\b(place order|buy now|checkout|check out|pay)\b"),
               _p(r"\border (placed|confirmed|number)\b|\bthank you for your order\b"),
               _p(r"\bnot (ordered|purchased)\b|\border (failed|declined)\b")),
    ActionKind("filtered",
               _p(r"\bfilter(ed|s|ing)?\b|\bsorted by\b|\bnarrowed\b"),
               _p(r"\b(filter|select|check|sort|size|price|apply)"),
               _p(r"$^"),
               _p(r"\bunfiltered\b|\bno filters?\b|\bclear(ed)? filters?\b")),
    ActionKind("searched",
               _p(r"\bsearched\b|\blooked up\b"),
               _p(r"\b(type|search|fill)"),
               _p(r"$^"),
               _p(r"$^")),
)

_NEGATED = re.compile(r"\b(not|never|didn't|did not|wasn't|haven't|have not|couldn't|could not|unable|no)\b")
_STEP_ACTIONS = frozenset({"click", "tap", "press", "select", "type", "fill", "check", "submit", "navigate", "goto", "key"})


@dataclass(frozen=True)
class ActionCheck:
    """The finder's word on one action claim."""

    kind: str
    verdict: ActionVerdict
    evidence: EvidenceChoice | None
    message: str


def action_kind(claim_text: str) -> ActionKind | None:
    """The action a claim says was done, or None (no action, or one said not done)."""
    text = fold(claim_text)
    for kind in KINDS:
        match = kind.claim.search(text)
        if match is None:
            continue
        before = text[max(0, match.start() - 30) : match.start()]
        if _NEGATED.search(before) or _NEGATED.search(match.group(0)):
            return None
        return kind
    return None


def _values(claim_text: str, kind: ActionKind) -> list[str]:
    """What a filter or search claim names (its words, less the verb's own)."""
    own = set(words_in(kind.name)) | {"filter", "filtered", "filters", "searched", "search", "sorted"}
    numbers = numbers_in(claim_text)
    return numbers + [w for w in words_in(claim_text) if w not in own]


def _step_performs(source: SourceText, kind: ActionKind, values: list[str]) -> bool:
    if source.step is None:
        return False
    if kind.name == "searched":
        # The text the step typed is what the claim says was searched for.
        typed = words_in(source.step_typed) + numbers_in(source.step_typed)
        return bool(typed) and all(any(t == v or word_match(v, t) > 0 for v in values) for t in typed)
    if kind.name == "filtered":
        said = words_in(source.step_said) + numbers_in(source.step_said)
        return bool(values) and all(any(v == s or word_match(v, s) > 0 for s in said) for v in values[:3])
    verb = source.step_action.split(" ", 1)[0]
    return verb in _STEP_ACTIONS and kind.step.search(source.step_action) is not None


def check_action(claim_text: str, sources: list[SourceText]) -> ActionCheck | None:
    """Does some step or screenshot show the action the claim says was done?"""
    kind = action_kind(claim_text)
    if kind is None:
        return None
    values = _values(claim_text, kind)
    performed: SourceText | None = None
    shown: SourceText | None = None
    contrary: SourceText | None = None
    for source in sources:
        text = source.text()
        if _step_performs(source, kind, values):
            performed = performed or source
        # The last state shown wins: a cart that shows 0 items and later 1 was filled.
        if kind.contrary.search(text) and (kind.name != "filtered" or not values or _mentions(text, values)):
            contrary = source
        elif kind.result.search(text) or _shows_values(source, kind, values):
            shown, contrary = source, None
    if contrary is not None and (performed is None or (contrary.step or 0) > (performed.step or -1)):
        return ActionCheck(kind.name, ActionVerdict.CONTRADICTED, contrary.choice,
                           f"{contrary.choice.label} contradicts \u201c{kind.name}\u201d.")
    proof = performed or shown
    if proof is not None:
        return ActionCheck(kind.name, ActionVerdict.PERFORMED, proof.choice,
                           f"{proof.choice.label} shows \u201c{kind.name}\u201d.")
    return ActionCheck(kind.name, ActionVerdict.NOT_SHOWN, None, "No step shows this action.")


def _shows_values(source: SourceText, kind: ActionKind, values: list[str]) -> bool:
    """A filter or search whose values a screenshot shows beside the word for it
    ("Filters: Size 9, Wide", "results for running shoes")."""
    if kind.name not in {"filtered", "searched"} or not values or source.step is not None:
        return False
    text = source.text()
    if kind.name == "filtered" and "filter" not in text:
        return False
    return all(any(v == t.text or word_match(v, t.text) > 0 for t in source.tokens) for v in values[:4])


def _mentions(text: str, values: list[str]) -> bool:
    return any(v in text for v in values)
