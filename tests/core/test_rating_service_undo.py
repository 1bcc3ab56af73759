"""Property: any sequence of edits undoes back to each earlier state and redoes forward."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_rating_support import make_item

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.history import PARTS, snapshot
from rater_desktop.rating.model import ClaimRating, StepMarkKind, SubRequestKind
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

ITEM = make_item()

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("goal"), st.text(max_size=8)),
        st.tuples(st.just("sub"), st.sampled_from(SubRequestKind)),
        st.tuples(st.just("drop_sub"), st.integers(0, 3)),
        st.tuples(st.just("met"), st.integers(0, 1), st.integers(0, 3), st.booleans()),
        st.tuples(st.just("tc"), st.integers(0, 1), st.none() | st.integers(1, 5)),
        st.tuples(st.just("claim"), st.integers(0, 1), st.integers(0, 40), st.integers(1, 30)),
        st.tuples(st.just("rate"), st.integers(0, 1), st.integers(0, 3), st.sampled_from(ClaimRating)),
        st.tuples(st.just("drop_claim"), st.integers(0, 1), st.integers(0, 3)),
        st.tuples(st.just("mark"), st.integers(0, 1), st.integers(0, 5), st.sampled_from(StepMarkKind)),
        st.tuples(st.just("verdict"), st.none() | st.sampled_from(Verdict)),
        st.tuples(st.just("notes"), st.text(max_size=8)),
        st.tuples(st.just("ack"), st.sampled_from(["CF-3", "FC-4"]), st.text("ab", min_size=1, max_size=3)),
    ),
    max_size=14,
)


def _state(service: RatingService) -> dict[str, Any]:
    return {part: snapshot(service.rating, part) for part in PARTS}


def _apply(service: RatingService, op: tuple[Any, ...]) -> None:  # noqa: C901 - a plain dispatcher
    rating = service.rating
    kind = op[0]
    subs = rating.case_file.sub_requests
    if kind == "goal":
        service.set_main_goal(op[1])
    elif kind == "sub":
        service.add_sub_request(op[1], "x")
    elif kind == "drop_sub" and subs:
        service.remove_sub_request(subs[op[1] % len(subs)].id)
    elif kind == "met" and subs:
        service.set_sub_request_met(op[1], subs[op[2] % len(subs)].id, op[3])
    elif kind == "tc":
        service.set_tc(op[1], op[2])
    elif kind == "claim":
        plain = service.plain_texts[op[1]]
        start = op[2] % len(plain)
        end = min(len(plain), start + op[3])
        if plain[start:end].strip():
            service.add_claim(op[1], start, end)
    elif kind in ("rate", "drop_claim"):
        claims = rating.responses[op[1]].claims
        if claims:
            claim = claims[op[2] % len(claims)]
            if kind == "rate":
                service.set_claim_rating(op[1], claim.id, op[3])
            else:
                service.remove_claim(op[1], claim.id)
    elif kind == "mark":
        service.set_step_mark(op[1], op[2], op[3])
    elif kind == "verdict":
        service.set_verdict(op[1])
    elif kind == "notes":
        service.set_notes(op[1])
    elif kind == "ack":
        service.acknowledge_warning(op[1], op[2])


@settings(max_examples=30, deadline=None)
@given(OPS)
def test_undo_walks_back_through_every_state(ops: list[tuple[Any, ...]]) -> None:
    now = [0.0]
    service = RatingService(
        store=MemoryRatingStore(),
        clock=lambda: now[0],
        rubric=Rubric.default(),
        item_accessor=lambda _: ITEM,
        batch_key="b",
    )
    service.open_item(ITEM.id)
    states = [_state(service)]
    for op in ops:
        now[0] += 10  # no coalescing: one undo step per edit
        _apply(service, op)
        if _state(service) != states[-1]:
            states.append(_state(service))
    for expected in reversed(states[:-1]):
        assert service.undo().accepted
        assert _state(service) == expected
    assert not service.can_undo()
    for expected in states[1:]:
        assert service.redo().accepted
        assert _state(service) == expected
