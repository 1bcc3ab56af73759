"""SSHSIG signatures: format, strict parsing, tampering, and interoperability with OpenSSH."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.signing import keys, sshsig

NAMESPACE = "rater-desktop-results@v1"
SSH_KEYGEN = shutil.which("ssh-keygen")
needs_ssh_keygen = pytest.mark.skipif(
    SSH_KEYGEN is None, reason="ssh-keygen (OpenSSH) is not installed on this machine"
)
PRIVATE = keys.generate_private_key()
MESSAGE = b'{"format":"rater-desktop-results","items":[]}\n'
SIGNATURE = sshsig.sign(MESSAGE, private_key=PRIVATE, namespace=NAMESPACE).encode("ascii")


def _ssh_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("SSH_AUTH_SOCK", None)  # never talk to a real agent
    return env


def test_armor_shape() -> None:
    lines = SIGNATURE.decode().splitlines()
    assert lines[0] == "-----BEGIN SSH SIGNATURE-----"
    assert lines[-1] == "-----END SSH SIGNATURE-----"
    assert all(len(line) == 70 for line in lines[1:-2]) and 0 < len(lines[-2]) <= 70
    assert SIGNATURE.endswith(b"\n")


def test_round_trip_reports_the_signer() -> None:
    parsed = sshsig.verify(MESSAGE, SIGNATURE, namespace=NAMESPACE)
    assert parsed.fingerprint == keys.fingerprint(PRIVATE.public_key())
    assert parsed.hash_algorithm == "sha512" and parsed.reserved == b""


def test_signing_is_deterministic() -> None:
    again = sshsig.sign(MESSAGE, private_key=PRIVATE, namespace=NAMESPACE).encode("ascii")
    assert again == SIGNATURE


def test_wrong_namespace_is_refused() -> None:
    other = sshsig.sign(MESSAGE, private_key=PRIVATE, namespace="file").encode("ascii")
    with pytest.raises(sshsig.NamespaceMismatchError):
        sshsig.verify(MESSAGE, other, namespace=NAMESPACE)


def test_crlf_line_ends_are_refused_as_ssh_keygen_refuses_them() -> None:
    crlf = SIGNATURE.replace(b"\n", b"\r\n")
    with pytest.raises(sshsig.SignatureFormatError, match="CRLF"):
        sshsig.verify(MESSAGE, crlf, namespace=NAMESPACE)


def test_missing_final_newline_is_accepted_as_ssh_keygen_accepts_it() -> None:
    assert sshsig.verify(MESSAGE, SIGNATURE.rstrip(b"\n"), namespace=NAMESPACE)


@pytest.mark.parametrize("data", [b"", b"garbage", b"-----BEGIN SSH SIGNATURE-----\n\n"])
def test_garbage_is_malformed(data: bytes) -> None:
    with pytest.raises(sshsig.SignatureFormatError):
        sshsig.verify(MESSAGE, data, namespace=NAMESPACE)


def _rejected(message: bytes, signature: bytes) -> bool:
    try:
        sshsig.verify(message, signature, namespace=NAMESPACE)
    except (
        sshsig.SignatureFormatError,
        sshsig.SignatureMismatchError,
        sshsig.NamespaceMismatchError,
    ):
        return True
    return False


def test_every_single_byte_flip_of_message_or_signature_is_detected() -> None:
    for index in range(len(MESSAGE)):
        for mask in (0x01, 0x80, 0xFF):
            changed = bytearray(MESSAGE)
            changed[index] ^= mask
            assert _rejected(bytes(changed), SIGNATURE), (index, mask)
    blob = sshsig.dearmor(SIGNATURE)
    for index in range(len(SIGNATURE)):
        for mask in (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF):
            changed = bytearray(SIGNATURE)
            changed[index] ^= mask
            # Like ssh-keygen, a changed line feed may become other whitespace or the
            # bytes after END may change: accepted only when the signature is the same.
            assert _rejected(MESSAGE, bytes(changed)) or _same_blob(bytes(changed), blob), (
                index, mask)


def _same_blob(armored: bytes, blob: bytes) -> bool:
    """The same signature: equal blobs, apart from the unsigned version field (OpenSSH
    accepts any version up to 1 there)."""
    try:
        changed = sshsig.dearmor(armored)
    except sshsig.SignatureFormatError:
        return False
    return changed[:6] + changed[10:] == blob[:6] + blob[10:]


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_byte_replacement_in_the_signature_is_detected(data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(SIGNATURE) - 1))
    value = data.draw(st.integers(0, 255).filter(lambda v: v != SIGNATURE[index]))
    changed = bytearray(SIGNATURE)
    changed[index] = value
    assert _rejected(MESSAGE, bytes(changed)) or _same_blob(
        bytes(changed), sshsig.dearmor(SIGNATURE))


def test_truncated_or_extended_signature_is_detected() -> None:
    assert _rejected(MESSAGE, SIGNATURE[: SIGNATURE.index(b"-----END")])
    assert _rejected(MESSAGE, SIGNATURE[:40] + SIGNATURE[41:])  # a base64 character less
    assert _rejected(MESSAGE, b" " + SIGNATURE)


@needs_ssh_keygen
def test_ssh_keygen_verifies_our_signature(tmp_path: Path) -> None:
    message = tmp_path / "x.results.json"
    message.write_bytes(MESSAGE)
    (tmp_path / "x.results.json.sig").write_bytes(SIGNATURE)
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"alice {keys.openssh_public_key(PRIVATE.public_key())}\n")
    result = subprocess.run(
        [str(SSH_KEYGEN), "-Y", "verify", "-f", str(roster), "-I", "alice", "-n", NAMESPACE,
         "-s", str(tmp_path / "x.results.json.sig")],
        input=MESSAGE, capture_output=True, env=_ssh_env(), timeout=30,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr.decode()
    assert b"Good" in result.stdout + result.stderr
    tampered = subprocess.run(
        [str(SSH_KEYGEN), "-Y", "verify", "-f", str(roster), "-I", "alice", "-n", NAMESPACE,
         "-s", str(tmp_path / "x.results.json.sig")],
        input=MESSAGE + b" ", capture_output=True, env=_ssh_env(), timeout=30,
    )  # fmt: skip
    assert tampered.returncode != 0


@needs_ssh_keygen
def test_we_verify_a_signature_made_by_ssh_keygen(tmp_path: Path) -> None:
    private = keys.generate_private_key()
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(
        private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.OpenSSH,
            serialization.NoEncryption(),
        )
    )
    key_file.chmod(0o600)
    message = tmp_path / "x.results.json"
    message.write_bytes(b"signed by OpenSSH\n")
    subprocess.run(
        [str(SSH_KEYGEN), "-Y", "sign", "-f", str(key_file), "-n", NAMESPACE, str(message)],
        check=True, capture_output=True, env=_ssh_env(), timeout=30,
    )  # fmt: skip
    armored = (tmp_path / "x.results.json.sig").read_bytes()
    parsed = sshsig.verify(message.read_bytes(), armored, namespace=NAMESPACE)
    assert parsed.fingerprint == keys.fingerprint(private.public_key())
    assert _rejected(b"signed by OpenSSH!\n", armored)


def _armor_variants() -> dict[str, bytes]:
    lines = SIGNATURE.decode().split("\n")
    text = "".join(lines[1:-2])
    rewrapped = "\n".join([lines[0], *(text[i:i + 64] for i in range(0, len(text), 64)),
                           lines[-2]]) + "\n"
    spare = bytearray(SIGNATURE)
    last = SIGNATURE.index(b"=") - 1  # the base64 character carrying unused bits
    spare[last] = ord("B") if spare[last] == ord("A") else ord("A")
    return {
        "canonical": SIGNATURE,
        "no final newline": SIGNATURE.rstrip(b"\n"),
        "crlf": SIGNATURE.replace(b"\n", b"\r\n"),
        "crlf, no final newline": SIGNATURE.replace(b"\n", b"\r\n").rstrip(b"\r\n"),
        "crlf body, lf header": SIGNATURE.replace(b"\n", b"\r\n").replace(b"\r\n", b"\n", 1),
        "cr only": SIGNATURE.replace(b"\n", b"\r"),
        "two final newlines": SIGNATURE + b"\n",
        "trailing text after END": SIGNATURE + b"trailing words\n",
        "leading newline": b"\n" + SIGNATURE,
        "rewrapped at 64": rewrapped.encode(),
        "unused bits changed": bytes(spare),
        "no END line": SIGNATURE[: SIGNATURE.index(b"-----END")],
    }


@needs_ssh_keygen
def test_armor_details_match_ssh_keygen(tmp_path: Path) -> None:
    """Every armor variant (and sample byte flips) gets the same verdict from ssh-keygen
    -Y verify as from Rater Desktop, so the README's OpenSSH command never disagrees."""
    import random

    (tmp_path / "m").write_bytes(MESSAGE)
    roster = tmp_path / "allowed_signers"
    roster.write_text(f"alice {keys.openssh_public_key(PRIVATE.public_key())}\n")
    variants = _armor_variants()
    rng = random.Random(13)
    for n in range(40):
        index, mask = rng.randrange(len(SIGNATURE)), 1 << rng.randrange(8)
        changed = bytearray(SIGNATURE)
        changed[index] ^= mask
        variants[f"flip {n}: byte {index} ^ {mask:#x}"] = bytes(changed)
    verdicts = {}
    for name, data in variants.items():
        sig = tmp_path / "m.sig"
        sig.write_bytes(data)
        result = subprocess.run(
            [str(SSH_KEYGEN), "-Y", "verify", "-f", str(roster), "-I", "alice", "-n", NAMESPACE,
             "-s", str(sig)], input=MESSAGE, capture_output=True, env=_ssh_env(), timeout=30)
        verdicts[name] = (result.returncode == 0, not _rejected(MESSAGE, data))
    disagreements = {name: v for name, v in verdicts.items() if v[0] != v[1]}
    assert disagreements == {}
    assert verdicts["no final newline"] == (True, True)
    assert verdicts["canonical"] == (True, True)
