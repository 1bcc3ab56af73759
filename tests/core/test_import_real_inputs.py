"""Importers on real inputs: the shapes real files have (issue 20), each refused or kept right."""

from __future__ import annotations

from pathlib import Path

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch_import.chosen_rejected import split_turns
from rater_desktop.batch_import.run import ImportRequest, import_batch

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
