"""Format 1.1: the manifest's protocol, preference settings and survey questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batchkit import batch_files, item, write_folder
from jsonschema import Draft202012Validator

from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "rater_desktop" / "batch" / "schema"
SURVEY = {"questions": [
    {"id": "background", "kind": "single", "text": "Your work?", "options": ["technical", "other"]},
    {"id": "langs", "kind": "multiple", "text": "Languages?", "options": ["en", "de", "fr"]},
    {"id": "note", "kind": "text", "text": "Anything else?"},
]}


def _preference_files(**overrides: object) -> dict[str, bytes]:
    fields: dict[str, object] = dict(
        format_version="1.1", protocol="preference",
        preference={"criteria": ["Answers the question", "Accurate"], "explanation_required": True},
        survey=SURVEY)
    fields.update(overrides)
    return batch_files([item("p-1", shots=False, gold={"expected_choice": "tie"},
                             kind="qualification")], **fields)


def test_old_batches_are_guideline_batches(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", batch_files())
    with open_batch(path) as batch:
        assert batch.manifest.protocol == "guideline"
        assert batch.manifest.preference.survey == ()
    report = validate_batch(path)
    assert report.ok and report.warnings == []


def test_preference_manifest_is_read(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", _preference_files())
    with open_batch(path) as batch:
        manifest = batch.manifest
        assert manifest.protocol == "preference"
        assert manifest.preference.criteria == ("Answers the question", "Accurate")
        assert manifest.preference.explanation_required is True
        assert [(q.id, q.kind, len(q.options)) for q in manifest.preference.survey] == [
            ("background", "single", 2), ("langs", "multiple", 3), ("note", "text", 0)]
        gold = batch.item("p-1").gold
        assert gold is not None and gold.expected_choice == "tie"
    report = validate_batch(path)
    assert report.ok and report.warnings == []  # 1.1 is this app's version: no warning


def test_unknown_protocol_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", _preference_files(protocol="ranking"))
    with pytest.raises(BatchError) as info:
        open_batch(path)
    problem = info.value.problem
    assert problem.code == "unknown-protocol" and problem.field == "protocol"
    assert "'ranking'" in problem.message and "guideline, preference" in problem.message
    report = validate_batch(path)
    assert not report.ok


@pytest.mark.parametrize("survey, field", [
    ({"questions": [{"id": "x", "kind": "single", "text": "?", "options": ["only"]}]},
     "survey.questions[0].options"),
    ({"questions": [{"id": "x", "kind": "slider", "text": "?"}]}, "survey.questions[0].kind"),
    ({"questions": [{"id": "x", "kind": "text", "text": "?"},
                    {"id": "x", "kind": "text", "text": "?"}]}, "survey.questions[1].id"),
])
def test_bad_survey_questions_name_the_field(tmp_path: Path, survey: object, field: str) -> None:
    report = validate_batch(write_folder(tmp_path / "b", _preference_files(survey=survey)))
    assert not report.ok
    assert field in [e.field for e in report.errors]


def test_bad_expected_choice_is_an_item_error(tmp_path: Path) -> None:
    files = batch_files([item("p-1", gold={"expected_choice": "C"})], protocol="preference")
    report = validate_batch(write_folder(tmp_path / "b", files))
    assert [e.field for e in report.errors] == ["gold.expected_choice"]


def test_schema_accepts_the_new_fields_and_refuses_unknown_protocols() -> None:
    schema = Draft202012Validator(json.loads((SCHEMA_DIR / "batch.schema.json").read_text()))
    manifest = json.loads(_preference_files()["batch.json"])
    assert list(schema.iter_errors(manifest)) == []
    manifest["protocol"] = "ranking"
    assert list(schema.iter_errors(manifest))
