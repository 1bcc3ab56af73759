"""What rules spec version 2 changed, rule by rule (see docs/rules.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_rating_support import failures, filled_rating, make_item

from rater_desktop.batch.model import Item, Screenshot, TrajectoryStep, Verdict
from rater_desktop.rating.model import (
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ShownEvidence,
    ShownEvidenceKind,
)
from rater_desktop.rating.rubric import Rubric, Severity
from rater_desktop.rating.rules import can_complete, check_item, unacknowledged_warnings
from rater_desktop.rating.text import make_claim


def _found(rating: ItemRating, item: Item, plains: tuple[str, str], rule: str) -> list:  # type: ignore[type-arg]
    return [f for f in failures(rating, item, plains) if f.rule_id == rule]


def _item_with_shown() -> Item:
    item = make_item()
    a, b = item.responses
    a = replace(a, screenshots=(Screenshot("screens/cart.png", "the cart"), Screenshot("screens/shared.png")),
                trajectory=(TrajectoryStep("navigate", screenshot="screens/step0.png"), TrajectoryStep("click")))
    b = replace(b, screenshots=(Screenshot("screens/shared.png"), Screenshot("screens/b_only.png")))
    return replace(item, responses=(a, b))


def _shot(path: str) -> ShownEvidence:
    return ShownEvidence(ShownEvidenceKind.SCREENSHOT, path=path)


@pytest.mark.parametrize("placeholder", ["TBD", "N/A", "...", "[Main goal]"])
def test_placeholder_is_not_a_main_goal(placeholder: str) -> None:
    rating, item, plains = filled_rating()
    rating.case_file.main_goal = placeholder
    (f,) = _found(rating, item, plains, "CF-1")
    assert f.blocking


@pytest.mark.parametrize(
    ("rule", "edit"),
    [
        ("TC-5", lambda r: setattr(r.responses[0], "tc_justification", "N/A")),
        ("TC-5", lambda r: setattr(r.responses[0], "tc_justification", "Justification: [Brief explanation of your reasoning]")),
        ("FC-5", lambda r: setattr(r.responses[0].claims[1], "justification", "TBD")),
        ("AP-1", lambda r: setattr(r.responses[0], "aip_justification", r.responses[0].aip_justification + " [more]" * 0 + "\n" + "TBD " * 60)),
        ("FV-2", lambda r: setattr(r, "verdict_justification", "Justification: [why] ... TBD")),
    ],
)
def test_placeholders_never_count_as_written(rule: str, edit) -> None:  # type: ignore[no-untyped-def]
    rating, item, plains = filled_rating()
    if rule == "AP-1":
        rating.responses[0].aip_justification = "Navigation, interaction, efficiency, output. " + "TBD " * 60
    else:
        edit(rating)
    assert any(f.blocking for f in _found(rating, item, plains, rule)), rule


def test_tc2_two_sub_requests_no_caps_at_three() -> None:
    rating, item, plains = filled_rating()
    side = rating.responses[1]
    side.sub_request_met = dict.fromkeys(side.sub_request_met, False)
    side.tc = 4
    (f,) = _found(rating, item, plains, "TC-2")
    assert "3 or lower" in f.message
    side.tc = 3
    assert _found(rating, item, plains, "TC-2") == []


def test_tc4_action_claim_without_evidence_counts_as_none() -> None:
    rating, item, plains = filled_rating()
    action = rating.responses[0].claims[0]
    assert action.action
    action.evidence, action.sources = None, []
    (f,) = _found(rating, item, plains, "TC-4")
    assert f.warning and "3 or 4" in f.message
    rating.responses[0].tc = 4
    assert _found(rating, item, plains, "TC-4") == []
    rating.responses[0].tc, action.evidence = 5, EvidenceKind.FULL
    assert _found(rating, item, plains, "TC-4") == []


def test_tc4_evidence_only_caps_tc_when_the_main_goal_failed() -> None:
    rating, item, plains = filled_rating()
    side = rating.responses[0]
    side.claims[0].evidence = EvidenceKind.NONE
    side.main_goal_met, side.tc = False, 2
    assert _found(rating, item, plains, "TC-4") == []


def test_fc6_screenshot_of_the_response_is_evidence_case_1() -> None:
    item = _item_with_shown()
    rating, _, plains = filled_rating(item)
    claim = rating.responses[0].claims[0]
    claim.sources, claim.shown_evidence = [], [_shot("screens/cart.png")]
    results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default())
    assert [r for r in results if r.rule_id in ("FC-6", "FC-7") and not r.passed] == []
    assert can_complete(results)[0] and unacknowledged_warnings(results, {}) == []


@pytest.mark.parametrize(
    ("side", "ref", "ok"),
    [
        (0, _shot("screens/shared.png"), True),  # shown with both: counts for both
        (1, _shot("screens/shared.png"), True),
        (1, _shot("screens/cart.png"), False),  # the other response's screenshot
        (0, _shot("screens/b_only.png"), False),
        (0, _shot("screens/step0.png"), True),  # a trajectory step's screenshot
        (0, ShownEvidence(ShownEvidenceKind.STEP, path="screens/step0.png", step=0), True),
        (0, ShownEvidence(ShownEvidenceKind.STEP, step=1), True),
        (0, ShownEvidence(ShownEvidenceKind.STEP, step=7), False),
        (1, ShownEvidence(ShownEvidenceKind.STEP, step=0), False),
    ],
)
def test_fc6_shown_evidence_must_belong_to_the_response(side: int, ref: ShownEvidence, ok: bool) -> None:
    item = _item_with_shown()
    rating, _, plains = filled_rating(item)
    claim = rating.responses[side].claims[0]
    claim.sources, claim.shown_evidence = [], [ref]
    blocking = [f for f in _found(rating, item, plains, "FC-6") if f.blocking]
    assert (blocking == []) is ok


def test_fc6_fc7_a_typed_screenshot_path_is_shown_evidence() -> None:
    item = _item_with_shown()
    rating, _, plains = filled_rating(item)
    claim = rating.responses[0].claims[0]
    claim.sources = ["screens/cart.png"]
    assert _found(rating, item, plains, "FC-6") == [] and _found(rating, item, plains, "FC-7") == []
    claim.sources = ["screens/b_only.png"]
    assert _found(rating, item, plains, "FC-7")  # not shown with A: not evidence, not a URL


def test_fc6_same_page_twice_is_one_source_and_only_a_hint() -> None:
    rating, item, plains = filled_rating()
    claim = rating.responses[0].claims[1]
    claim.sources = ["https://hats.example/classic", "https://hats.example/classic/#price"]
    (f,) = _found(rating, item, plains, "FC-6")
    assert f.severity is Severity.HINT and "same page" in f.message


def test_fc6_only_less_reliable_sources_warn() -> None:
    rating, item, plains = filled_rating()
    claim = rating.responses[0].claims[1]
    claim.sources = ["https://en.wikipedia.org/wiki/Hat", "https://www.reddit.com/r/hats/1"]
    (f,) = _found(rating, item, plains, "FC-6")
    assert f.warning and "Wikipedia" in f.message and "social media" in f.message
    claim.sources.append("https://www.britannica.com/topic/hat")
    assert _found(rating, item, plains, "FC-6") == []


def test_fc6_cca_claims_need_nothing() -> None:
    rating, item, plains = filled_rating()
    claim = rating.responses[0].claims[1]
    claim.rating, claim.sources = ClaimRating.CCA, []
    assert _found(rating, item, plains, "FC-6") == []


@pytest.mark.parametrize(
    ("source", "blocked"),
    [
        ("https://scholar.google.com/scholar?q=hat", True),
        ("https://www.google.com/maps/search/hat+shop", True),
        ("https://www.bing.com/images/search?q=hat", True),
        ("https://hats.example/search?q=classic", False),  # the shop's own search
        ("https://www.google.com/maps/place/Hat+Shop", False),  # a map page for one place
    ],
)
def test_fc7_v2_search_pages(source: str, blocked: bool) -> None:
    rating, item, plains = filled_rating()
    rating.responses[0].claims[1].sources = [source, "https://a.example/x"]
    assert bool(_found(rating, item, plains, "FC-7")) is blocked


def test_fc4_bare_done_is_covered_by_the_neighbouring_claim() -> None:
    item = make_item(text_a="Done. Both items are in your cart. They cost $25.")
    rating, _, plains = filled_rating(item)
    claims = rating.responses[0].claims
    assert [c.text for c in claims if c.action] == ["Both items are in your cart."]
    rating.responses[0].claims = [c for c in claims if c.text != "Done."]
    assert _found(rating, item, plains, "FC-4") == []  # the next sentence's claim says it
    rating.responses[0].claims = [c for c in claims if not c.action and c.text != "Done."]
    found = _found(rating, item, plains, "FC-4")
    assert len(found) == 2  # "Done." and the result statement


def test_fc4_half_a_sentence_listed_does_not_cover_its_action() -> None:
    item = make_item(text_a="I reloaded once; it came back unchanged. It costs $25.")
    rating, _, plains = filled_rating(item)
    plain = plains[0]
    start = plain.index("it came back")
    keep = [c for c in rating.responses[0].claims if c.start > start]
    rating.responses[0].claims = keep + [make_claim(plain, start, start + len("it came back unchanged."), claim_id="cx")]
    for claim in rating.responses[0].claims:
        claim.objective, claim.rating, claim.sources = True, ClaimRating.ACCURATE, ["https://a.example", "https://b.example"]
        claim.justification = "ok"
    (f,) = _found(rating, item, plains, "FC-4")
    assert "I reloaded once" in f.message


@pytest.mark.parametrize(
    ("b_scores", "verdict", "fails"),
    [
        ((2, 3, 4), Verdict.A_SLIGHTLY_BETTER, True),  # lead of 5 on TC + FA
        ((2, 3, 4), Verdict.A_BETTER, False),
        ((4, 3, 4), Verdict.A_SLIGHTLY_BETTER, False),  # lead of 3: any strength
        ((5, 5, 2), Verdict.A_BETTER, True),  # AIP alone decides: slightly better
        ((5, 5, 2), Verdict.A_SLIGHTLY_BETTER, False),
        ((2, 3, 4), Verdict.B_SLIGHTLY_BETTER, False),  # wrong direction is FV-3's
    ],
)
def test_fv6_strength_follows_the_lead(b_scores: tuple[int, int, int], verdict: Verdict, fails: bool) -> None:
    rating, item, plains = filled_rating()
    a, b = rating.responses
    a.tc, a.fa, a.aip = 5, 5, 4
    b.tc, b.fa, b.aip = b_scores
    rating.verdict = verdict
    results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default(), only=["FV-6"])
    assert any(not r.passed for r in results) is fails


def test_hints_are_recorded_with_their_severity() -> None:
    rating, item, plains = filled_rating()
    rating.case_file.checklist = ["Lists three shoes"]
    (hint,) = _found(rating, item, plains, "CF-3")
    assert hint.to_dict()["severity"] == "hint" and not hint.warning and not hint.blocking


def test_export_records_hints_with_their_severity_and_no_reason() -> None:
    from rater_desktop.results.collect import item_record

    rating, item, _ = filled_rating()
    rating.case_file.checklist = ["Lists three shoes"]
    rating.acknowledged = {"CF-3": "kept"}
    record = item_record(item, rating, rater_id="r1", display_seed="s", rubric=Rubric.default())
    (entry,) = [r for r in record.rule_results if r["rule_id"] == "CF-3" and not r["passed"]]
    assert entry["severity"] == "hint" and entry["acknowledged"] is False and entry["reason"] == ""
