"""Every checkable rule: passes on a valid rating, fails (with its severity) when broken."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_rating_support import failures, filled_rating

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    ClaimRating,
    EvidenceKind,
    ItemRating,
    SubRequest,
)
from rater_desktop.rating.rubric import Severity
from rater_desktop.rating.rules import RULES

Mutator = Callable[[ItemRating], None]


def _claim(r: ItemRating, side: int = 0, index: int = 1):  # type: ignore[no-untyped-def]
    return r.responses[side].claims[index]


def _set(**kw: object) -> Mutator:
    def apply(r: ItemRating) -> None:
        for k, v in kw.items():
            setattr(r.responses[0], k, v)

    return apply


def _claim_set(**kw: object) -> Mutator:
    def apply(r: ItemRating) -> None:
        for k, v in kw.items():
            setattr(_claim(r), k, v)

    return apply


def _cf2_untagged(r: ItemRating) -> None:
    r.case_file.sub_requests[0].kind = None


def _tc1_missing_sub(r: ItemRating) -> None:
    r.case_file.sub_requests.append(SubRequest(id="s99", kind=None, text="x"))
    r.case_file.sub_requests[-1].kind = r.case_file.sub_requests[0].kind


def _tc3_critical_cca(r: ItemRating) -> None:
    c = _claim(r)
    c.critical, c.rating, c.sources = True, ClaimRating.CCA, []


def _tc4_partial(r: ItemRating) -> None:
    action = r.responses[0].claims[0]
    assert action.action
    action.evidence = EvidenceKind.PARTIAL


def _fc1_edited(r: ItemRating) -> None:
    _claim(r).text = _claim(r).text.replace("hat", "cap")


def _fc2_subjective_rated(r: ItemRating) -> None:
    _claim(r).objective = False


def _fc4_drop_action(r: ItemRating) -> None:
    del r.responses[0].claims[0]


def _fc9_inaccurate(r: ItemRating) -> None:
    c = _claim(r)
    c.rating = ClaimRating.INACCURATE


def _verdict(v: Verdict | None) -> Mutator:
    def apply(r: ItemRating) -> None:
        r.verdict = v

    return apply


def _both(**kw: int) -> Mutator:
    def apply(r: ItemRating) -> None:
        for side in (0, 1):
            for k, v in kw.items():
                setattr(r.responses[side], k, v)

    return apply


def _fv4_one_point(r: ItemRating) -> None:
    r.responses[1].tc = 4
    r.responses[1].sub_request_met = dict.fromkeys(r.responses[1].sub_request_met, True)
    r.verdict = Verdict.A_MUCH_BETTER


def _fv6_aip_decides_strongly(r: ItemRating) -> None:
    """Both correct and complete (TC 5, FA 5): AIP decides, so only "slightly better"."""
    b = r.responses[1]
    b.tc, b.aip = 5, 2
    b.sub_request_met = dict.fromkeys(b.sub_request_met, True)
    r.verdict = Verdict.A_MUCH_BETTER


def _fv5_about_same(r: ItemRating) -> None:
    r.verdict = Verdict.ABOUT_SAME


BREAKERS: dict[str, tuple[Mutator, Severity]] = {
    "CF-1": (lambda r: setattr(r.case_file, "main_goal", "   "), Severity.BLOCK),
    "CF-2": (_cf2_untagged, Severity.BLOCK),
    "CF-3": (lambda r: r.case_file.checklist.append("Give a helpful answer"), Severity.WARN),
    "TC-1": (_tc1_missing_sub, Severity.BLOCK),
    "TC-2": (_set(tc=3), Severity.WARN),
    "TC-3": (_tc3_critical_cca, Severity.BLOCK),
    "TC-4": (_tc4_partial, Severity.WARN),
    "TC-5": (_set(tc_justification=""), Severity.BLOCK),
    "FC-1": (_fc1_edited, Severity.BLOCK),
    "FC-2": (_fc2_subjective_rated, Severity.BLOCK),
    "FC-3": (_claim_set(text="It costs $25; it is red."), Severity.WARN),
    "FC-4": (_fc4_drop_action, Severity.WARN),
    "FC-5": (_claim_set(rating=None), Severity.BLOCK),
    "FC-6": (_claim_set(sources=[]), Severity.BLOCK),
    "FC-7": (_claim_set(sources=["https://www.google.co.uk/search?q=hat", "https://a.example"]), Severity.BLOCK),
    "FC-8": (_claim_set(text="Mail jane.doe@example.com for details."), Severity.WARN),
    "FC-9": (_fc9_inaccurate, Severity.WARN),
    "AP-1": (_set(aip_justification="Navigation, interaction, efficiency and output were fine."), Severity.BLOCK),
    "AP-2": (_set(aip_justification=" ".join(["The agent clicked the right buttons."] * 12)), Severity.BLOCK),
    "FV-1": (_verdict(None), Severity.BLOCK),
    "FV-2": (lambda r: setattr(r, "verdict_justification", "A is better."), Severity.BLOCK),
    "FV-3": (_verdict(Verdict.B_BETTER), Severity.WARN),
    "FV-4": (_fv4_one_point, Severity.WARN),
    "FV-5": (_fv5_about_same, Severity.WARN),
    "FV-6": (_fv6_aip_decides_strongly, Severity.WARN),
}


# The guideline's own words behind each rule (the rater guideline the rules come from;
# where the guideline is silent the line is the spec's, marked "spec").
GUIDELINE: dict[str, str] = {
    "CF-1": "Before looking at the responses, become an expert on the user's request. "
    "Identify the Main Goal: What is the user trying to achieve?",
    "CF-2": "List all Sub-requests: What are the specific constraints, rules, or secondary "
    "tasks mentioned? Location / Time / Quantity / Format / Action",
    "CF-3": 'Objective: Avoid vague phrases like "The response should be helpful." ... While '
    "not required you may find it useful to start each item with 'should' or 'should not'.",
    "TC-1": "For each response (A and B), check if it met the Main Goal and every single "
    "Sub-request. Main Goal Fulfilled? [Yes/No] Sub-request 1: [Yes/No]",
    "TC-2": "Fully Complete (5/5): Main task and ALL conditions were completed ... Partially "
    "Complete (3/5): ... several important conditions were incomplete",
    "TC-3": "Core Rule: If FA is rated as Cannot Confidently Assess for a critical claim, TC "
    "cannot be Fully Complete (5).",
    "TC-4": "Case 2: Evidence Partially Verifies the Claim ... TC: Partially Complete (3)",
    "TC-5": "Justification: [Brief explain how you came to your conclusion]",
    "FC-1": "Copy claims exactly as they appear in the model response. Do not edit, "
    "rephrase, or add any claims",
    "FC-2": "You should only fact-check objective claims.",
    "FC-3": "Extract ALL objective claims individually (no merging or clubbing!). Keep them "
    "atomic.",
    "FC-4": "Action-based claims (e.g., \"Email was drafted\", ... \"I checked the "
    "website\") MUST ALWAYS be listed, as they are verifiable actions.",
    "FC-5": "Claim 1: [Rating Given] Justification: [Brief explanation of your reasoning, "
    "referencing the sources.]",
    "FC-6": "Use reliable sources to verify or refute each objective claim. Don't rely on "
    "just one source!",
    "FC-7": "Provide direct, credible URLs as sources for your justifications — no Google "
    "search result links!",
    "FC-8": "If the info is private user data (e.g., personal emails, addresses, phone "
    "numbers, account details), do NOT include it as a claim",
    "FC-9": "spec: any Inaccurate claim -> FA <= 4; all objective claims Accurate -> FA >= 4",
    "AP-1": "Your justification MUST be at least 50 words",
    "AP-2": "and clearly cover ALL four dimensions: Navigation, Interaction, Efficiency, and "
    "Output Quality.",
    "FV-1": "Best Response: (e.g., \"Response A, significantly.\")",
    "FV-2": "Justification: [In 30+ words, write the reason for your final recommendation",
    "FV-3": "Correctness is King: Task Completion and Factual Accuracy are almost always more "
    "important than AI Performance.",
    "FV-4": "If the winning response is only better by one point for the deciding criterion, "
    "then it is only slightly better.",
    "FV-5": "Do not force \"About the Same\" when a clear winner exists.",
    "FV-6": "If both responses are correct and complete, use AI Performance to decide which "
    "is \"slightly better.\"",
}


def test_every_registered_rule_has_a_breaker() -> None:
    assert set(BREAKERS) == set(RULES)


def test_every_rule_test_names_the_guideline_line_behind_it() -> None:
    assert set(GUIDELINE) == set(RULES)
    assert all(len(line.split()) >= 6 for line in GUIDELINE.values())


@pytest.mark.parametrize("rule_id", sorted(BREAKERS))
def test_rule_passes_on_valid_rating(rule_id: str) -> None:
    rating, item, plains = filled_rating()
    assert [f for f in failures(rating, item, plains) if f.rule_id == rule_id] == []


@pytest.mark.parametrize("rule_id", sorted(BREAKERS))
def test_rule_fails_when_broken(rule_id: str) -> None:
    rating, item, plains = filled_rating()
    mutate, severity = BREAKERS[rule_id]
    mutate(rating)
    failed = [f for f in failures(rating, item, plains) if f.rule_id == rule_id]
    assert failed, f"{rule_id} did not fail"
    assert failed[0].severity is severity
    assert failed[0].message.strip()
    assert failed[0].field
