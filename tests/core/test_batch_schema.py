"""The published JSON Schemas agree with the loader on valid and invalid batches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batchkit import batch_files, item
from jsonschema import Draft202012Validator

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "rater_desktop" / "batch" / "schema"
BATCH_SCHEMA = Draft202012Validator(json.loads((SCHEMA_DIR / "batch.schema.json").read_text()))
ITEM_SCHEMA = Draft202012Validator(json.loads((SCHEMA_DIR / "item.schema.json").read_text()))


def test_schemas_are_valid_json_schema() -> None:
    for name in ("batch.schema.json", "item.schema.json"):
        Draft202012Validator.check_schema(json.loads((SCHEMA_DIR / name).read_text()))


def test_test_kit_batches_match_the_schemas() -> None:
    files = batch_files([item("a-1"), item("q-1", kind="qualification")])
    assert list(BATCH_SCHEMA.iter_errors(json.loads(files["batch.json"]))) == []
    for line in files["items.jsonl"].decode().splitlines():
        assert list(ITEM_SCHEMA.iter_errors(json.loads(line))) == []


def test_sample_batches_match_the_schemas(sample_batches_dir: Path) -> None:
    samples = [p for p in sample_batches_dir.iterdir() if p.is_dir() and p.name != "broken"]
    assert samples
    for sample in samples:
        manifest = json.loads((sample / "batch.json").read_text(encoding="utf-8"))
        assert list(BATCH_SCHEMA.iter_errors(manifest)) == [], sample
        items_file = sample / manifest.get("items", "items.jsonl")
        for number, line in enumerate(items_file.read_text(encoding="utf-8").splitlines(), start=1):
            errors = [e.message for e in ITEM_SCHEMA.iter_errors(json.loads(line))]
            assert errors == [], f"{items_file}:{number}: {errors}"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda i: i.update(responses=i["responses"][:1]),
        lambda i: i.update(kind="bonus"),
        lambda i: i["responses"][0]["screenshots"][0].update(path="../x.png"),
        lambda i: i["responses"][0]["screenshots"][0].update(path="C:/x.png"),
        lambda i: i.pop("prompt"),
    ],
)
def test_schema_rejects_what_the_loader_rejects(mutate: object) -> None:
    bad = item("a-1")
    mutate(bad)  # type: ignore[operator]
    assert list(ITEM_SCHEMA.iter_errors(bad))
