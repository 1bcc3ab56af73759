"""The preference protocol's core: choices in display labels stored in file order,
PR-1/PR-2, survey answers, export records and the signed document."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from batchkit import batch_files, item, write_folder
from test_results_support import BATCH_SHA, EXPORTED_AT, rater_for

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import PreferenceSettings, SurveyQuestion
from rater_desktop.preference.collect import collect_protocol_export
from rater_desktop.preference.model import PreferenceRating
from rater_desktop.preference.service import PreferenceError, PreferenceService
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.rating.survey import clean_answers
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.signing import keys

QUESTIONS = (SurveyQuestion("background", "single", "Work?", ("technical", "other")),
             SurveyQuestion("langs", "multiple", "Languages?", ("en", "de")),
             SurveyQuestion("note", "text", "Anything?"))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _service(store: MemoryRatingStore, clock: Clock, *, required: bool = False,
             rater: str = "alice") -> PreferenceService:
    return PreferenceService(store=store, clock=clock, batch_key="b", display_seed="seed",
                             rater_id=rater, settings=PreferenceSettings(
                                 criteria=("Helpful",), explanation_required=required,
                                 survey=QUESTIONS))


def _swapped_item(service: PreferenceService, swapped: bool) -> str:
    return next(f"i-{n}" for n in range(100) if service.order_for(f"i-{n}").swapped is swapped)


@pytest.mark.parametrize("swapped", [False, True])
def test_displayed_choice_is_stored_in_file_order(swapped: bool) -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _service(store, clock)
    item_id = _swapped_item(service, swapped)
    service.open_item(item_id)
    change = service.choose("A")
    assert change.accepted and change.fields == ("choice",)
    assert service.rating.choice == ("B" if swapped else "A")
    assert service.shown_choice() == "A"
    saved = store.load_item("b", item_id)
    assert saved is not None and saved["choice"] == service.rating.choice
    assert saved["protocol"] == "preference" and saved["status"] == "in_progress"


def test_pr1_blocks_completion_until_a_choice_and_timing_counts() -> None:
    store, clock = MemoryRatingStore(), Clock()
    service = _service(store, clock)
    service.open_item("i-1")
    refused = service.complete()
    assert refused.refused and refused.reasons[0].startswith("PR-1")
    clock.now += 30
    service.choose("tie")
    clock.now += 12
    assert service.complete().accepted
    service.close_item()
    saved = PreferenceRating.from_dict(store.load_item("b", "i-1") or {})
    assert saved.status is ItemStatus.COMPLETE and saved.choice == "tie"
    assert saved.timing.active_seconds == pytest.approx(42.0)


def test_pr2_explanation_blocks_only_when_the_batch_requires_it() -> None:
    store, clock = MemoryRatingStore(), Clock()
    optional = _service(store, clock)
    optional.open_item("i-1")
    optional.choose("B")
    assert optional.complete().accepted
    required = _service(MemoryRatingStore(), clock, required=True)
    required.open_item("i-1")
    required.choose("tie")
    assert required.complete().accepted  # a tie needs no explanation
    required.choose("B")  # editing a completed item reopens it
    assert required.rating.status is ItemStatus.IN_PROGRESS
    refused = required.complete()
    assert refused.refused and refused.reasons[0].startswith("PR-2")
    required.set_explanation("B answers the question; A drifts off.")
    assert required.complete().accepted


def test_unknown_choice_and_no_item_are_refused() -> None:
    service = _service(MemoryRatingStore(), Clock())
    with pytest.raises(PreferenceError):
        service.choose("A")
    service.open_item("i-1")
    with pytest.raises(PreferenceError):
        service.choose("C")


def test_a_guideline_document_is_not_read_as_a_preference() -> None:
    store = MemoryRatingStore()
    store.save_item("b", "i-1", {"item_id": "i-1", "status": "complete"})
    service = _service(store, Clock())
    service.open_item("i-1")
    assert service.rating.choice is None and service.rating.status is ItemStatus.NOT_STARTED
    service.close_item()  # untouched: the old document stays as it was
    assert store.load_item("b", "i-1") == {"item_id": "i-1", "status": "complete"}


def test_survey_answers_are_cleaned_and_every_question_may_be_skipped() -> None:
    raw = {"background": "technical", "langs": ["de", "xx", "en"], "note": "  hi  ",
           "unknown": "x"}
    assert clean_answers(QUESTIONS, raw) == {"background": "technical", "langs": ["en", "de"],
                                             "note": "hi"}
    assert clean_answers(QUESTIONS, {"background": "astronaut", "note": " "}) == {}
    service = _service(MemoryRatingStore(), Clock())
    assert service.survey_state() is None
    service.save_survey({"background": "other"})
    assert service.survey_state() == {"answers": {"background": "other"}, "skipped": False}


def test_export_carries_protocol_survey_and_choices_and_verifies(tmp_path: Path) -> None:
    files = batch_files([item("p-1", shots=False), item("p-2", shots=False)],
                        format_version="1.1", protocol="preference",
                        survey={"questions": [{"id": "background", "kind": "single",
                                               "text": "Work?",
                                               "options": ["technical", "other"]}]})
    path = write_folder(tmp_path / "b", files)
    store, clock = MemoryRatingStore(), Clock()
    with open_batch(path) as batch:
        manifest = batch.manifest
        service = PreferenceService(store=store, clock=clock, settings=manifest.preference,
                                    batch_key=manifest.batch_id,
                                    display_seed=manifest.display_seed, rater_id="alice")
        service.open_item("p-1")
        service.choose("A")
        service.set_explanation("clearer")
        service.complete()
        service.save_survey({"background": "technical"})
        service.flush()
        records, left_out, extra = collect_protocol_export(
            manifest=manifest, items=[batch.item("p-1"), batch.item("p-2")], store=store,
            rater_id="alice", include_incomplete=False)
    assert left_out == ["p-2"] and [r.item_id for r in records] == ["p-1"]
    assert records[0].rating["explanation"] == "clearer"
    assert [r["rule_id"] for r in records[0].rule_results] == ["PR-1", "PR-2"]
    key = keys.generate_private_key()
    document = build_results_document(batch=BatchMeta("test-batch", BATCH_SHA),
                                      rater=rater_for(key), items=records,
                                      exported_at=EXPORTED_AT, **extra)
    assert document["protocol"] == "preference" and document["format_version"] == "2.1"
    assert document["survey"]["answers"] == {"background": "technical"}
    schema = json.loads((Path(__file__).resolve().parents[2] / "rater_desktop" / "results" /
                         "schema" / "results.schema.json").read_text())
    jsonschema.validate(json.loads(json.dumps(document)), schema)
    exported = export_results(out_path=tmp_path / "out", document=document, private_key=key)
    from rater_desktop.results.verify import verify_results_bytes
    from rater_desktop.signing.allowed_signers import parse_allowed_signers

    line = keys.openssh_public_key(key.public_key())
    outcome = verify_results_bytes(results=exported.results_path.read_bytes(),
                                   signature=exported.signature_path.read_bytes(),
                                   allowed_signers=parse_allowed_signers(f"alice {line}\n"))
    assert outcome.ok, outcome.message
    assert json.loads(exported.results_path.read_bytes())["items"][0]["rating"]["choice"] in "AB"
