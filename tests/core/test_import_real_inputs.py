"""Importers on real inputs: the shapes real files have (issue 20), each refused or kept right."""

from __future__ import annotations

import gzip
import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch_import import generic
from rater_desktop.batch_import.chosen_rejected import split_turns
from rater_desktop.batch_import.run import ImportRequest, import_batch
from rater_desktop.cli import main
from tests.import_kit import write_inside

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
    chosen = _items(tmp_path / "out")[1].responses[0].text
    assert chosen.startswith("Okay, if you feel that way") and "\nAssistant:   By the way" in chosen


def _pair_line(n: int) -> str:
    return json.dumps({"chosen": f"\n\nHuman: q{n}\n\nAssistant: good", "rejected": f"\n\nHuman: q{n}\n\nAssistant: bad"})


def test_gzip_input_is_read_as_its_lines(tmp_path: Path) -> None:
    source = tmp_path / "in" / "hh.jsonl.gz"
    source.parent.mkdir()
    source.write_bytes(gzip.compress(("\n".join(_pair_line(n) for n in range(3)) + "\n").encode()))
    report = import_batch(_request("chosen-rejected", source, tmp_path / "out"))
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
