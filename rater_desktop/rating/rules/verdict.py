"""FV-1..FV-6: the final 7-point verdict and its justification."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.helpers import written_word_count
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rules.base import RuleContext, RuleResult

_BODY = re.compile(r"^[ \t]*+justification[ \t]*+:", re.IGNORECASE | re.MULTILINE)


def justification_body(text: str) -> str:
    """The rater's own words: after the template's "Justification:" line, if present."""
    last = None
    for last in _BODY.finditer(text):  # noqa: B007 - only the last one matters
        pass
    return text[last.end() :] if last is not None else text


@dataclass(frozen=True)
class ExpectedWinner:
    """What the scores say: winner (true index or None for a tie), how, and by how much."""

    winner: int | None
    criterion: str  # "correctness" (TC+FA), "performance" (AIP) or "tie"
    lead: int
    identical: bool  # TC, FA and AIP all equal


def expected_winner(rating: ItemRating) -> ExpectedWinner | None:
    """Correctness is king: TC+FA decides; AIP only breaks a tie. None if scores missing."""
    a, b = rating.responses
    scores = [a.tc, a.fa, a.aip, b.tc, b.fa, b.aip]
    if any(s is None for s in scores):
        return None
    tca, faa, aipa, tcb, fab, aipb = (int(s or 0) for s in scores)
    identical = (tca, faa, aipa) == (tcb, fab, aipb)
    correctness = (tca + faa) - (tcb + fab)
    if correctness:
        return ExpectedWinner(0 if correctness > 0 else 1, "correctness", abs(correctness), identical)
    if aipa != aipb:
        return ExpectedWinner(0 if aipa > aipb else 1, "performance", abs(aipa - aipb), identical)
    return ExpectedWinner(None, "tie", 0, identical)


def _favoured(verdict: Verdict) -> int | None:
    if verdict.score == 0:
        return None
    return 0 if verdict.score < 0 else 1


def fv1_verdict_chosen(ctx: RuleContext) -> list[RuleResult]:
    """FV-1: one of the seven verdicts is chosen."""
    if ctx.rating.verdict is None:
        return [ctx.fail("FV-1", "Choose a final verdict on the 7-point scale.", "verdict")]
    return [ctx.ok("FV-1", "verdict")]


def fv2_justification_length(ctx: RuleContext) -> list[RuleResult]:
    """FV-2: the final justification has enough of the rater's own words (the builder's
    score lines, verdict sentence, evidence summary and labels do not count)."""
    minimum = int(ctx.param("FV-2", "min_words"))
    words = written_word_count(ctx.rating.verdict_justification)
    if words >= minimum:
        return [ctx.ok("FV-2", "verdict_justification")]
    message = f"The final justification has {words} words of your own; write at least {minimum}."
    return [ctx.fail("FV-2", message, "verdict_justification")]


def fv3_correctness_is_king(ctx: RuleContext) -> list[RuleResult]:
    """FV-3: the verdict favours the response the scores favour (TC+FA first, then AIP)."""
    verdict, expected = ctx.rating.verdict, expected_winner(ctx.rating)
    if verdict is None or expected is None:
        return [ctx.ok("FV-3", "verdict")]
    favoured = _favoured(verdict)
    if expected.winner is None:
        if expected.identical and favoured is not None:
            message = (
                "Both responses have the same TC, FA and AIP scores, yet the verdict picks a "
                "winner; pick a winner only when the scores support it."
            )
            return [ctx.fail("FV-3", message, "verdict")]
        return [ctx.ok("FV-3", "verdict")]
    if favoured == expected.winner:
        return [ctx.ok("FV-3", "verdict")]
    winner = ctx.response_label(expected.winner)
    basis = "TC + FA" if expected.criterion == "correctness" else "AIP (TC + FA are tied)"
    message = f"Your scores favour {winner} on {basis}, but the verdict does not."
    return [ctx.fail("FV-3", message, "verdict")]


def fv4_one_point_is_slight(ctx: RuleContext) -> list[RuleResult]:
    """FV-4: a one-point lead on the deciding criterion means "slightly better"."""
    verdict, expected = ctx.rating.verdict, expected_winner(ctx.rating)
    if verdict is None or expected is None or expected.winner is None or expected.lead != 1:
        return [ctx.ok("FV-4", "verdict")]
    if _favoured(verdict) != expected.winner or abs(verdict.score) == 1:
        return [ctx.ok("FV-4", "verdict")]
    winner = ctx.response_label(expected.winner)
    message = (
        f"{winner} leads by only one point on the deciding scores, so it is only "
        '"slightly better".'
    )
    return [ctx.fail("FV-4", message, "verdict")]


def fv5_about_same_only_when_equal(ctx: RuleContext) -> list[RuleResult]:
    """FV-5: "About the same" is not chosen when TC, FA or AIP differ."""
    verdict = ctx.rating.verdict
    a, b = ctx.rating.responses
    if verdict is not Verdict.ABOUT_SAME or None in (a.tc, a.fa, a.aip, b.tc, b.fa, b.aip):
        return [ctx.ok("FV-5", "verdict")]
    differing = [
        name for name, x, y in (("TC", a.tc, b.tc), ("FA", a.fa, b.fa), ("AIP", a.aip, b.aip))
        if x != y
    ]
    if not differing:
        return [ctx.ok("FV-5", "verdict")]
    message = (
        f'"About the same" was chosen, but the {", ".join(differing)} scores differ; '
        "choose the response the scores favour."
    )
    return [ctx.fail("FV-5", message, "verdict")]


def _correct_and_complete(rating: ItemRating) -> bool:
    """Both responses have TC 5 and FA 5: the guideline's tie-breaker case ("If both
    responses are correct and complete, use AI Performance to decide which is 'slightly
    better'")."""
    return all(r.tc == 5 and r.fa == 5 for r in rating.responses)


def _strength_problem(expected: ExpectedWinner, strength: int, rating: ItemRating) -> str | None:
    if expected.criterion == "performance" and strength > 1 and _correct_and_complete(rating):
        return ("both responses are correct and complete (TC 5, FA 5) and only AI Performance "
                'separates them, so the winner is "slightly better"')
    if expected.criterion == "correctness" and expected.lead >= 4 and strength < 2:
        return (f"the lead on TC + FA is {expected.lead} points, so the winner is "
                '"better" or "much better"')
    return None


def fv6_strength_follows_lead(ctx: RuleContext) -> list[RuleResult]:
    """FV-6: the verdict's strength follows the size of the lead (1-point leads are FV-4):
    AIP decides between two correct and complete responses -> "slightly better"; a TC+FA
    lead of 4 or more -> "better" or "much better"; other leads of 2 or more -> any
    strength ("about the same" is FV-5)."""
    verdict, expected = ctx.rating.verdict, expected_winner(ctx.rating)
    if verdict is None or expected is None or expected.winner is None:
        return [ctx.ok("FV-6", "verdict")]
    if _favoured(verdict) != expected.winner:
        return [ctx.ok("FV-6", "verdict")]  # wrong direction / "about the same": FV-3, FV-5
    problem = _strength_problem(expected, abs(verdict.score), ctx.rating)
    if problem is None:
        return [ctx.ok("FV-6", "verdict")]
    return [ctx.fail("FV-6", f"{ctx.response_label(expected.winner)} wins, but {problem}.", "verdict")]
