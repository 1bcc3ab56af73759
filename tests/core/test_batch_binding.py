"""Issue 13, item 2: results are bound to the batch that was rated; a folder batch edited
in place is reported as changed, never as bogus JSON."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from batchkit import batch_files, item, write_folder

from rater_desktop import appdirs
from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.rating.model import ItemRating, ItemStatus
from rater_desktop.results.binding import RatedBatchChangedError, bound_batch_sha256
from rater_desktop.signing import keystore
from rater_desktop.storage.profile import open_profile_store


def _large_batch(root: Path, count: int = 60) -> Path:
    filler = "A long prompt line. " * 400  # ~8 KB per item, 480 KB in all
    items = [item(f"item-{n:03d}", prompt=f"{filler} #{n}", shots=False) for n in range(count)]
    return write_folder(root, batch_files(items))


def _edit_in_place(items_file: Path) -> None:
    """Rewrite the same file (same inode) with the first item's prompt made longer."""
    lines = items_file.read_bytes().splitlines(keepends=True)
    first = json.loads(lines[0])
    first["prompt"] = "Edited: " + first["prompt"]
    lines[0] = (json.dumps(first) + "\n").encode()
    with items_file.open("r+b") as handle:
        handle.write(b"".join(lines))
        handle.truncate()
    os.utime(items_file, ns=(1, 1))  # a stamp that differs however coarse the clock is


def test_items_past_the_read_buffer_of_an_edited_folder_are_not_bogus_json(
    tmp_path: Path,
) -> None:
    root = _large_batch(tmp_path / "big")
    with open_batch(root) as batch:
        last = batch.index[-1].item_id
        assert batch.item(batch.index[0].item_id).id == "item-000"
        assert not batch.changed_on_disk()
        _edit_in_place(root / "items.jsonl")
        assert batch.changed_on_disk()
        with pytest.raises(BatchError) as raised:
            batch.item(last)
    codes = [p.code for p in raised.value.problems]
    assert codes == ["batch-changed"]
    assert "not valid JSON" not in str(raised.value) and "reopen" in str(raised.value).lower()


def test_a_replaced_zip_or_touched_manifest_counts_as_changed(tmp_path: Path) -> None:
    root = _large_batch(tmp_path / "b", count=3)
    with open_batch(root) as batch:
        (root / "batch.json").write_bytes((root / "batch.json").read_bytes() + b" ")
        assert batch.changed_on_disk()


def test_bound_hash_refuses_a_batch_that_changed(tmp_path: Path) -> None:
    store = open_profile_store("alice", data_dir=appdirs.data_dir())
    try:
        store.register_batch("b1", "a" * 64, "Batch", tmp_path)
        assert bound_batch_sha256(store=store, batch_key="b1", disk_sha256="A" * 64) == "a" * 64
        with pytest.raises(RatedBatchChangedError, match="not the batch you rated"):
            bound_batch_sha256(store=store, batch_key="b1", disk_sha256="b" * 64)
        # Never opened (no registration): the file on disk is what is signed.
        assert bound_batch_sha256(store=store, batch_key="b2", disk_sha256="c" * 64) == "c" * 64
    finally:
        store.close()


def test_cli_export_is_refused_after_the_batch_changed(
    sample_batches_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    memory_keyring, capsys: pytest.CaptureFixture[str],
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch_dir = tmp_path / "batch"
    shutil.copytree(sample_batches_dir / "consumer-tasks", batch_dir)
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 0
    with open_batch(batch_dir) as batch:
        first, key, title = batch.index[0].item_id, batch.batch_id, batch.manifest.title
    rated = batch_sha256(batch_dir)
    store = open_profile_store("alice", data_dir=appdirs.data_dir())
    try:  # what the window does: register on open, then rate
        store.register_batch(key, rated, title, batch_dir)
        store.save_item(key, first, ItemRating(item_id=first, status=ItemStatus.COMPLETE).to_dict())
    finally:
        store.close()
    (batch_dir / "instructions.md").write_text("# Changed after rating\n")
    capsys.readouterr()
    out = tmp_path / "alice"
    assert main(["export", "--batch", str(batch_dir), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "not the batch you rated" in err and rated[:12] in err
    assert not (tmp_path / "alice.results.json").exists()
    (batch_dir / "instructions.md").write_bytes(
        (sample_batches_dir / "consumer-tasks" / "instructions.md").read_bytes())
    assert main(["export", "--batch", str(batch_dir), "--out", str(out)]) == 0
    document = json.loads((tmp_path / "alice.results.json").read_text(encoding="utf-8"))
    assert document["batch"]["sha256"] == rated
