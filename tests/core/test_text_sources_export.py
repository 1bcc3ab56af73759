"""Where text came from, in the signed results (format 2.6): per field beside the rating,
for both protocols; files without it keep their version and still verify."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from batchkit import batch_files, item, write_folder
from test_results_support import BATCH_SHA, EXPORTED_AT, rater_for, sample_document
from test_text_sources import FakeClock

from rater_desktop.batch.loader import open_batch
from rater_desktop.preference.collect import collect_protocol_export
from rater_desktop.preference.service import PreferenceService
from rater_desktop.rating.model import ItemRating
from rater_desktop.rating.rubric import Rubric
from rater_desktop.rating.store import MemoryRatingStore
from rater_desktop.results.collect import item_record
from rater_desktop.results.document import BatchMeta, build_results_document
from rater_desktop.results.export import export_results
from rater_desktop.results.verify import verify_results_bytes
from rater_desktop.signing import keys
from rater_desktop.signing.allowed_signers import parse_allowed_signers
from rater_desktop.text_sources import FieldSources, Source, TextEvent

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "rater_desktop" / "results" /
                     "schema" / "results.schema.json").read_text())


def _verified(tmp_path: Path, document: dict[str, object], key: object) -> dict[str, object]:
    exported = export_results(out_path=tmp_path / "out", document=document,
                              private_key=key)  # type: ignore[arg-type]
    line = keys.openssh_public_key(key.public_key())  # type: ignore[attr-defined]
    outcome = verify_results_bytes(results=exported.results_path.read_bytes(),
                                   signature=exported.signature_path.read_bytes(),
                                   allowed_signers=parse_allowed_signers(f"alice {line}\n"))
    assert outcome.ok, outcome.message
    return json.loads(exported.results_path.read_bytes())  # type: ignore[no-any-return]


def test_preference_export_carries_the_explanation_sources_and_verifies(tmp_path: Path) -> None:
    files = batch_files([item("p-1", shots=False)], format_version="1.1",
                        protocol="preference")
    path = write_folder(tmp_path / "b", files)
    store, clock = MemoryRatingStore(), FakeClock()
    with open_batch(path) as batch:
        manifest = batch.manifest
        service = PreferenceService(store=store, clock=clock, settings=manifest.preference,
                                    batch_key=manifest.batch_id,
                                    display_seed=manifest.display_seed, rater_id="alice")
        service.open_item("p-1")
        service.choose("A")
        service.note_text_event(TextEvent(Source.PASTED, 7, words=1))
        service.set_explanation("clearer")
        service.complete()
        service.flush()
        records, _, extra = collect_protocol_export(
            manifest=manifest, items=[batch.item("p-1")], store=store, rater_id="alice",
            include_incomplete=False)
    key = keys.generate_private_key()
    document = build_results_document(batch=BatchMeta("test-batch", BATCH_SHA),
                                      rater=rater_for(key), items=records,
                                      exported_at=EXPORTED_AT, **extra)
    assert document["format_version"] == "2.6"
    jsonschema.validate(json.loads(json.dumps(document)), SCHEMA)
    entry = _verified(tmp_path, document, key)["items"][0]  # type: ignore[index]
    assert entry["text_sources"]["explanation"] == {
        "typed": 0, "pasted": 7, "template": 0, "deleted": 0, "typing_seconds": 0.0,
        "pastes": 1, "largest_paste_words": 1, "justification": True}
    assert "text_sources" not in entry["rating"]  # once, beside the rating


def test_guideline_record_marks_its_justifications() -> None:
    from test_rating_support import make_item

    rating = ItemRating(item_id="item-1", text_sources={
        "responses.0.tc_justification": FieldSources(typed=40, typing_seconds=9.5),
        "responses.1.claims.c2.justification": FieldSources(pasted=300, pastes=1),
        "case_file.main_goal": FieldSources(typed=12)})
    record = item_record(make_item(item_id="item-1"), rating, rater_id="alice",
                         display_seed="s", rubric=Rubric.default())
    fields = record.text_sources
    assert fields["responses.0.tc_justification"]["justification"] is True
    assert fields["responses.1.claims.c2.justification"]["justification"] is True
    assert fields["case_file.main_goal"]["justification"] is False
    assert "text_sources" not in record.rating


def test_files_without_text_sources_keep_their_version_and_verify(tmp_path: Path) -> None:
    key = keys.generate_private_key()
    document = sample_document(key, items=2)
    assert document["format_version"] == "2.0"
    assert all("text_sources" not in entry for entry in document["items"])
    _verified(tmp_path, document, key)
