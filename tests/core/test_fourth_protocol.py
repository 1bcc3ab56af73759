"""A throwaway fourth protocol ("thumbs": one thumb up or down per item), defined and
registered here in the test tree only, runs through rate -> export -> verify -> qa report
with no change to the app: the registry is the one seam (docs/architecture.md, "How to add
a protocol")."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from batchkit import batch_files, item, write_folder

from rater_desktop import protocols
from rater_desktop.batch import protocol as batch_protocol
from rater_desktop.cli import main
from rater_desktop.rating.model import ItemStatus
from rater_desktop.results.document import ItemRecord
from rater_desktop.signing import keystore

NAME = "thumbs"


@dataclass(frozen=True)
class Thumb:
    """The rating model: up or down."""

    item_id: str
    thumb: str
    status: ItemStatus = ItemStatus.COMPLETE

    def to_dict(self) -> dict[str, Any]:
        return {"item_id": self.item_id, "thumb": self.thumb, "status": self.status.value,
                "timing": {"active_seconds": 1}}


@dataclass(frozen=True)
class Outcome:
    rating: Thumb
    complete: bool = True
    blocking: list[str] = field(default_factory=list)


def scripted(batch: Any, rater_id: str, complete: bool) -> protocols.Applier:
    """The item check: a thumb is "up" or "down"."""
    del batch, rater_id, complete

    def apply(document: Any, item_: Any, where: str) -> Outcome:
        if document.get("thumb") not in ("up", "down"):
            raise protocols.ScriptedLineError(f"{where}: thumb must be up or down")
        return Outcome(Thumb(item_.id, document["thumb"]))

    return apply


def collect_export(*, manifest: Any, items: Iterable[Any], store: Any, rater_id: str,
                   rubric: Any, include_incomplete: bool,
                   ) -> tuple[list[ItemRecord], list[str], dict[str, Any]]:
    """What an item adds to an export; the document says its protocol."""
    del rater_id, rubric, include_incomplete
    records, left_out = [], []
    for it in items:
        saved = store.load_item(manifest.batch_id, it.id)
        if saved is None:
            left_out.append(it.id)
            continue
        records.append(ItemRecord(
            item_id=it.id, identities={"A": it.responses[0].identity, "B": it.responses[1].identity},
            display_order=("A", "B"), rating=saved, rule_results=[], status=saved["status"],
            timing=saved["timing"], kind=it.kind.value))
    return records, left_out, {"protocol": NAME}


def qa_report(args: Any, batch: Any, roster: Any, report_format: str) -> int:
    """How QA reads and scores it: thumbs up per item over the verified files."""
    from rater_desktop.batch.hashing import batch_sha256
    from rater_desktop.results.verify import verify_results_file

    ups: dict[str, int] = {}
    for path in args.results:
        outcome = verify_results_file(results_path=Path(path), allowed_signers=roster.signers(),
                                      batch_sha256=batch_sha256(args.batch))
        assert outcome.ok and outcome.document is not None, outcome.message
        for entry in outcome.document["items"]:
            ups[entry["item_id"]] = ups.get(entry["item_id"], 0) + (
                entry["rating"]["thumb"] == "up")
    Path(args.out).write_text(json.dumps({"protocol": NAME, "format": report_format,
                                          "ups": ups}))
    return 0


@pytest.fixture
def thumbs(monkeypatch: pytest.MonkeyPatch) -> Iterator[protocols.RatingProtocol]:
    # batch.json may name it (the batch format's list of protocol names)
    monkeypatch.setattr(batch_protocol, "PROTOCOLS", (*batch_protocol.PROTOCOLS, NAME))
    registered = protocols.register(protocols.RatingProtocol(
        name=NAME, collect_export=collect_export, scripted=scripted, qa_report=qa_report,
        metadata_fields=False))
    yield registered
    protocols.unregister(NAME)


def _run(*argv: str) -> int:
    return main(list(argv))


def test_a_fourth_protocol_runs_rate_export_verify_and_qa_report(
        thumbs: protocols.RatingProtocol, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        memory_keyring: Any, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    batch = write_folder(tmp_path / "batch", batch_files(
        [item(f"t-{n}", shots=False) for n in (1, 2)], format_version="1.1", protocol=NAME))
    assert _run("profile", "create", "--rater-id", "tess", "--name", "Tess") == 0
    ratings = tmp_path / "thumbs.jsonl"
    ratings.write_text('{"item_id": "t-1", "thumb": "up"}\n{"item_id": "t-2", "thumb": "meh"}\n')
    assert _run("rate", "--batch", str(batch), "--ratings", str(ratings)) == 1
    out, err = capsys.readouterr()
    assert "t-1: saved (complete)" in out and "thumb must be up or down" in err
    assert _run("export", "--batch", str(batch), "--out", str(tmp_path / "tess")) == 0
    results = tmp_path / "tess.results.json"
    document = json.loads(results.read_text())
    assert document["protocol"] == NAME
    assert [i["rating"]["thumb"] for i in document["items"]] == ["up"]
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"tess {document['rater']['public_key']}\n")
    assert _run("verify", str(results), "--batch", str(batch),
                "--allowed-signers", str(roster)) == 0
    report = tmp_path / "report.json"
    assert _run("qa", "report", str(results), "--batch", str(batch), "--allowed-signers",
                str(roster), "--out", str(report), "--format", "jsonl") == 0
    assert json.loads(report.read_text()) == {"protocol": NAME, "format": "jsonl",
                                               "ups": {"t-1": 1}}


def test_without_registration_the_same_batch_is_one_clear_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, memory_keyring: Any,
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(keystore, "default_keyring", lambda: memory_keyring)
    monkeypatch.setattr(batch_protocol, "PROTOCOLS", (*batch_protocol.PROTOCOLS, NAME))
    batch = write_folder(tmp_path / "batch", batch_files(
        [item("t-1", shots=False)], format_version="1.1", protocol=NAME))
    assert _run("profile", "create", "--rater-id", "tess", "--name", "Tess") == 0
    ratings = tmp_path / "thumbs.jsonl"
    ratings.write_text('{"item_id": "t-1", "thumb": "up"}\n')
    capsys.readouterr()
    assert _run("rate", "--batch", str(batch), "--ratings", str(ratings)) != 0
    assert _run("export", "--batch", str(batch), "--out", str(tmp_path / "x")) != 0
    err = capsys.readouterr().err
    assert err.count("unknown rating protocol 'thumbs'") == 2
    assert "Traceback" not in err

