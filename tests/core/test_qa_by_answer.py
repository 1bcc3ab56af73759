"""``qa report --by QUESTION`` on guideline batches: three raters' signed exports (format
2.1, with their survey answers) through the real collect, sign, verify and report code;
agreement among the raters of each answer is checked against values counted here by hand
from the rating tables of test_qa_review_support."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, write_folder
from test_qa_review_support import (
    BATCH_ID,
    IDENTITIES,
    NOW,
    RATERS,
    SEED,
    batch_items,
    rating_for,
)
from test_results_support import rater_for

from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.service import RatingService
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.rating.survey import guideline_export_extra
from rater_desktop.results.collect import collect_item_records
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.signing import keys

SURVEY = {"questions": [
    {"id": "background", "kind": "single", "text": "Your work?",
     "options": ["technical", "non-technical"]},
    {"id": "uses", "kind": "multiple", "text": "You use assistants for",
     "options": ["work", "study"]}]}
ANSWERS = {"alice": {"background": "technical", "uses": ["work", "study"]},
           "bob": {"background": "technical", "uses": ["work"]},
           "carol": {"background": "non-technical", "uses": ["study"]}}


def _export(rater: str, batch_path: Path, key: Any, out: Path) -> Path:
    store = MemoryRatingStore()
    for item_id in IDENTITIES:
        store.save_item(BATCH_ID, item_id, rating_for(rater, item_id).to_dict())
    with open_batch(batch_path) as batch:
        manifest = batch.manifest
        RatingService(store=store, clock=lambda: 0.0, rubric=Rubric.default(),
                      item_accessor=batch.item, batch_key=BATCH_ID, rater_id=rater,
                      survey=manifest.preference.survey).save_survey(ANSWERS[rater])
        rubric = Rubric.from_overrides(manifest.rubric)
        records, _ = collect_item_records(
            items=[batch.item(e.item_id) for e in batch.index], store=store,
            batch_key=BATCH_ID, rater_id=rater, display_seed=SEED, rubric=rubric,
            include_incomplete=False)
        extra = guideline_export_extra(store, manifest)
    document = build_results_document(
        batch=BatchMeta(BATCH_ID, batch_sha256(batch_path), "QA test", rubric.to_dict()),
        rater=rater_for(key, rater), items=records, exported_at=NOW, **extra)
    return export_results(out_path=out / rater, document=document,
                          private_key=key).results_path


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    batch_path = write_folder(tmp_path / "batch", batch_files(
        batch_items(), batch_id=BATCH_ID, display_seed=SEED, format_version="1.1",
        rubric={"SD-4": {"pass_threshold": 1, "out_of": 2}}, survey=SURVEY))
    keyset = {r: keys.generate_private_key() for r in RATERS}
    (tmp_path / "out").mkdir()
    files = [_export(r, batch_path, keyset[r], tmp_path / "out") for r in RATERS]
    roster = tmp_path / "allowed_signers"
    roster.write_text("".join(f"{r} {keys.openssh_public_key(k.public_key())}\n"
                              for r, k in keyset.items()))
    return {"batch": batch_path, "files": files, "roster": roster}


def _report(exported: dict[str, Any], out: Path, *extra: str) -> int:
    return main(["qa", "report", *map(str, exported["files"]), "--batch",
                 str(exported["batch"]), "--allowed-signers", str(exported["roster"]),
                 "--out", str(out), "--resamples", "50", *extra])


def _cells(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-key="([^"]+)">([^<]*)<', html))


def test_exports_are_2_1_and_verify(exported: dict[str, Any],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(exported["files"][0].read_text())
    assert document["format_version"] == "2.1" and document["protocol"] == "guideline"
    assert document["survey"]["answers"] == ANSWERS["alice"]
    for path in exported["files"]:
        assert main(["verify", str(path), "--batch", str(exported["batch"]),
                     "--allowed-signers", str(exported["roster"])]) == 0
    capsys.readouterr()


def test_agreement_by_a_single_choice_answer(exported: dict[str, Any], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert _report(exported, out, "--by", "background") == 0, capsys.readouterr()
    html = out.read_text()
    assert "Agreement by survey answer: background" in html
    cells = _cells(html)
    # alice and bob (technical), standard items s1..s5, verdicts by hand:
    # alice -2 1 0 -1 2, bob -2 2 1 -1 2: same on s1, s4, s5 -> 3 of 5.
    assert cells["by-raters-technical"] == "2"
    assert cells["by-verdict-technical"].endswith("/ 60.0 %")
    # TC per response: s1 (5,2)=(5,2), s2 (3,4)/(3,5), s3 (3,3)/(3,4), s4 (4,3)=, s5 (2,5)=
    # -> 8 of 10 responses the same.
    assert cells["by-tc-technical"].endswith("/ 80.0 %")
    assert cells["by-raters-non-technical"] == "1"  # one rater: nothing to compare
    assert cells["by-verdict-non-technical"] == "n/a / n/a"
    # The whole report is unchanged beside it: all three raters.
    assert cells["judgments"] == str(3 * len(IDENTITIES))


def test_a_multiple_choice_answer_puts_a_rater_in_each_group(
        exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert _report(exported, out, "--by", "uses") == 0, capsys.readouterr()
    cells = _cells(out.read_text())
    assert cells["by-raters-work"] == "2" and cells["by-raters-study"] == "2"
    # work = alice + bob: as above; study = alice + carol: verdicts -2 1 0 -1 2 against
    # -1 -3 0 3 2 -> same on s3 and s5, 2 of 5.
    assert cells["by-verdict-work"].endswith("/ 60.0 %")
    assert cells["by-verdict-study"].endswith("/ 40.0 %")


def test_csv_rows_carry_the_answer(exported: dict[str, Any], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rows.csv"
    assert _report(exported, out, "--by", "uses") == 0, capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    by_rater = {row["rater_id"]: row["survey_answer"] for row in rows}
    assert by_rater == {"alice": "work; study", "bob": "work", "carol": "study"}
    plain = tmp_path / "plain.csv"
    assert _report(exported, plain) == 0
    assert "survey_answer" not in plain.read_text().splitlines()[0]


def test_an_unknown_question_is_a_clear_error(exported: dict[str, Any], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert _report(exported, out, "--by", "age") == 2
    err = capsys.readouterr().err
    assert "--by age" in err and "background, uses" in err and not out.exists()
