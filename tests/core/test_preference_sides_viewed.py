"""What a preference judgment records of the responses on screen (``sides_viewed``, file
order, results 2.7): saved with the completion, kept by undo, absent in older documents
(whose exports keep their version and verify as before)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from batchkit import batch_files, item, write_folder
from test_results_support import BATCH_SHA, EXPORTED_AT, rater_for

from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.protocol import PreferenceSettings
from rater_desktop.preference.collect import collect_protocol_export
from rater_desktop.preference.model import PreferenceRating
from rater_desktop.preference.service import PreferenceService
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.results.verify import verify_results_bytes
from rater_desktop.signing import keys
from rater_desktop.signing.allowed_signers import parse_allowed_signers

SCHEMA = Path(__file__).resolve().parents[2] / "rater_desktop" / "results" / "schema" / \
    "results.schema.json"


def _service(store: MemoryRatingStore, seed: str = "seed") -> PreferenceService:
    return PreferenceService(store=store, clock=lambda: 100.0, batch_key="b",
                             display_seed=seed, rater_id="alice",
                             settings=PreferenceSettings(criteria=("Helpful",)))


@pytest.mark.parametrize("swapped", [False, True])
def test_sides_viewed_are_saved_in_file_order_with_the_completion(swapped: bool) -> None:
    store = MemoryRatingStore()
    service = _service(store)
    item_id = next(f"i-{n}" for n in range(100) if service.order_for(f"i-{n}").swapped is swapped)
    service.open_item(item_id)
    service.choose("A")
    service.note_sides_viewed({"A"})  # the displayed A only (compact window)
    service.complete()
    service.undo()  # the choice is taken back; what was on screen is not
    service.redo()
    service.close_item()
    service.flush()
    saved = store.load_item("b", item_id)
    assert saved is not None and saved["sides_viewed"] == (["B"] if swapped else ["A"])
    reopened = _service(store)
    reopened.open_item(item_id)
    reopened.note_sides_viewed({"B"})  # another visit adds to what was seen
    assert reopened.rating.sides_viewed == ("A", "B")


def test_older_documents_have_none_and_bad_values_are_named() -> None:
    old = {"protocol": "preference", "item_id": "i", "choice": "A", "status": "complete"}
    rating = PreferenceRating.from_dict(old)
    assert rating.sides_viewed is None and "sides_viewed" not in rating.to_dict()
    for bad in (["C"], ["A", "A"], "AB"):
        with pytest.raises(ValueError, match="sides_viewed"):
            PreferenceRating.from_dict({**old, "sides_viewed": bad})


def _export(tmp_path: Path, viewed: set[str] | None) -> dict[str, object]:
    path = write_folder(tmp_path / "b", batch_files([item("p-1", shots=False)],
                                                    format_version="1.1", protocol="preference"))
    store = MemoryRatingStore()
    with open_batch(path) as batch:
        manifest = batch.manifest
        service = PreferenceService(store=store, clock=lambda: 100.0,
                                    settings=manifest.preference, batch_key=manifest.batch_id,
                                    display_seed=manifest.display_seed, rater_id="alice")
        service.open_item("p-1")
        service.choose("tie")
        if viewed is not None:
            service.note_sides_viewed(viewed)
        service.complete()
        service.flush()
        records, _, extra = collect_protocol_export(
            manifest=manifest, items=[batch.item("p-1")], store=store, rater_id="alice",
            include_incomplete=False)
    key = keys.generate_private_key()
    document = build_results_document(batch=BatchMeta("test-batch", BATCH_SHA),
                                      rater=rater_for(key), items=records,
                                      exported_at=EXPORTED_AT, **extra)
    jsonschema.validate(json.loads(json.dumps(document)), json.loads(SCHEMA.read_text()))
    exported = export_results(out_path=tmp_path / "out", document=document, private_key=key)
    line = keys.openssh_public_key(key.public_key())
    outcome = verify_results_bytes(results=exported.results_path.read_bytes(),
                                   signature=exported.signature_path.read_bytes(),
                                   allowed_signers=parse_allowed_signers(f"alice {line}\n"))
    assert outcome.ok, outcome.message
    return json.loads(exported.results_path.read_bytes())  # type: ignore[no-any-return]


def test_the_signed_export_carries_sides_viewed_as_2_7(tmp_path: Path) -> None:
    document = _export(tmp_path, {"B"})
    assert document["format_version"] == "2.7"
    entry = document["items"][0]  # type: ignore[index]
    assert len(entry["rating"]["sides_viewed"]) == 1


def test_a_judgment_without_the_record_keeps_its_version(tmp_path: Path) -> None:
    document = _export(tmp_path, None)
    assert document["format_version"] == "2.1"
    assert "sides_viewed" not in document["items"][0]["rating"]  # type: ignore[index]


def test_a_scripted_judgment_records_no_sides_viewed() -> None:
    """``rater-desktop rate`` writes from a file: nobody had the responses on screen, so a
    claim in the file is dropped (absent means not recorded) and the export keeps 2.6."""
    from test_rating_support import make_item

    from rater_desktop.preference.scripted import apply_scripted_preference

    judged = apply_scripted_preference(
        {"choice": "A", "explanation": "x", "sides_viewed": ["A", "B"]},
        item=make_item(item_id="i"), settings=PreferenceSettings(criteria=("x",)),
        complete=True)
    assert judged.complete
    assert judged.rating.sides_viewed is None
    assert "sides_viewed" not in judged.rating.to_dict()
