"""What a rater's export offers and says, without Qt (``rater_desktop.rater_export``)."""

from __future__ import annotations

import shlex
from pathlib import Path

from rater_desktop.rater_export import (
    VERIFY_NOTE,
    ExportOutcome,
    NothingToExportError,
    default_file_name,
    describe_export_failure,
    exported_text,
    verify_command,
)
from rater_desktop.results.binding import RatedBatchChangedError
from rater_desktop.signing.keys import WrongPassphraseError


def _outcome(tmp_path: Path, left_out: list[str]) -> ExportOutcome:
    return ExportOutcome(results_path=tmp_path / "b-r.results.json",
                         signature_path=tmp_path / "b-r.results.json.sig",
                         results_sha256="ab" * 32, exported=3, total=5, left_out=left_out)


def test_the_file_name_offered_is_safe() -> None:
    assert default_file_name("batch 1/x", "r:ä") == "batch_1_x-r_ä.results.json"
    assert default_file_name("b-1.v2", "rater_7") == "b-1.v2-rater_7.results.json"


def test_the_verify_command_quotes_its_paths() -> None:
    command = verify_command(Path("/home/me/my results.json"), "/data/batch 1")
    assert shlex.split(command) == ["rater-desktop", "verify", "/home/me/my results.json",
                                    "--batch", "/data/batch 1"]


def test_the_message_after_an_export(tmp_path: Path) -> None:
    text = exported_text(_outcome(tmp_path, ["i-4", "i-5"]), str(tmp_path / "batch"))
    lines = text.split("\n")
    assert lines[0] == "Exported 3 of 5 items."
    assert f"Results: {tmp_path / 'b-r.results.json'}" in lines
    assert f"SHA-256 of the results file: {'ab' * 32}" in lines
    assert "2 items were left out (not complete)." in lines
    assert verify_command(tmp_path / "b-r.results.json",
                          str((tmp_path / "batch").resolve())) in lines
    assert lines[-1] == VERIFY_NOTE and "UNKNOWN SIGNER" in VERIFY_NOTE
    assert "left out" not in exported_text(_outcome(tmp_path, []), "BATCH")


def test_permission_denied_message_says_what_to_do() -> None:
    text = describe_export_failure(PermissionError(13, "Permission denied", "/srv/r.json"))
    assert "Permission denied" in text and "/srv/r.json" in text and "Choose a folder" in text


def test_each_failure_in_plain_words() -> None:
    assert describe_export_failure(NothingToExportError("Nothing to export: x")) == \
        "Nothing to export: x"
    changed = RatedBatchChangedError(batch_id="b", rated_sha256="a" * 64, disk_sha256="c" * 64)
    assert describe_export_failure(changed) == str(changed)
    assert "passphrase is not right" in describe_export_failure(WrongPassphraseError("x"))
    other = describe_export_failure(OSError("disk full"))
    assert other == "The export did not finish and no file was written.\n\ndisk full"
    assert "Choose a folder" in describe_export_failure(OSError("[Errno 13] Permission denied"))
    assert describe_export_failure(RuntimeError()).endswith("\n\nRuntimeError")
