"""``Batch.parse_items``: every item parsed and checked as ``Batch.item`` does, in one pass
that looks at the batch's files twice in all instead of twice per item (issue 22: a QA
import reads its batch's 2,000 items once per importer)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, write_folder, write_zip

from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.loader import Batch, open_batch
from rater_desktop.batch.model import Item


def _hostile_items() -> list[dict[str, Any]]:
    """A good item, and items the parser refuses: no responses, a text of the wrong type,
    a nested id before the top-level one, a screenshot outside the batch, an id the index takes from
    a line that is not JSON."""
    no_responses = item("bad-1")
    del no_responses["responses"]
    wrong_type = item("bad-2", prompt=["not", "a", "text"])
    missing_shot = item("bad-4")
    missing_shot["responses"][0]["screenshots"] = [{"path": "../outside.png"}]
    return [item("ok-1"), no_responses, wrong_type, missing_shot, item("ok-2")]


def _folder(tmp_path: Path) -> Path:
    files = batch_files(_hostile_items())
    nested = {"meta": {"id": "bad-3"}, **item("real-3")}  # the index reads the first "id"
    files["items.jsonl"] += json.dumps(nested).encode() + b"\n"
    files["items.jsonl"] += b'{"id": "bad-5", "kind": "standard", "prompt": \n'
    return write_folder(tmp_path / "batch", files)


def _per_item(batch: Batch, ids: list[str]) -> list[tuple[str, Item | str]]:
    found: list[tuple[str, Item | str]] = []
    for item_id in ids:
        try:
            found.append((item_id, batch.item(item_id)))
        except BatchError as exc:
            found.append((item_id, str(exc)))
    return found


def _as_text(found: list[tuple[str, Item | BatchError]]) -> list[tuple[str, Item | str]]:
    return [(i, str(v) if isinstance(v, BatchError) else v) for i, v in found]


def test_parse_items_gives_what_item_gives_for_good_and_hostile_items(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    with open_batch(root) as batch:
        ids = [entry.item_id for entry in batch.index] + ["not-in-the-batch"]
        one_pass = _as_text(batch.parse_items(ids, lambda found: found))
    with open_batch(root) as batch:
        assert one_pass == _per_item(batch, ids)
    refused = [i for i, v in one_pass if isinstance(v, str)]
    assert refused == ["bad-1", "bad-2", "bad-4", "bad-3", "bad-5", "not-in-the-batch"]


def test_parse_items_in_a_zip_gives_what_item_gives(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "b.zip", batch_files(_hostile_items()))
    with open_batch(path) as batch:
        ids = [entry.item_id for entry in batch.index]
        assert _as_text(batch.parse_items(ids, lambda found: found)) == _per_item(batch, ids)


def test_parse_items_looks_at_the_files_twice_not_twice_per_item(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_folder(tmp_path / "b", batch_files([item(f"i-{n}") for n in range(30)]))
    with open_batch(root) as batch:
        looks: list[int] = []
        real = Batch.changed_on_disk
        monkeypatch.setattr(Batch, "changed_on_disk",
                            lambda self: looks.append(1) or real(self))  # fmt: skip
        found = batch.parse_items([e.item_id for e in batch.index], lambda it: it.id)
    assert [value for _, value in found] == [f"i-{n}" for n in range(30)]
    assert len(looks) == 2


def _touch_items(root: Path) -> None:
    items = root / "items.jsonl"
    items.write_bytes(items.read_bytes().replace(b"umbrella", b"UMBRELLA"))
    os.utime(items, ns=(1, 1))  # a stamp that differs however coarse the clock is


def test_a_batch_changed_before_the_pass_gives_every_item_the_changed_error(
    tmp_path: Path,
) -> None:
    root = write_folder(tmp_path / "b", batch_files([item("a"), item("b")]))
    with open_batch(root) as batch:
        _touch_items(root)
        found = batch.parse_items(["a", "b"], lambda it: it)
    for _, value in found:
        assert isinstance(value, BatchError)
        assert [p.code for p in value.problems] == ["batch-changed"]


def test_a_batch_changed_during_the_pass_is_read_again_item_by_item(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_folder(tmp_path / "b", batch_files([item("a"), item("b")]))
    with open_batch(root) as batch:
        def convert(found: Item) -> str:
            if found.id == "b":
                _touch_items(root)  # edited while the pass reads it
            return found.id

        found = batch.parse_items(["a", "b"], convert)
    assert all(isinstance(value, BatchError) for _, value in found)
    assert {p.code for _, v in found if isinstance(v, BatchError) for p in v.problems} == {
        "batch-changed"}


def test_parse_items_leaves_the_item_cache_alone(tmp_path: Path) -> None:
    root = write_folder(tmp_path / "b", batch_files([item("a"), item("b")]))
    with open_batch(root) as batch:
        batch.parse_items(["a", "b"], lambda it: it)
        assert batch._cache == {}
