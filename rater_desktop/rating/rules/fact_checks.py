"""FC-5..FC-9: fact-check ratings, sources, private data and the FA score."""

from __future__ import annotations

from rater_desktop.batch.model import Response
from rater_desktop.rating.helpers import (
    distinct_sources,
    private_data_in,
    reliability_kind,
    source_problem,
    written_word_count,
)
from rater_desktop.rating.model import Claim, ClaimRating
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules.base import (
    RuleContext,
    RuleResult,
    claim_field,
    per_claim,
    per_side,
    side_field,
)
from rater_desktop.rating.rules.evidence import cited_evidence, describe


def fc5_objective_claims_rated(ctx: RuleContext) -> list[RuleResult]:
    """FC-5: objective claims have a rating and a justification; each response has an FA."""
    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        failures = []
        for claim in rating.claims:
            if not claim.objective:
                continue
            label = ctx.claim_label(side, claim)
            if claim.rating is None:
                message = f"Rate {label}: Accurate, Inaccurate or Cannot Confidently Assess."
                failures.append(ctx.fail("FC-5", message, claim_field(side, claim, "rating"), side))
            if written_word_count(claim.justification) == 0:
                message = f"Explain the fact check of {label}."
                failures.append(
                    ctx.fail("FC-5", message, claim_field(side, claim, "justification"), side))
        if rating.fa is None:
            message = f"{ctx.response_label(side)}: choose a Factual Accuracy score (1-5)."
            failures.append(ctx.fail("FC-5", message, side_field(side, "fa"), side))
        return failures

    return per_side(ctx, "FC-5", "claims", check)


def _response(ctx: RuleContext, side: int) -> Response | None:
    return ctx.item.responses[side] if ctx.item is not None else None


def _checked(claim: Claim) -> bool:
    return bool(claim.objective) and claim.rating in (ClaimRating.ACCURATE, ClaimRating.INACCURATE)


def _fc6_claim(ctx: RuleContext, side: int, claim: Claim) -> list[RuleResult]:
    minimum = max(1, int(ctx.param("FC-6", "min_sources")))
    recommended = int(ctx.param("FC-6", "recommended_sources"))
    cited = cited_evidence(claim, _response(ctx, side))
    urls = distinct_sources(cited.urls)
    label, field = ctx.claim_label(side, claim), claim_field(side, claim, "sources")
    out = [
        ctx.fail("FC-6", f"{label} cites {describe(ref)}, which is not shown with "
                 f"{ctx.response_label(side)}; cite its own screenshot or step.", field, side)
        for ref in cited.not_shown
    ]
    if len(urls) + len(cited.shown) < minimum:
        out.append(ctx.fail("FC-6", f"Cite evidence for {label}: a direct source URL, or a "
                            "screenshot or step shown with the response.", field, side))
        return out
    if cited.shown:
        return out
    kinds = [reliability_kind(u) for u in urls]
    if urls and all(kinds):
        names = ", ".join(dict.fromkeys(k for k in kinds if k))
        out.append(ctx.fail("FC-6", f"{label} rests only on less reliable sources ({names}); "
                            "add an official or reputable source.", field, side, Severity.WARN))
    elif len(urls) < recommended:
        same = " (two of its addresses are the same page)" if len(cited.urls) > len(urls) else ""
        out.append(ctx.fail("FC-6", f"{label} cites {len(urls)} source{same}; {recommended} "
                            "independent sources are recommended.", field, side, Severity.HINT))
    return out


def fc6_sources_cited(ctx: RuleContext) -> list[RuleResult]:
    """FC-6: Accurate/Inaccurate ratings cite evidence (URL or shown screenshot/step);
    only less reliable sources warn; fewer than recommended URL sources is a hint."""
    return per_claim(ctx, "FC-6", lambda side, claim: _fc6_claim(ctx, side, claim)
                     if _checked(claim) else [])


def fc7_sources_direct(ctx: RuleContext) -> list[RuleResult]:
    """FC-7: URL sources are http(s) and not search-engine result pages."""
    extra = tuple(ctx.param("FC-7", "extra_search_hosts"))

    def check(side: int, claim: Claim) -> list[RuleResult]:
        failures = []
        for source in cited_evidence(claim, _response(ctx, side)).urls:
            problem = source_problem(source, extra)
            if problem is None:
                continue
            shown = source if len(source) <= 60 else source[:57] + "..."
            if problem == "not_http":
                message = (f'Source "{shown}" of {ctx.claim_label(side, claim)} is not a web '
                           "address (http or https) nor a screenshot shown with the response.")
            else:
                message = (
                    f'Source "{shown}" of {ctx.claim_label(side, claim)} is a search results '
                    "page; open the result and cite that page instead."
                )
            failures.append(ctx.fail("FC-7", message, claim_field(side, claim, "sources"), side))
        return failures

    return per_claim(ctx, "FC-7", check)


def fc8_no_private_data(ctx: RuleContext) -> list[RuleResult]:
    """FC-8: claims do not carry private user data."""
    def check(side: int, claim: Claim) -> list[RuleResult]:
        kinds = private_data_in(claim.text)
        if not kinds:
            return []
        message = (
            f"{ctx.claim_label(side, claim)} seems to contain private data "
            f"({', '.join(kinds)}); private user data is not extracted as a claim."
        )
        return [ctx.fail("FC-8", message, claim_field(side, claim, "text"), side)]

    return per_claim(ctx, "FC-8", check)


def fc9_fa_matches_claims(ctx: RuleContext) -> list[RuleResult]:
    """FC-9: any Inaccurate claim -> FA <= 4; all objective claims Accurate -> FA >= 4."""
    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        ratings = [c.rating for c in rating.claims if c.objective]
        label = ctx.response_label(side)
        message = ""
        if rating.fa is not None and ClaimRating.INACCURATE in ratings and rating.fa > 4:
            message = f"{label}: FA is {rating.fa}, but a claim is Inaccurate, so FA should be 4 or lower."
        elif rating.fa is not None and ratings and rating.fa < 4 and all(
            r is ClaimRating.ACCURATE for r in ratings
        ):
            message = f"{label}: FA is {rating.fa}, but every objective claim is Accurate, so FA should be 4 or 5."
        return [ctx.fail("FC-9", message, side_field(side, "fa"), side)] if message else []

    return per_side(ctx, "FC-9", "fa", check)
