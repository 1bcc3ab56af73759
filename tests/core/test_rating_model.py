"""ItemRating <-> dict: round trip, tolerance for missing keys, clear errors on garbage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rating_support import filled_rating

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    CaseFile,
    Claim,
    ClaimRating,
    EvidenceKind,
    ItemRating,
    ItemStatus,
    ResponseRating,
    Roadblock,
    RoadblockKind,
    Step,
    StepMark,
    StepMarkKind,
    SubRequest,
    SubRequestKind,
    TimeSpent,
)

text = st.text(max_size=40)
score = st.none() | st.integers(1, 5)
ids = st.text("abcxyz-", min_size=1, max_size=6)


@st.composite
def claims(draw: st.DrawFn) -> Claim:
    start = draw(st.integers(0, 500))
    return Claim(
        id=draw(ids),
        start=start,
        end=start + draw(st.integers(0, 200)),
        text=draw(text),
        objective=draw(st.none() | st.booleans()),
        critical=draw(st.booleans()),
        action=draw(st.booleans()),
        rating=draw(st.none() | st.sampled_from(ClaimRating)),
        sources=draw(st.lists(text, max_size=3)),
        justification=draw(text),
        evidence=draw(st.none() | st.sampled_from(EvidenceKind)),
    )


responses = st.builds(
    ResponseRating,
    main_goal_met=st.none() | st.booleans(),
    sub_request_met=st.dictionaries(ids, st.booleans(), max_size=3),
    tc=score,
    tc_justification=text,
    claims=st.lists(claims(), max_size=4),
    fa=score,
    fa_justification=text,
    aip=score,
    aip_justification=text,
    step_marks=st.dictionaries(
        st.integers(0, 999), st.builds(StepMark, st.sampled_from(StepMarkKind), text), max_size=3
    ),
    roadblocks=st.lists(st.builds(Roadblock, st.sampled_from(RoadblockKind), text), max_size=2),
)

ratings = st.builds(
    ItemRating,
    item_id=ids,
    case_file=st.builds(
        CaseFile,
        main_goal=text,
        sub_requests=st.lists(
            st.builds(SubRequest, ids, st.none() | st.sampled_from(SubRequestKind), text), max_size=3
        ),
        checklist=st.lists(text, max_size=3),
    ),
    responses=st.lists(responses, min_size=2, max_size=2),
    verdict=st.none() | st.sampled_from(Verdict),
    verdict_justification=text,
    notes=text,
    acknowledged=st.dictionaries(st.sampled_from(["CF-3", "FC-6", "FV-4"]), text, max_size=2),
    current_step=st.sampled_from(Step),
    reached_steps=st.lists(st.sampled_from(Step), min_size=1, max_size=4),
    revealed=st.booleans(),
    status=st.sampled_from(ItemStatus),
    timing=st.builds(
        TimeSpent,
        st.floats(0, 1e6),
        st.dictionaries(st.sampled_from([s.value for s in Step]), st.floats(0, 1e5), max_size=3),
        st.integers(0, 50),
    ),
    id_counter=st.integers(1000, 2000),
)


@settings(max_examples=60, deadline=None)
@given(ratings)
def test_round_trip_through_json(rating: ItemRating) -> None:
    document = rating.to_dict()
    assert document["schema"] == 1
    again = ItemRating.from_dict(json.loads(json.dumps(document, allow_nan=False)))
    assert again == rating


def test_filled_rating_round_trips() -> None:
    rating, _, _ = filled_rating()
    assert ItemRating.from_dict(rating.to_dict()) == rating


def test_missing_keys_get_defaults() -> None:
    rating = ItemRating.from_dict({"item_id": "x"})
    assert rating.item_id == "x" and rating.status is ItemStatus.NOT_STARTED
    assert len(rating.responses) == 2 and rating.responses[0].tc is None
    partial = ItemRating.from_dict(
        {"schema": 1, "item_id": "x", "responses": [{"tc": 4}, {}], "case_file": {"main_goal": "g"}}
    )
    assert partial.responses[0].tc == 4 and partial.case_file.main_goal == "g"


def test_lost_counter_never_reuses_ids() -> None:
    rating, _, _ = filled_rating()
    document = rating.to_dict()
    del document["id_counter"]
    again = ItemRating.from_dict(document)
    existing = {c.id for side in again.responses for c in side.claims}
    assert again.new_id("c") not in existing


@pytest.mark.parametrize(
    ("document", "needle"),
    [
        ("not a dict", "expected an object"),
        ({"item_id": 5}, "item_id"),
        ({}, "no item_id"),
        ({"item_id": "x", "schema": 7}, "schema"),
        ({"item_id": "x", "verdict": "A_amazing"}, "verdict"),
        ({"item_id": "x", "responses": [{}]}, "expected 2"),
        ({"item_id": "x", "responses": [{"tc": 9}, {}]}, "responses[0].tc"),
        ({"item_id": "x", "responses": [{"tc": True}, {}]}, "responses[0].tc"),
        ({"item_id": "x", "responses": [{}, {"claims": [{"start": "a"}]}]}, "responses[1].claims[0].start"),
        ({"item_id": "x", "responses": [{}, {"claims": [{"start": 5, "end": 2}]}]}, "span"),
        ({"item_id": "x", "responses": [{"step_marks": {"x": {}}}, {}]}, "step number"),
        ({"item_id": "x", "case_file": {"sub_requests": [{"kind": "colour"}]}}, "kind"),
        ({"item_id": "x", "timing": {"active_seconds": "long"}}, "active_seconds"),
        # JSON integers have no limit: one past a float's range is a message, not a crash
        ({"item_id": "x", "timing": {"active_seconds": 10**400}}, "active_seconds"),
        ({"item_id": "x", "timing": {"step_seconds": {"verdict": -(10**400)}}}, "verdict"),
        ({"item_id": "x", "reached_steps": ["nowhere"]}, "reached_steps"),
        ({"item_id": "x", "acknowledged": {"CF-3": 1}}, "acknowledged"),
    ],
)
def test_garbage_is_rejected_with_the_field_named(document: Any, needle: str) -> None:
    with pytest.raises(ValueError) as info:
        ItemRating.from_dict(document)
    assert needle in str(info.value)


def test_side_accessor_checks_index() -> None:
    rating = ItemRating(item_id="x")
    assert rating.side(1) is rating.responses[1]
    with pytest.raises(ValueError):
        rating.side(2)
