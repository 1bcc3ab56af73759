"""What rules spec version 3 changed (FV-6, FC-4), each with the guideline's own words."""

from __future__ import annotations

import pytest
from test_rating_support import failures, filled_rating, make_item

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.detect import actions
from rater_desktop.rating.model import ClaimRating, EvidenceKind
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.text import make_claim

# The guideline, "Performance is the Tie-Breaker": "If both responses are correct and
# complete, use AI Performance to decide which is 'slightly better.'"
_QUIET = Rubric.from_overrides({r: {"severity": "off"} for r in ("TC-2", "TC-3", "TC-4", "FC-9")})


def _verdict_failures(a: tuple[int, int, int], b: tuple[int, int, int], verdict: Verdict) -> set[str]:
    rating, item, plains = filled_rating()
    for side, (tc, fa, aip) in zip(rating.responses, (a, b), strict=True):
        side.tc, side.fa, side.aip = tc, fa, aip
    rating.verdict = verdict
    return {f.rule_id for f in failures(rating, item, plains, _QUIET)}


@pytest.mark.parametrize(
    ("a", "b", "verdict", "failing"),
    [
        # correct and complete on both sides: AIP decides, so "slightly better"
        ((5, 5, 5), (5, 5, 3), Verdict.A_BETTER, {"FV-6"}),
        ((5, 5, 5), (5, 5, 3), Verdict.A_SLIGHTLY_BETTER, set()),
        # TC and FA tie below 5: not the tie-breaker's case; a 2-point AIP lead may take
        # any strength but "about the same" (v2 warned these careful verdicts)
        ((4, 4, 5), (4, 4, 3), Verdict.A_BETTER, set()),
        ((2, 5, 5), (2, 5, 3), Verdict.A_MUCH_BETTER, set()),
        ((5, 4, 5), (5, 4, 2), Verdict.A_BETTER, set()),
        ((4, 4, 5), (4, 4, 3), Verdict.ABOUT_SAME, {"FV-3", "FV-5"}),
        # "If the winning response is only better by one point for the deciding
        # criterion, then it is only slightly better" (FV-4, whatever TC and FA are)
        ((4, 4, 5), (4, 4, 4), Verdict.A_BETTER, {"FV-4"}),
    ],
)
def test_fv6_slightly_better_only_between_correct_and_complete_responses(
    a: tuple[int, int, int], b: tuple[int, int, int], verdict: Verdict, failing: set[str]
) -> None:
    assert _verdict_failures(a, b, verdict) == failing


# FC-4, the guideline: "Action-based claims (e.g., "Email was drafted", "Google Doc was
# created", "I checked the website", "Calendar event was scheduled") MUST ALWAYS be
# listed, as they are verifiable actions." Spec v3: the sentence is covered by a claim
# that holds its action clause, not by a claim of another clause of the same sentence.
SKIPPED = "Trattoria Lucca only has 5:30 PM and 9:30 PM left, so I skipped it."
PASSIVE_FIRST = "The 7:00 PM slot was already booked, so I reserved the 7:30 PM table."


@pytest.mark.parametrize(
    ("sentence", "clause"),
    [
        (SKIPPED, "I skipped"),
        ("Stopped there; no listing detail page was reached.", "Stopped"),
        ("The first result was out of stock, so I took the first in-stock one.", "I took"),
        # the agent's own action wins over a passive statement earlier in the sentence
        (PASSIVE_FIRST, "I reserved"),
        ("The email has been sent.", "has been sent"),
        ("The hat is now in your cart.", "is now in your cart"),
    ],
)
def test_action_clause_runs_from_subject_to_verb(sentence: str, clause: str) -> None:
    span = actions.action_clause(sentence)
    assert span is not None and sentence[span[0] : span[1]] == clause


def _fc4(text_b: str, claimed: list[str]) -> list[str]:
    item = make_item(text_b=text_b)
    rating, _, plains = filled_rating(item)
    side = rating.responses[1]
    side.claims = []
    for part in claimed:
        start = plains[1].index(part)
        claim = make_claim(plains[1], start, start + len(part), claim_id=rating.new_id("c"))
        claim.objective, claim.rating, claim.action = True, ClaimRating.CCA, True
        claim.justification, claim.evidence = "Not shown.", EvidenceKind.NONE
        side.claims.append(claim)
    return [f.message for f in failures(rating, item, plains) if f.rule_id == "FC-4"]


def test_fc4_claim_of_the_action_clause_covers_the_sentence() -> None:
    assert _fc4(SKIPPED, ["so I skipped it."]) == []
    assert _fc4(PASSIVE_FIRST, ["so I reserved the 7:30 PM table."]) == []


def test_fc4_claim_of_another_clause_does_not_cover_the_action() -> None:
    assert _fc4(SKIPPED, ["Trattoria Lucca only has 5:30 PM and 9:30 PM left"])
    # v2 took the passive "was already booked" for the action and was satisfied by it
    assert _fc4(PASSIVE_FIRST, ["The 7:00 PM slot was already booked"])


def test_fc4_claim_cut_before_the_verb_does_not_hold_the_clause() -> None:
    assert _fc4(SKIPPED, ["Trattoria Lucca only has 5:30 PM and 9:30 PM left, so I"])


def _gold_items() -> list[dict]:  # type: ignore[type-arg]
    import json
    from pathlib import Path

    samples = Path(__file__).resolve().parents[2] / "sample_batches"
    items = []
    for path in sorted(samples.glob("*/items.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            if (item.get("gold") or {}).get("expected_scores"):
                items.append(item)
    return items


def test_sample_qualification_answers_follow_the_verdict_rules() -> None:
    """Each gold verdict is what a careful rater with the gold scores may answer: the
    verdict rules raise nothing on it (qual-02: both correct and complete, AIP decides,
    so "B slightly better", not the "B better" the sample used to expect)."""
    items = _gold_items()
    assert len(items) >= 10
    for gold_item in items:
        gold = gold_item["gold"]
        rating, item, plains = filled_rating()
        for side, label in zip(rating.responses, "AB", strict=True):
            scores = gold["expected_scores"][label]
            side.tc, side.fa, side.aip = scores["tc"], scores["fa"], scores["aip"]
        rating.verdict = Verdict(gold["expected_verdict"])
        found = {f.rule_id for f in failures(rating, item, plains, _QUIET)}
        assert not found & {"FV-3", "FV-4", "FV-5", "FV-6"}, (gold_item["id"], found)
