"""Run audit batches (``"protocol": "run-audit"``): one recorded run per item, read and
checked by the loader like every batch, with one clear problem per bad field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, run_item, write_folder

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.batch.validate import validate_batch


def _batch(tmp_path: Path, items: list[dict[str, Any]]) -> Path:
    return write_folder(tmp_path / "b", batch_files(items, format_version="1.1",
                                                   protocol=RUN_AUDIT))


def _errors(tmp_path: Path, items: list[dict[str, Any]]) -> list[str]:
    report = validate_batch(_batch(tmp_path, items), deep=True)
    return [p.render() for p in report.errors]


def test_a_run_item_is_read_with_its_run_report_and_judge(tmp_path: Path) -> None:
    with open_batch(_batch(tmp_path, [run_item("r-1", outcome="login_wall")])) as batch:
        read = batch.item("r-1")
    assert batch.manifest.protocol == RUN_AUDIT
    assert read.run is not None and len(read.responses) == 1
    assert read.run.run_report is not None and read.run.run_report.outcome == "login_wall"
    assert read.run.run_report.block is not None
    assert len(read.run.trajectory) == 4 and read.run.trajectory[0].screenshot
    assert read.judge is not None and read.judge.verdict == "accurate"
    assert read.prompt.startswith("Put a red umbrella")


def test_a_valid_run_audit_batch_passes_deep_validation(tmp_path: Path) -> None:
    report = validate_batch(_batch(tmp_path, [run_item("r-1"), run_item("r-2", judge=None)]),
                            deep=True)
    assert report.ok, [p.render() for p in report.errors]


@pytest.mark.parametrize(("mutate", "expected"), [
    (lambda i: i["run"].pop("run_report"), "field 'run.run_report': is missing"),
    (lambda i: i.pop("run"), "field 'run': is missing"),
    (lambda i: i.update(responses=[]), "field 'responses': is not used in a run audit batch"),
    (lambda i: i["judge"].update(verdict="great"), "field 'judge.verdict': 'great' is not one of"),
    (lambda i: i["run"]["run_report"].update(checkpoints=["C9"]),
     "field 'run.run_report.checkpoints': may only contain C1"),
    (lambda i: i["run"]["run_report"].update(evidence=[{"x": 1}]),
     "field 'run.run_report.evidence[0]': must be a string"),
    (lambda i: i["run"]["trajectory"][0].update(screenshot="../x.png"), "run.trajectory[0].screenshot"),
    (lambda i: i.update(gold={"expected_outcome": "won"}), "field 'gold.expected_outcome'"),
])
def test_a_bad_run_item_is_one_located_problem(tmp_path: Path, mutate: Any, expected: str) -> None:
    bad = run_item("r-1")
    mutate(bad)
    errors = _errors(tmp_path, [bad])
    assert any(expected in e for e in errors), errors
    assert all("Traceback" not in e for e in errors)


def test_a_pair_item_in_a_run_audit_batch_is_refused(tmp_path: Path) -> None:
    errors = _errors(tmp_path, [item("a-1")])
    assert any("is not used in a run audit batch" in e for e in errors), errors


def test_a_run_item_in_a_guideline_batch_is_refused(tmp_path: Path) -> None:
    batch = write_folder(tmp_path / "g", batch_files([run_item("r-1")]))
    errors = [p.render() for p in validate_batch(batch, deep=True).errors]
    assert any("field 'responses': is missing" in e for e in errors), errors


def test_a_missing_trajectory_screenshot_is_named(tmp_path: Path) -> None:
    files = batch_files([run_item("r-1")], format_version="1.1", protocol=RUN_AUDIT)
    del files["screens/r-1-2.png"]
    report = validate_batch(write_folder(tmp_path / "b", files), deep=True)
    assert any("screens/r-1-2.png" in p.render() for p in report.errors)


def test_the_run_fields_are_in_the_published_item_schema() -> None:
    from jsonschema import Draft202012Validator

    schema_dir = Path(__file__).resolve().parents[2] / "rater_desktop" / "batch" / "schema"
    schema = Draft202012Validator(json.loads((schema_dir / "item.schema.json").read_text()))
    assert list(schema.iter_errors(run_item("r-1"))) == []
    both = run_item("r-1", responses=item("a")["responses"])
    assert list(schema.iter_errors(both))  # one shape or the other, never both
    no_report = run_item("r-1")
    no_report["run"].pop("run_report")
    assert list(schema.iter_errors(no_report))


def test_the_guideline_qa_adapter_reads_a_run_item_without_a_traceback(tmp_path: Path) -> None:
    from rater_desktop.qa_review.adapter import batch_item_info

    with open_batch(_batch(tmp_path, [run_item("r-1")])) as batch:
        info = batch_item_info(batch.item("r-1"))
    assert info.facts.identities == ("agent-one", "")
    assert info.run_reports[0] is not None and info.run_reports[1] is None
