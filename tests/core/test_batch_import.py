"""`rater-desktop batch import`: every reader writes a batch that opens, with hostile input refused."""

from __future__ import annotations

import base64
import json
import zipfile
from pathlib import Path

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch
from rater_desktop.batch_import.chosen_rejected import split_turns
from rater_desktop.batch_import.generic import FieldMapping, lookup
from rater_desktop.batch_import.run import ImportRequest, import_batch
from rater_desktop.batch_import.writer import ImportOutputError
from rater_desktop.cli import main
from tests.import_kit import browser_use_history, png_bytes, standardweb_report, write_inside


def _request(kind: str, source: Path, out: Path, **extra: object) -> ImportRequest:
    return ImportRequest(kind=kind, source=source, output=out, batch_id="imp-1", title="Imported",
                         **extra)  # type: ignore[arg-type]  # fmt: skip


def _items(batch_path: Path) -> list:  # type: ignore[type-arg]
    with open_batch(batch_path) as batch:
        return [batch.item(entry.item_id) for entry in batch.index]


def test_generic_jsonl_with_dotted_paths_and_constants(tmp_path: Path) -> None:
    source = write_inside(tmp_path, "in/pairs.jsonl", "\n".join([
        json.dumps({"uid": "q 1", "q": {"text": "Capital of France?"}, "outs": ["Paris", "Lyon"],
                    "ref": "Paris"}),
        json.dumps({"uid": "q2", "q": {"text": "2+2?"}, "outs": ["4", "5"]}),
    ]) + "\n")  # fmt: skip
    mapping = ["id=uid", "prompt=q.text", "response_a=outs.0", "response_b=outs.1", "gold_answer=ref"]
    report = import_batch(_request("pairs", source, tmp_path / "out", mapping=mapping,
                                   constants={"identity_a": "model-x", "identity_b": "model-y"}))  # fmt: skip
    assert report.ok and report.items == 2 and not report.skipped
    items = _items(tmp_path / "out")
    assert [i.id for i in items] == ["q-1", "q2"]
    assert items[0].prompt == "Capital of France?" and items[0].responses[1].text == "Lyon"
    assert items[0].responses[0].identity == "model-x" and items[0].gold.expected_answer == "Paris"


def test_generic_csv_to_zip(tmp_path: Path) -> None:
    source = write_inside(tmp_path, "in/pairs.csv",
                          "prompt,a,b\n\"Say hi, politely\",Hello there,Yo\nSecond,One,Two\n")  # fmt: skip
    out = tmp_path / "batch.zip"
    report = import_batch(_request("pairs", source, out, mapping=["response_a=a", "response_b=b"]))
    assert report.ok and zipfile.is_zipfile(out)
    assert _items(out)[0].prompt == "Say hi, politely"
    assert not (tmp_path / "batch.zip.partial").exists()


def test_generic_reports_each_bad_line_and_keeps_the_good(tmp_path: Path) -> None:
    source = write_inside(tmp_path, "in/pairs.jsonl", "\n".join([
        json.dumps({"prompt": "ok", "response_a": "a", "response_b": "b"}),
        "{broken json",
        json.dumps({"prompt": "", "response_a": "a", "response_b": "b"}),
        json.dumps({"prompt": "p", "response_a": {"nested": 1}, "response_b": "b"}),
    ]))  # fmt: skip
    report = import_batch(_request("pairs", source, tmp_path / "out"))
    assert report.items == 1
    assert any("line 2: not valid JSON" in s for s in report.skipped)
    assert any("line 3: prompt (prompt) is missing or empty" in s for s in report.skipped)
    assert any("line 4: response_a (response_a) is a dict, not text" in s for s in report.skipped)


def test_mapping_refuses_unknown_fields() -> None:
    with pytest.raises(ValueError, match="'answer' is not one of"):
        FieldMapping.parse(["answer=x"])
    assert lookup({"a": [{"b": 3}]}, "a.0.b") == 3 and lookup({"a": []}, "a.5") is None


def test_chosen_rejected_shares_the_dialogue(tmp_path: Path) -> None:
    shared = "\n\nHuman: I need a gift idea.\n\nAssistant: For whom?\n\nHuman: My dad, who hikes."
    record = {"chosen": shared + "\n\nAssistant: A good headlamp.",
              "rejected": shared + "\n\nAssistant: Socks."}  # fmt: skip
    diverging = {"chosen": "\n\nHuman: A\n\nAssistant: x", "rejected": "\n\nHuman: B\n\nAssistant: y"}
    source = write_inside(tmp_path, "in/hh.jsonl", json.dumps(record) + "\n" + json.dumps(diverging) + "\n")
    report = import_batch(_request("chosen-rejected", source, tmp_path / "out"))
    assert report.items == 1 and "differ before their last turn" in report.skipped[0]
    item = _items(tmp_path / "out")[0]
    # The last request is the prompt; the turns before it are the conversation (1.2).
    assert item.prompt == "My dad, who hikes."
    assert [(t.role, t.text) for t in item.conversation] == [
        ("user", "I need a gift idea."), ("assistant", "For whom?")]
    with open_batch(tmp_path / "out") as batch:
        assert batch.manifest.format_version == "1.2"
    assert [r.identity for r in item.responses] == ["chosen", "rejected"]
    assert item.responses[0].text == "A good headlamp."
    assert split_turns("\n\nHuman: hi\n\nAssistant: yo") == [("Human", "hi"), ("Assistant", "yo")]


@pytest.mark.parametrize("base64_shots", [True, False])
def test_browser_use_histories_become_trajectories(tmp_path: Path, base64_shots: bool) -> None:
    runs = tmp_path / "runs"
    browser_use_history(runs, "agent-a", answer="Added the Ridge Lamp ($34.99) to the cart.",
                        base64_shots=base64_shots)  # fmt: skip
    browser_use_history(runs, "agent-b", answer="The lamp is sold out.", base64_shots=base64_shots)
    pairs = write_inside(runs, "pairs.jsonl", json.dumps(
        {"id": "lamp", "task": "Add a headlamp to the cart.", "a": "agent-a.json", "b": "agent-b.json"}) + "\n")
    report = import_batch(_request("browser-use", pairs, tmp_path / "out"))
    assert report.ok, report.skipped + report.validation
    assert validate_batch(tmp_path / "out", deep=True).ok
    item = _items(tmp_path / "out")[0]
    first = item.responses[0]
    assert first.identity == "agent-a" and first.final_answer.startswith("Added the Ridge Lamp")
    steps = first.trajectory
    assert [s.action for s in steps] == ["navigate", "click", "done"]
    assert steps[1].click is not None and (steps[1].click.x, steps[1].click.y) == (30.0, 20.0)
    assert steps[1].bbox is not None and steps[1].target == "Add to cart"
    assert all(s.screenshot for s in steps) and first.screenshots


def test_browser_use_refuses_paths_outside_the_input(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    browser_use_history(runs, "agent-a", answer="ok", base64_shots=True)
    write_inside(tmp_path, "secret.json", json.dumps({"history": []}))
    pairs = write_inside(runs, "pairs.jsonl", json.dumps(
        {"task": "t", "a": "agent-a.json", "b": "../secret.json"}) + "\n")
    report = import_batch(_request("browser-use", pairs, tmp_path / "out"))
    assert report.items == 0 and "outside the input folder" in report.skipped[0]
    assert not (tmp_path / "out").exists()


def test_browser_use_screenshot_path_escape_and_bad_images(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    path = browser_use_history(runs, "agent-a", answer="ok", base64_shots=True)
    data = json.loads(path.read_text())
    data["history"][0]["state"] = {"url": "u", "title": "t", "screenshot_path": "/etc/hostname"}
    write_inside(runs, "escape.json", json.dumps(data))
    data["history"][1]["state"]["screenshot"] = base64.b64encode(b"not an image").decode()
    write_inside(runs, "bad-a.json", json.dumps(data))
    data["history"][0]["state"] = {"url": "u", "title": "t", "screenshot": "%%%"}
    write_inside(runs, "bad-b.json", json.dumps(data))
    browser_use_history(runs, "agent-b", answer="ok", base64_shots=True)
    pairs = write_inside(runs, "pairs.jsonl", "\n".join(json.dumps({"task": "t", "a": a, "b": "agent-b.json"})
                                                        for a in ("escape.json", "bad-a.json", "bad-b.json")))  # fmt: skip
    report = import_batch(_request("browser-use", pairs, tmp_path / "out"))
    assert report.items == 1
    assert "not a PNG, JPEG or WebP" in report.skipped[0]
    assert "not valid base64" in report.skipped[1]
    # A path outside the input is never read: the step stays, its screenshot noted missing.
    first = _items(tmp_path / "out")[0].responses[0].trajectory[0]
    assert not first.screenshot and first.observation.startswith("Screenshot missing: 'hostname'")


def test_browser_use_runs_folder(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    for task in ("t1", "t2"):
        write_inside(runs, f"{task}/task.txt", f"Task {task}")
        browser_use_history(runs / task, "alpha", answer="A", base64_shots=False)
        browser_use_history(runs / task, "beta", answer="B", base64_shots=True)
    write_inside(runs, "t3/task.txt", "only one run")
    browser_use_history(runs / "t3", "alpha", answer="A", base64_shots=True)
    report = import_batch(_request("browser-use", runs, tmp_path / "out"))
    assert report.items == 2 and "exactly two history .json files (found 1)" in report.skipped[0]
    assert [r.identity for r in _items(tmp_path / "out")[0].responses] == ["alpha", "beta"]


def test_standardweb_runs_with_report_judge_and_final_answer(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    write_inside(runs, "lamp/objective.json", json.dumps(
        {"host": "shop.example", "name": "Shop", "objective": "Add a headlamp to the cart.", "protocol": "t0.1"}))
    browser_use_history(runs / "lamp" / "agent-a", "history", answer="ignored", base64_shots=True)
    write_inside(runs, "lamp/agent-a/report.json", json.dumps(standardweb_report()))
    write_inside(runs, "lamp/agent-a/judge.json", json.dumps({"consistent": False, "notes": "No cart page."}))
    browser_use_history(runs / "lamp" / "agent-b", "history",
                        answer=json.dumps(standardweb_report("blocked")), base64_shots=True)  # fmt: skip
    report = import_batch(_request("standardweb", runs, tmp_path / "out"))
    assert report.ok, report.skipped + report.validation
    item = _items(tmp_path / "out")[0]
    assert item.prompt.startswith("WEBSITE: shop.example (Shop)")
    a, b = item.responses
    assert a.run_report is not None and a.run_report.outcome == "completed"
    assert "DOES NOT match" in a.text and b.run_report.outcome == "blocked"


def test_standardweb_bad_report_is_named(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    write_inside(runs, "x/objective.json", json.dumps({"host": "h", "objective": "o"}))
    for agent in ("a", "b"):
        browser_use_history(runs / "x" / agent, "history", answer="not json", base64_shots=True)
    report = import_batch(_request("standardweb", runs, tmp_path / "out"))
    assert report.items == 0 and "the final answer is not the JSON run report" in report.skipped[0]


def test_assistantbench_tasks(tmp_path: Path) -> None:
    lines = [{"id": "ab1", "task": "How many?", "gold_answer": 42, "answers": {"sys-1": 42, "sys-2": "forty"}},
             {"question": "Which?", "answer": "x", "answers": [{"system": "s", "answer": "x"}]}]  # fmt: skip
    source = write_inside(tmp_path, "in/ab.jsonl", "\n".join(json.dumps(x) for x in lines))
    report = import_batch(_request("assistantbench", source, tmp_path / "out"))
    assert report.items == 1 and "exactly two are needed" in report.skipped[0]
    item = _items(tmp_path / "out")[0]
    assert item.gold.expected_answer == "42" and item.responses[0].final_answer == "42"


def test_output_rules(tmp_path: Path) -> None:
    source = write_inside(tmp_path, "in/pairs.jsonl", json.dumps({"prompt": "p", "response_a": "a", "response_b": "b"}))
    (tmp_path / "taken").mkdir()
    with pytest.raises(ImportOutputError, match="already exists"):
        import_batch(_request("pairs", source, tmp_path / "taken"))
    with pytest.raises(ImportOutputError, match="inside the input"):
        import_batch(_request("standardweb", tmp_path / "in", tmp_path / "in" / "out"))
    (tmp_path / "taken" / "notes.txt").write_text("the user's own file")
    with pytest.raises(ImportOutputError, match="not a batch"):  # --force never deletes it
        import_batch(_request("pairs", source, tmp_path / "taken", overwrite=True))
    assert (tmp_path / "taken" / "notes.txt").is_file()
    assert import_batch(_request("pairs", source, tmp_path / "made")).ok
    empty = write_inside(tmp_path, "in/empty.jsonl", "{bad\n")
    assert import_batch(_request("pairs", empty, tmp_path / "made", overwrite=True)).items == 0
    assert (tmp_path / "made" / "batch.json").is_file()  # a failed import keeps the old batch
    assert import_batch(_request("pairs", source, tmp_path / "made", overwrite=True)).ok


def test_repeated_ids_skip_the_line_not_the_batch(tmp_path: Path) -> None:
    lines = [{"id": "same", "task": "t", "gold_answer": 1, "answers": {"a": 1, "b": 2}}] * 2
    source = write_inside(tmp_path, "in/ab.jsonl", "\n".join(json.dumps(x) for x in lines))
    report = import_batch(_request("assistantbench", source, tmp_path / "out"))
    assert report.ok and report.items == 1 and "already used" in report.skipped[0]


def test_deeply_nested_json_is_a_bad_line_not_a_crash(tmp_path: Path) -> None:
    source = write_inside(tmp_path, "in/deep.jsonl", "[" * 100_000 + "]" * 100_000 + "\n")
    report = import_batch(_request("chosen-rejected", source, tmp_path / "out"))
    assert report.items == 0 and "line 1: not valid JSON" in report.skipped[0]


def test_cli_batch_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_inside(tmp_path, "in/pairs.jsonl", json.dumps({"prompt": "p", "response_a": "a", "response_b": "b"}) + "\n{bad\n")
    out = tmp_path / "made.zip"
    assert main(["batch", "import", "pairs", str(source), "--out", str(out), "--title", "Made"]) == 0
    captured = capsys.readouterr()
    assert "Wrote" in captured.out and "1 input records skipped" in captured.out and "line 2" in captured.err
    with open_batch(out) as batch:
        assert batch.manifest.title == "Made" and batch.batch_id == "made"
    assert main(["batch", "import", "pairs", str(source), "--out", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err
    empty = write_inside(tmp_path, "in/empty.jsonl", "{bad\n")
    assert main(["batch", "import", "pairs", str(empty), "--out", str(tmp_path / "none")]) == 1
    assert "nothing was written" in capsys.readouterr().err and not (tmp_path / "none").exists()


def test_png_helper_is_a_png() -> None:
    assert png_bytes().startswith(b"\x89PNG")
