"""Issue 13, item 4: verification checks every identity field, explains roster lines
that only restrict the key, and reads armor as ssh-keygen does."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from test_results_support import sample_document

from rater_desktop.results.export import export_results
from rater_desktop.results.verify import VerifyStatus, verify_results_file
from rater_desktop.signing import keys
from rater_desktop.signing.allowed_signers import parse_allowed_signers

KEY = keys.generate_private_key()
LINE = keys.openssh_public_key(KEY.public_key())
BOB = keys.generate_private_key()
BOB_LINE = keys.openssh_public_key(BOB.public_key())
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def _export(tmp_path: Path, document: dict) -> Path:  # type: ignore[type-arg]
    return export_results(out_path=tmp_path / "x", document=document, private_key=KEY).results_path


def _check(path: Path, roster_text: str) -> object:
    return verify_results_file(results_path=path, allowed_signers=parse_allowed_signers(
        roster_text), moment=NOW)


def test_file_carrying_another_raters_public_key_and_name_is_invalid(tmp_path: Path) -> None:
    document = sample_document(KEY)
    document["rater"]["public_key"] = BOB_LINE  # fingerprint and id stay the signer's
    document["rater"]["display_name"] = "Bob B."
    outcome = _check(_export(tmp_path, document), f"alice {LINE}\nbob {BOB_LINE}\n")
    assert outcome.status is VerifyStatus.SIGNER_MISMATCH  # type: ignore[attr-defined]
    assert "public key" in outcome.message  # type: ignore[attr-defined]


def test_unusable_public_key_field_is_invalid(tmp_path: Path) -> None:
    document = sample_document(KEY)
    document["rater"]["public_key"] = "ssh-rsa AAAA"
    outcome = _check(_export(tmp_path, document), f"alice {LINE}\n")
    assert outcome.status is VerifyStatus.SIGNER_MISMATCH  # type: ignore[attr-defined]


def test_expired_roster_line_has_its_own_message(tmp_path: Path) -> None:
    path = _export(tmp_path, sample_document(KEY))
    outcome = _check(path, f'alice valid-before="20260101" {LINE}\n')
    assert outcome.status is VerifyStatus.UNKNOWN_SIGNER  # type: ignore[attr-defined]
    message = outcome.message  # type: ignore[attr-defined]
    assert "expired on 2026-01-01" in message and "not in the allowed signers" not in message
    assert "roster line 1 (alice)" in message


def test_not_yet_valid_roster_line_has_its_own_message(tmp_path: Path) -> None:
    path = _export(tmp_path, sample_document(KEY))
    outcome = _check(path, f'alice valid-after="20270101" {LINE}\n')
    message = outcome.message  # type: ignore[attr-defined]
    assert "valid only from 2027-01-01" in message and "not in the allowed" not in message


def test_namespace_restricted_roster_line_has_its_own_message(tmp_path: Path) -> None:
    path = _export(tmp_path, sample_document(KEY))
    outcome = _check(path, f'alice namespaces="git,file" {LINE}\n')
    assert outcome.status is VerifyStatus.UNKNOWN_SIGNER  # type: ignore[attr-defined]
    message = outcome.message  # type: ignore[attr-defined]
    assert "only for the namespaces \u201cgit,file\u201d" in message


def test_key_absent_from_the_roster_still_says_so(tmp_path: Path) -> None:
    outcome = _check(_export(tmp_path, sample_document(KEY)), f"bob {BOB_LINE}\n")
    assert "not in the allowed signers roster" in outcome.message  # type: ignore[attr-defined]


def test_signature_without_final_newline_verifies_and_crlf_is_refused(tmp_path: Path) -> None:
    path = _export(tmp_path, sample_document(KEY))
    sig = path.with_name(path.name + ".sig")
    original = sig.read_bytes()
    sig.write_bytes(original.rstrip(b"\n"))
    assert _check(path, f"alice {LINE}\n").status is VerifyStatus.VALID  # type: ignore[attr-defined]
    sig.write_bytes(original.replace(b"\n", b"\r\n"))
    outcome = _check(path, f"alice {LINE}\n")
    assert outcome.status is VerifyStatus.MALFORMED_SIGNATURE  # type: ignore[attr-defined]
    assert "CRLF" in outcome.message  # type: ignore[attr-defined]
