"""Per-item disagreement and claim matching (rater_desktop.qa.disagreement)."""

from __future__ import annotations

import pytest

from rater_desktop.qa.disagreement import (
    cluster_claims,
    disagreements,
    filter_disagreements,
    item_disagreement,
    sort_disagreements,
    span_jaccard,
    spans_match,
)
from rater_desktop.qa.inputs import Claim, RaterJudgment, SideScores


def test_span_jaccard_of_character_ranges() -> None:
    assert span_jaccard(Claim(0, 10), Claim(0, 10)) == 1.0
    assert span_jaccard(Claim(0, 10), Claim(5, 15)) == pytest.approx(5 / 15)
    assert span_jaccard(Claim(0, 10), Claim(10, 20)) == 0.0  # touching, end exclusive
    assert spans_match(Claim(0, 10), Claim(2, 10), min_jaccard=0.5)
    assert not spans_match(Claim(0, 10), Claim(8, 20), min_jaccard=0.5)
    assert spans_match(Claim(0, 10), Claim(8, 20), min_jaccard=0)  # any overlap
    assert not spans_match(Claim(0, 10), Claim(10, 20), min_jaccard=0)


def test_overlapping_claims_of_different_raters_form_clusters() -> None:
    claims = {
        "ann": [Claim(0, 20, "Price is $5", "accurate"), Claim(40, 60, "Open daily", "accurate")],
        "bob": [Claim(2, 20, "Price is $5", "inaccurate"), Claim(100, 120, "Nice", None)],
        "cy": [Claim(41, 60, "Open daily", "accurate")],
    }
    clusters = cluster_claims(claims_by_rater=claims, side=1)
    assert [(c.start, c.end) for c in clusters] == [(0, 20), (40, 60), (100, 120)]
    price, hours, lone = clusters
    assert price.side == 1
    assert price.ratings == (("ann", "accurate"), ("bob", "inaccurate"))
    assert price.conflicting
    assert hours.raters == ("ann", "cy") and not hours.conflicting
    assert lone.ratings == (("bob", "subjective"),) and not lone.conflicting


def test_claims_of_the_same_rater_are_not_linked_directly() -> None:
    claims = {"ann": [Claim(0, 10, rating="accurate"), Claim(0, 10, rating="inaccurate")]}
    clusters = cluster_claims(claims_by_rater=claims)
    assert len(clusters) == 2
    assert not any(c.conflicting for c in clusters)


def test_subjective_versus_objective_is_a_conflict_and_threshold_matters() -> None:
    claims = {
        "ann": [Claim(0, 10, rating="accurate")],
        "bob": [Claim(6, 16, rating=None)],
    }
    assert len(cluster_claims(claims_by_rater=claims)) == 2  # Jaccard 4/16 < 0.5
    loose = cluster_claims(claims_by_rater=claims, min_jaccard=0)
    assert len(loose) == 1 and loose[0].conflicting


def _judgment(
    rater: str,
    item: str,
    verdict: int | None,
    tc: tuple[int, int] | None = None,
    claims: dict[int, tuple[Claim, ...]] | None = None,
) -> RaterJudgment:
    scores = {} if tc is None else {0: SideScores(tc=tc[0], fa=4), 1: SideScores(tc=tc[1], fa=4)}
    return RaterJudgment(
        rater_id=rater, item_id=item, verdict_true=verdict, scores=scores, claims=claims or {}
    )


def test_item_disagreement_figures() -> None:
    judgments = [
        _judgment("ann", "i1", -3, tc=(5, 2), claims={0: (Claim(0, 10, rating="accurate"),)}),
        _judgment("bob", "i1", 1, tc=(3, 2), claims={0: (Claim(0, 9, rating="inaccurate"),)}),
        _judgment("cy", "i1", 0, tc=(4, 3)),
        _judgment("ann", "i2", 3),  # another item: ignored
    ]
    result = item_disagreement(item_id="i1", judgments=judgments)
    assert result.raters == ("ann", "bob", "cy")
    assert result.verdict_spread == 4
    assert result.score_spreads[0] == {"tc": 2, "fa": 0, "aip": None}
    assert result.score_spreads[1]["tc"] == 1
    assert result.max_score_spread == 2
    assert result.claim_conflicts == 1
    assert result.score == 4 + 2 + 1


def test_single_rater_has_no_spread() -> None:
    result = item_disagreement(item_id="i1", judgments=[_judgment("ann", "i1", 2, tc=(5, 1))])
    assert result.verdict_spread is None
    assert result.max_score_spread is None
    assert result.score == 0


def test_ranking_and_filtering_items() -> None:
    judgments = [
        _judgment("ann", "calm", 1),
        _judgment("bob", "calm", 1),
        _judgment("ann", "hot", -3),
        _judgment("bob", "hot", 3),
        _judgment("ann", "warm", 0, tc=(5, 5)),
        _judgment("bob", "warm", 1, tc=(2, 5)),
        _judgment("ann", "solo", 3),  # one rater only: left out
        RaterJudgment("ann", "qual", verdict_true=3, kind="qualification"),
        RaterJudgment("bob", "qual", verdict_true=-3, kind="qualification"),
    ]
    ranked = disagreements(judgments=judgments)
    assert [d.item_id for d in ranked] == ["hot", "warm", "calm"]
    assert [d.score for d in ranked] == [6, 4, 0]
    by_scores = sort_disagreements(items=ranked, key="max_score_spread")
    assert by_scores[0].item_id == "warm"
    assert [d.item_id for d in filter_disagreements(items=ranked, min_score=1)] == ["hot", "warm"]
    assert [d.item_id for d in filter_disagreements(items=ranked, min_verdict_spread=2)] == ["hot"]
    assert [d.item_id for d in filter_disagreements(items=ranked, min_score_spread=1)] == ["warm"]
    assert filter_disagreements(items=ranked, min_claim_conflicts=1) == []
    with_qual = disagreements(judgments=judgments, kinds=("standard", "qualification"))
    assert [(d.item_id, d.score) for d in with_qual[:2]] == [("hot", 6), ("qual", 6)]
