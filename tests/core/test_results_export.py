"""Export: file names, exact signed bytes, determinism, and atomicity under failures."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from test_results_support import sample_document

from rater_desktop.results import export as export_module
from rater_desktop.results.canonical import canonical_json_bytes
from rater_desktop.results.document import SIGNATURE_NAMESPACE
from rater_desktop.results.export import ExportError, export_results, results_paths
from rater_desktop.signing import atomic_files, keys, sshsig

KEY = keys.generate_private_key()


@pytest.mark.parametrize("name", ["alice-demo", "alice-demo.json", "alice-demo.results.json"])
def test_result_file_names(tmp_path: Path, name: str) -> None:
    results, sig = results_paths(tmp_path / name)
    assert results == tmp_path / "alice-demo.results.json"
    assert sig == tmp_path / "alice-demo.results.json.sig"


def test_export_writes_signed_canonical_bytes(tmp_path: Path) -> None:
    doc = sample_document(KEY)
    files = export_results(out_path=tmp_path / "out", document=doc, private_key=KEY)
    data = files.results_path.read_bytes()
    assert data == canonical_json_bytes(doc) and data.endswith(b"}\n")
    assert "Ærøskøbing".encode() in data  # UTF-8, not \u escapes
    parsed = sshsig.verify(data, files.signature_path.read_bytes(), namespace=SIGNATURE_NAMESPACE)
    assert parsed.fingerprint == keys.fingerprint(KEY.public_key())
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "out.results.json", "out.results.json.sig",
    ]  # fmt: skip


def test_exporting_the_same_document_twice_gives_identical_files(tmp_path: Path) -> None:
    doc = sample_document(KEY)
    first = export_results(out_path=tmp_path / "one", document=doc, private_key=KEY)
    second = export_results(out_path=tmp_path / "two", document=doc, private_key=KEY)
    assert first.results_path.read_bytes() == second.results_path.read_bytes()
    assert first.signature_path.read_bytes() == second.signature_path.read_bytes()
    assert first.results_sha256 == second.results_sha256


def _fail_on_call(monkeypatch: pytest.MonkeyPatch, name: str, call: int, err: int) -> None:
    real = getattr(os, name)
    calls = {"n": 0}

    def failing(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == call:
            raise OSError(err, os.strerror(err))
        return real(*args, **kwargs)

    monkeypatch.setattr(atomic_files.os, name, failing)


@pytest.mark.parametrize(
    ("name", "call", "err", "message"),
    [
        ("replace", 1, errno.ENOSPC, "disk is full"),
        ("replace", 2, errno.ENOSPC, "disk is full"),
        ("fsync", 1, errno.ENOSPC, "disk is full"),
        ("fsync", 2, errno.EIO, "Could not write"),
        ("replace", 1, errno.EACCES, "Permission denied"),
    ],
)
def test_failure_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, call: int, err: int, message: str
) -> None:
    _fail_on_call(monkeypatch, name, call, err)
    with pytest.raises(ExportError, match=message) as info:
        export_results(out_path=tmp_path / "out", document=sample_document(KEY), private_key=KEY)
    assert "nothing was written" in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_failure_while_replacing_an_older_export_leaves_no_mismatched_pair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    export_results(out_path=tmp_path / "out", document=sample_document(KEY), private_key=KEY)
    _fail_on_call(monkeypatch, "replace", 2, errno.ENOSPC)
    with pytest.raises(ExportError):
        export_results(
            out_path=tmp_path / "out", document=sample_document(KEY, items=3), private_key=KEY
        )
    assert list(tmp_path.iterdir()) == []


def test_permission_denied_on_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def denied(*args: object, **kwargs: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic_files.tempfile, "mkstemp", denied)
    with pytest.raises(ExportError, match="Permission denied: cannot write in"):
        export_results(out_path=tmp_path / "out", document=sample_document(KEY), private_key=KEY)
    assert list(tmp_path.iterdir()) == []


def test_missing_folder_and_folder_as_name(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="does not exist"):
        export_results(
            out_path=tmp_path / "nope" / "out", document=sample_document(KEY), private_key=KEY
        )
    (tmp_path / "x.results.json").mkdir()
    with pytest.raises(ExportError, match="is a folder"):
        export_results(out_path=tmp_path / "x", document=sample_document(KEY), private_key=KEY)


def test_non_finite_numbers_are_refused_before_writing(tmp_path: Path) -> None:
    doc = dict(sample_document(KEY))
    doc["summary"] = {"items": float("nan")}
    with pytest.raises(ExportError, match="finite"):
        export_module.export_results(out_path=tmp_path / "out", document=doc, private_key=KEY)
    assert list(tmp_path.iterdir()) == []
