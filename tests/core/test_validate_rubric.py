"""``validate`` checks the batch's rubric overrides with the same function the window uses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rater_desktop.batch.validate import validate_batch
from rater_desktop.cli import main
from rater_desktop.rating.rubric import Rubric, RubricError
from tests.batchkit import batch_files, write_folder

# -Infinity is what Python's json module reads as float("-inf"); written raw on purpose.
BAD_MANIFEST_RUBRIC = (
    '{"TC-5": {"min_words": -Infinity}, "AP-1": {"min_words": "fifty"}, "ZZ-9": {"severity": "warn"}}'
)


def _bad_batch(tmp_path: Path) -> Path:
    files = batch_files()
    manifest = json.loads(files["batch.json"])
    text = json.dumps(manifest)[:-1] + ', "rubric": ' + BAD_MANIFEST_RUBRIC + "}"
    files["batch.json"] = text.encode()
    return write_folder(tmp_path / "bad-rubric", files)


def test_problems_lists_every_bad_rule_with_its_parameter() -> None:
    overrides = json.loads(BAD_MANIFEST_RUBRIC)
    found = dict(Rubric.problems(overrides))
    assert set(found) == {"TC-5", "AP-1", "ZZ-9"}
    assert "'min_words'" in found["TC-5"] and "-inf" in found["TC-5"]
    assert "'min_words'" in found["AP-1"] and "'fifty'" in found["AP-1"]
    assert "unknown rule 'ZZ-9'" in found["ZZ-9"]


@pytest.mark.parametrize("rule_id", ["TC-5", "AP-1", "ZZ-9"])
def test_the_window_refuses_each_rule_problems_reports(rule_id: str) -> None:
    overrides = {rule_id: json.loads(BAD_MANIFEST_RUBRIC)[rule_id]}
    assert Rubric.problems(overrides)
    with pytest.raises(RubricError):
        Rubric.from_overrides(overrides)


def test_good_overrides_have_no_problems() -> None:
    assert Rubric.problems({"TC-5": {"min_words": 3, "severity": "warn"}}) == []
    assert Rubric.problems(None) == []


def test_validate_batch_reports_rubric_problems_in_batch_json(tmp_path: Path) -> None:
    report = validate_batch(_bad_batch(tmp_path), check_rubric=Rubric.problems)
    assert not report.ok
    rubric_errors = [p for p in report.errors if p.code == "bad-rubric"]
    assert {p.field for p in rubric_errors} == {"rubric.TC-5", "rubric.AP-1", "rubric.ZZ-9"}
    assert all(p.file == "batch.json" for p in rubric_errors)


def test_cli_validate_refuses_the_bad_rubric(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _bad_batch(tmp_path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INVALID")
    assert "rubric rule TC-5 parameter 'min_words'" in out
    assert "rubric rule AP-1 parameter 'min_words'" in out
    assert "ZZ-9" in out


def test_cli_validate_still_accepts_a_good_rubric(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_folder(tmp_path / "good", batch_files(rubric={"TC-5": {"min_words": 4}}))
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK test-batch")


@pytest.mark.parametrize(
    ("threshold", "says"),
    [
        ({"pass_threshold": 11, "out_of": 10}, "'pass_threshold' must be from 1 to out_of (10), got 11"),
        ({"pass_threshold": 0, "out_of": 0}, "'out_of' must be at least 1, got 0"),
        ({"pass_threshold": 0}, "'pass_threshold' must be from 1 to out_of (10), got 0"),
    ],
)
def test_validate_refuses_an_sd4_threshold_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], threshold: dict[str, int], says: str
) -> None:
    """SD-4: "a rater passes at the batch's threshold (default 8 of 10)": a threshold no
    rater can reach, or one out of nothing, is refused where it is written."""
    ((rule, message),) = Rubric.problems({"SD-4": threshold})
    assert rule == "SD-4" and says in message
    path = write_folder(tmp_path / "sd4", batch_files(rubric={"SD-4": threshold}))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INVALID") and says in out


def test_guideline_qa_never_falls_back_from_a_bad_threshold() -> None:
    from rater_desktop.qa_review.figures import ThresholdError, sd4_threshold

    assert sd4_threshold({}) == (8, 10)
    assert sd4_threshold({"SD-4": {"pass_threshold": 7, "out_of": 10}}) == (7, 10)
    assert sd4_threshold({"AP-1": {"min_words": "fifty"}}) == (8, 10)  # only SD-4 matters here
    for bad in ({"pass_threshold": 11, "out_of": 10}, {"pass_threshold": 0, "out_of": 0}):
        with pytest.raises(ThresholdError, match="SD-4"):
            sd4_threshold({"SD-4": bad})


def test_guideline_qa_report_refuses_a_bad_threshold_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_folder(tmp_path / "sd4", batch_files(rubric={"SD-4": {"pass_threshold": 11, "out_of": 10}}))
    (tmp_path / "none.results.json").write_text("{}")
    roster = tmp_path / "allowed_signers"
    roster.write_text("")
    code = main(["qa", "report", str(tmp_path / "none.results.json"), "--batch", str(path),
                 "--allowed-signers", str(roster), "--out", str(tmp_path / "r.html")])
    err = capsys.readouterr().err
    assert code == 2 and not (tmp_path / "r.html").exists()
    assert len(err.strip().splitlines()) == 1 and "pass_threshold" in err
