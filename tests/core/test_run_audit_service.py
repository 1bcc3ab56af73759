"""RunAuditService: the write API the window binds to (Change records, refusals, reveal
order, reopening, timing per step, saved documents)."""

from __future__ import annotations

from typing import Any

from batchkit import run_item

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.model import Item
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN
from rater_desktop.rating.change import Change
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.run_audit.model import BREACH_KINDS, RunAuditRating
from rater_desktop.run_audit.service import RunAuditService


def _item(item_id: str, **kwargs: Any) -> Item:
    parsed = parse_item(run_item(item_id, **kwargs), problems=ProblemList(), file="i", line=1,
                        shape=RUN)
    assert parsed is not None
    return parsed


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _service(store: MemoryRatingStore | None = None) -> tuple[RunAuditService, Clock, list[Change]]:
    items = {"r-1": _item("r-1"), "r-2": _item("r-2", outcome="blocked", judge=None)}
    clock = Clock()
    service = RunAuditService(store=store or MemoryRatingStore(), clock=clock, batch_key="b",
                              rater_id="ann", item_accessor=items.__getitem__)
    changes: list[Change] = []
    service.subscribe(changes.append)
    return service, clock, changes


def _done_through_outcome(service: RunAuditService) -> None:
    service.mark_checkpoint("C4", True, step=3)
    service.set_outcome("completed")


def test_checkpoints_fill_in_earlier_ones_and_clear_later_ones() -> None:
    service, _clock, changes = _service()
    service.open_item("r-1")
    change = service.mark_checkpoint("C3", True, step=2)
    assert change.fields == ("checkpoints.C1", "checkpoints.C2", "checkpoints.C3")
    assert changes[-1] is change and [m.reached for m in service.rating.checkpoints.values()] == [
        True, True, True, None]
    change = service.mark_checkpoint("C2", False)
    assert change.fields == ("checkpoints.C2", "checkpoints.C3", "checkpoints.C4")
    assert [m.reached for m in service.rating.checkpoints.values()] == [True, False, False, False]
    assert service.mark_checkpoint("C2", False).fields == ()  # the same answer again
    assert service.mark_checkpoint("C9", True).refused
    refused = service.mark_checkpoint("C1", True, step=40)
    assert refused.refused and "not a step of this run" in refused.reasons[0]
    assert changes[-1] is refused  # refusals are broadcast too, so the window can say why


def test_the_report_is_covered_until_ra1_and_ra2_pass() -> None:
    service, _clock, _changes = _service()
    service.open_item("r-1")
    refused = service.reveal_report()
    assert refused.refused and "RA-1" in refused.reasons[0]
    assert service.mark_statement("outcome", "matching").refused
    assert service.set_verdict("accurate").refused and service.go_to_step("report").refused
    _done_through_outcome(service)
    assert service.report_may_show() and service.reveal_report().fields == ("report_shown",)
    assert service.go_to_step("report").accepted
    assert service.mark_statement("nope", "matching").refused
    assert service.mark_statement("outcome", "contradicted", step=1).accepted
    assert service.rating.statements["outcome"].step == 1
    assert service.mark_statement("outcome", "matching", step=1).accepted
    assert service.rating.statements["outcome"].step is None  # a step belongs to a contradiction


def test_a_full_audit_completes_and_the_judge_shows_after_the_verdict() -> None:
    store = MemoryRatingStore()
    service, _clock, _changes = _service(store)
    service.open_item("r-1")
    _done_through_outcome(service)
    service.reveal_report()
    for statement in service.statements():
        service.mark_statement(statement.id, "matching")
    for kind in BREACH_KINDS:
        service.mark_breach(kind, False)
    assert service.complete().refused  # RA-5
    assert service.reveal_judge().refused
    service.set_verdict("accurate")
    assert service.complete().accepted and service.rating.status is ItemStatus.COMPLETE
    assert service.reveal_judge().accepted
    assert service.rating.status is ItemStatus.COMPLETE  # seeing the judge changes no answer
    saved = store.load_item("b", "r-1")
    assert saved is not None and saved["judge_shown"] and saved["status"] == "complete"
    service.set_verdict("overstated")  # an answer changed after completing reopens the item
    assert service.rating.status is ItemStatus.IN_PROGRESS


def test_a_run_without_a_judge_says_so() -> None:
    service, _clock, _changes = _service()
    service.open_item("r-2")
    assert "no automated judge" in service.reveal_judge().reasons[0]


def test_time_is_counted_per_step_and_saved_with_the_item() -> None:
    store = MemoryRatingStore()
    service, clock, _changes = _service(store)
    service.open_item("r-1")
    clock.now = 10
    service.mark_checkpoint("C4", True, step=3)
    service.go_to_step("outcome")
    clock.now = 14
    service.set_outcome("completed")
    service.close_item()
    saved = store.load_item("b", "r-1")
    assert saved is not None
    timing = RunAuditRating.from_dict(saved).timing
    assert timing.step_seconds == {"trajectory": 10.0, "outcome": 4.0}
    assert saved["current_step"] == "outcome"
    service.open_item("r-1")  # the saved audit comes back
    assert service.rating.observed.outcome == "completed"
    assert service.rating.current_step == "outcome"


def test_an_untouched_item_is_not_saved_and_a_foreign_document_is_not_read() -> None:
    store = MemoryRatingStore()
    store.save_item("b", "r-2", {"protocol": "preference", "choice": "A"})
    service, _clock, _changes = _service(store)
    service.open_item("r-1")
    service.open_item("r-2")
    assert store.load_item("b", "r-1") is None
    assert service.rating.status is ItemStatus.NOT_STARTED
    assert store.load_item("b", "r-2") == {"protocol": "preference", "choice": "A"}


def test_the_batch_survey_is_kept_and_exported_like_the_other_protocols() -> None:
    from rater_desktop.batch.model import Manifest
    from rater_desktop.batch.protocol import PreferenceSettings, SurveyQuestion
    from rater_desktop.run_audit.collect import collect_protocol_export

    question = SurveyQuestion(id="role", kind="single", text="Your work?", options=("qa", "dev"))
    store = MemoryRatingStore()
    item = _item("r-1")
    service = RunAuditService(store=store, clock=Clock(), batch_key="b", rater_id="ann",
                              item_accessor=lambda _id: item, survey_questions=(question,))
    assert service.survey_state() is None
    assert service.save_survey({"role": "qa", "other": "x"}) == {"answers": {"role": "qa"},
                                                                  "skipped": False}
    manifest = Manifest(format_version="1.1", batch_id="b", title="t", created="c",
                        protocol="run-audit", preference=PreferenceSettings(survey=(question,)))
    _records, left_out, extra = collect_protocol_export(
        manifest=manifest, items=[item], store=store, include_incomplete=False)
    assert left_out == ["r-1"] and extra["protocol"] == "run-audit"
    assert extra["survey"]["answers"] == {"role": "qa"}
    plain = Manifest(format_version="1.1", batch_id="b", title="t", created="c",
                     protocol="run-audit")
    assert "survey" not in collect_protocol_export(manifest=plain, items=[item], store=store,
                                                   include_incomplete=False)[2]


def test_marking_a_checkpoint_reached_again_keeps_its_citation_and_steps_are_named() -> None:
    service, _clock, _changes = _service()
    service.open_item("r-1")
    service.mark_checkpoint("C2", True, step=1)
    assert service.mark_checkpoint("C2", True).fields == ()  # the key pressed twice
    assert service.rating.checkpoints["C2"].evidence is not None
    service.mark_checkpoint("C2", False)
    service.mark_checkpoint("C2", True)
    assert service.rating.checkpoints["C2"].evidence is None  # not reached dropped it
    assert service.go_to_step("nowhere").reasons == ("unknown step 'nowhere'",)
    assert "stays covered" in service.go_to_step("verdict").reasons[0]
