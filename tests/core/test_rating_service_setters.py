"""Each RatingService setter changes exactly its field, reports it, and can be undone."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from test_rating_support import make_item

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import (
    ClaimRating,
    EvidenceKind,
    ItemRating,
    RoadblockKind,
    StepMarkKind,
    SubRequestKind,
)
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore

ITEM = make_item()


@pytest.fixture
def service() -> RatingService:
    now = [0.0]

    def clock() -> float:
        now[0] += 10.0
        return now[0]

    svc = RatingService(
        store=MemoryRatingStore(),
        clock=clock,
        rubric=Rubric.default(),
        item_accessor=lambda _: ITEM,
        batch_key="b",
    )
    svc.open_item(ITEM.id)
    svc.add_sub_request(SubRequestKind.TIME, "friday")
    svc.add_claim(1, 0, 26)
    svc.add_roadblock(0, RoadblockKind.LINK_DEAD, "404")
    return svc


Call = Callable[[RatingService], Any]
Read = Callable[[ItemRating], Any]

CASES: list[tuple[str, Call, str, Read, Any]] = [
    (
        "update_sub",
        lambda s: s.update_sub_request("s1", kind=SubRequestKind.LOCATION, text="Rome"),
        "case_file.sub_requests.s1",
        lambda r: (r.case_file.sub_requests[0].kind, r.case_file.sub_requests[0].text),
        (SubRequestKind.LOCATION, "Rome"),
    ),
    (
        "checklist",
        lambda s: s.set_checklist(["Should list 3"]),
        "case_file.checklist",
        lambda r: r.case_file.checklist,
        ["Should list 3"],
    ),
    (
        "goal_met",
        lambda s: s.set_main_goal_met(1, False),
        "responses.1.main_goal_met",
        lambda r: r.responses[1].main_goal_met,
        False,
    ),
    (
        "tc_just",
        lambda s: s.set_tc_justification(0, "why"),
        "responses.0.tc_justification",
        lambda r: r.responses[0].tc_justification,
        "why",
    ),
    (
        "critical",
        lambda s: s.set_claim_critical(1, "c2", True),
        "responses.1.claims.c2.critical",
        lambda r: r.responses[1].claims[0].critical,
        True,
    ),
    (
        "action",
        lambda s: s.set_claim_action(1, "c2", True),
        "responses.1.claims.c2.action",
        lambda r: r.responses[1].claims[0].action,
        True,
    ),
    (
        "evidence",
        lambda s: s.set_claim_evidence(1, "c2", EvidenceKind.PARTIAL),
        "responses.1.claims.c2.evidence",
        lambda r: r.responses[1].claims[0].evidence,
        EvidenceKind.PARTIAL,
    ),
    (
        "sources",
        lambda s: s.set_claim_sources(1, "c2", [" https://a.example ", " "]),
        "responses.1.claims.c2.sources",
        lambda r: r.responses[1].claims[0].sources,
        ["https://a.example"],
    ),
    (
        "claim_just",
        lambda s: s.set_claim_justification(1, "c2", "seen"),
        "responses.1.claims.c2.justification",
        lambda r: r.responses[1].claims[0].justification,
        "seen",
    ),
    (
        "rating",
        lambda s: s.set_claim_rating(1, "c2", ClaimRating.CCA),
        "responses.1.claims.c2.rating",
        lambda r: r.responses[1].claims[0].rating,
        ClaimRating.CCA,
    ),
    ("fa", lambda s: s.set_fa(1, 2), "responses.1.fa", lambda r: r.responses[1].fa, 2),
    (
        "fa_just",
        lambda s: s.set_fa_justification(1, "x"),
        "responses.1.fa_justification",
        lambda r: r.responses[1].fa_justification,
        "x",
    ),
    ("aip", lambda s: s.set_aip(0, 5), "responses.0.aip", lambda r: r.responses[0].aip, 5),
    (
        "aip_just",
        lambda s: s.set_aip_justification(0, "y"),
        "responses.0.aip_justification",
        lambda r: r.responses[0].aip_justification,
        "y",
    ),
    (
        "mark",
        lambda s: s.set_step_mark(1, 3, StepMarkKind.WRONG, "misclick"),
        "responses.1.step_marks.3",
        lambda r: (m.mark, m.note) if (m := r.responses[1].step_marks.get(3)) else None,
        (StepMarkKind.WRONG, "misclick"),
    ),
    (
        "roadblock",
        lambda s: s.remove_roadblock(0, 0),
        "responses.0.roadblocks",
        lambda r: r.responses[0].roadblocks,
        [],
    ),
    (
        "verdict",
        lambda s: s.set_verdict(Verdict.B_SLIGHTLY_BETTER),
        "verdict",
        lambda r: r.verdict,
        Verdict.B_SLIGHTLY_BETTER,
    ),
    (
        "verdict_just",
        lambda s: s.set_verdict_justification("because"),
        "verdict_justification",
        lambda r: r.verdict_justification,
        "because",
    ),
    ("notes", lambda s: s.set_notes("n"), "notes", lambda r: r.notes, "n"),
]


@pytest.mark.parametrize(
    ("name", "call", "field", "read", "value"), CASES, ids=[c[0] for c in CASES]
)
def test_setter(
    service: RatingService, name: str, call: Call, field: str, read: Read, value: Any
) -> None:
    before = copy.deepcopy(read(service.rating))
    change = call(service)
    assert change.accepted and change.fields == (field,)
    assert read(service.rating) == value
    saved = ItemRating.from_dict(service.store.load_item("b", ITEM.id))  # type: ignore[attr-defined]
    assert read(saved) == value
    service.undo()
    assert read(service.rating) == before


def test_acknowledge_and_withdraw(service: RatingService) -> None:
    service.acknowledge_warning("FC-4", "not an action")
    assert service.rating.acknowledged == {"FC-4": "not an action"}
    service.withdraw_acknowledgement("FC-4")
    assert service.rating.acknowledged == {}


def test_clearing_marks_and_answers(service: RatingService) -> None:
    service.set_step_mark(0, 1, StepMarkKind.CORRECT)
    service.set_step_mark(0, 1, None)
    assert service.rating.responses[0].step_marks == {}
    service.set_sub_request_met(0, "s1", True)
    service.set_sub_request_met(0, "s1", None)
    assert service.rating.responses[0].sub_request_met == {}
    with pytest.raises(ValueError):
        service.set_step_mark(0, -1, StepMarkKind.CORRECT)


def test_pause_timer_saves_time(service: RatingService) -> None:
    service.pause_timer()
    saved = service.store.load_item("b", ITEM.id)  # type: ignore[attr-defined]
    assert saved["timing"]["active_seconds"] > 0
    assert service.timer is not None and not service.timer.running
    ok, reasons = service.completion_check()
    assert not ok and reasons


def test_run_report_judgement_is_recorded_undone_and_round_tripped() -> None:
    from batchkit import item as make_item

    from rater_desktop.batch.errors import ProblemList
    from rater_desktop.batch.parse import parse_item
    from rater_desktop.rating.model import ItemRating
    from rater_desktop.rating.rubric import Rubric
    from rater_desktop.rating.service import RatingService
    from rater_desktop.rating.store import MemoryRatingStore

    parsed = parse_item(make_item("run-1"), problems=ProblemList(), file="items.jsonl", line=1)
    assert parsed is not None
    store = MemoryRatingStore()
    service = RatingService(
        store=store,
        clock=lambda: 0.0,
        rubric=Rubric.default(),
        item_accessor=lambda _id: parsed,
        batch_key="b",
    )
    service.open_item("run-1")
    change = service.set_run_report_match(1, False, "claims C4 but the cart is empty")
    assert "responses.1.run_report_matches" in change.fields
    assert service.rating.responses[1].run_report_matches is False
    saved = store.load_item("b", "run-1")
    assert (
        saved is not None
        and saved["responses"][1]["run_report_mismatch"] == "claims C4 but the cart is empty"
    )
    assert ItemRating.from_dict(saved).responses[1].run_report_matches is False
    service.undo()
    assert service.rating.responses[1].run_report_matches is None
    service.set_run_report_match(0, True, "ignored when it matches")
    assert service.rating.responses[0].run_report_mismatch == ""
