"""What the import guarantees with its fast paths: the final check is validate's verdict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rater_desktop.batch.validate import validate_batch
from rater_desktop.batch_import import run as run_module
from rater_desktop.batch_import.run import ImportRequest, check_written_batch, import_batch
from rater_desktop.batch_import.writer import BatchWriter, ImportInputError
from tests.import_kit import write_inside

ITEM = {"id": "a", "prompt": "p", "responses": [{"identity": "x", "text": "t"}, {"identity": "y", "text": "u"}]}


def _written(out: Path, *items: dict) -> BatchWriter:  # type: ignore[type-arg]
    writer = BatchWriter(out, batch_id="b-1", title="T")
    for item in items:
        writer.add_item(item)
    writer.finish()
    return writer


def test_an_untouched_batch_passes_without_parsing_items_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = _written(tmp_path / "out", ITEM, {**ITEM, "id": "b"})
    monkeypatch.setattr(run_module, "_validate", lambda path: pytest.fail("validated again"))
    assert writer.written is not None and writer.written.count == 2
    assert check_written_batch(tmp_path / "out", writer.written) == []


@pytest.mark.parametrize(("before", "after"), [
    (b'"text":"t"', b'"text":11 '),  # same size: still JSON, no longer a valid item
    (b'"id":"b"', b'"id":"a"'),  # same size: a repeated id
    (b'"u"}]}', b'"u"}}}'),  # same size: not JSON
])  # fmt: skip
def test_items_changed_after_the_write_get_validates_verdict(tmp_path: Path, before: bytes, after: bytes) -> None:
    out = tmp_path / "out"
    writer = _written(out, ITEM, {"id": "b", "prompt": "p", "responses": ITEM["responses"]})
    items = out / "items.jsonl"
    data = items.read_bytes()
    assert before in data
    items.write_bytes(data.replace(before, after, 1))
    problems = check_written_batch(out, writer.written)
    assert problems and [p.render() for p in problems] == [p.render() for p in validate_batch(out).errors]


def test_an_import_whose_items_change_before_the_check_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_inside(tmp_path, "in/pairs.jsonl", json.dumps({"prompt": "p", "response_a": "a", "response_b": "b"}) + "\n")
    finish = BatchWriter.finish

    def finish_then_damage(self: BatchWriter) -> Path:
        path = finish(self)
        items = path / "items.jsonl"
        items.write_bytes(items.read_bytes().replace(b'"text":"a"', b'"text":1  '))
        return path

    monkeypatch.setattr(BatchWriter, "finish", finish_then_damage)
    report = import_batch(ImportRequest(kind="pairs", source=source, output=tmp_path / "out", batch_id="b-1", title="T"))
    assert not report.ok and any("must be a string" in v for v in report.validation)
    assert not (tmp_path / "out").exists()


def test_hostile_lines_are_reported_with_their_line_and_the_rest_imported(tmp_path: Path) -> None:
    lines = [
        {"id": "ok-1", "prompt": "fine", "response_a": "a", "response_b": "b"},
        {"id": "sur", "prompt": "\ud800 lone surrogate", "response_a": "a", "response_b": "b"},
        {"id": "long", "prompt": "p", "response_a": "x" * 20_001, "response_b": "b"},
        {"id": "ok-1", "prompt": "again", "response_a": "a", "response_b": "b"},
        {"id": "esc", "prompt": "quote \" backslash \\ newline \n nul \u0000", "response_a": "a", "response_b": "b"},
    ]
    source = write_inside(tmp_path, "in/pairs.jsonl", "\n".join(json.dumps(line) for line in lines) + "\n")
    report = import_batch(ImportRequest(kind="pairs", source=source, output=tmp_path / "out", batch_id="b-1", title="T"))
    assert report.ok and report.items == 2, report.skipped
    assert any("'sur'" in s and "unpaired surrogate" in s for s in report.skipped)
    assert any(s.startswith(f"{source} line 3: ") and "more than the limit of 20000" in s
               for s in report.skipped)  # fmt: skip
    assert any("'ok-1'" in s and "already used" in s for s in report.skipped)
    assert validate_batch(tmp_path / "out").ok
    written = (tmp_path / "out" / "items.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(written[1])["prompt"] == lines[4]["prompt"]


def test_an_id_the_index_could_not_read_is_refused_not_written(tmp_path: Path) -> None:
    writer = BatchWriter(tmp_path / "out", batch_id="b-1", title="T")
    with pytest.raises(ImportInputError, match="index would not find"):
        writer.add_item({**ITEM, "id": "ok\n"})  # parse_item's pattern lets a final newline pass
    with pytest.raises(ImportInputError, match="index would not find"):  # a nested id comes first
        writer.add_item({"prompt": "p", "responses": [{"identity": "x", "text": "t", "id": "early"},
                                                      {"identity": "y", "text": "u"}], "id": "late"})  # fmt: skip
    writer.add_item({"prompt": "p", "responses": ITEM["responses"], "id": "late",
                     "gold": {"expected_answer": 'x", "id": "early'}})  # an "id" inside a text is no key
    assert writer.count == 1
    writer.abandon()


def test_a_line_over_the_limit_counts_its_newline(tmp_path: Path) -> None:
    from rater_desktop.batch.limits import BatchLimits

    line = json.dumps(ITEM, separators=(",", ":")).encode()
    writer = BatchWriter(tmp_path / "out", batch_id="b-1", title="T",
                         limits=BatchLimits(max_item_line_bytes=len(line)))  # fmt: skip
    with pytest.raises(ImportInputError, match="larger than one item may be"):
        writer.add_item(ITEM)
    writer.abandon()


@pytest.mark.parametrize("change", ["grow", "remove", "zip"])
def test_other_changes_to_the_items_file_get_validates_verdict(tmp_path: Path, change: str) -> None:
    out = tmp_path / ("out.zip" if change == "zip" else "out")
    writer = _written(out, ITEM)
    if change == "grow":
        with (out / "items.jsonl").open("ab") as handle:
            handle.write(b'{"id":"a"}\n')
    elif change == "remove":
        (out / "items.jsonl").unlink()
    problems = check_written_batch(out, writer.written)
    expected = [p.render() for p in validate_batch(out).errors]
    assert [p.render() for p in problems] == expected and (change == "zip") == (not expected)
