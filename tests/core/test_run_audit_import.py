"""`batch import standardweb|browser-use --protocol run-audit`: one recorded run per item,
the agent's report kept out of what the rater sees first, bad input named and skipped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.batch_import.run import ImportRequest, import_batch
from rater_desktop.cli import main
from tests.import_kit import browser_use_history, standardweb_report, write_inside


def _request(kind: str, source: Path, out: Path, **extra: Any) -> ImportRequest:
    return ImportRequest(kind=kind, source=source, output=out, batch_id="ra-1", title="Runs",
                         protocol=RUN_AUDIT, **extra)


def _items(path: Path) -> list[Any]:
    with open_batch(path) as batch:
        assert batch.manifest.protocol == RUN_AUDIT
        return [batch.item(entry.item_id) for entry in batch.index]


def _standardweb(tmp_path: Path) -> Path:
    runs = tmp_path / "runs"
    write_inside(runs, "lamp/objective.json", json.dumps(
        {"host": "shop.example", "name": "Shop", "objective": "Add a headlamp to the cart."}))
    browser_use_history(runs / "lamp" / "agent-a", "history", answer="ignored", base64_shots=True)
    write_inside(runs, "lamp/agent-a/report.json", json.dumps(standardweb_report()))
    write_inside(runs, "lamp/agent-a/judge.json", json.dumps({"consistent": False, "notes": "No cart."}))
    browser_use_history(runs / "lamp" / "agent-b", "history",
                        answer=json.dumps(standardweb_report("blocked")), base64_shots=True)
    write_inside(runs, "lamp/agent-b/judge.json", json.dumps({"verdict": "understated"}))
    browser_use_history(runs / "lamp" / "agent-c", "history", answer="not json", base64_shots=True)
    return runs


def test_standardweb_runs_become_one_item_per_agent_run(tmp_path: Path) -> None:
    report = import_batch(_request("standardweb", _standardweb(tmp_path), tmp_path / "out"))
    assert report.ok and report.items == 2, report.skipped + report.validation
    assert any("agent-c: the final answer is not the JSON run report" in s for s in report.skipped)
    first, second = _items(tmp_path / "out")
    assert [first.id, second.id] == ["lamp.agent-a", "lamp.agent-b"]
    assert first.prompt.startswith("WEBSITE: shop.example (Shop)")
    assert first.run is not None and first.run.run_report is not None
    assert first.run.run_report.outcome == "completed" and first.run.trajectory
    assert first.judge is not None and first.judge.verdict == "overstated"
    assert first.judge.explanation == "No cart."
    assert second.judge is not None and second.judge.verdict == "understated"


def test_the_report_is_not_left_in_what_the_rater_sees_first(tmp_path: Path) -> None:
    import_batch(_request("standardweb", _standardweb(tmp_path), tmp_path / "out"))
    run = _items(tmp_path / "out")[1].run  # its report came from the final answer
    assert run is not None and run.text == "" and run.final_answer is None
    shown = json.dumps([step.__dict__ for step in run.trajectory], default=str)
    assert "blocked" not in shown and "checkpoints" not in shown
    assert run.trajectory[-1].action == "done"


def test_browser_use_folder_and_jsonl(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    write_inside(runs, "t1/task.txt", "Find a tent.")
    browser_use_history(runs / "t1", "alpha", answer=json.dumps(standardweb_report()), base64_shots=False)
    write_inside(runs, "t1/judge.json", json.dumps({"verdict": "accurate"}))
    write_inside(runs, "t2/task.txt", "Two runs here.")
    browser_use_history(runs / "t2", "alpha", answer="{}", base64_shots=True)
    browser_use_history(runs / "t2", "beta", answer="{}", base64_shots=True)
    report = import_batch(_request("browser-use", runs, tmp_path / "folder"))
    assert report.items == 1 and "exactly one history .json file" in report.skipped[0]
    (item,) = _items(tmp_path / "folder")
    assert item.id == "t1" and item.run is not None and item.run.identity == "alpha"
    assert item.judge is not None and item.judge.verdict == "accurate"
    lines = write_inside(tmp_path, "in/runs.jsonl", "\n".join(json.dumps(x) for x in [
        {"id": "j1", "task": "Find a tent.", "run": "h/alpha.json", "identity": "agent-x",
         "report": standardweb_report("login_wall"), "judge": {"verdict": "accurate"}},
        {"task": "No run named"},
        {"task": "Bad judge", "run": "h/alpha.json", "report": standardweb_report(),
         "judge": {"verdict": "fine"}},
        {"task": "Outside", "run": "../../etc/passwd"},
    ]))
    browser_use_history(tmp_path / "in" / "h", "alpha", answer="x", base64_shots=True)
    report = import_batch(_request("browser-use", lines, tmp_path / "lines"))
    assert report.items == 1, report.skipped
    assert "'run' must name a history file" in report.skipped[0]
    assert "the judge's verdict must be one of" in report.skipped[1]
    assert len(report.skipped) == 3
    (item,) = _items(tmp_path / "lines")
    assert item.run is not None and item.run.identity == "agent-x"
    assert item.run.run_report is not None and item.run.run_report.outcome == "login_wall"


def test_a_pair_kind_cannot_make_run_audit_items(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = write_inside(tmp_path, "in/p.jsonl", json.dumps(
        {"prompt": "p", "response_a": "a", "response_b": "b"}))
    code = main(["batch", "import", "pairs", str(source), "--out", str(tmp_path / "o"),
                 "--protocol", "run-audit"])
    err = capsys.readouterr().err
    assert code != 0 and "needs one recorded run per item" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_the_cli_writes_a_run_audit_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = _standardweb(tmp_path)
    assert main(["batch", "import", "standardweb", str(runs), "--out", str(tmp_path / "b.zip"),
                 "--protocol", "run-audit"]) == 0
    assert "with 2 items" in capsys.readouterr().out
    assert main(["validate", str(tmp_path / "b.zip"), "--deep"]) == 0
