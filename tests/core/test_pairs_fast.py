"""The one-loop import of JSONL pairs equals the general path; write errors leave nothing."""

from __future__ import annotations

import errno
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rater_desktop.batch.limits import BatchLimits
from rater_desktop.batch.quickcheck import (
    PLAIN_IDENTITIES,
    PLAIN_PAIR_SHAPE,
    FlatItem,
    TextItemLines,
    plain_pair_lines,
)
from rater_desktop.batch_import import generic
from rater_desktop.batch_import.generic import FieldMapping, read_generic
from rater_desktop.batch_import.itemsfile import ItemsFile
from rater_desktop.batch_import.pairs_fast import BLOCK_BYTES, import_pairs_jsonl
from rater_desktop.batch_import.run import ImportRequest, import_batch
from rater_desktop.batch_import.writer import (
    BatchWriter,
    ImportOutputError,
    ImportReport,
    run_import,
)

# Small limits so texts, lines and the item count cross them.
LIMITS = BatchLimits(max_prompt_chars=40, max_response_chars=35, max_items=12,
                     max_item_line_bytes=170)  # fmt: skip
plain = st.text("abc XYZ.é日本😀", min_size=1, max_size=12)
tricky = st.sampled_from(['"', "\\", "\n", "\x00", "\x1f", "\u2028", "\ud800", " ", "",
                          '"}\\u0000', "x" * 36, "y" * 41, "plain text"])  # fmt: skip
blank = st.sampled_from([" ", "\t\n", "", "\u3000"])
texts = st.one_of(plain, plain, plain, plain, plain, blank, tricky, st.text(max_size=6), st.none(),
                  st.integers(0, 3))  # fmt: skip
ids = st.sampled_from(["a", "b", "c", "a", "b", "item-1", "a", "b", "x" * 128, "x" * 129, "bad id", "", "ok\n", None, 7])
MAPPINGS = [[], ["prompt=q", "response_a=x", "response_b=y"], ["id=prompt"], ["context=prompt"],
            ["identity_a=prompt"]]  # fmt: skip


@st.composite
def lines(draw: st.DrawFn) -> bytes:
    """One input line: mostly a plain pair, else something each step must refuse or widen."""
    record: dict[str, Any] = {"prompt": draw(texts), "response_a": draw(texts),
                              "response_b": draw(texts), "id": draw(ids)}  # fmt: skip
    for key in ("q", "x", "y", "context", "kind", "extra"):
        if draw(st.integers(0, 15)) == 0:
            record[key] = draw(texts)
    record = {k: v for k, v in record.items() if v is not None or draw(st.booleans())}
    order = draw(st.permutations(list(record)))
    text = json.dumps({k: record[k] for k in order}, ensure_ascii=draw(st.booleans()))
    ending = draw(st.sampled_from(["\n", "\n", "\n", "\r\n", " \n", "\n\n"]))
    damage = draw(st.sampled_from([None] * 20 + ["truncate", "bom", "lead", "blank", "bytes",
                                                "list", "split"]))  # fmt: skip
    raw = (text + ending).encode("utf-8", "surrogatepass")
    if damage == "truncate":
        return raw[: len(raw) // 2] + b"\n"
    if damage == "bom":
        return b"\xef\xbb\xbf" + raw
    if damage == "lead":
        return b"  " + raw
    if damage == "blank":
        return b" \t\n"
    if damage == "bytes":
        return raw[:-1] + b"\xff\n"
    if damage == "list":
        return b"[" + raw.rstrip() + b"]\n"
    if damage == "split":
        return raw.replace(b":", b":\n", 1)  # a value on the next line
    return raw


def _import(source: Path, out: Path, mapping: FieldMapping, *, fast: bool,
            block: int = BLOCK_BYTES) -> tuple[bytes, ImportReport]:  # fmt: skip
    writer = BatchWriter(out, batch_id="b", title="t", limits=LIMITS)
    report = ImportReport(output=out)
    progress: list[int] = []
    if fast:
        import_pairs_jsonl(writer, source, mapping, progress=progress.append, report=report,
                           block_bytes=block)  # fmt: skip
    else:
        run_import(writer, read_generic(source, mapping), progress=progress.append,
                   report=report, source=source)  # fmt: skip
    writer.finish()
    assert writer.written is not None and writer.written.count == report.items
    return (out / "items.jsonl").read_bytes(), report


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines(), max_size=16), st.sampled_from(MAPPINGS), st.booleans(),
       st.sampled_from([1, 7, 100, BLOCK_BYTES]))
def test_one_loop_equals_the_general_path(rows: list[bytes], spec: list[str], constant: bool,
                                          block: int) -> None:  # fmt: skip
    mapping = FieldMapping.parse(spec, {"identity_b": "judge"} if constant else {})
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        source.write_bytes(b"".join(rows))
        fast_items, fast = _import(source, Path(tmp) / "fast", mapping, fast=True, block=block)
        slow_items, slow = _import(source, Path(tmp) / "slow", mapping, fast=False)
    assert fast_items == slow_items
    assert (fast.items, fast.skipped) == (slow.items, slow.skipped)


@settings(max_examples=300, deadline=None)
@given(st.one_of(ids, texts), texts, texts, texts)
def test_plain_pair_lines_equal_the_flat_item_path(item_id: Any, prompt: Any, text_a: Any,
                                                   text_b: Any) -> None:  # fmt: skip
    ident_a, ident_b = PLAIN_IDENTITIES
    flat = FlatItem(PLAIN_PAIR_SHAPE, [item_id, prompt, ident_a, text_a, ident_b, text_b])
    assert plain_pair_lines(LIMITS)(item_id, prompt, text_a, text_b) == TextItemLines(LIMITS)(flat)


def test_generic_reader_builds_the_plain_pair_shape() -> None:
    item = generic.build_item({"id": "a", "prompt": "p", "response_a": "x", "response_b": "y"},
                              FieldMapping.parse([]), where="line 1", number=1)  # fmt: skip
    assert item.shape == PLAIN_PAIR_SHAPE
    assert (item.texts[2], item.texts[4]) == PLAIN_IDENTITIES


def test_progress_is_reported_every_10000_items(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"id": f"i{n}", "prompt": "p", "response_a": "a",
                                          "response_b": "b"}) + "\n" for n in range(20_001)))  # fmt: skip
    seen: list[int] = []
    report = import_batch(ImportRequest(kind="pairs", source=source, output=tmp_path / "out",
                                        batch_id="b", title="t"), progress=seen.append)  # fmt: skip
    assert report.ok and report.items == 20_001 and seen == [10_000, 20_000]


def _full_disk(monkeypatch: pytest.MonkeyPatch, *, after_bytes: int) -> None:
    real = ItemsFile.write_block

    def write_block(self: ItemsFile, lines: list[bytes]) -> None:
        if self.size + sum(map(len, lines)) > after_bytes:
            self._file.write(b"partial")
            raise self._error(OSError(errno.ENOSPC, "No space left on device"))
        real(self, lines)

    monkeypatch.setattr(ItemsFile, "write_block", write_block)


@pytest.mark.parametrize("count", [10, 2000])  # the last block (at finish) or one on the way
def test_a_full_disk_is_a_clear_error_and_leaves_nothing(tmp_path: Path, count: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"id": f"i{n}", "prompt": "p" * 200, "response_a": "a",
                                          "response_b": "b"}) + "\n" for n in range(count)))  # fmt: skip
    _full_disk(monkeypatch, after_bytes=1000)
    out = tmp_path / "out"
    with pytest.raises(ImportOutputError, match="Cannot write .*items.jsonl: No space left"):
        import_batch(ImportRequest(kind="pairs", source=source, output=out, batch_id="b", title="t"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]  # no out, no out.partial


def test_the_cli_reports_a_full_disk_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    from rater_desktop.cli import main

    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "a", "prompt": "p", "response_a": "a", "response_b": "b"}))
    _full_disk(monkeypatch, after_bytes=0)
    assert main(["batch", "import", "pairs", str(source), "--out", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err
    assert not (tmp_path / "out.partial").exists()


def _edge_lines() -> list[bytes]:
    """A plain pair with each field, in turn, set to each value some step refuses or widens."""
    values: list[Any] = [" ", "\t\n", "", "\u3000", None, 3, ["x"], {"a": "b"}, '"', "\\", "\x00",
                         "\ud800", "x" * 36, "y" * 41, "é日本😀", "a b", "ok\n", "x" * 129]  # fmt: skip
    good = {"prompt": "p", "response_a": "a", "response_b": "b", "id": "a"}
    records: list[dict[str, Any]] = [good, good]  # the second repeats the id
    for n, field in enumerate(("prompt", "response_a", "response_b", "id", "context", "kind", "q")):
        for m, value in enumerate(values):
            records.append({**good, "id": f"i{n}-{m}", field: value})
    raw = [json.dumps(r).encode("utf-8", "surrogatepass") + b"\n" for r in records]
    line = raw[0].rstrip(b"\n")
    raw += [line + b"\r\n", line + b" \n", line + b"x\n", line + b"\r\r\n", b"  " + line + b"\n", b"\xef\xbb\xbf" + line + b"\n",
            line[:-1] + b"\xff}\n", line.replace(b":", b":\n", 1) + b"\n", b"\n", b"[]\n", line]
    return raw


@pytest.mark.parametrize("spec", MAPPINGS)
def test_edge_lines_give_the_general_paths_batch_and_messages(tmp_path: Path, spec: list[str]) -> None:
    source = tmp_path / "in.jsonl"
    mapping = FieldMapping.parse(spec)
    for n, line in enumerate(_edge_lines()):
        source.write_bytes(line)
        fast_items, fast = _import(source, tmp_path / f"fast{n}", mapping, fast=True)
        slow_items, slow = _import(source, tmp_path / f"slow{n}", mapping, fast=False)
        assert (fast_items, fast.skipped) == (slow_items, slow.skipped), line
    source.write_bytes(b"".join(_edge_lines()))  # all at once: ids repeat, the batch fills up
    slow_items, slow = _import(source, tmp_path / "slow", mapping, fast=False)
    for block in (1, 50, BLOCK_BYTES):  # blocks end inside lines and characters
        items, fast = _import(source, tmp_path / f"fast-{block}", mapping, fast=True, block=block)
        assert (items, fast.items, fast.skipped) == (slow_items, slow.items, slow.skipped)


def test_a_line_over_8_mib_is_refused_even_when_its_json_is_a_plain_pair(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    padded = '{"id": "a", "prompt":' + " " * generic.MAX_LINE_BYTES + '"p", "response_a": "x", ' \
        '"response_b": "y"}\n'  # fmt: skip
    source.write_text(padded + json.dumps({"id": "b", "prompt": "p", "response_a": "x",
                                           "response_b": "y"}) + "\n")  # fmt: skip
    items, report = _import(source, tmp_path / "out", FieldMapping.parse([]), fast=True)
    assert report.items == 1 and items.startswith(b'{"id":"b"')
    assert report.skipped == [f"{source} line 1: longer than 8 MiB"]
