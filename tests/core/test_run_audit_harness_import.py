"""`batch import KIND --protocol run-audit` for the harness kinds (computer-use, Playwright
traces, Mind2Web / Online-Mind2Web, BrowserGym): each saved run of the real fixtures
becomes a run audit item with the agent's report; bad runs are refused one line each."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.batch.validate import validate_batch
from rater_desktop.batch_import.run import ImportReport, ImportRequest, import_batch
from tests.import_kit import standardweb_report, write_inside

DATA = Path(__file__).resolve().parent / "data" / "harness"
EXP = "2024-08-01_10-20-52_GenericAgent_on_miniwob.ascending-numbers_64_e6d2d5"
RUNS = {  # kind -> (run as saved, its name in a task folder)
    "computer-use": (DATA / "computer_use" / "shop" / "claude.json", "claude.json"),
    "playwright-trace": (DATA / "playwright" / "submit" / "trace-1.31.zip", "trace.zip"),
    "mind2web": (DATA / "online_mind2web" / "discogs" / "agent-a", "agent-a"),
    "browsergym": (DATA / "browsergym" / "study" / EXP, EXP),
}


def _import(kind: str, source: Path, out: Path) -> ImportReport:
    return import_batch(ImportRequest(kind=kind, source=source, output=out, batch_id="ra", title="Runs",
                                      protocol=RUN_AUDIT))  # fmt: skip


def _items(path: Path) -> list[Any]:
    with open_batch(path) as batch:
        assert batch.manifest.protocol == RUN_AUDIT
        return [batch.item(entry.item_id) for entry in batch.index]


def _copy(run: Path, target: Path) -> None:
    if run.is_dir():
        shutil.copytree(run, target)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(run, target)


@pytest.mark.parametrize("kind", sorted(RUNS))
def test_each_harness_run_becomes_a_run_audit_item(tmp_path: Path, kind: str) -> None:
    run, name = RUNS[kind]
    source = tmp_path / "in"
    _copy(run, source / "task-1" / name)
    write_inside(source, "task-1/task.txt", "Do what the run shows.")
    write_inside(source, "task-1/report.json", json.dumps(standardweb_report("blocked")))
    write_inside(source, "task-1/judge.json", json.dumps({"consistent": True}))
    report = _import(kind, source, tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.id == "task-1" and item.prompt == "Do what the run shows."
    assert item.run is not None and item.run.trajectory and item.run.run_report is not None
    assert item.run.run_report.outcome == "blocked"
    assert item.judge is not None and item.judge.verdict == "accurate"
    assert not item.run.text  # the report is shown only after the rater's own marks
    assert any(step.screenshot for step in item.run.trajectory)


def test_a_final_answer_holding_the_json_report_is_the_report(tmp_path: Path) -> None:
    source = tmp_path / "in"
    _copy(RUNS["mind2web"][0], source / "discogs")
    result = json.loads((source / "discogs" / "result.json").read_text(encoding="utf-8"))
    result["final_result_response"] = "```json\n" + json.dumps(standardweb_report()) + "\n```"
    (source / "discogs" / "result.json").write_text(json.dumps(result), encoding="utf-8")
    report = _import("mind2web", source, tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped
    item = _items(tmp_path / "out")[0]
    assert item.id == "discogs" and item.prompt.startswith("Open the page with an overview")
    assert item.run.run_report.outcome == "completed" and item.judge is None
    assert all("```" not in (step.value or "") for step in item.run.trajectory)


def test_bad_single_runs_are_refused_one_line_each(tmp_path: Path) -> None:
    run, _name = RUNS["computer-use"]
    source = tmp_path / "in"
    good = json.dumps(standardweb_report())
    for task in ("good", "two", "noreport", "badjudge", "escape"):
        _copy(run, source / task / "claude.json")
        if task != "noreport":
            write_inside(source, f"{task}/report.json", good)
    _copy(run, source / "two" / "second.json")
    write_inside(source, "badjudge/judge.json", json.dumps({"verdict": "great"}))
    write_inside(tmp_path, "elsewhere.json", good)
    (source / "escape" / "report.json").unlink()
    (source / "escape" / "report.json").symlink_to(tmp_path / "elsewhere.json")
    report = _import("computer-use", source, tmp_path / "out")
    assert [i.id for i in _items(tmp_path / "out")] == ["good"]
    assert len(report.skipped) == 4 and all("\n" not in s for s in report.skipped), report.skipped
    text = "\n".join(report.skipped)
    assert "exactly one run" in text and "not the JSON run report" in text
    assert "the judge's verdict must be one of" in text and "outside the input folder" in text
    run_kept = _items(tmp_path / "out")[0].run
    kept = {s.screenshot for s in run_kept.trajectory if s.screenshot} | {s.path for s in run_kept.screenshots}
    assert {p.relative_to(tmp_path / "out").as_posix()
            for p in (tmp_path / "out" / "screens").rglob("*") if p.is_file()} == kept  # fmt: skip


def test_a_jsonl_names_single_runs_with_their_reports(tmp_path: Path) -> None:
    _copy(RUNS["computer-use"][0], tmp_path / "runs" / "claude.json")
    line = {"run": "runs/claude.json", "id": "lamp", "task": "Find the lamp.",
            "report": standardweb_report("login_wall"), "judge": {"verdict": "overstated"}}
    runs = write_inside(tmp_path, "runs.jsonl", json.dumps(line) + "\n" + json.dumps({**line, "run": "../x"})
                        + "\n" + json.dumps(line) + "\n")
    report = _import("computer-use", runs, tmp_path / "out")
    assert report.items == 1 and len(report.skipped) == 2 and "outside the input folder" in report.skipped[0]
    assert "line 3: the id 'lamp' was already used; ids must be unique" in report.skipped[1]
    item = _items(tmp_path / "out")[0]
    assert (item.id, item.prompt, item.run.run_report.outcome) == ("lamp", "Find the lamp.", "login_wall")
