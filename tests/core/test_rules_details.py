"""Rule details: thresholds, edge cases, display labels in messages, completion."""

from __future__ import annotations

import pytest
from test_rating_support import failures, filled_rating

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.justification import verdict_template
from rater_desktop.rating.model import ClaimRating, EvidenceKind, ItemRating
from rater_desktop.rating.rubric import Rubric, Severity
from rater_desktop.rating.rules import can_complete, check_item, unacknowledged_warnings
from rater_desktop.rating.rules.claims import non_atomic_reasons


def _ids(rating: ItemRating, **kw) -> set[str]:  # type: ignore[no-untyped-def]
    _, item, plains = filled_rating()
    return {f.rule_id for f in failures(rating, item, plains, **kw)}


@pytest.mark.parametrize(
    ("line", "warned", "hinted"),
    [
        ("Should list 3 stores in Scottsdale.", False, False),
        ("should not book anything", False, False),
        ("- SHOULD NOT include other stores", False, False),
        ("Must list 3 stores", False, True),  # v2: the opening is only recommended
        ("Should be helpful", True, False),
        ("Should give relevant options", False, False),  # v2: "relevant" is not vague
        ("Should give unhelpful options", True, False),
        ("Shouldered bags only", False, True),
    ],
)
def test_cf3_checklist_lines(line: str, warned: bool, hinted: bool) -> None:
    rating, item, plains = filled_rating()
    rating.case_file.checklist = [line]
    found = [f for f in failures(rating, item, plains) if f.rule_id == "CF-3"]
    assert any(f.warning for f in found) is warned
    assert any(f.hint for f in found) is hinted


def test_cf3_opening_is_a_hint_only() -> None:
    rating, item, plains = filled_rating()
    rating.case_file.checklist = ["Must list 3 stores in Scottsdale."]
    (hint,) = [f for f in failures(rating, item, plains) if f.rule_id == "CF-3"]
    assert hint.severity is Severity.HINT and hint.hint and not hint.warning
    results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default())
    assert unacknowledged_warnings(results, {}) == [] and can_complete(results)[0]


@pytest.mark.parametrize(
    ("main", "subs", "tc", "ok"),
    [
        (False, [True, True], 2, True),
        (False, [True, True], 3, False),
        (True, [True, True], 4, True),
        (True, [True, True], 3, False),
        (True, [True, False], 5, False),
        (True, [True, False], 4, True),
        (True, [False, False], 2, True),
    ],
)
def test_tc2_score_vs_checklist(main: bool, subs: list[bool], tc: int, ok: bool) -> None:
    rating, _, _ = filled_rating()
    side = rating.responses[0]
    side.main_goal_met, side.tc = main, tc
    side.sub_request_met = {s.id: v for s, v in zip(rating.case_file.sub_requests, subs, strict=True)}
    assert ("TC-2" not in _ids(rating)) is ok


@pytest.mark.parametrize(
    ("evidence", "tc", "ok"),
    [
        (EvidenceKind.FULL, 5, True),
        (EvidenceKind.PARTIAL, 3, True),
        (EvidenceKind.PARTIAL, 4, False),
        (EvidenceKind.NONE, 4, True),
        (EvidenceKind.NONE, 5, False),
        (EvidenceKind.IRRELEVANT, 1, True),
        (EvidenceKind.IRRELEVANT, 3, False),
        (None, 5, True),
    ],
)
def test_tc4_evidence_cases(evidence: EvidenceKind | None, tc: int, ok: bool) -> None:
    rating, _, _ = filled_rating()
    rating.responses[0].claims[0].evidence = evidence
    rating.responses[0].tc = tc
    assert ("TC-4" not in _ids(rating)) is ok


def test_tc3_only_for_critical_claims() -> None:
    rating, _, _ = filled_rating()
    claim = rating.responses[0].claims[1]
    claim.rating = ClaimRating.CCA
    assert "TC-3" not in _ids(rating)
    claim.critical = True
    assert "TC-3" in _ids(rating)
    rating.responses[0].tc = 4
    assert "TC-3" not in _ids(rating)


def test_fc6_one_source_hints_zero_blocks_cca_needs_none() -> None:
    rating, item, plains = filled_rating()
    claim = rating.responses[0].claims[1]
    claim.sources = ["https://hats.example/classic"]
    fc6 = [f for f in failures(rating, item, plains) if f.rule_id == "FC-6"]
    assert [f.severity for f in fc6] == [Severity.HINT]  # v2: the second source is a hint
    claim.sources = []
    fc6 = [f for f in failures(rating, item, plains) if f.rule_id == "FC-6"]
    assert [f.severity for f in fc6] == [Severity.BLOCK]
    assert fc6[0].field.endswith(f"claims.{claim.id}.sources")
    claim.rating = ClaimRating.CCA
    assert "FC-6" not in {f.rule_id for f in failures(rating, item, plains)}


@pytest.mark.parametrize(
    ("source", "ok"),
    [
        ("https://www.britannica.com/place/Rome", True),
        ("http://example.org/page?q=1", True),
        ("www.britannica.com/place/Rome", False),
        ("ftp://files.example/doc", False),
        ("https://www.bing.com/search?q=hat", False),
        ("https://duckduckgo.com/?q=hat", False),
    ],
)
def test_fc7_sources(source: str, ok: bool) -> None:
    rating, _, _ = filled_rating()
    rating.responses[1].claims[0].sources = [source, "https://a.example/x"]
    assert ("FC-7" not in _ids(rating)) is ok


@pytest.mark.parametrize(
    ("text", "atomic"),
    [
        ("Haku is actually the spirit of the Kohaku River.", True),
        ("Haku works at the bathhouse and helps Chihiro navigate the spirit world.", True),
        ("He lost his memory and ended up working for Yubaba.", True),
        ("The hotel is in Rome and it costs $200 a night.", False),
        ("The store opens at 9; it closes at 5.", False),
        ("The hat is red. It costs $25.", False),
        ("Salt and pepper are included.", True),
        # v2 clause detection
        ("There are 50 states, and element 50 is tin (Sn).", False),
        ("I searched with the Size 9, Wide (2E) and Under $120 filters switched on.", True),
        ("Tempo Rise 3 - $98.00, comes in a wide fit and is a great value.", True),
        ("It only has 5:30 PM and 9:30 PM left, so I skipped it.", True),
    ],
)
def test_fc3_atomicity(text: str, atomic: bool) -> None:
    assert (non_atomic_reasons(text) == []) is atomic


def test_fc9_all_accurate_needs_high_fa_and_no_claims_is_free() -> None:
    rating, _, _ = filled_rating()
    rating.responses[0].fa = 3
    assert "FC-9" in _ids(rating)
    rating.responses[0].claims = []
    assert "FC-9" not in _ids(rating)


def _scores(rating: ItemRating, a: tuple[int, int, int], b: tuple[int, int, int]) -> None:
    for side, (tc, fa, aip) in zip(rating.responses, (a, b), strict=True):
        side.tc, side.fa, side.aip = tc, fa, aip


@pytest.mark.parametrize(
    ("a", "b", "verdict", "failing"),
    [
        ((5, 5, 3), (3, 5, 5), Verdict.A_BETTER, set()),  # correctness beats AIP
        ((5, 5, 3), (3, 5, 5), Verdict.B_BETTER, {"FV-3"}),
        ((5, 5, 4), (5, 5, 3), Verdict.A_SLIGHTLY_BETTER, set()),  # AIP breaks the tie
        # v3 (FV-6): between correct and complete responses AIP decides "slightly better"
        # ("If both responses are correct and complete, use AI Performance to decide which
        # is 'slightly better'"); below that, a 2+ AIP lead may take any strength
        ((5, 5, 5), (5, 5, 3), Verdict.A_BETTER, {"FV-6"}),
        ((4, 5, 5), (4, 5, 3), Verdict.A_BETTER, set()),
        ((5, 5, 5), (5, 5, 3), Verdict.A_SLIGHTLY_BETTER, set()),
        ((5, 5, 4), (5, 5, 3), Verdict.A_BETTER, {"FV-4", "FV-6"}),
        # FV-6: a lead of 4+ on TC + FA is "better" or "much better" ("Correctness is
        # King"); FV-4: "only better by one point ... then it is only slightly better"
        ((5, 5, 4), (2, 3, 4), Verdict.A_SLIGHTLY_BETTER, {"FV-6"}),
        ((5, 5, 4), (2, 3, 4), Verdict.A_BETTER, set()),
        ((5, 5, 4), (4, 3, 4), Verdict.A_SLIGHTLY_BETTER, set()),
        ((5, 5, 4), (4, 3, 4), Verdict.A_MUCH_BETTER, set()),
        ((5, 5, 4), (5, 4, 4), Verdict.A_MUCH_BETTER, {"FV-4"}),
        ((5, 5, 4), (5, 4, 4), Verdict.ABOUT_SAME, {"FV-3", "FV-5"}),
        ((4, 4, 4), (4, 4, 4), Verdict.ABOUT_SAME, set()),
        ((4, 4, 4), (4, 4, 4), Verdict.B_SLIGHTLY_BETTER, {"FV-3"}),
        ((5, 4, 4), (4, 5, 4), Verdict.ABOUT_SAME, {"FV-5"}),
        ((5, 4, 4), (4, 5, 4), Verdict.A_SLIGHTLY_BETTER, set()),
    ],
)
def test_verdict_rules(
    a: tuple[int, int, int], b: tuple[int, int, int], verdict: Verdict, failing: set[str]
) -> None:
    rating, item, plains = filled_rating()
    _scores(rating, a, b)
    rating.verdict = verdict
    found = {
        f.rule_id for f in failures(rating, item, plains, Rubric.from_overrides({
            "TC-2": {"severity": "off"}, "TC-4": {"severity": "off"}, "FC-9": {"severity": "off"},
            "TC-3": {"severity": "off"},
        }))
    }
    assert found == failing


def test_fv2_counts_only_words_after_template() -> None:
    rating, _, _ = filled_rating()
    rating.verdict_justification = verdict_template(rating, DisplayOrder(), body="Short.")
    assert "FV-2" in _ids(rating)
    rating.verdict_justification = verdict_template(rating, DisplayOrder(), body=" ".join(["word"] * 30))
    assert "FV-2" not in _ids(rating)


def test_messages_use_display_labels() -> None:
    rating, item, plains = filled_rating()
    rating.responses[0].tc_justification = ""
    rubric = Rubric.default()
    plain = check_item(rating, item=item, plain_texts=plains, rubric=rubric)
    swapped = check_item(
        rating, item=item, plain_texts=plains, rubric=rubric, order=DisplayOrder(swapped=True)
    )
    (m1,) = [r for r in plain if r.rule_id == "TC-5" and not r.passed]
    (m2,) = [r for r in swapped if r.rule_id == "TC-5" and not r.passed]
    assert m1.message.startswith("Response A") and m2.message.startswith("Response B")
    assert m1.side == m2.side == 0 and m1.field == "responses.0.tc_justification"


def test_rubric_overrides_change_thresholds_and_severity() -> None:
    rating, item, plains = filled_rating()
    assert "AP-1" in {f.rule_id for f in failures(rating, item, plains, Rubric.from_overrides({"AP-1": {"min_words": 200}}))}
    relaxed = Rubric.from_overrides({"FV-2": {"min_words": 5}})
    rating.verdict_justification = "A completed every sub request fully."
    assert "FV-2" not in {f.rule_id for f in failures(rating, item, plains, relaxed)}
    assert "FV-2" in {f.rule_id for f in failures(rating, item, plains)}
    strict = Rubric.from_overrides({"FC-6": {"recommended_sources": 3}, "CF-3": {"severity": "block"}})
    fc6 = [f for f in failures(rating, item, plains, strict) if f.rule_id == "FC-6"]
    assert fc6 and all(f.severity is Severity.HINT for f in fc6)
    rating.case_file.checklist = ["Should be nice"]
    cf3 = [f for f in failures(rating, item, plains, strict) if f.rule_id == "CF-3"]
    assert cf3 and cf3[0].blocking
    off = Rubric.from_overrides({"CF-3": {"severity": "off"}})
    assert all(r.rule_id != "CF-3" for r in check_item(rating, item=item, plain_texts=plains, rubric=off))
    custom = Rubric.from_overrides({"CF-3": {"vague_words": ["pretty"]}})
    assert "CF-3" not in {f.rule_id for f in failures(rating, item, plains, custom) if "nice" in f.message}


def test_can_complete_blocks_only_on_block_failures() -> None:
    rating, item, plains = filled_rating()
    rating.case_file.checklist.append("Should be nice")  # warn only
    results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default())
    ok, reasons = can_complete(results)
    assert ok and reasons == []
    assert [w.rule_id for w in unacknowledged_warnings(results, {})] == ["CF-3"]
    assert unacknowledged_warnings(results, {"CF-3": "prompt is about niceness"}) == []
    rating.verdict = None
    ok, reasons = can_complete(check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default()))
    assert not ok and reasons[0].startswith("FV-1: ")


def test_only_runs_selected_rules() -> None:
    rating, item, plains = filled_rating()
    results = check_item(rating, item=item, plain_texts=plains, rubric=Rubric.default(), only=["CF-1", "FV-1"])
    assert {r.rule_id for r in results} == {"CF-1", "FV-1"}
