"""Property tests: random bytes and random JSON only ever give clean BatchErrors."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

from batchkit import batch_files, item, write_folder
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rater_desktop.batch.errors import BatchError
from rater_desktop.batch.images import ImageProblem, decode_image
from rater_desktop.batch.loader import open_batch
from rater_desktop.batch.validate import validate_batch

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=25,
)

# Objects that look like items, so the checks below the top level get exercised too.
item_like = st.fixed_dictionaries(
    {"id": st.sampled_from(["i-1", "bad id", 7, None]), "prompt": json_values, "responses": json_values},
    optional={"kind": json_values, "gold": json_values, "context": json_values},
)


def _all_problems_are_clean(path: Path) -> None:
    report = validate_batch(path, deep=True)
    for problem in report.errors + report.warnings:
        assert problem.render()
    try:
        with open_batch(path) as batch:
            for entry in batch.index:
                try:
                    batch.item(entry.item_id)
                except BatchError as exc:
                    assert exc.problem.render()
    except BatchError as exc:
        assert exc.problem.render()


@FUZZ
@given(data=st.binary(max_size=2000))
def test_random_bytes_as_zip(tmp_path_factory: Any, data: bytes) -> None:
    path = tmp_path_factory.mktemp("z") / "b.zip"
    path.write_bytes(data)
    _all_problems_are_clean(path)


@FUZZ
@given(manifest=json_values)
def test_random_json_as_manifest(tmp_path_factory: Any, manifest: Any) -> None:
    files = batch_files()
    files["batch.json"] = json.dumps(manifest).encode()
    _all_problems_are_clean(write_folder(tmp_path_factory.mktemp("m"), files))


@FUZZ
@given(lines=st.lists(st.one_of(item_like, json_values), min_size=1, max_size=4))
def test_random_json_as_items(tmp_path_factory: Any, lines: list[Any]) -> None:
    files = batch_files()
    files["items.jsonl"] = "".join(json.dumps(line) + "\n" for line in lines).encode()
    _all_problems_are_clean(write_folder(tmp_path_factory.mktemp("i"), files))


@FUZZ
@given(raw=st.binary(max_size=600))
def test_random_bytes_as_items_file(tmp_path_factory: Any, raw: bytes) -> None:
    files = batch_files()
    files["items.jsonl"] = raw
    _all_problems_are_clean(write_folder(tmp_path_factory.mktemp("r"), files))


@FUZZ
@given(position=st.integers(min_value=0, max_value=10_000), value=st.integers(0, 255))
def test_corrupted_zip_bytes(tmp_path_factory: Any, position: int, value: int) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in batch_files([item("a-1"), item("a-2")]).items():
            archive.writestr(name, data)
    data = bytearray(buffer.getvalue())
    data[position % len(data)] = value
    path = tmp_path_factory.mktemp("c") / "b.zip"
    path.write_bytes(bytes(data))
    _all_problems_are_clean(path)


@FUZZ
@given(data=st.binary(max_size=3000))
def test_random_bytes_as_image(data: bytes) -> None:
    for prefix in (b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"RIFF\0\0\0\0WEBP"):
        try:
            decode_image(prefix + data, max_side=64)
        except ImageProblem as exc:
            assert str(exc)


def _sample_zip() -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in batch_files([item("a-1"), item("a-2")]).items():
            archive.writestr(name, data)
    return bytearray(buffer.getvalue())


def _refused_cleanly(path: Path) -> str:
    report = validate_batch(path, deep=True)
    assert report.errors and all(problem.render() for problem in report.errors)
    try:
        with open_batch(path):
            raise AssertionError("a damaged zip opened")
    except BatchError as exc:
        return exc.problem.render()


def test_zip_entry_with_an_empty_name_is_a_clean_problem(tmp_path: Path) -> None:
    """Found by the fuzz test: zipfile cuts a name at a NUL byte, and ZipInfo.is_dir()
    then raised IndexError on the empty name."""
    data = _sample_zip()
    first_central = data.index(b"PK\x01\x02")
    data[first_central + 46] = 0  # first byte of the entry's name
    path = tmp_path / "b.zip"
    path.write_bytes(bytes(data))
    assert _refused_cleanly(path)


def test_zip_with_a_shifted_central_directory_is_a_clean_problem(tmp_path: Path) -> None:
    """Found by the fuzz test: a wrong central directory offset gives entries a negative
    local header offset, and the seek raised OSError (Invalid argument)."""
    data = _sample_zip()
    end = data.index(b"PK\x05\x06")
    data[end + 16] = 127  # low byte of the central directory's offset
    path = tmp_path / "b.zip"
    path.write_bytes(bytes(data))
    assert _refused_cleanly(path)
