"""The survey of seed 001 in guideline batches: the rule for when it is due, the answers
kept in the rater's batch state through the RatingService (never lost when the service
saves the state again), and the signed export that carries them (format 2.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import batch_files, item, write_folder
from test_results_support import EXPORTED_AT, rater_for

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.rating.survey import guideline_export_extra, survey_block, survey_due
from rater_desktop.results.collect import collect_item_records
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.results.verify import verify_results_file
from rater_desktop.signing import keys

QUESTIONS = (
    SurveyQuestion("background", "single", "Work?", ("technical", "non-technical")),
    SurveyQuestion("uses", "multiple", "Uses?", ("work", "study", "fun")),
    SurveyQuestion("comment", "text", "Anything else?"),
)
SURVEY = {"questions": [
    {"id": "background", "kind": "single", "text": "Work?",
     "options": ["technical", "non-technical"]},
    {"id": "uses", "kind": "multiple", "text": "Uses?", "options": ["work", "study", "fun"]},
    {"id": "comment", "kind": "text", "text": "Anything else?"}]}


def _no_item(item_id: str) -> Any:
    raise KeyError(item_id)  # these tests open no item


def _service(store: MemoryRatingStore) -> RatingService:
    return RatingService(store=store, clock=lambda: 0.0, rubric=Rubric.default(),
                         item_accessor=_no_item, batch_key="b", rater_id="r",
                         survey=QUESTIONS)


def test_due_only_once_and_only_after_every_qualification_item() -> None:
    done: set[str] = set()
    kwargs: dict[str, Any] = {"questions": QUESTIONS, "qualification_ids": ["q-1", "q-2"],
                              "is_complete": done.__contains__}
    assert not survey_due(saved=None, **kwargs)
    done.add("q-1")
    assert not survey_due(saved=None, **kwargs)
    done.add("q-2")
    assert survey_due(saved=None, **kwargs)
    assert not survey_due(saved={"answers": {}, "skipped": True}, **kwargs)  # never twice
    assert not survey_due(**{**kwargs, "questions": ()}, saved=None)  # no survey
    # No qualification items: due at the first call (callers ask after a completion).
    assert survey_due(saved=None, questions=QUESTIONS, qualification_ids=[],
                      is_complete=lambda _id: False)


def test_answers_are_cleaned_kept_and_survive_a_new_service() -> None:
    store = MemoryRatingStore()
    service = _service(store)
    assert service.survey_state() is None
    record = service.save_survey({"background": "technical", "uses": ["fun", "work", "x"],
                                  "comment": "  hi  ", "unknown": "y"})
    assert record == {"answers": {"background": "technical", "uses": ["work", "fun"],
                                  "comment": "hi"}, "skipped": False}
    assert _service(store).survey_state() == record  # a restart reads it back


def test_saving_the_batch_state_later_keeps_the_answers() -> None:
    store = MemoryRatingStore()
    service = _service(store)
    service.batch_state()  # the service holds the state from before the survey
    service.save_survey({"background": "non-technical"})
    service.set_batch_feedback("Clear batch")  # writes the whole cached state again
    state = store.load_batch_state("b") or {}
    assert state["survey"]["answers"] == {"background": "non-technical"}
    assert state["feedback"] == "Clear batch"


def test_skipping_keeps_no_answers_and_counts_as_asked() -> None:
    store = MemoryRatingStore()
    service = _service(store)
    assert service.save_survey({"background": "technical"}, skipped=True) == {
        "answers": {}, "skipped": True}
    block = survey_block(QUESTIONS, service.survey_state())
    assert block is not None and block["answered"] is False and block["answers"] == {}


def _batch(tmp_path: Path, *, survey: bool) -> Path:
    extra: dict[str, Any] = {"format_version": "1.1", "survey": SURVEY} if survey else {}
    items = [item("q-1", kind="qualification", shots=False), item("s-1", shots=False)]
    return write_folder(tmp_path / ("with" if survey else "without"),
                        batch_files(items, **extra))


def _export(tmp_path: Path, batch_path: Path, answers: dict[str, Any] | None
            ) -> tuple[dict[str, Any], Path, Any]:
    store = MemoryRatingStore()
    key = keys.generate_private_key()
    with open_batch(batch_path) as batch:
        manifest = batch.manifest
        for entry in batch.index:  # saved but not complete: exported as incomplete
            store.save_item(manifest.batch_id, entry.item_id,
                            ItemRating(item_id=entry.item_id).to_dict())
        if answers is not None:
            RatingService(store=store, clock=lambda: 0.0, rubric=Rubric.default(),
                          item_accessor=batch.item, batch_key=manifest.batch_id,
                          survey=manifest.preference.survey).save_survey(answers)
        rubric = Rubric.from_overrides(manifest.rubric)
        records, _ = collect_item_records(
            items=[batch.item(e.item_id) for e in batch.index], store=store,
            batch_key=manifest.batch_id, rater_id="alice", display_seed="s", rubric=rubric,
            include_incomplete=True)
        extra = guideline_export_extra(store, manifest)
    document = build_results_document(
        batch=BatchMeta(manifest.batch_id, batch_sha256(batch_path)),
        rater=rater_for(key, "alice"), items=records, exported_at=EXPORTED_AT, **extra)
    out = tmp_path / f"out-{batch_path.name}"
    out.mkdir()
    path = export_results(out_path=out / "alice", document=document,
                          private_key=key).results_path
    return document, path, key


def _verifies(path: Path, key: Any, batch_path: Path) -> bool:
    roster = path.parent / "allowed_signers"
    roster.write_text(f"alice {keys.openssh_public_key(key.public_key())}\n")
    return verify_results_file(results_path=path, allowed_signers=roster,
                               batch_sha256=batch_sha256(batch_path)).ok


def test_a_guideline_export_with_a_survey_is_2_1_and_verifies(tmp_path: Path) -> None:
    batch_path = _batch(tmp_path, survey=True)
    document, path, key = _export(tmp_path, batch_path, {"background": "technical"})
    assert document["format_version"] == "2.1" and document["protocol"] == "guideline"
    assert document["survey"]["answers"] == {"background": "technical"}
    assert document["survey"]["answered"] is True
    assert [q["id"] for q in document["survey"]["questions"]] == [
        "background", "uses", "comment"]
    assert _verifies(path, key, batch_path)


def test_not_yet_asked_is_exported_as_not_answered(tmp_path: Path) -> None:
    batch_path = _batch(tmp_path, survey=True)
    document, _, _ = _export(tmp_path, batch_path, None)
    assert document["survey"]["answered"] is False and document["survey"]["answers"] == {}


def test_a_guideline_export_without_a_survey_stays_2_0(tmp_path: Path) -> None:
    batch_path = _batch(tmp_path, survey=False)
    document, path, key = _export(tmp_path, batch_path, None)
    assert document["format_version"] == "2.0"
    assert "protocol" not in document and "survey" not in document
    assert _verifies(path, key, batch_path)


def test_the_command_line_export_carries_the_saved_survey(tmp_path: Path) -> None:
    from rater_desktop.results.collect import collect_export_inputs
    from rater_desktop.storage.profile import open_profile_store

    batch_path = _batch(tmp_path, survey=True)
    data_dir = tmp_path / "data"
    store = open_profile_store("alice", data_dir=data_dir)
    with open_batch(batch_path) as batch:
        manifest = batch.manifest
        store.save_item(manifest.batch_id, "q-1", ItemRating(item_id="q-1").to_dict())
        RatingService(store=store, clock=lambda: 0.0, rubric=Rubric.default(),
                      item_accessor=batch.item, batch_key=manifest.batch_id,
                      survey=manifest.preference.survey).save_survey({"comment": "ok"})
    store.close()
    from rater_desktop import protocols

    inputs = collect_export_inputs(batch_path=batch_path, rater_id="alice", data_dir=data_dir,
                                   include_incomplete=True,
                                   collect_for=lambda m: protocols.get(m.protocol).collect_export)
    assert inputs.document_extra["protocol"] == "guideline"
    assert inputs.document_extra["survey"]["answers"] == {"comment": "ok"}
