"""The shared base of the one-document protocols (``protocols.single``): undo and redo
through the service API for preference and run audit answers, the item's status after
an undo, histories across item switches, and the shared export and agreement helpers."""

from __future__ import annotations

from typing import Any

import pytest
from batchkit import run_item

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.model import Item
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.protocol import RUN, PreferenceSettings
from rater_desktop.preference.service import PreferenceService
from rater_desktop.protocols.single import SingleJudgmentService, blocking_reasons
from rater_desktop.protocols.single_export import nominal_agreement
from rater_desktop.protocols.single_history import answers_of, status_after_undo
from rater_desktop.rating.change import Change
from rater_desktop.rating.history import COALESCE_SECONDS
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import collect_saved, judgment_record
from rater_desktop.results.errors import CollectError
from rater_desktop.run_audit.model import BREACH_KINDS
from rater_desktop.run_audit.service import RunAuditService


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _run(item_id: str, **kwargs: Any) -> Item:
    parsed = parse_item(run_item(item_id, **kwargs), problems=ProblemList(), file="i", line=1,
                        shape=RUN)
    assert parsed is not None
    return parsed


def _preference(store: MemoryRatingStore, clock: Clock) -> PreferenceService:
    return PreferenceService(store=store, clock=clock, batch_key="b", display_seed="seed",
                             rater_id="ann", settings=PreferenceSettings())


def _audit(store: MemoryRatingStore, clock: Clock) -> RunAuditService:
    items = {"r-1": _run("r-1"), "r-2": _run("r-2")}
    return RunAuditService(store=store, clock=clock, batch_key="b", rater_id="ann",
                           item_accessor=items.__getitem__)


def _complete_audit(service: RunAuditService) -> None:
    service.mark_checkpoint("C4", True, step=3)
    service.set_outcome("completed")
    service.reveal_report()
    for statement in service.statements():
        service.mark_statement(statement.id, "matching")
    for kind in BREACH_KINDS:
        service.mark_breach(kind, False)
    service.set_verdict("accurate")
    assert service.complete().accepted


def test_both_services_are_the_shared_base() -> None:
    assert issubclass(PreferenceService, SingleJudgmentService)
    assert issubclass(RunAuditService, SingleJudgmentService)


def test_preference_undo_and_redo_say_what_changed_and_are_saved() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    changes: list[Change] = []
    service.subscribe(changes.append)
    service.open_item("i-1")
    assert service.undo().refused and changes[-1].reasons == ("Nothing to undo.",)
    service.choose("A")
    service.choose("tie")
    assert service.undo_fields() == ("choice",) and service.can_undo()
    change = service.undo()
    assert (change.kind, change.fields, change.accepted) == ("undo", ("choice",), True)
    assert changes[-1] is change and service.shown_choice() == "A"
    assert store.load_item("b", "i-1")["choice"] == service.rating.choice  # autosaved
    assert service.redo().kind == "redo" and service.shown_choice() == "tie"
    assert store.load_item("b", "i-1")["choice"] == "tie"
    assert service.redo().refused and not service.can_redo()


def test_a_burst_of_typing_is_one_undo_step() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    service.open_item("i-1")
    service.choose("B")
    for text in ("T", "Th", "The", "The b", "The be"):
        clock.now += 0.2
        service.set_explanation(text)
    clock.now += COALESCE_SECONDS + 1  # a pause ends the burst
    service.set_explanation("The best")
    assert service.undo().fields == ("explanation",)
    assert service.rating.explanation == "The be"
    service.undo()
    assert service.rating.explanation == ""
    assert service.undo().fields == ("choice",) and service.rating.choice is None


def test_undo_reopens_a_complete_item_and_redo_completes_it_again() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    service.open_item("i-1")
    service.choose("A")
    assert service.complete().accepted
    change = service.undo()
    assert service.rating.status is ItemStatus.IN_PROGRESS
    assert "reopened this complete item" in change.notice
    assert store.load_item("b", "i-1")["status"] == "in_progress"
    change = service.redo()
    assert service.rating.status is ItemStatus.COMPLETE
    assert change.notice == "The item is complete again."


def test_undoing_an_edit_made_after_completing_completes_again() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    service.open_item("i-1")
    service.choose("A")
    service.complete()
    service.choose("B")  # an edit after completing reopens the item
    assert service.rating.status is ItemStatus.IN_PROGRESS
    service.undo()
    assert service.rating.status is ItemStatus.COMPLETE


def test_each_item_keeps_its_history_across_switches() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    service.open_item("i-1")
    service.choose("A")
    service.choose("B")
    service.open_item("i-2")
    assert not service.can_undo()  # never the other item's edits
    service.choose("tie")
    service.open_item("i-1")
    assert service.undo_fields() == ("choice",)
    service.undo()
    assert service.shown_choice() == "A"


def test_a_saved_document_changed_elsewhere_starts_a_new_history() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _preference(store, clock)
    service.open_item("i-1")
    service.choose("A")
    service.open_item("i-2")
    saved = store.load_item("b", "i-1")
    store.save_item("b", "i-1", {**saved, "choice": "tie"})  # e.g. restored from a backup
    service.open_item("i-1")
    assert not service.can_undo() and service.rating.choice == "tie"


def test_run_audit_undo_restores_answers_but_never_covers_the_report() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _audit(store, clock)
    service.open_item("r-1")
    _complete_audit(service)
    assert service.reveal_judge().accepted
    change = service.undo()
    assert change.fields == ("verdict",) and service.rating.verdict is None
    assert service.rating.status is ItemStatus.IN_PROGRESS and change.notice
    assert service.rating.report_shown and service.rating.judge_shown  # seen stays seen
    service.redo()
    assert service.rating.verdict == "accurate"
    assert service.rating.status is ItemStatus.COMPLETE


def test_run_audit_undo_of_a_checkpoint_takes_back_what_it_filled_in() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _audit(store, clock)
    service.open_item("r-1")
    service.mark_checkpoint("C3", True, step=2)
    change = service.undo()
    assert change.fields == ("checkpoints.C1", "checkpoints.C2", "checkpoints.C3")
    assert [m.reached for m in service.rating.checkpoints.values()] == [None] * 4
    assert service.field_name("checkpoints.C2") == "checkpoint C2 found"
    assert service.field_name("breaches.sign_in").startswith("breach: signed in")
    for text in ("A", "Ac", "Acc", "Acce"):
        clock.now += 0.3
        service.set_quote(text)
    service.undo()
    assert service.rating.observed.quote == ""  # typing the quote was one step


def test_the_status_after_an_undo() -> None:
    done = {"choice": "A"}
    assert status_after_undo(status=ItemStatus.FLAGGED, answers={}, completed=done,
                             blocked=False, kind="undo") == (ItemStatus.FLAGGED, "")
    assert status_after_undo(status=ItemStatus.IN_PROGRESS, answers=done, completed=done,
                             blocked=True, kind="redo")[0] is ItemStatus.IN_PROGRESS
    assert status_after_undo(status=ItemStatus.COMPLETE, answers={}, completed=done,
                             blocked=False, kind="redo")[1].startswith("Redo reopened")
    assert answers_of({"item_id": "x", "status": "complete", "choice": "A",
                       "report_shown": True}, ("report_shown",)) == {"choice": "A"}


def test_shared_export_and_agreement_helpers() -> None:
    store = MemoryRatingStore()
    store.save_item("b", "i-2", {"protocol": "x"})
    items = [_run("r-1"), _run("i-2")]

    def read(document: Any) -> Any:
        raise ValueError("not ours")

    with pytest.raises(CollectError, match="item i-2 cannot be read: not ours"):
        collect_saved(items=items, store=store, batch_key="b", read=read,
                      status_of=lambda r: r, record=lambda i, r: r, include_incomplete=True,
                      unreadable="item {item} cannot be read: {problem}")
    figures = nominal_agreement({"ann": {"a": "x", "b": "y"}, "bob": {"a": "x", "b": "x"}},
                                ("x", "y"))
    assert (figures.percent, figures.items, figures.raters) == (0.5, 2, 2)
    from rater_desktop.rating.rubric import Severity
    from rater_desktop.rating.rules.base import RuleResult

    assert blocking_reasons([RuleResult("PR-1", Severity.BLOCK, False, "Choose.", "choice")]) \
        == ["PR-1: Choose."]


def test_the_shared_record_carries_a_warnings_reason_only_when_one_is_given() -> None:
    from rater_desktop.rating.rubric import Severity
    from rater_desktop.rating.rules.base import RuleResult

    warning = RuleResult("W-1", Severity.WARN, False, "Look again.", "choice")
    common: dict[str, Any] = dict(
        status=ItemStatus.IN_PROGRESS, results=[warning], identities={"A": "x", "B": ""},
        display_order=["A", "B"], sources={}, is_justification=lambda name: False)
    document = {"timing": {"active_seconds": 1}, "text_sources": {"why": []}}
    plain = judgment_record(_run("r-1"), dict(document), **common)
    given = judgment_record(_run("r-1"), dict(document), acknowledged={"W-1": " seen "},
                            retest_of="r-0", **common)
    assert (plain.rule_results[0]["acknowledged"], plain.rule_results[0]["reason"]) == (False, "")
    assert (given.rule_results[0]["acknowledged"], given.rule_results[0]["reason"]) == (True, "seen")
    assert "text_sources" not in given.rating and given.incomplete and given.retest_of == "r-0"
    assert given.display_order == ("A", "B") and given.kind == _run("r-1").kind.value


@pytest.mark.parametrize("protocol", ["preference", "run-audit"])
def test_both_one_document_protocols_read_timing_alike(protocol: str) -> None:
    from rater_desktop.preference.model import PreferenceRating
    from rater_desktop.run_audit.model import RunAuditRating

    read = {"preference": PreferenceRating.from_dict, "run-audit": RunAuditRating.from_dict}[protocol]
    document = {"protocol": protocol, "item_id": "x"}
    timing = {"active_seconds": 12, "step_seconds": {"choice": 3, "odd": "x", "neg": -1},
              "sessions": -2}
    spent = read({**document, "timing": timing}).timing
    assert (spent.active_seconds, spent.step_seconds, spent.sessions) == (12.0, {"choice": 3.0}, 0)
    assert read(document).timing.active_seconds == 0.0
    for bad in (True, -1, 1e12, "5"):  # hostile seconds: one message, the same in both
        with pytest.raises(ValueError, match="^timing.active_seconds must be a non-negative"):
            read({**document, "timing": {"active_seconds": bad}})
