"""Format 1.2: training keys, conversations, local qualification and unsure reasons."""

from __future__ import annotations

import json
from pathlib import Path

from batchkit import batch_files, item, write_folder
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.parse import parse_item, parse_manifest
from rater_desktop.batch.validate import validate_batch

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "rater_desktop" / "batch" / "schema"
TRAINING = {"expected": {"verdict": "B_better", "responses.A.tc": 2},
            "explanations": {"verdict": "One found the umbrella; the other stopped at the cart.",
                             "TC-2": "A login wall ends the task."},
            "note": "Read the run report first."}
CONVERSATION = [{"role": "system", "text": "You are a shopping helper."},
                {"role": "user", "text": "I need an umbrella."},
                {"role": "assistant", "text": "What colour?"}]
MANIFEST_12 = {"format_version": "1.2",
               "qualification": {"score_locally": True, "when_unreachable": "continue_unpaid",
                                 "message": "You may go on; these items are not paid."},
               "unsure": {"reasons": ["I do not know the topic", "Both look equally wrong"]}}


def _files(items: list[dict[str, object]], **manifest: object) -> dict[str, bytes]:
    return batch_files(items, **{**MANIFEST_12, **manifest})


def test_a_1_2_batch_reads_training_conversation_and_settings(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", _files([
        item("t-1", kind="qualification", training=TRAINING, conversation=CONVERSATION,
             prompt="Red, please. Under $20.")]))
    report = validate_batch(path)
    assert report.ok and report.warnings == [], report.errors + report.warnings
    with open_batch(path) as batch:
        manifest = batch.manifest
        assert manifest.qualification.score_locally
        assert manifest.qualification.when_unreachable == "continue_unpaid"
        assert manifest.unsure.reasons == ("I do not know the topic", "Both look equally wrong")
        got = batch.item("t-1")
    assert got.training is not None
    assert got.training.expected == {"verdict": "B_better", "responses.A.tc": 2}
    assert got.training.explanations["TC-2"] == "A login wall ends the task."
    assert [(t.role, t.text[:6]) for t in got.conversation] == [
        ("system", "You ar"), ("user", "I need"), ("assistant", "What c")]
    assert got.prompt == "Red, please. Under $20."


def test_older_batches_have_none_of_it(tmp_path: Path) -> None:
    with open_batch(write_folder(tmp_path / "b", batch_files([item("a")]))) as batch:
        assert not batch.manifest.qualification.score_locally
        assert batch.manifest.unsure.reasons == ()
        assert batch.item("a").training is None and batch.item("a").conversation == ()


def _errors(tmp_path: Path, files: dict[str, bytes]) -> list[str]:
    report = validate_batch(write_folder(tmp_path / "b", files))
    return [f"{p.field}: {p.message}" for p in report.errors]


def test_bad_training_keys_are_located(tmp_path: Path) -> None:
    bad = {"expected": {"verdict": "B_best", "responses.A.tc": 9, "colour": "red"},
           "explanations": {"verdict": ""}}
    errors = _errors(tmp_path, _files([item("t-1", training=bad)]))
    assert any(e.startswith("training.expected.verdict: must be one of") for e in errors)
    assert "training.expected.responses.A.tc: must be a whole number from 1 to 5" in errors
    assert any(e.startswith("training.expected.colour: is not a field") for e in errors)
    assert any(e.startswith("training.explanations.verdict: must be a non-empty") for e in errors)


def test_an_explanation_naming_a_side_is_a_warning(tmp_path: Path) -> None:
    key = {"expected": {"verdict": "B_better"},
           "explanations": {"verdict": "Response B found it.", "TC-2": "B stopped.",
                            "FA-1": "A login wall ends the task; B's claim is wrong."}}
    report = validate_batch(write_folder(tmp_path / "b", _files([item("t-1", training=key)])))
    assert report.ok  # a warning: the batch still opens
    assert sorted(w.field for w in report.warnings if w.code == "explanation-names-side") == [
        "training.explanations.FA-1", "training.explanations.TC-2",
        "training.explanations.verdict"]
    fine = {"expected": {"verdict": "B_better"},
            "explanations": {"verdict": "A login wall ends the task.", "TC-2": "The B-roll is fine"}}
    report = validate_batch(write_folder(tmp_path / "c", _files([item("t-1", training=fine)])))
    assert report.warnings == []


def test_a_training_key_must_say_something(tmp_path: Path) -> None:
    errors = _errors(tmp_path, _files([item("t-1", training={})]))
    assert errors == ["training: has no expected answer, explanation or note"]


def test_a_training_field_of_another_protocol_is_refused(tmp_path: Path) -> None:
    errors = _errors(tmp_path, _files([item("t-1", training={"expected": {"choice": "A"}})]))
    assert errors == ["training.expected.choice: is not an answer of the guideline protocol"]
    preference = _files([item("t-1", shots=False, training={"expected": {"choice": "A"}})],
                        protocol="preference")
    assert _errors(tmp_path / "p", preference) == []


def test_conversation_problems_are_located(tmp_path: Path) -> None:
    turns = [{"role": "user", "text": "hi"}, {"role": "system", "text": "late"},
             {"role": "robot", "text": "?"}, {"role": "assistant"}]
    errors = _errors(tmp_path, _files([item("c-1", conversation=turns)]))
    assert errors == ["conversation[1].role: a system turn may only come first",
                      "conversation[2].role: 'robot' is not one of: system, user, assistant",
                      "conversation[3].text: is missing"]


def test_manifest_problems_are_located(tmp_path: Path) -> None:
    errors = _errors(tmp_path, _files(
        [item("a")], qualification={"score_locally": "yes", "when_unreachable": "panic"},
        unsure={"reasons": ["", "ok"]}))
    assert "qualification.score_locally: must be true or false" in errors
    assert any(e.startswith("qualification.when_unreachable: 'panic'") for e in errors)
    assert "unsure.reasons[0]: must be a non-empty string of at most 200 characters" in errors


def test_the_schemas_accept_the_new_fields() -> None:
    batch_schema = Draft202012Validator(json.loads((SCHEMA_DIR / "batch.schema.json").read_text()))
    item_schema = Draft202012Validator(json.loads((SCHEMA_DIR / "item.schema.json").read_text()))
    files = _files([item("t-1", training=TRAINING, conversation=CONVERSATION)])
    assert list(batch_schema.iter_errors(json.loads(files["batch.json"]))) == []
    line = json.loads(files["items.jsonl"].decode().splitlines()[0])
    assert list(item_schema.iter_errors(line)) == []


def test_the_learning_sample_is_generated_and_valid(tmp_path: Path) -> None:
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, str(repo / "tools" / "make_sample_batches.py"), "--only",
                    "learning", "--out", str(tmp_path)], check=True, capture_output=True)
    sample = repo / "sample_batches" / "learning-preference"
    for name in ("batch.json", "items.jsonl", "instructions.md"):
        assert (tmp_path / "learning-preference" / name).read_bytes() == \
            (sample / name).read_bytes(), name
    report = validate_batch(sample)
    assert report.ok and report.warnings == []
    with open_batch(sample) as batch:
        items = [batch.item(e.item_id) for e in batch.index]
        assert batch.manifest.qualification.score_locally
    assert sum(i.training is not None for i in items) == 4
    assert sum(bool(i.conversation) for i in items) == 1


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=12), inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(training=JSON, conversation=JSON, qualification=JSON, unsure=JSON)
def test_random_learning_fields_give_located_problems_never_a_crash(
        training: object, conversation: object, qualification: object, unsure: object) -> None:
    problems = ProblemList()
    manifest = parse_manifest({**json.loads(_files([])["batch.json"]),
                               "qualification": qualification, "unsure": unsure},
                              problems=problems)
    parse_item({**item("t-1", shots=False), "training": training,
                "conversation": conversation}, problems=problems, file="items.jsonl", line=1)
    assert manifest is not None or problems.errors
    for problem in problems.errors:
        assert problem.field and problem.message
