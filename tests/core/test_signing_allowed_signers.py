"""allowed_signers rosters: parsing, options, principal patterns."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rater_desktop.signing import keys
from rater_desktop.signing.allowed_signers import (
    AllowedSignersError,
    allowed_signers_line,
    find_signers,
    load_allowed_signers,
    match_pattern_list,
    parse_allowed_signers,
)

KEY = keys.generate_private_key().public_key()
LINE = keys.openssh_public_key(KEY)
BLOB = keys.public_key_blob(KEY)
NS = "rater-desktop-results@v1"


def test_plain_lines_comments_and_blank_lines() -> None:
    text = f"# QA roster\n\nalice {LINE} Alice's laptop\n  # indented comment\nbob,carol {LINE}\n"
    signers = parse_allowed_signers(text)
    assert [s.principals for s in signers] == [("alice",), ("bob", "carol")]
    assert signers[0].key_blob == BLOB and signers[0].key_type == "ssh-ed25519"
    assert signers[1].line_number == 5


def test_options_namespaces_and_validity() -> None:
    text = (
        f'alice namespaces="{NS},file",valid-after="20260101",valid-before="20270101Z" {LINE}\n'
        f'"bob@example.com" cert-authority {LINE}\n'
    )
    alice, bob = parse_allowed_signers(text)
    assert alice.namespaces == (NS, "file")
    assert alice.valid_after == datetime(2026, 1, 1, tzinfo=UTC)
    assert alice.allows_namespace(NS) and not alice.allows_namespace("git")
    assert bob.cert_authority and bob.principals == ("bob@example.com",)
    inside = datetime(2026, 11, 30, tzinfo=UTC)
    assert find_signers([alice, bob], key_blob=BLOB, namespace=NS, moment=inside) == [alice]
    assert find_signers([alice], key_blob=BLOB, namespace="git", moment=inside) == []
    later = datetime(2027, 6, 1, tzinfo=UTC)
    assert find_signers([alice], key_blob=BLOB, namespace=NS, moment=later) == []


def test_find_signers_matches_by_key() -> None:
    other = keys.openssh_public_key(keys.generate_private_key().public_key())
    signers = parse_allowed_signers(f"alice {LINE}\nmallory {other}\n")
    found = find_signers(signers, key_blob=BLOB, namespace=NS)
    assert [s.principals for s in found] == [("alice",)]


@pytest.mark.parametrize(
    ("name", "patterns", "expected"),
    [
        ("alice", ["alice"], True),
        ("alice", ["bob"], False),
        ("alice", ["*"], True),
        ("rater-07", ["rater-*"], True),
        ("rater-07", ["rater-0?"], True),
        ("rater-17", ["rater-0?"], False),
        ("rater-07", ["rater-*", "!rater-07"], False),
        ("alice", ["[a]lice"], False),
    ],
)
def test_principal_patterns(name: str, patterns: list[str], expected: bool) -> None:
    assert match_pattern_list(name, patterns) is expected


@pytest.mark.parametrize(
    "bad",
    [
        "alice",
        "alice ssh-ed25519",
        "alice ssh-ed25519 !!!notbase64",
        f'alice bogus-option="x" {LINE}',
        f'alice namespaces="unterminated {LINE}',
        f'alice valid-after="yesterday" {LINE}',
    ],
)
def test_malformed_lines_name_the_line(bad: str) -> None:
    with pytest.raises(AllowedSignersError, match="roster.txt, line 2"):
        parse_allowed_signers(f"# header\n{bad}\n", source="roster.txt")


def test_load_and_line_helper(tmp_path: Path) -> None:
    path = tmp_path / "allowed_signers"
    path.write_text(allowed_signers_line("alice", LINE) + "\n")
    (signer,) = load_allowed_signers(path)
    assert signer.matches_principal("alice")
    assert base64.b64encode(signer.key_blob).decode() == LINE.split()[1]
    with pytest.raises(AllowedSignersError, match="cannot read"):
        load_allowed_signers(tmp_path / "missing")
