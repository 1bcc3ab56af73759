"""Verification outcomes, tamper detection on every byte, and OpenSSH interoperability."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from test_results_support import BATCH_SHA, sample_document

from rater_desktop.results import verify as verify_module
from rater_desktop.results.document import SIGNATURE_NAMESPACE
from rater_desktop.results.export import export_results
from rater_desktop.results.verify import (
    VerifyStatus,
    verify_results_bytes,
    verify_results_file,
)
from rater_desktop.signing import keys, sshsig
from rater_desktop.signing.allowed_signers import parse_allowed_signers

KEY = keys.generate_private_key()
LINE = keys.openssh_public_key(KEY.public_key())
ROSTER = parse_allowed_signers(f"alice {LINE}\n")
SSH_KEYGEN = shutil.which("ssh-keygen")
needs_ssh_keygen = pytest.mark.skipif(
    SSH_KEYGEN is None, reason="ssh-keygen (OpenSSH) is not installed on this machine"
)


@pytest.fixture
def exported(tmp_path: Path) -> Path:
    files = export_results(
        out_path=tmp_path / "alice", document=sample_document(KEY, items=1), private_key=KEY
    )
    return files.results_path


def _check(path: Path, **kw: object) -> verify_module.VerifyOutcome:
    kw.setdefault("allowed_signers", ROSTER)
    return verify_results_file(results_path=path, **kw)  # type: ignore[arg-type]


def test_valid_and_known(exported: Path, tmp_path: Path) -> None:
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"# team\nalice {LINE}\n")
    assert _check(exported, allowed_signers=str(roster)).ok
    outcome = _check(exported, allowed_signers=roster, batch_sha256=BATCH_SHA.upper())
    assert outcome.status is VerifyStatus.VALID and outcome.exit_code == 0
    assert outcome.signer_principal == "alice"
    assert outcome.fingerprint == keys.fingerprint(KEY.public_key())
    assert outcome.document is not None and outcome.document["batch"]["sha256"] == BATCH_SHA


def test_wildcard_roster_entry(exported: Path) -> None:
    outcome = _check(exported, allowed_signers=parse_allowed_signers(f"ali* {LINE}\n"))
    assert outcome.status is VerifyStatus.VALID and outcome.signer_principal == "alice"


def test_valid_but_unknown_signer_shows_the_fingerprint(exported: Path) -> None:
    other = keys.openssh_public_key(keys.generate_private_key().public_key())
    for roster in (parse_allowed_signers(f"alice {other}\n"), None, []):
        outcome = _check(exported, allowed_signers=roster)
        assert outcome.status is VerifyStatus.UNKNOWN_SIGNER and outcome.exit_code == 3
        assert outcome.fingerprint == keys.fingerprint(KEY.public_key())
        assert outcome.fingerprint in outcome.message and outcome.signer_principal is None


def test_roster_namespace_restriction_is_honoured(exported: Path) -> None:
    roster = parse_allowed_signers(f'alice namespaces="git" {LINE}\n')
    assert _check(exported, allowed_signers=roster).status is VerifyStatus.UNKNOWN_SIGNER


def test_signer_claiming_another_rater_is_invalid(tmp_path: Path) -> None:
    files = export_results(
        out_path=tmp_path / "x", document=sample_document(KEY, rater_id="bob"), private_key=KEY
    )
    outcome = _check(files.results_path)
    assert outcome.status is VerifyStatus.SIGNER_MISMATCH and outcome.exit_code == 1
    assert "bob" in outcome.message


def test_document_naming_another_key_is_invalid(tmp_path: Path) -> None:
    doc = sample_document(keys.generate_private_key())  # records someone else's key
    files = export_results(out_path=tmp_path / "x", document=doc, private_key=KEY)
    assert _check(files.results_path).status is VerifyStatus.SIGNER_MISMATCH


def test_batch_mismatch(exported: Path) -> None:
    outcome = _check(exported, batch_sha256="00" * 32)
    assert outcome.status is VerifyStatus.BATCH_MISMATCH and outcome.exit_code == 1


def test_missing_malformed_and_wrong_namespace_signatures(exported: Path) -> None:
    sig = exported.with_name(exported.name + ".sig")
    data = exported.read_bytes()
    sig.write_bytes(sshsig.sign(data, private_key=KEY, namespace="file").encode())
    assert _check(exported).status is VerifyStatus.WRONG_NAMESPACE
    sig.write_text("not a signature\n")
    assert _check(exported).status is VerifyStatus.MALFORMED_SIGNATURE
    sig.unlink()
    outcome = _check(exported)
    assert outcome.status is VerifyStatus.MISSING_SIGNATURE and outcome.exit_code == 1
    assert _check(exported.with_name("nope.json")).status is VerifyStatus.UNREADABLE


def test_json_is_not_parsed_before_the_signature_is_checked(
    exported: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []

    def watched(real: Any) -> Any:
        def read(text: str) -> Any:
            calls.append(text)
            return real(text)

        return read

    monkeypatch.setattr(verify_module.json, "loads", watched(json.loads))
    monkeypatch.setattr(verify_module, "loads_with_item_spans",
                        watched(verify_module.loads_with_item_spans))  # fmt: skip
    signature = exported.with_name(exported.name + ".sig").read_bytes()
    for places in (False, True):  # the readers are watched
        outcome = verify_results_bytes(results=exported.read_bytes(), signature=signature,
                                       allowed_signers=ROSTER, item_spans=places)  # fmt: skip
        assert outcome.ok and len(calls) == 1 and (outcome.item_spans is not None) == places
        calls.clear()
    tampered = exported.read_bytes().replace(b'"alice"', b'"mallo"', 1)
    for places in (False, True):
        outcome = verify_results_bytes(results=tampered, signature=signature,
                                       allowed_signers=ROSTER, item_spans=places)  # fmt: skip
        assert outcome.status is VerifyStatus.TAMPERED
    assert calls == []


def test_signed_non_results_content_is_malformed(tmp_path: Path) -> None:
    target = tmp_path / "x.results.json"
    target.write_bytes(b"[1, 2")
    (tmp_path / "x.results.json.sig").write_text(
        sshsig.sign(b"[1, 2", private_key=KEY, namespace=SIGNATURE_NAMESPACE)
    )
    assert _check(target).status is VerifyStatus.MALFORMED_RESULTS


def test_hostile_signed_content_and_oversized_signature(tmp_path: Path) -> None:
    target = tmp_path / "x.results.json"
    nested = b"[" * 200_000
    target.write_bytes(nested)
    sig = tmp_path / "x.results.json.sig"
    sig.write_text(sshsig.sign(nested, private_key=KEY, namespace=SIGNATURE_NAMESPACE))
    assert _check(target).status is VerifyStatus.MALFORMED_RESULTS
    sig.write_bytes(b"-" * (verify_module.MAX_SIGNATURE_BYTES + 1))
    assert _check(target).status is VerifyStatus.MALFORMED_SIGNATURE


def test_a_signed_number_too_long_to_read_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    target = tmp_path / "x.results.json"
    data = b'{"format":"rater-desktop-results","n":' + b"9" * 5000 + b"}"
    target.write_bytes(data)
    (tmp_path / "x.results.json.sig").write_text(
        sshsig.sign(data, private_key=KEY, namespace=SIGNATURE_NAMESPACE)
    )
    outcome = _check(target)
    assert outcome.status is VerifyStatus.MALFORMED_RESULTS
    assert outcome.message == ("The signature is valid but the file is not usable results: "
                               "a number in it has too many digits.")  # fmt: skip


def test_every_byte_of_a_small_results_file_and_its_signature_is_protected(
    exported: Path,
) -> None:
    results = exported.read_bytes()
    signature = exported.with_name(exported.name + ".sig").read_bytes()
    assert verify_results_bytes(results=results, signature=signature, allowed_signers=ROSTER).ok
    for index in range(len(results)):
        changed = bytearray(results)
        changed[index] ^= 0x01
        outcome = verify_results_bytes(
            results=bytes(changed), signature=signature, allowed_signers=ROSTER
        )
        assert outcome.status is VerifyStatus.TAMPERED, index
    for index in range(len(signature)):
        changed = bytearray(signature)
        changed[index] ^= 0x01
        outcome = verify_results_bytes(
            results=results, signature=bytes(changed), allowed_signers=ROSTER
        )
        # As with ssh-keygen, only changes that leave the signature itself as it was (a
        # line feed turned into other whitespace, bytes after END, the unsigned version
        # field lowered) pass; the signed content and signer are unchanged then.
        assert outcome.exit_code == 1 or _same_signature(bytes(changed), signature), (
            index, outcome)


def _same_signature(changed: bytes, original: bytes) -> bool:
    from rater_desktop.signing import sshsig

    try:
        new = sshsig.dearmor(changed)
    except sshsig.SignatureFormatError:
        return False
    old = sshsig.dearmor(original)
    return new[:6] + new[10:] == old[:6] + old[10:]


def _ssh_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("SSH_AUTH_SOCK", None)
    return env


@needs_ssh_keygen
def test_ssh_keygen_verifies_an_exported_results_file(exported: Path, tmp_path: Path) -> None:
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"alice {LINE}\n")
    sig = exported.with_name(exported.name + ".sig")
    result = subprocess.run(
        [str(SSH_KEYGEN), "-Y", "verify", "-f", str(roster), "-I", "alice",
         "-n", SIGNATURE_NAMESPACE, "-s", str(sig)],
        input=exported.read_bytes(), capture_output=True, env=_ssh_env(), timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr.decode()


@needs_ssh_keygen
def test_we_accept_results_signed_by_ssh_keygen(exported: Path, tmp_path: Path) -> None:
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(
        KEY.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.OpenSSH,
            serialization.NoEncryption(),
        )
    )
    key_file.chmod(0o600)
    sig = exported.with_name(exported.name + ".sig")
    sig.unlink()
    subprocess.run(
        [str(SSH_KEYGEN), "-Y", "sign", "-f", str(key_file), "-n", SIGNATURE_NAMESPACE,
         str(exported)],
        check=True, capture_output=True, env=_ssh_env(), timeout=30,
    )  # fmt: skip
    assert sig.is_file()
    outcome = _check(exported)
    assert outcome.status is VerifyStatus.VALID, outcome.message


def _signed(tmp_path: Path, document: dict[str, object]) -> Path:
    data = json.dumps(document).encode()
    target = tmp_path / "v.results.json"
    target.write_bytes(data)
    (tmp_path / "v.results.json.sig").write_text(
        sshsig.sign(data, private_key=KEY, namespace=SIGNATURE_NAMESPACE)
    )
    return target


def test_a_version_1_file_is_still_read(tmp_path: Path) -> None:
    document = sample_document(KEY, items=1)
    document["format_version"] = "1.0"
    outcome = _check(_signed(tmp_path, document))
    assert outcome.status is VerifyStatus.VALID and outcome.document is not None


def test_exports_are_version_2_which_a_version_1_reader_refuses(exported: Path) -> None:
    document = json.loads(exported.read_bytes())
    assert document["format_version"] == "2.0"
    # What a 1.x reader checks: the major version must be 1.
    assert document["format_version"].split(".")[0] != "1"


def test_a_newer_major_version_is_refused_clearly(tmp_path: Path) -> None:
    document = sample_document(KEY, items=1)
    document["format_version"] = "3.0"
    outcome = _check(_signed(tmp_path, document))
    assert outcome.status is VerifyStatus.MALFORMED_RESULTS
    assert "format version '3.0' is newer than this Rater Desktop reads (up to 2.x)" in (
        outcome.message
    )
    assert verify_module.format_version_problem("x") != ""


def test_a_2_3_file_with_a_suggested_citation_exports_and_verifies(tmp_path: Path) -> None:
    from dataclasses import replace

    from test_results_support import EXPORTED_AT, item_record, rater_for

    from rater_desktop.rating.serialize import rating_from_dict
    from rater_desktop.results.document import BatchMeta, build_results_document

    record = item_record("item-1")
    rating = json.loads(json.dumps(record.rating))
    rating["responses"][1]["claims"][0]["shown_evidence"][0]["suggested"] = True
    document = build_results_document(batch=BatchMeta(batch_id="b", sha256=BATCH_SHA),
                                      rater=rater_for(KEY), items=[replace(record, rating=rating)],
                                      exported_at=EXPORTED_AT)
    files = export_results(out_path=tmp_path / "alice", document=document, private_key=KEY)
    outcome = _check(files.results_path)
    assert outcome.ok and outcome.document is not None
    assert outcome.document["format_version"] == "2.4"
    read = rating_from_dict(outcome.document["items"][0]["rating"])
    assert read.responses[1].claims[0].shown_evidence[0].suggested
