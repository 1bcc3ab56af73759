"""``rater-desktop export`` and ``rater-desktop verify`` end to end on the sample batch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rater_desktop import appdirs
from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.loader import open_batch
from rater_desktop.cli import main
from rater_desktop.rating.display_order import display_order
from rater_desktop.rating.model import ItemRating, ItemStatus
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import collect_item_records
from rater_desktop.signing import keystore
from rater_desktop.storage.profile import open_profile_store


@pytest.fixture
def batch_dir(sample_batches_dir: Path) -> Path:
    return sample_batches_dir / "consumer-tasks"


def _rating(item_id: str, status: ItemStatus) -> dict[str, object]:
    rating = ItemRating(item_id=item_id, status=status, notes=f"notes on {item_id}")
    rating.timing.active_seconds = 12.3456789
    return rating.to_dict()


def _rate(batch_dir: Path, rater_id: str) -> list[str]:
    """Save one complete and one in-progress rating; return the batch's item ids."""
    with open_batch(batch_dir) as batch:
        ids = [entry.item_id for entry in batch.index]
        batch_key = batch.batch_id
    store = open_profile_store(rater_id, data_dir=appdirs.data_dir())
    try:
        store.save_item(batch_key, ids[0], _rating(ids[0], ItemStatus.COMPLETE))
        store.save_item(batch_key, ids[1], _rating(ids[1], ItemStatus.IN_PROGRESS))
    finally:
        store.close()
    return ids


def test_collect_records_from_a_store(batch_dir: Path) -> None:
    with open_batch(batch_dir) as batch:
        items = [batch.item(entry.item_id) for entry in batch.index]
        key, seed = batch.batch_id, batch.manifest.display_seed
    store = MemoryRatingStore()
    store.save_item(key, items[2].id, _rating(items[2].id, ItemStatus.COMPLETE))
    store.save_item(key, items[0].id, _rating(items[0].id, ItemStatus.FLAGGED))
    common = dict(items=items, store=store, batch_key=key, rater_id="alice",
                  display_seed=seed, rubric=Rubric.default())  # fmt: skip
    records, left_out = collect_item_records(include_incomplete=False, **common)  # type: ignore[arg-type]
    assert [r.item_id for r in records] == [items[2].id]
    assert items[0].id in left_out and len(left_out) == len(items) - 1
    record = records[0]
    assert record.identities == {"A": items[2].responses[0].identity,
                                 "B": items[2].responses[1].identity}  # fmt: skip
    swapped = display_order(batch_seed=seed, rater_id="alice", item_id=items[2].id).swapped
    assert list(record.display_order) == (["B", "A"] if swapped else ["A", "B"])
    assert record.rule_results and {"rule_id", "acknowledged", "reason"} <= set(
        record.rule_results[0]
    )
    assert not record.incomplete and record.kind == items[2].kind.value
    records, _ = collect_item_records(include_incomplete=True, **common)  # type: ignore[arg-type]
    assert [r.item_id for r in records] == [items[0].id, items[2].id]  # batch order
    assert records[0].incomplete


def test_export_then_verify(
    batch_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    memory_keyring,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "alice", "--name", "Alice"]) == 0
    ids = _rate(batch_dir, "alice")
    capsys.readouterr()
    out = tmp_path / "alice-consumer"
    assert main(["export", "--batch", str(batch_dir), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Exported 1 of 7 items" in printed and "--include-incomplete" in printed
    results = tmp_path / "alice-consumer.results.json"
    document = json.loads(results.read_text(encoding="utf-8"))
    assert [i["item_id"] for i in document["items"]] == [ids[0]]
    assert document["batch"]["sha256"] == batch_sha256(batch_dir)
    assert document["rubric"]["AP-1"]["severity"] in ("block", "warn", "off")

    assert main(["export", "--batch", str(batch_dir), "--out", str(out),
                 "--include-incomplete"]) == 0  # fmt: skip
    document = json.loads(results.read_text(encoding="utf-8"))
    assert [i.get("incomplete", False) for i in document["items"]] == [False, True]
    capsys.readouterr()
    assert main(["key", "show", "--line"]) == 0
    roster = tmp_path / "allowed_signers"
    roster.write_text(capsys.readouterr().out)
    assert main(["verify", str(results), "--allowed-signers", str(roster)]) == 0
    assert "VALID" in capsys.readouterr().out
    assert main(["verify", str(results), "--allowed-signers", str(roster),
                 "--batch", str(batch_dir)]) == 0  # fmt: skip
    other_batch = tmp_path / "other"
    shutil.copytree(batch_dir, other_batch)
    (other_batch / "extra.txt").write_text("changes the batch hash")
    assert main(["verify", str(results), "--allowed-signers", str(roster),
                 "--batch", str(other_batch)]) == 1  # fmt: skip
    capsys.readouterr()
    assert main(["verify", str(results)]) == 3  # no roster: signer unknown
    assert "SHA256:" in capsys.readouterr().out
    results.write_bytes(results.read_bytes().replace(b"notes on", b"NOTES on"))
    assert main(["verify", str(results), "--allowed-signers", str(roster)]) == 1
    assert "INVALID" in capsys.readouterr().out
    roster.write_text("alice ssh-ed25519\n")
    assert main(["verify", str(results), "--allowed-signers", str(roster)]) == 2


def test_export_with_nothing_complete_or_a_bad_batch(
    batch_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    memory_keyring,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    assert main(["profile", "create", "--rater-id", "bob", "--name", "Bob"]) == 0
    assert main(["export", "--batch", str(batch_dir), "--out", str(tmp_path / "x")]) == 1
    assert "Nothing to export" in capsys.readouterr().err
    assert main(["export", "--batch", str(tmp_path / "missing"), "--out", str(tmp_path / "x")]) == 1
    assert "Cannot read the batch" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
