"""TC-1..TC-5: task completion answers, score and justification, per response."""

from __future__ import annotations

from rater_desktop.rating.helpers import written_word_count
from rater_desktop.rating.model import Claim, ClaimRating, EvidenceKind, ResponseRating
from rater_desktop.rating.rules.base import (
    RuleContext,
    RuleResult,
    claim_field,
    per_side,
    side_field,
)


def tc1_checklist_answered(ctx: RuleContext) -> list[RuleResult]:
    """TC-1: main goal and every sub-request answered Yes/No for each response."""
    subs = ctx.rating.case_file.sub_requests

    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        label = ctx.response_label(side)
        failures = []
        if rating.main_goal_met is None:
            failures.append(ctx.fail("TC-1", f"{label}: answer Yes or No for the main goal.",
                                     side_field(side, "main_goal_met"), side))
        missing = [n for n, s in enumerate(subs, start=1) if s.id not in rating.sub_request_met]
        if missing:
            numbers = ", ".join(str(n) for n in missing)
            failures.append(ctx.fail("TC-1", f"{label}: answer Yes or No for sub-request {numbers}.",
                                     side_field(side, "sub_request_met"), side))
        return failures

    return per_side(ctx, "TC-1", "sub_request_met", check)


def _tc_bounds(main: bool, subs: list[bool]) -> tuple[int, int, str]:
    if not main:
        return 1, 2, "the main goal was not met, so TC should be 2 or lower"
    missed = subs.count(False)
    if not missed:
        return 4, 5, "the main goal and every sub-request were met, so TC should be 4 or 5"
    if missed == 1:
        return 1, 4, "a sub-request was not met, so TC should be 4 or lower"
    return 1, 3, f"{missed} sub-requests were not met, so TC should be 3 or lower"


def _evidence_caps_tc(rating: ResponseRating) -> bool:
    """An action claim whose evidence is partial, missing or irrelevant: TC-4 then sets
    the score (guideline Cases 2-4), so TC-2 does not also ask for 4 or 5."""
    return any(
        _evidence_kind(c) in _EVIDENCE_TC for c in rating.claims if c.action
    )


def tc2_score_matches_checklist(ctx: RuleContext) -> list[RuleResult]:
    """TC-2: the TC score agrees with the Yes/No answers."""
    subs = ctx.rating.case_file.sub_requests

    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        answers = [rating.sub_request_met.get(s.id) for s in subs]
        if rating.tc is None or rating.main_goal_met is None or None in answers:
            return []
        low, high, why = _tc_bounds(rating.main_goal_met, [bool(a) for a in answers])
        if low == 4 and _evidence_caps_tc(rating):
            low = 1
        if low <= rating.tc <= high:
            return []
        message = f"{ctx.response_label(side)}: TC is {rating.tc}, but {why}."
        return [ctx.fail("TC-2", message, side_field(side, "tc"), side)]

    return per_side(ctx, "TC-2", "tc", check)


def tc3_critical_cca_caps_tc(ctx: RuleContext) -> list[RuleResult]:
    """TC-3: a critical claim rated CCA means TC cannot be 5."""
    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        critical_cca = [c for c in rating.claims if c.critical and c.rating is ClaimRating.CCA]
        if rating.tc != 5 or not critical_cca:
            return []
        message = (
            f"{ctx.response_label(side)}: TC cannot be 5 while a critical claim is rated "
            f"Cannot Confidently Assess ({ctx.claim_label(side, critical_cca[0])})."
        )
        return [ctx.fail("TC-3", message, side_field(side, "tc"), side)]

    return per_side(ctx, "TC-3", "tc", check)


_EVIDENCE_TC = {
    EvidenceKind.PARTIAL: ((3, 3), "evidence only partly proves it, so TC should be 3"),
    EvidenceKind.NONE: ((3, 4), "there is no screenshot or link proving it, so TC should be 3 or 4"),
    EvidenceKind.IRRELEVANT: ((1, 1), "the screenshot does not relate to it, so TC should be 1"),
}


def _evidence_kind(claim: Claim) -> EvidenceKind | None:
    """The evidence recorded; an action claim with nothing recorded has no evidence."""
    if claim.evidence is not None:
        return claim.evidence
    if claim.shown_evidence or any(s.strip() for s in claim.sources):
        return None  # evidence cited but not graded: nothing to compare TC with
    return EvidenceKind.NONE


def _tc_allowed(kind: EvidenceKind, rating: ResponseRating) -> tuple[int, int] | None:
    allowed = _EVIDENCE_TC.get(kind)
    if allowed is None:
        return None
    low, high = allowed[0]
    if rating.main_goal_met is False:
        low = 1  # the task failed for other reasons (TC-2): the evidence only caps TC
    return low, high


def tc4_action_evidence(ctx: RuleContext) -> list[RuleResult]:
    """TC-4: TC agrees with the evidence for action claims (none recorded = no evidence)."""
    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        failures = []
        for claim in rating.claims:
            kind = _evidence_kind(claim) if claim.action else None
            bounds = _tc_allowed(kind, rating) if kind is not None else None
            if kind is None or bounds is None or rating.tc is None:
                continue
            if not bounds[0] <= rating.tc <= bounds[1]:
                message = (
                    f"{ctx.response_label(side)}: TC is {rating.tc}, but for the action in "
                    f"{ctx.claim_label(side, claim)} {_EVIDENCE_TC[kind][1]}."
                )
                failures.append(ctx.fail("TC-4", message, claim_field(side, claim, "evidence"), side))
        return failures

    return per_side(ctx, "TC-4", "tc", check)


def tc5_tc_justified(ctx: RuleContext) -> list[RuleResult]:
    """TC-5: each response has a TC score and a written justification for it."""
    minimum = max(1, int(ctx.param("TC-5", "min_words")))

    def check(side: int) -> list[RuleResult]:
        rating = ctx.rating.responses[side]
        label = ctx.response_label(side)
        failures = []
        if rating.tc is None:
            failures.append(ctx.fail("TC-5", f"{label}: choose a Task Completion score (1-5).",
                                     side_field(side, "tc"), side))
        if written_word_count(rating.tc_justification) < minimum:
            failures.append(
                ctx.fail("TC-5", f"{label}: explain how you reached the Task Completion score.",
                         side_field(side, "tc_justification"), side))
        return failures

    return per_side(ctx, "TC-5", "tc_justification", check)
