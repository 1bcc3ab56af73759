"""OpenSSH ``allowed_signers`` files: the roster of who may sign results.

Line format (ssh-keygen(1), "ALLOWED SIGNERS"): ``principals [options] keytype base64-key
[comment]``; ``#`` comments and blank lines are ignored. ``principals`` is a comma-separated
pattern list (``*``, ``?``, ``!negation``); options include ``namespaces="a,b"``,
``valid-after``/``valid-before`` and ``cert-authority`` (certificates are not supported, so
such lines never match).
"""

from __future__ import annotations

import base64
import binascii
import fnmatch
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

MAX_ROSTER_BYTES = 4 * 1024 * 1024
_KEY_TYPE_PREFIXES = ("ssh-", "ecdsa-", "sk-")


class AllowedSignersError(ValueError):
    """The roster file cannot be read; the message names the line."""


@dataclass(frozen=True)
class AllowedSigner:
    """One roster line."""

    principals: tuple[str, ...]
    key_type: str
    key_blob: bytes
    namespaces: tuple[str, ...] | None = None
    cert_authority: bool = False
    valid_after: datetime | None = None
    valid_before: datetime | None = None
    line_number: int = 0

    def matches_principal(self, name: str) -> bool:
        return match_pattern_list(name, self.principals)

    def allows_namespace(self, namespace: str) -> bool:
        return self.namespaces is None or match_pattern_list(namespace, self.namespaces)

    def valid_at(self, moment: datetime) -> bool:
        if self.valid_after is not None and moment < self.valid_after:
            return False
        return self.valid_before is None or moment < self.valid_before


def match_pattern_list(name: str, patterns: tuple[str, ...] | list[str]) -> bool:
    """OpenSSH pattern-list semantics: any positive match, and no negated (``!``) match."""
    matched = False
    for pattern in patterns:
        if pattern.startswith("!"):
            if _match_pattern(name, pattern[1:]):
                return False
        elif _match_pattern(name, pattern):
            matched = True
    return matched


def _match_pattern(name: str, pattern: str) -> bool:
    # fnmatchcase also knows [...] classes, which OpenSSH does not: escape them.
    escaped = pattern.replace("[", "[[]")
    return fnmatch.fnmatchcase(name, escaped)


def _split_fields(line: str) -> list[str]:
    """Split on whitespace outside double quotes (options may quote commas and spaces)."""
    fields: list[str] = []
    current: list[str] = []
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
            current.append(char)
        elif char.isspace() and not quoted:
            if current:
                fields.append("".join(current))
                current = []
        else:
            current.append(char)
    if quoted:
        raise ValueError("unbalanced double quote")
    if current:
        fields.append("".join(current))
    return fields


def _split_options(text: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r'(?:[^,"]|"[^"]*")+', text)]


def _parse_time(value: str) -> datetime:
    value = value.rstrip("Zz")
    for fmt in ("%Y%m%d%H%M%S", "%Y%m%d%H%M", "%Y%m%d"):
        try:
            return datetime.strptime(value, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise ValueError(f"bad timestamp {value!r} (expected YYYYMMDD[HHMM[SS]])")


def _option_fields(options: str) -> dict[str, object]:
    result: dict[str, object] = {}
    for option in _split_options(options):
        name, _, raw_value = option.partition("=")
        value = raw_value.strip('"')
        lowered = name.lower()
        if lowered == "cert-authority":
            result["cert_authority"] = True
        elif lowered == "namespaces":
            result["namespaces"] = tuple(v for v in value.split(",") if v)
        elif lowered in ("valid-after", "valid-before"):
            result[lowered.replace("-", "_")] = _parse_time(value)
        else:
            raise ValueError(f"unknown option {name!r}")
    return result


def _parse_line(line: str, line_number: int) -> AllowedSigner:
    fields = _split_fields(line)
    if len(fields) < 3:
        raise ValueError("expected 'principals [options] keytype base64-key'")
    principals = tuple(p for p in fields[0].strip('"').split(",") if p)
    options: dict[str, object] = {}
    rest = fields[1:]
    if not rest[0].startswith(_KEY_TYPE_PREFIXES):
        options = _option_fields(rest[0])
        rest = rest[1:]
    if len(rest) < 2:
        raise ValueError("the key type or the key is missing")
    key_type, key_text = rest[0], rest[1]
    try:
        blob = base64.b64decode(key_text, validate=True)
    except binascii.Error as exc:
        raise ValueError("the key's base64 text is damaged") from exc
    if not principals:
        raise ValueError("no principals")
    return AllowedSigner(
        principals=principals,
        key_type=key_type,
        key_blob=blob,
        line_number=line_number,
        **options,  # type: ignore[arg-type]
    )


def parse_allowed_signers(text: str, *, source: str = "allowed_signers") -> list[AllowedSigner]:
    """Parse a roster; raises AllowedSignersError naming the file and line."""
    signers: list[AllowedSigner] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            signers.append(_parse_line(line, number))
        except ValueError as exc:
            raise AllowedSignersError(
                f"{source}, line {number}: {exc}. Fix or remove that line of the roster."
            ) from exc
    return signers


def load_allowed_signers(path: Path) -> list[AllowedSigner]:
    try:
        if path.stat().st_size > MAX_ROSTER_BYTES:
            raise AllowedSignersError(f"{path}: too large to be an allowed_signers roster")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AllowedSignersError(f"cannot read the roster {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise AllowedSignersError(f"{path}: not a UTF-8 text file") from exc
    return parse_allowed_signers(text, source=str(path))


def find_signers(
    signers: list[AllowedSigner],
    *,
    key_blob: bytes,
    namespace: str,
    moment: datetime | None = None,
) -> list[AllowedSigner]:
    """Roster lines that trust ``key_blob`` for ``namespace`` at ``moment`` (default: now)."""
    when = moment or datetime.now(UTC)
    return [
        s
        for s in signers
        if not s.cert_authority
        and s.key_blob == key_blob
        and s.allows_namespace(namespace)
        and s.valid_at(when)
    ]


def allowed_signers_line(principal: str, openssh_public_key: str) -> str:
    """``<principal> ssh-ed25519 AAAA...``, ready to append to a roster."""
    return f"{principal} {openssh_public_key}"
