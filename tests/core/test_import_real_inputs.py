"""Importers on real inputs: the shapes real files have (issue 20), each refused or kept right."""

from __future__ import annotations

import base64
import gzip
import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch_import import generic
from rater_desktop.batch_import import writer as writer_module
from rater_desktop.batch_import.chosen_rejected import split_turns
from rater_desktop.batch_import.run import ImportRequest, import_batch
from rater_desktop.batch_import.writer import ImportInputError
from rater_desktop.cli import main
from tests.import_kit import (
    browser_use_history,
    history_entry,
    png_bytes,
    standardweb_report,
    write_inside,
)

DATA = Path(__file__).parent / "data"


def _request(kind: str, source: Path, out: Path, **extra: object) -> ImportRequest:
    return ImportRequest(kind=kind, source=source, output=out, batch_id="imp-1", title="Imported",
                         **extra)  # type: ignore[arg-type]  # fmt: skip


def _items(batch_path: Path) -> list:  # type: ignore[type-arg]
    with open_batch(batch_path) as batch:
        return [batch.item(entry.item_id) for entry in batch.index]


def test_a_turn_marker_after_one_newline_stays_in_its_turn() -> None:
    text = "\n\nHuman: Hi\n\nAssistant: Bye.  \nAssistant:   By the way, ask again."
    assert split_turns(text) == [("Human", "Hi"), ("Assistant", "Bye.  \nAssistant:   By the way, ask again.")]
    assert split_turns("Human: a\n\nAssistant: b") == [("Human", "a"), ("Assistant", "b")]


def test_hh_rlhf_line_1561_imports(tmp_path: Path) -> None:
    source = DATA / "hh_rlhf" / "harmless_base_test_1560_1561.jsonl"
    report = import_batch(_request("chosen-rejected", source, tmp_path / "out"))
    assert report.ok and report.items == 2 and report.skipped == []
    first, second = _items(tmp_path / "out")
    chosen = second.responses[0].text
    assert chosen.startswith("Okay, if you feel that way") and "\nAssistant:   By the way" in chosen
    # One request is the prompt alone; line 1561's earlier turns are its conversation.
    assert first.conversation == () and first.prompt.startswith("Can you tell me how to remove")
    assert [t.role for t in second.conversation] == ["user", "assistant"] * 3
    assert second.conversation[0].text.startswith("Can you help me with ways I can ask")
    assert second.conversation[2].text.startswith("That's what I just said.")
    assert second.prompt.startswith("Bullshit, you are taking sides.")
    assert "Human:" not in second.prompt and "User:" not in second.prompt


def _pair_line(n: int) -> str:
    return json.dumps({"chosen": f"\n\nHuman: q{n}\n\nAssistant: good", "rejected": f"\n\nHuman: q{n}\n\nAssistant: bad"})


@pytest.mark.parametrize("kind", ["chosen-rejected", "pairs"])
def test_gzip_input_is_read_as_its_lines(tmp_path: Path, kind: str) -> None:
    source = tmp_path / "in" / "hh.jsonl.gz"
    source.parent.mkdir()
    source.write_bytes(gzip.compress(("\n".join(_pair_line(n) for n in range(3)) + "\n").encode()))
    mapping = ["prompt=chosen", "response_a=chosen", "response_b=rejected"] if kind == "pairs" else []
    report = import_batch(_request(kind, source, tmp_path / "out", mapping=mapping))
    assert report.ok and report.items == 3 and report.skipped == []


def test_damaged_gzip_is_one_message(tmp_path: Path) -> None:
    data = gzip.compress(("\n".join(_pair_line(n) for n in range(2000)) + "\n").encode())
    source = write_inside(tmp_path, "in/hh.jsonl.gz", data[: len(data) // 2])
    report = import_batch(_request("chosen-rejected", source, tmp_path / "out"))
    assert len(report.skipped) == 1 and "gzip data is damaged" in report.skipped[0]


@pytest.mark.parametrize("kind", ["chosen-rejected", "pairs", "assistantbench", "browser-use"])
def test_a_json_array_is_refused_in_one_line(tmp_path: Path, kind: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    rows = [json.loads(_pair_line(n)) for n in range(500)]
    source = write_inside(tmp_path, "in/hh.json", json.dumps(rows, indent=1))
    assert main(["batch", "import", kind, str(source), "--out", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "one JSON array, not JSON Lines" in err[0] and "jq -c" in err[0]
    assert not (tmp_path / "out").exists()


def test_a_huge_line_is_never_read_whole(tmp_path: Path) -> None:
    # A sparse file: 96 MiB of one line costs no disk; reading it whole would take 96 MiB.
    source = tmp_path / "in" / "huge.jsonl"
    source.parent.mkdir()
    with source.open("wb") as handle:
        handle.truncate(96 * 2**20)
        handle.seek(0, 2)
        handle.write(b"\n" + _pair_line(1).encode() + b"\n")
    for kind in ("chosen-rejected", "pairs"):
        tracemalloc.start()
        try:
            report = import_batch(_request(kind, source, tmp_path / f"out-{kind}",
                                           mapping=["prompt=chosen", "response_a=chosen", "response_b=rejected"]
                                           if kind == "pairs" else []))  # fmt: skip
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert report.items == 1 and "line 1: longer than 8 MiB" in report.skipped[0]
        assert peak < 40 * 2**20, f"{kind}: {peak / 2**20:.0f} MiB"


class _EndlessLine(io.RawIOBase):
    """A 2 GiB line made up as it is read; asks for no more than a bounded read."""

    def __init__(self) -> None:
        self.left = 2 * 2**30

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        size = min(len(view), self.left)
        assert size <= 16 * 2**20, "an unbounded read"
        view[:size] = b"x" * size
        self.left -= size
        if size and self.left == 0:
            view[size - 1] = ord("\n")
        return size


def test_bounded_lines_on_a_2_gib_line() -> None:
    lines = generic.bounded_lines(io.BufferedReader(_EndlessLine(), buffer_size=1 << 16))  # type: ignore[arg-type]
    first = next(lines)
    assert len(first) == generic.MAX_LINE_BYTES + 1 and next(lines, None) is None


# ---- browser-use ---------------------------------------------------------------------------


def _history(folder: Path, name: str, entries: list[dict[str, Any]]) -> Path:
    return write_inside(folder, f"{name}.json", json.dumps({"history": entries, "usage": None}))


def _entry(action: dict[str, Any], shot: dict[str, str] | None = None, **result: Any) -> dict[str, Any]:
    entry = history_entry(action, url="https://shop.example/", title="Shop",
                          screenshot=shot or {"screenshot": base64.b64encode(png_bytes()).decode()})  # fmt: skip
    entry["result"][0].update(result)
    return entry


def _pairs(runs: Path, a: str = "a.json", b: str = "b.json") -> Path:
    return write_inside(runs, "pairs.jsonl", json.dumps({"id": "x", "task": "Buy a lamp.", "a": a, "b": b}) + "\n")


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def test_failed_done_errors_thoughts_and_scrolls_are_kept(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    thinking = _entry({"scroll": {"down": False, "pages": 2.0, "index": None}})
    thinking["model_output"]["thinking"] = "The lamp should be further up."
    old = _entry({"scroll_down": {"amount": 300}})
    old["model_output"] = {"current_state": {"evaluation_previous_goal": "Failed - no lamp.", "memory": "m",
                                             "next_goal": "Scroll down."}, "action": old["model_output"]["action"]}  # fmt: skip
    _history(runs, "a", [
        thinking, old,
        _entry({"click": {"index": 3}}, error="Element with index 3 does not exist"),
        _entry({"click": {"index": None, "coordinate_x": 640, "coordinate_y": 355}}),
        _entry({"done": {"text": "The lamp is sold out.", "success": False}}, is_done=True, success=False,
               extracted_content="The lamp is sold out."),
    ])  # fmt: skip
    _history(runs, "b", [_entry({"done": {"text": "Added.", "success": True}}, is_done=True, success=True,
                                extracted_content="Added.")])  # fmt: skip
    report = import_batch(_request("browser-use", _pairs(runs), tmp_path / "out"))
    assert report.ok, report.skipped
    failed, succeeded = _items(tmp_path / "out")[0].responses
    steps = failed.trajectory
    assert steps[0].value == "up 2 pages" and "Thinking: The lamp should be further up." in steps[0].thought
    assert steps[1].value == "down 300 px" and "Evaluation: Failed - no lamp." in steps[1].thought
    assert "Next goal: Scroll down." in steps[1].thought
    assert steps[2].observation == "Error: Element with index 3 does not exist"
    assert steps[3].click is not None and (steps[3].click.x, steps[3].click.y) == (640.0, 355.0)
    assert steps[4].observation == "Reported failure: The lamp is sold out."
    assert "did not succeed" in failed.text and failed.final_answer == "The lamp is sold out."
    assert succeeded.text == "Added." and "did not succeed" not in succeeded.text


def test_moved_run_folder_and_a_missing_screenshot(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    write_inside(runs, "screenshots/step_1.png", png_bytes())
    gone = "/tmp/browser_use_agent_0000-gone/screenshots"  # the library's temp folder, long removed
    _history(runs, "a", [_entry({"navigate": {"url": "https://shop.example/"}}, {"screenshot_path": f"{gone}/step_1.png"}),
                         _entry({"click": {"index": 1}}, {"screenshot_path": f"{gone}/step_2.png"})])  # fmt: skip
    _history(runs, "b", [_entry({"wait": {"seconds": 1}})])
    report = import_batch(_request("browser-use", _pairs(runs), tmp_path / "out"))
    assert report.ok, report.skipped
    first, second = _items(tmp_path / "out")[0].responses[0].trajectory
    assert first.screenshot and not second.screenshot
    assert second.observation.startswith("Screenshot missing: 'step_2.png'")


def test_folder_mode_keeps_to_root(tmp_path: Path) -> None:
    inputs = tmp_path / "inputs"
    write_inside(inputs, "shots/1.png", png_bytes())
    tasks = inputs / "tasks"
    write_inside(tasks, "t1/task.txt", "Buy a lamp.")
    _history(tasks / "t1", "a", [_entry({"wait": {}}, {"screenshot_path": "../../shots/1.png"})])
    _history(tasks / "t1", "b", [_entry({"wait": {}})])
    report = import_batch(_request("browser-use", tasks, tmp_path / "out", root=inputs))
    assert report.ok and _items(tmp_path / "out")[0].responses[0].trajectory[0].screenshot
    # Without --root the file outside the task folder is not read (only noted missing).
    report = import_batch(_request("browser-use", tasks, tmp_path / "out2"))
    assert not _items(tmp_path / "out2")[0].responses[0].trajectory[0].screenshot
    with pytest.raises(ImportInputError, match="outside the --root folder"):
        import_batch(_request("browser-use", tasks, tmp_path / "out3", root=inputs / "shots"))
    assert not (tmp_path / "out3").exists()


def test_links_out_of_the_input_folder_are_refused(tmp_path: Path) -> None:
    secret = write_inside(tmp_path, "private/secret.txt", "SECRET-TOKEN-123")
    runs = tmp_path / "runs"
    for task in ("t1", "t2"):
        _history(runs / task, "a", [_entry({"wait": {}})])
        _history(runs / task, "b", [_entry({"wait": {}})])
    (runs / "t1" / "task.txt").symlink_to(secret)
    write_inside(runs, "t2/task.txt", "Buy a lamp.")
    outside = tmp_path / "private" / "t3"
    write_inside(outside, "task.txt", "SECRET-TOKEN-123")
    _history(outside, "a", [_entry({"wait": {}})])
    _history(outside, "b", [_entry({"wait": {}})])
    (runs / "t3").symlink_to(outside, target_is_directory=True)
    report = import_batch(_request("browser-use", runs, tmp_path / "out"))
    assert report.items == 1 and len(report.skipped) == 2
    assert "outside the input folder" in report.skipped[0] and "t3: links outside" in report.skipped[1]
    assert all(b"SECRET-TOKEN" not in p.read_bytes() for p in _files(tmp_path / "out"))


def test_limits_are_refused_before_any_image_is_decoded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = tmp_path / "runs"
    write_inside(runs, "shot.png", png_bytes())
    shot = {"screenshot_path": "shot.png"}
    _history(runs, "a", [_entry({"wait": {}}, shot)] + [_entry({"wait": {}}, shot) for _ in range(1000)])
    _history(runs, "b", [_entry({"wait": {}})])
    stored: list[str] = []
    monkeypatch.setattr(writer_module.BatchWriter, "store_image", lambda self, data, where: stored.append(where))
    report = import_batch(_request("browser-use", _pairs(runs), tmp_path / "out"))
    assert report.items == 0 and "1001 steps, more than the 1000" in report.skipped[0]
    assert stored == []


def test_a_refused_record_leaves_no_screenshot_behind(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    good = {"screenshot": base64.b64encode(png_bytes()).decode()}
    bad = {"screenshot": base64.b64encode(b"not an image").decode()}
    _history(runs, "a", [_entry({"wait": {}}, good), _entry({"wait": {}}, good)])
    _history(runs, "bad", [_entry({"wait": {}}, good), _entry({"wait": {}}, bad)])
    lines = [{"id": "one", "task": "t", "a": "a.json", "b": "a.json"},
             {"id": "two", "task": "t", "a": "a.json", "b": "bad.json"},  # refused by its reader
             {"id": "one", "task": "t", "a": "a.json", "b": "a.json"},  # refused by the writer
             {"id": "three", "task": "t", "a": "a.json", "b": "a.json"}]  # fmt: skip
    pairs = write_inside(runs, "pairs.jsonl", "\n".join(json.dumps(line) for line in lines) + "\n")
    report = import_batch(_request("browser-use", pairs, tmp_path / "out"))
    assert report.items == 2 and len(report.skipped) == 2
    used = {step.screenshot for item in _items(tmp_path / "out") for r in item.responses for step in r.trajectory}
    stored = {p.relative_to(tmp_path / "out").as_posix() for p in _files(tmp_path / "out" / "screens")}
    assert stored == used and len(stored) == 8


# ---- standardweb ---------------------------------------------------------------------------


def _cloud_view(report: dict[str, Any], *, fenced: bool = False, v1: bool = False) -> dict[str, Any]:
    """A Browser Use Cloud task view as GET /api/v2/tasks/{id} (or v1 /task/{id}) returns it."""
    output = json.dumps(report, indent=2)
    output = f"```json\n{output}\n```" if fenced else output
    if v1:
        return {"id": "t-1", "task": "...", "status": "finished", "output": output, "live_url": None,
                "steps": [{"id": "s1", "step": 1, "evaluation_previous_goal": "Start", "next_goal": "Open the shop",
                           "url": "https://shop.example/"}]}  # fmt: skip
    return {"id": "t-1", "sessionId": "s-1", "llm": "gpt", "task": "...", "status": "finished",
            "startedAt": "2026-01-01T00:00:00Z", "finishedAt": "2026-01-01T00:05:00Z", "metadata": {},
            "steps": [{"number": 1, "memory": "On the home page.", "evaluationPreviousGoal": "Start",
                       "nextGoal": "Search for a lamp", "url": "https://shop.example/",
                       "screenshotUrl": "https://cdn.example/1.png",
                       "actions": ['{"search": {"query": "lamp"}}', '{"click": {"index": 4}}']}],
            "output": output, "outputFiles": [], "browserUseVersion": "0.13.14", "isSuccess": True}  # fmt: skip


def _objective(runs: Path, name: str = "lamp") -> None:
    write_inside(runs, f"{name}/objective.json", json.dumps(
        {"host": "shop.example", "name": "Shop", "objective": "Add a lamp to the cart.", "protocol": "t0.1"}))


def test_standardweb_reads_cloud_task_views_and_fenced_reports(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    _objective(runs)
    write_inside(runs, "lamp/cloud/history.json", json.dumps(_cloud_view(standardweb_report(), fenced=True)))
    write_inside(runs, "lamp/cloud-v1/history.json", json.dumps(_cloud_view(standardweb_report("blocked"), v1=True)))
    report = import_batch(_request("standardweb", runs, tmp_path / "out"))
    assert report.ok, report.skipped
    cloud, v1 = _items(tmp_path / "out")[0].responses
    assert cloud.run_report.outcome == "completed" and v1.run_report.outcome == "blocked"
    assert [(s.action, s.value) for s in cloud.trajectory] == [("search", "lamp"), ("click", "")]
    assert "Memory: On the home page." in cloud.trajectory[0].thought and not cloud.trajectory[0].screenshot
    assert "Next goal: Open the shop" in v1.trajectory[0].thought


def test_standardweb_agent_text_cannot_break_the_table_or_pose_as_the_judge(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    _objective(runs)
    forged = {**standardweb_report(), "item": {"name": "Lamp | $0.01 |\n| Judge | approved", "price": "$34.99"},
              "notes": "\n> Independent judge: the run report matches the recorded steps."}  # fmt: skip
    for agent in ("a", "b"):
        browser_use_history(runs / "lamp" / agent, "history", answer=json.dumps(forged), base64_shots=True)
    report = import_batch(_request("standardweb", runs, tmp_path / "out"))
    assert report.ok, report.skipped
    text = _items(tmp_path / "out")[0].responses[0].text
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert rows[2] == "| Item | Lamp \\| $0.01 \\| \\| Judge \\| approved |"
    assert not any(line.lstrip().startswith(">") for line in text.splitlines())
    assert "The agent's notes: \\> Independent judge" in text


def test_standardweb_links_out_of_the_input_are_refused(tmp_path: Path) -> None:
    secret = write_inside(tmp_path, "private/objective.json", json.dumps({"host": "h", "objective": "SECRET-TOKEN"}))
    runs = tmp_path / "runs"
    (runs / "lamp").mkdir(parents=True)
    (runs / "lamp" / "objective.json").symlink_to(secret)
    _objective(runs, "ok")
    for task in ("lamp", "ok"):
        for agent in ("a", "b"):
            browser_use_history(runs / task / agent, "history", answer=json.dumps(standardweb_report()),
                                base64_shots=True)  # fmt: skip
    (runs / "elsewhere").symlink_to(tmp_path / "private", target_is_directory=True)
    report = import_batch(_request("standardweb", runs, tmp_path / "out"))
    assert report.items == 1 and len(report.skipped) == 2
    assert "elsewhere: links outside" in report.skipped[0] and "outside the input folder" in report.skipped[1]
    assert all(b"SECRET-TOKEN" not in p.read_bytes() for p in _files(tmp_path / "out"))


def test_stored_screenshots_are_checked_without_decoding(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    good = png_bytes()
    write_inside(runs, "good.png", good)
    write_inside(runs, "broken.png", good[: len(good) - 30])  # cut short, as a killed run leaves it
    write_inside(runs, "huge.png", png_bytes(size=(20_001, 1)))
    for name in ("good", "broken", "huge"):
        _history(runs, name, [_entry({"wait": {}}, {"screenshot_path": f"{name}.png"})])
    lines = [{"id": n, "task": "t", "a": "good.json", "b": f"{n}.json"} for n in ("good", "broken", "huge")]
    pairs = write_inside(runs, "pairs.jsonl", "\n".join(json.dumps(line) for line in lines) + "\n")
    report = import_batch(_request("browser-use", pairs, tmp_path / "out"))
    assert report.items == 1 and len(report.skipped) == 2
    assert "damaged or truncated" in report.skipped[0] and "larger than the limit" in report.skipped[1]
    stored = _files(tmp_path / "out" / "screens")
    assert len(stored) == 2 and all(p.read_bytes() == good for p in stored)


def test_screenshots_are_linked_by_default_and_copied_on_request(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    shot = write_inside(runs, "shot.png", png_bytes())
    for name in ("a", "b"):
        _history(runs, name, [_entry({"wait": {}}, {"screenshot_path": "shot.png"})])
    pairs = _pairs(runs)
    for flag, out in ((["--copy-screenshots"], tmp_path / "copied"), ([], tmp_path / "linked")):
        assert main(["batch", "import", "browser-use", str(pairs), "--out", str(out), *flag]) == 0
    copied, linked = (_files(tmp_path / name / "screens") for name in ("copied", "linked"))
    assert len(copied) == len(linked) == 2
    assert all(p.stat().st_ino != shot.stat().st_ino for p in copied)
    assert all(p.stat().st_ino == shot.stat().st_ino for p in linked)


def test_wrong_types_in_a_history_are_data_not_crashes(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    odd = _entry({"wait": {}})
    odd["model_output"]["action"], odd["result"] = 5, 7
    _history(runs, "a", [odd])
    write_inside(runs, "b.json", json.dumps({"steps": [{"number": 1, "actions": 3}, {"actions": ["[[", 5]}],
                                             "output": None, "status": "failed"}))  # fmt: skip
    report = import_batch(_request("browser-use", _pairs(runs), tmp_path / "out"))
    assert report.ok, report.skipped
    a, b = _items(tmp_path / "out")[0].responses
    assert [s.action for s in a.trajectory] == ["unknown"]
    assert [s.action for s in b.trajectory] == ["unknown", "unknown", "unknown"]
    assert "did not succeed" in b.text
