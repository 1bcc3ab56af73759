"""The results document: content, schema, deterministic serialization."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import jsonschema
import pytest
from test_results_support import EXPORTED_AT, item_record, rater_for, sample_document

import rater_desktop
from rater_desktop.results import canonical
from rater_desktop.results.document import (
    SIGNATURE_NAMESPACE,
    BatchMeta,
    ResultsDocumentError,
    build_results_document,
)
from rater_desktop.signing import keys

SCHEMA = json.loads(
    (Path(rater_desktop.__file__).parent / "results" / "schema" / "results.schema.json").read_text()
)
KEY = keys.generate_private_key()


def test_document_fields_and_schema() -> None:
    doc = sample_document(KEY, items=2)
    jsonschema.validate(doc, SCHEMA)
    assert doc["format"] == "rater-desktop-results" and doc["format_version"] == "2.0"
    assert doc["app_version"] == rater_desktop.__version__
    assert doc["exported_at"] == "2026-11-30T10:00:00Z"
    assert doc["signature_namespace"] == SIGNATURE_NAMESPACE
    assert doc["rater"]["fingerprint"] == keys.fingerprint(KEY.public_key())
    assert doc["batch"] == {"batch_id": "demo-batch", "sha256": "ab" * 32, "title": "Demo"}
    first, second = doc["items"]
    assert first["shown"]["A"] == {"file_side": "A", "identity": "agent-x"}
    assert second["display_order"] == ["B", "A"]
    assert second["shown"]["A"] == {"file_side": "B", "identity": "agent-y"}
    assert first["rating"]["responses"][0]["claims"][0]["text"] == "Flight at 9h"
    assert first["rating"]["responses"][1]["claims"][0]["shown_evidence"] == [
        {"kind": "screenshot", "path": "shots/sent.png"},
        {"kind": "step", "path": "shots/s3.png", "step": 3},
    ]
    assert first["rule_results"][0]["reason"] == "only one source exists"
    assert "incomplete" not in first
    assert doc["summary"] == {"items": 2, "complete": 2, "incomplete": 0}


def test_incomplete_marker_and_summary() -> None:
    doc = build_results_document(
        batch=BatchMeta(batch_id="b", sha256="cd" * 32),
        rater=rater_for(KEY),
        items=[item_record("done"), item_record("half", incomplete=True)],
        exported_at=EXPORTED_AT,
    )
    jsonschema.validate(doc, SCHEMA)
    assert doc["items"][1]["incomplete"] is True
    assert doc["summary"] == {"items": 2, "complete": 1, "incomplete": 1}


def test_floats_are_rounded_and_integral_floats_become_integers() -> None:
    value = {"a": 1.0, "b": 61.123456789, "c": -0.0, "d": [2.5, 1e-9], "e": (1, 2), "f": True}
    assert canonical.normalize(value) == {
        "a": 1, "b": 61.123457, "c": 0, "d": [2.5, 0], "e": [1, 2], "f": True,
    }  # fmt: skip
    assert isinstance(canonical.normalize(1.0), int)
    for bad in (float("nan"), float("inf"), {1: "x"}, {"x": object()}):
        with pytest.raises(canonical.CanonicalJsonError):
            canonical.normalize({"k": bad})


def test_canonical_bytes_are_sorted_compact_utf8() -> None:
    data = canonical.canonical_json_bytes({"b": "é", "a": {"z": 1, "y": [1.5]}})
    assert data == '{"a":{"y":[1.5],"z":1},"b":"é"}\n'.encode()


def test_two_exports_of_the_same_rating_differ_only_in_export_time() -> None:
    first = canonical.canonical_json_bytes(sample_document(KEY, items=3))
    later = EXPORTED_AT + timedelta(hours=5, seconds=7)
    second = canonical.canonical_json_bytes(sample_document(KEY, items=3, exported_at=later))
    assert first != second
    assert first.replace(b"2026-11-30T10:00:00Z", b"T") == second.replace(
        b"2026-11-30T15:00:07Z", b"T"
    )
    assert canonical.canonical_json_bytes(sample_document(KEY, items=3)) == first


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"display_order": ("A", "A")}, "permutation"),
        ({"identities": {"A": "x"}}, "sides A and B"),
    ],
)
def test_bad_records_are_refused(change: dict[str, object], message: str) -> None:
    from dataclasses import replace

    record = replace(item_record("x"), **change)  # type: ignore[arg-type]
    with pytest.raises(ResultsDocumentError, match=message):
        build_results_document(
            batch=BatchMeta(batch_id="b", sha256="cd" * 32),
            rater=rater_for(KEY),
            items=[record],
            exported_at=EXPORTED_AT,
        )


def test_duplicate_items_and_naive_times_are_refused() -> None:
    with pytest.raises(ResultsDocumentError, match="twice"):
        build_results_document(
            batch=BatchMeta(batch_id="b", sha256="cd" * 32),
            rater=rater_for(KEY),
            items=[item_record("x"), item_record("x")],
            exported_at=EXPORTED_AT,
        )
    with pytest.raises(ResultsDocumentError, match="timezone"):
        sample_document(KEY, exported_at=datetime(2026, 11, 30))


def test_schema_refuses_version_1_and_bad_shown_evidence() -> None:
    doc = sample_document(KEY, items=1)
    old = json.loads(json.dumps(doc))
    old["format_version"] = "1.0"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(old, SCHEMA)
    bad = json.loads(json.dumps(doc))
    bad["items"][0]["rating"]["responses"][1]["claims"][0]["shown_evidence"][1]["step"] = -1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)


def test_a_citation_accepted_from_a_suggestion_makes_format_2_3_and_verifies() -> None:
    from dataclasses import replace

    from rater_desktop.results.verify import format_version_problem

    record = item_record("item-1")
    rating = json.loads(json.dumps(record.rating))
    rating["responses"][1]["claims"][0]["shown_evidence"][0]["suggested"] = True
    doc = build_results_document(batch=BatchMeta(batch_id="b", sha256="cd" * 32), rater=rater_for(KEY),
                                 items=[replace(record, rating=rating)], exported_at=EXPORTED_AT)
    jsonschema.validate(doc, SCHEMA)
    assert doc["format_version"] == "2.4" and format_version_problem("2.4") == ""
    assert doc["items"][0]["rating"]["responses"][1]["claims"][0]["shown_evidence"][0]["suggested"] is True
    # Without one the file keeps its version, so older exports read and verify as before.
    assert sample_document(KEY, items=1)["format_version"] == "2.0"
    bad = json.loads(json.dumps(doc))
    bad["items"][0]["rating"]["responses"][1]["claims"][0]["shown_evidence"][0]["suggested"] = False
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)
