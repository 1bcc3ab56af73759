"""Online-Mind2Web result folders (``result.json`` + ``trajectory/``) import through the
``mind2web`` kind: the benchmark's own published example run, and hostile variants."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.limits import BatchLimits
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch
from rater_desktop.batch_import import runs
from rater_desktop.batch_import.online_mind2web import _step
from rater_desktop.batch_import.run import ImportReport, ImportRequest, import_batch
from tests.import_kit import png_bytes, write_inside

DATA = Path(__file__).resolve().parent / "data" / "harness" / "online_mind2web"


def _import(source: Path, out: Path) -> ImportReport:
    return import_batch(ImportRequest(kind="mind2web", source=source, output=out, batch_id="om", title="OM"))


def _items(path: Path) -> list[Any]:
    with open_batch(path) as batch:
        return [batch.item(entry.item_id) for entry in batch.index]


def test_the_benchmarks_published_example_run_imports_with_steps_thoughts_and_screens(tmp_path: Path) -> None:
    report = _import(DATA, tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.id == "discogs"
    assert item.prompt == "Open the page with an overview of the submission of releases on Discogs."
    a, b = item.responses
    assert [(s.action, s.target) for s in a.trajectory][:2] == [("click", '<div role="button">'), ("click", "<button>")]
    assert a.trajectory[3].target.startswith('<a href="https://support.discogs.com/hc/articles/3600040')
    assert a.trajectory[1].thought.startswith("Accept cookies")
    assert all(s.screenshot for s in a.trajectory) and all(s.screenshot for s in b.trajectory)
    assert a.final_answer.startswith("The page with an overview of submission guidelines")
    assert len(a.screenshots) == 1  # the fifth image, past the last action, is the last screen
    assert a.screenshots[0].path not in {s.screenshot for s in a.trajectory}
    assert b.screenshots[0].path == b.trajectory[-1].screenshot


@pytest.mark.parametrize(("line", "expected"), [
    ("<input[aria-label='Where from?']> -> TYPE 'NYC'", {"action": "type", "target": "<input[aria-label='Where from?']>", "value": "NYC"}),
    ("<input#origin> -> TYPE: Las Vegas", {"action": "type", "target": "<input#origin>", "value": "Las Vegas"}),
    ("<Enter> -> PRESS", {"action": "keys", "target": "<Enter>"}),
    ("<https://kayak.com> -> NAVIGATE", {"action": "navigate", "target": "<https://kayak.com>"}),
    ("Typed 'Seattle' into location field", {"action": "step", "value": "Typed 'Seattle' into location field"}),
])  # fmt: skip
def test_action_lines_of_the_shapes_agents_write(line: str, expected: dict[str, Any]) -> None:
    assert _step(line, None, None) == expected


def test_hostile_result_folders_refused_one_line_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs, "DEFAULT_LIMITS", BatchLimits(max_image_bytes=4096))
    real = json.loads((DATA / "discogs" / "agent-a" / "result.json").read_text(encoding="utf-8"))
    source = tmp_path / "in"
    write_inside(tmp_path, "secret.png", png_bytes())

    def run(task: str, name: str, result: Any, shots: dict[str, bytes] | None = None) -> None:
        write_inside(source, f"{task}/{name}/result.json", json.dumps(result))
        for shot, data in ({"0.png": png_bytes()} if shots is None else shots).items():
            write_inside(source, f"{task}/{name}/trajectory/{shot}", data)

    for task in ("good", "notimage", "huge", "noactions", "many", "link"):
        run(task, "a", real)
    run("good", "b", real)
    run("notimage", "b", real, {"0.png": b"not an image at all"})
    run("huge", "b", real, {"0.png": png_bytes(size=(900, 900)) + b"\0" * 5000})
    run("noactions", "b", {"task": "x", "history": []})
    run("many", "b", {**real, "action_history": ["<a> -> CLICK"] * 501})
    run("link", "b", real, {})
    (source / "link" / "b" / "trajectory").mkdir()
    (source / "link" / "b" / "trajectory" / "0.png").symlink_to(tmp_path / "secret.png")
    report = _import(source, tmp_path / "out")
    assert [i.id for i in _items(tmp_path / "out")] == ["good"]
    assert len(report.skipped) == 5, report.skipped
    assert all("\n" not in line for line in report.skipped)
    text = "\n".join(report.skipped)
    assert "not a PNG, JPEG or WebP" in text and "larger than the batch limit" in text
    assert "no 'action_history' list" in text and "at most 500" in text
    assert "outside the input folder" in text
    assert len([p for p in (tmp_path / "out" / "screens").rglob("*") if p.is_file()]) == 2  # only the kept item's two


def test_a_pairs_file_may_name_the_result_files(tmp_path: Path) -> None:
    shutil.copytree(DATA / "discogs", tmp_path / "runs")
    pairs = write_inside(tmp_path, "pairs.jsonl", json.dumps(
        {"a": "runs/agent-a/result.json", "b": "runs/agent-b/result.json", "id": "discogs-1"}) + "\n")
    report = _import(pairs, tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped
    assert [len(r.trajectory) for r in _items(tmp_path / "out")[0].responses] == [4, 4]
