"""The lazy loader: what opening reads, item access, warnings, identity, limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batchkit import batch_files, item, write_folder, write_zip

from rater_desktop.batch import loader as loader_module
from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.hashing import batch_sha256
from rater_desktop.batch.limits import BatchLimits
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.model import ItemKind
from rater_desktop.batch.validate import validate_batch


@pytest.fixture(params=["folder", "zip"])
def batch_path(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    files = batch_files([item("a-1"), item("q-1", kind="qualification"), item("t-1", kind="attention")])
    if request.param == "folder":
        return write_folder(tmp_path / "batch", files)
    return write_zip(tmp_path / "batch.zip", files)


def test_open_reads_index_without_parsing_items(batch_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = loader_module.parse_item
    monkeypatch.setattr(loader_module, "parse_item", lambda *a, **k: calls.append(a) or real(*a, **k))
    with open_batch(batch_path) as batch:
        assert [e.item_id for e in batch.index] == ["a-1", "q-1", "t-1"]
        assert [e.kind for e in batch.index] == ["standard", "qualification", "attention"]
        assert calls == []
        loaded = batch.item("q-1")
        assert len(calls) == 1
        assert loaded.kind is ItemKind.QUALIFICATION
        assert loaded.responses[0].identity == "model-alpha"
        assert loaded.responses[1].screenshots[0].path == "screens/q-1-b.png"
        batch.item("q-1")
        assert len(calls) == 1, "a second access is served from the item cache"


def test_folder_and_zip_give_the_same_items(tmp_path: Path) -> None:
    files = batch_files()
    with open_batch(write_folder(tmp_path / "f", files)) as folder, open_batch(write_zip(tmp_path / "z.zip", files)) as archive:
        for entry in folder.index:
            assert folder.item(entry.item_id) == archive.item(entry.item_id)
        assert folder.read_bytes("screens/item-1-a.png") == archive.read_bytes("screens/item-1-a.png")
        assert folder.instructions_markdown() == archive.instructions_markdown()


def test_unknown_fields_are_kept_and_reported_as_warnings(tmp_path: Path) -> None:
    extra_item = item("x-1", reviewer_hint="ignore me")
    extra_item["responses"][0]["latency_ms"] = 1234
    files = batch_files([extra_item], sponsor="Acme")
    path = write_folder(tmp_path / "b", files)
    with open_batch(path) as batch:
        assert batch.manifest.extra == {"sponsor": "Acme"}
        loaded = batch.item("x-1")
        assert loaded.extra == {"reviewer_hint": "ignore me"}
        assert loaded.responses[0].extra == {"latency_ms": 1234}
    report = validate_batch(path)
    assert report.ok
    fields = sorted(w.field or "" for w in report.warnings)
    assert fields == ["responses[0].latency_ms", "reviewer_hint", "sponsor"]


def test_newer_minor_version_opens_with_warning(tmp_path: Path) -> None:
    from rater_desktop.batch.model import FORMAT_MINOR

    # One minor past this app's (1.3 became the current version with the retest kind).
    path = write_folder(tmp_path / "b", batch_files(format_version=f"1.{FORMAT_MINOR + 1}"))
    report = validate_batch(path)
    assert report.ok
    assert [w.code for w in report.warnings] == ["newer-minor-version"]


def test_display_seed_defaults_to_batch_id(tmp_path: Path) -> None:
    files = batch_files()
    manifest = json.loads(files["batch.json"])
    del manifest["display_seed"]
    files["batch.json"] = json.dumps(manifest).encode()
    with open_batch(write_folder(tmp_path / "b", files)) as batch:
        assert batch.manifest.display_seed == "test-batch"


def test_batch_sha256_changes_with_any_byte(tmp_path: Path) -> None:
    files = batch_files()
    zip_path = write_zip(tmp_path / "b.zip", files)
    folder = write_folder(tmp_path / "f", files)
    first_zip, first_folder = batch_sha256(zip_path), batch_sha256(folder)
    assert len(first_zip) == 64 and first_zip != first_folder
    assert batch_sha256(folder) == first_folder
    (folder / "instructions.md").write_bytes(b"# changed\n")
    assert batch_sha256(folder) != first_folder


def test_unknown_item_is_a_clear_error(batch_path: Path) -> None:
    with open_batch(batch_path) as batch, pytest.raises(BatchError, match="no such item"):
        batch.item("nope")


def test_item_count_limit(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", batch_files([item(f"i-{n}", shots=False) for n in range(5)]))
    with pytest.raises(BatchError, match="more than 3 items"):
        open_batch(path, limits=BatchLimits(max_items=3))


def test_long_line_limit(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", batch_files([item("i-1", prompt="x" * 5000, shots=False)]))
    with pytest.raises(BatchError, match="longer than 1000 bytes"):
        open_batch(path, limits=BatchLimits(max_item_line_bytes=1000))


def test_text_length_limit_names_the_field(tmp_path: Path) -> None:
    path = write_folder(tmp_path / "b", batch_files([item("i-1", prompt="x" * 300, shots=False)]))
    with open_batch(path, limits=BatchLimits(max_prompt_chars=100)) as batch, pytest.raises(BatchError) as info:
        batch.item("i-1")
    assert info.value.problem.field == "prompt"
    assert "limit of 100" in info.value.problem.message


def test_total_decompressed_budget_is_enforced(tmp_path: Path) -> None:
    files = batch_files()
    path = write_zip(tmp_path / "b.zip", files)
    with open_batch(path, limits=BatchLimits(max_total_uncompressed=3000)) as batch, pytest.raises(BatchError) as info:
        for shot in ("screens/item-1-a.png", "screens/item-1-b.png", "screens/item-2-a.png"):
            batch.read_bytes(shot)
    assert info.value.problem.code == "too-much-data"


def test_special_files_are_refused(tmp_path: Path) -> None:
    import os

    path = write_folder(tmp_path / "b", batch_files())
    (path / "screens" / "item-1-a.png").unlink()
    os.mkfifo(path / "screens" / "item-1-a.png")
    with open_batch(path) as batch, pytest.raises(BatchError) as info:
        batch.item("item-1")
    assert info.value.problem.code == "not-a-file"


def test_sample_batches_all_validate(sample_batches_dir: Path) -> None:
    samples = [p for p in sample_batches_dir.iterdir() if p.is_dir() and p.name != "broken"]
    assert len(samples) >= 3, "the three real sample batches are missing"
    for sample in samples:
        report = validate_batch(sample, deep=True)
        assert report.ok, [p.render() for p in report.errors]
        assert report.item_count >= 4


def test_rereading_files_does_not_exhaust_the_batch_budget(tmp_path: Path) -> None:
    files = batch_files()
    path = write_zip(tmp_path / "b.zip", files)
    total = sum(len(data) for data in files.values())
    with open_batch(path, limits=BatchLimits(max_total_uncompressed=total)) as batch:
        for _ in range(200):
            batch.read_bytes("screens/item-1-a.png")
        assert batch.item("item-2").responses[0].identity == "model-alpha"


def test_paths_are_normalised() -> None:
    from rater_desktop.batch.container import check_relative_path

    assert check_relative_path("screens/a.png") == "screens/a.png"
    assert check_relative_path("./screens//a.png") == "screens/a.png"
    assert check_relative_path("screens/") == "screens"
