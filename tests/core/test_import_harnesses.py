"""Agent runs as the harnesses save them (computer-use transcripts, Playwright traces,
Mind2Web records, BrowserGym folders): real examples import, hostile ones are refused."""

from __future__ import annotations

import base64
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.limits import BatchLimits
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch
from rater_desktop.batch_import import runs
from rater_desktop.batch_import.run import ImportReport, ImportRequest, import_batch
from tests.import_kit import png_bytes, write_inside

DATA = Path(__file__).resolve().parent / "data" / "harness"


def _import(kind: str, source: Path, out: Path, **extra: Any) -> ImportReport:
    return import_batch(ImportRequest(kind=kind, source=source, output=out, batch_id="h", title="H",
                                      **extra))  # fmt: skip


def _items(path: Path) -> list[Any]:
    with open_batch(path) as batch:
        return [batch.item(entry.item_id) for entry in batch.index]


def _screens(path: Path) -> list[Path]:
    return sorted(p for p in (path / "screens").rglob("*") if p.is_file())


def _one_line_each(report: ImportReport, count: int) -> None:
    assert len(report.skipped) == count, report.skipped
    assert all("\n" not in s and "Traceback" not in s for s in report.skipped)


def test_computer_use_transcripts_of_both_apis(tmp_path: Path) -> None:
    report = _import("computer-use", DATA / "computer_use", tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.prompt.startswith("Find the price of the Ridge headlamp")
    claude, cua = item.responses
    assert claude.identity == "claude" and claude.final_answer == "The Ridge headlamp costs $34.99."
    assert [s.action for s in claude.trajectory] == ["screenshot", "click", "type"]
    click = claude.trajectory[1]
    assert click.click is not None and (click.click.x, click.click.y) == (90.0, 40.0)
    assert click.screenshot and click.thought.startswith("The search box")
    assert cua.final_answer.startswith("The Ridge headlamp is sold out")
    assert [s.action for s in cua.trajectory] == ["click", "type", "keys"]
    assert cua.trajectory[2].value == "ENTER" and cua.trajectory[2].url.endswith("q=Ridge+headlamp")
    assert claude.screenshots and cua.screenshots


def test_computer_use_anthropic_scroll_drag_and_wait_values(tmp_path: Path) -> None:
    from rater_desktop.batch_import.computer_use import load_transcript

    calls = [{"action": "scroll", "coordinate": [5, 6], "scroll_direction": "down", "scroll_amount": 3},
             {"action": "left_click_drag", "start_coordinate": [1, 2], "coordinate": [30, 40]},
             {"action": "wait", "duration": 2}]  # fmt: skip
    messages = [{"role": "assistant", "content": [{"type": "tool_use", "id": f"t{n}", "name": "computer",
                                                   "input": call}]} for n, call in enumerate(calls)]  # fmt: skip
    path = write_inside(tmp_path, "t.json", json.dumps(messages))
    run = load_transcript(path, runs.PendingImages(), "t")
    assert [(s["action"], s.get("value")) for s in run.steps] == [
        ("scroll", "down 3"), ("drag", "from [1, 2]"), ("wait", "2 s")]
    assert run.steps[1]["click"] == {"x": 30.0, "y": 40.0}


def test_computer_use_pairs_file_with_identities(tmp_path: Path) -> None:
    runs_dir = tmp_path / "in"
    shutil.copytree(DATA / "computer_use" / "shop", runs_dir)
    line = json.dumps({"id": "lamp", "task": "Price of the lamp?", "a": "claude.json",
                       "b": "openai-cua.json", "identity_a": "sonnet", "identity_b": "cua"})  # fmt: skip
    pairs = write_inside(runs_dir, "pairs.jsonl", line + "\n" + line + "\n")
    report = _import("computer-use", pairs, tmp_path / "out")
    assert report.ok, report.skipped
    # The repeated id is refused before its screenshots are written: only the first item's 6.
    _one_line_each(report, 1)
    assert "line 2: the id 'lamp' was already used" in report.skipped[0]
    assert len(_screens(tmp_path / "out")) == 6
    item = _items(tmp_path / "out")[0]
    assert item.id == "lamp" and item.prompt == "Price of the lamp?"
    assert [r.identity for r in item.responses] == ["sonnet", "cua"]


def _anthropic(image: str) -> dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "Open the page."},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "computer",
                                           "input": {"action": "left_click", "coordinate": [1, 2]}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": image}}]}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}]}  # fmt: skip


def test_computer_use_hostile_records_refused_one_line_each(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(runs, "DEFAULT_LIMITS", BatchLimits(max_image_bytes=4096))
    good = base64.b64encode(png_bytes()).decode()
    source = tmp_path / "in"
    outside = write_inside(tmp_path, "secret.json", json.dumps(_anthropic(good)))
    cases: dict[str, Any] = {
        "good": _anthropic(good),
        "huge": _anthropic("A" * 40_000),
        "notimage": _anthropic(base64.b64encode(b"GIF89a not a png").decode()),
        "badb64": _anthropic("!!!not base64!!!"),
        "noactions": {"messages": [{"role": "user", "content": "hi"}]},
        "other": {"unrelated": True},
    }
    for name, transcript in cases.items():
        write_inside(source, f"{name}/a.json", json.dumps(_anthropic(good)))
        write_inside(source, f"{name}/b.json", json.dumps(transcript))
    write_inside(source, "single/a.json", json.dumps(_anthropic(good)))
    write_inside(source, "escape/a.json", json.dumps(_anthropic(good)))
    (source / "escape" / "b.json").symlink_to(outside)
    report = _import("computer-use", source, tmp_path / "out")
    assert report.items == 1 and [i.id for i in _items(tmp_path / "out")] == ["good"]
    _one_line_each(report, 7)
    text = "\n".join(report.skipped)
    assert "larger than" in text and "not a PNG, JPEG or WebP" in text and "not valid base64" in text
    assert "no computer action" in text and "neither Anthropic" in text and "run audit" in text
    assert "outside the input folder" in text
    # Only the kept item's two screenshots were written: refused records left nothing.
    assert len(_screens(tmp_path / "out")) == 2


def test_pairs_file_paths_stay_inside_the_input(tmp_path: Path) -> None:
    write_inside(tmp_path, "elsewhere/x.json", json.dumps(_anthropic(base64.b64encode(png_bytes()).decode())))
    pairs = write_inside(tmp_path, "in/pairs.jsonl", json.dumps(
        {"task": "t", "a": "../elsewhere/x.json", "b": "../elsewhere/x.json"}) + "\n")
    report = _import("computer-use", pairs, tmp_path / "out")
    assert report.items == 0 and not (tmp_path / "out").exists()
    _one_line_each(report, 1)
    assert "outside the input folder" in report.skipped[0]


def test_playwright_traces_from_the_playwright_repository(tmp_path: Path) -> None:
    report = _import("playwright-trace", DATA / "playwright", tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.prompt == "Open the page and press its Submit button."
    old, new = item.responses
    assert [s.action for s in old.trajectory] == ["navigate", "click"]
    click = old.trajectory[1]
    assert click.click is not None and (click.click.x, click.click.y) == (36.74, 18.48)
    assert click.target == "internal:role=button" and click.screenshot
    assert [(s.action, s.url) for s in new.trajectory] == [("navigate", "https://playwright.dev/index.html")]
    assert old.screenshots and new.screenshots and old.final_answer is None


def _trace_with(tmp_path: Path, name: str, member: str, data: bytes) -> Path:
    path = tmp_path / "in" / name / "b.zip"
    path.parent.mkdir(parents=True)
    (path.parent / "task.txt").write_text("Press Submit.", encoding="utf-8")
    shutil.copy(DATA / "playwright" / "submit" / "trace-1.31.zip", path)
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr(member, data)
    shutil.copy(DATA / "playwright" / "submit" / "trace-1.31.zip", path.parent / "a.zip")
    return path


def test_playwright_hostile_traces_refused_one_line_each(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    from rater_desktop.batch_import import playwright_trace

    monkeypatch.setattr(playwright_trace, "MAX_TRACE_MEMBER_BYTES", 100_000)
    _trace_with(tmp_path, "good", "notes.txt", b"fine")
    _trace_with(tmp_path, "slip", "../../evil.txt", b"x")
    _trace_with(tmp_path, "bomb", "resources/big.bin", b"\0" * 200_000)
    frames = [n for n in zipfile.ZipFile(DATA / "playwright" / "submit" / "trace-1.31.zip").namelist()
              if n.endswith(".jpeg")]  # fmt: skip
    with zipfile.ZipFile(_trace_with(tmp_path, "badframe", "x", b""), "w") as archive:
        with zipfile.ZipFile(DATA / "playwright" / "submit" / "trace-1.31.zip") as real:
            for name in real.namelist():
                archive.writestr(name, b"not a jpeg" if name == frames[0] else real.read(name))
    write_inside(tmp_path, "in/notzip/a.zip", b"PK not really")
    write_inside(tmp_path, "in/notzip/task.txt", "t")
    shutil.copy(DATA / "playwright" / "submit" / "trace-1.31.zip", tmp_path / "in" / "notzip" / "b.zip")
    write_inside(tmp_path, "in/escape/task.txt", "t")
    shutil.copy(DATA / "playwright" / "submit" / "trace-1.31.zip", tmp_path / "in" / "escape" / "a.zip")
    (tmp_path / "in" / "escape" / "b.zip").symlink_to(DATA / "playwright" / "submit" / "trace-1.37.zip")
    report = _import("playwright-trace", tmp_path / "in", tmp_path / "out")
    assert [i.id for i in _items(tmp_path / "out")] == ["good"]
    _one_line_each(report, 5)
    text = "\n".join(report.skipped)
    assert "would unpack outside the archive" in text and "unpacks to more than" in text
    assert "not a PNG, JPEG or WebP" in text and "not a readable zip" in text
    assert "outside the input folder" in text
    assert len(_screens(tmp_path / "out")) == 4
    assert not list(tmp_path.rglob("evil.txt"))


def test_mind2web_records_with_boxes_and_screenshots(tmp_path: Path) -> None:
    report = _import("mind2web", DATA / "mind2web", tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.prompt == "On united: Find one-way flights from New York to Toronto on April 22."
    a, b = item.responses
    assert [(s.action, s.value) for s in a.trajectory] == [("type", "New York"), ("type", "Toronto"), ("click", "")]
    first = a.trajectory[0]
    assert first.target == "[textbox]  From" and first.bbox is not None and first.click is not None
    assert (first.click.x, first.click.y) == (55.0, 40.0) and first.screenshot
    assert a.final_answer.startswith("Three one-way flights") and b.final_answer is None
    assert all(s.screenshot for s in b.trajectory)


def test_mind2web_hostile_records_refused_one_line_each(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(runs, "DEFAULT_LIMITS", BatchLimits(max_image_bytes=4096))
    real = json.loads((DATA / "mind2web" / "flight" / "agent-b.json").read_text(encoding="utf-8"))
    write_inside(tmp_path, "secret.png", png_bytes())
    source = tmp_path / "in"

    def record(shot: dict[str, Any]) -> dict[str, Any]:
        return {**real, "actions": [{**real["actions"][0], "screenshot_path": None, **shot}]}

    cases: dict[str, Any] = {
        "good": record({"screenshot": base64.b64encode(png_bytes()).decode()}),
        "climb": record({"screenshot_path": "../../secret.png"}),
        "huge": record({"screenshot": {"bytes": "A" * 40_000}}),
        "two": [real, real],
        "noactions": {**real, "actions": []},
    }
    for name, data in cases.items():
        write_inside(source, f"{name}/a.json", json.dumps(record({})))
        write_inside(source, f"{name}/b.json", json.dumps(data))
    write_inside(source, "link/a.json", json.dumps(record({"screenshot_path": "shot.png"})))
    (source / "link" / "shot.png").symlink_to(tmp_path / "secret.png")
    write_inside(source, "link/b.json", json.dumps(record({})))
    report = _import("mind2web", source, tmp_path / "out")
    assert [i.id for i in _items(tmp_path / "out")] == ["good"]
    _one_line_each(report, 5)
    text = "\n".join(report.skipped)
    assert text.count("outside the input folder") == 2 and "larger than" in text
    assert "holds 2 records" in text and "no 'actions' list" in text
    assert len(_screens(tmp_path / "out")) == 1


STUDY = DATA / "browsergym" / "study"


def test_browsergym_study_runs_paired_by_task_and_seed(tmp_path: Path) -> None:
    report = _import("browsergym", STUDY, tmp_path / "out")
    assert report.ok and report.items == 1, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    assert item.id == "miniwob.ascending-numbers_64"
    assert item.prompt == "BrowserGym task miniwob.ascending-numbers (seed 64)"
    logged, quiet = item.responses
    assert [(s.action, s.value) for s in logged.trajectory][:2] == [("click", "click('14')"), ("click", "click('15')")]
    assert logged.final_answer.startswith("I clicked 1 and 2")
    assert logged.trajectory[-1].observation == "error: There was a very very bad error"
    assert all(s.screenshot for s in logged.trajectory + quiet.trajectory)
    assert [s.action for s in quiet.trajectory] == ["observe"] * 3 and quiet.final_answer is None


class _Payload:
    """Unpickling this would create a folder: proof that no pickle is ever loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        import os

        return (os.mkdir, (str(self.marker),))


def test_browsergym_never_unpickles_and_refuses_hostile_folders(tmp_path: Path) -> None:
    import gzip
    import pickle

    marker = tmp_path / "pwned"
    source = tmp_path / "in"
    shutil.copytree(STUDY, source / "good")
    for exp in (source / "good").iterdir():
        (exp / "exp_args.pkl").write_bytes(pickle.dumps(_Payload(marker)))
        (exp / "step_0.pkl.gz").write_bytes(gzip.compress(pickle.dumps(_Payload(marker))))
    one = next(STUDY.iterdir())
    shutil.copytree(one, source / "single" / one.name)
    # TASK/{task.txt, two runs} layout, one run's screenshot a symlink out of the input
    shutil.copytree(one, source / "escape" / "t" / "run-a")
    shutil.copytree(one, source / "escape" / "t" / "run-b")
    (source / "escape" / "t" / "run-b" / "screenshot_step_0.png").unlink()
    write_inside(tmp_path, "secret.png", png_bytes())
    (source / "escape" / "t" / "run-b" / "screenshot_step_0.png").symlink_to(tmp_path / "secret.png")
    write_inside(source, "escape/t/task.txt", "Click the numbers in order.")
    shutil.copytree(one, source / "broken" / "t" / "run-a")
    shutil.copytree(one, source / "broken" / "t" / "run-b")
    (source / "broken" / "t" / "run-b" / "summary_info.json").write_text("{not json", encoding="utf-8")
    reports = {name: _import("browsergym", source / name, tmp_path / f"out-{name}")
               for name in ("good", "single", "escape", "broken")}  # fmt: skip
    assert reports["good"].ok and not marker.exists()
    for name, needle in (("single", "run audit"), ("escape", "outside the input folder"),
                         ("broken", "not readable JSON")):  # fmt: skip
        assert reports[name].items == 0 and not (tmp_path / f"out-{name}").exists()
        _one_line_each(reports[name], 1)
        assert needle in reports[name].skipped[0]


def test_every_harness_kind_is_registered_documented_and_runs_from_the_cli(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.batch_import.harnesses import HARNESS_KINDS
    from rater_desktop.batch_import.run import KINDS
    from rater_desktop.cli import main
    from rater_desktop.cli.batches import KIND_HELP

    docs = (Path(__file__).resolve().parents[2] / "docs" / "batch-format.md").read_text(encoding="utf-8")
    assert set(HARNESS_KINDS) == {"computer-use", "playwright-trace", "mind2web", "browsergym"}
    for kind in HARNESS_KINDS:
        assert kind in KINDS and kind in KIND_HELP and f"| `{kind}` |" in docs
    assert main(["batch", "import", "computer-use", str(DATA / "computer_use"), "--out",
                 str(tmp_path / "cli.zip")]) == 0  # fmt: skip
    assert "with 1 items" in capsys.readouterr().out


def _as_v9(real: Path, target: Path) -> None:
    """The real 1.31 trace rewritten in format v9's shape (packages/trace/src/trace.ts):
    frames under screencast/ named by ``file``, and the input event's target ``box``."""
    with zipfile.ZipFile(real) as old, zipfile.ZipFile(target, "w") as new:
        for name in old.namelist():
            data = old.read(name)
            if name == "trace.trace":
                events = [json.loads(line) for line in data.splitlines()]
                for event in events:
                    if event.get("type") == "screencast-frame":
                        event["file"] = "screencast/" + event.pop("sha1")
                    if event.get("type") == "input":
                        event["box"] = {"x": 10, "y": 8, "width": 54, "height": 21}
                data = "\n".join(json.dumps(e) for e in events).encode()
            new.writestr(name.replace("resources/page@", "screencast/page@"), data)


def test_playwright_trace_format_v9_frames_and_target_box(tmp_path: Path) -> None:
    real = DATA / "playwright" / "submit" / "trace-1.31.zip"
    task = tmp_path / "in" / "submit"
    task.mkdir(parents=True)
    _as_v9(real, task / "v9.zip")
    shutil.copy(real, task / "v4.zip")
    (task / "task.txt").write_text("Press Submit.", encoding="utf-8")
    report = _import("playwright-trace", tmp_path / "in", tmp_path / "out")
    assert report.ok, report.skipped + report.validation
    old, new = _items(tmp_path / "out")[0].responses
    assert new.identity == "v9" and new.trajectory[1].screenshot and new.screenshots
    box = new.trajectory[1].bbox
    assert box is not None and (box.x, box.y, box.width, box.height) == (10, 8, 54, 21)
    assert old.trajectory[1].bbox is None
