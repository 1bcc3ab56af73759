"""The QA reviewer's roster of trusted rater keys, an OpenSSH ``allowed_signers`` file.

Default place: ``<data_dir>/qa/allowed_signers`` (``rater_desktop.appdirs.data_dir()``).
The file stays usable by ``ssh-keygen -Y verify -f``; comments and unknown-but-valid lines
written by hand are kept when entries are added or removed. Writes are atomic.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rater_desktop.signing.allowed_signers import (
    MAX_ROSTER_BYTES,
    AllowedSigner,
    AllowedSignersError,
    parse_allowed_signers,
)

ROSTER_FOLDER = "qa"
ROSTER_FILE = "allowed_signers"


class RosterError(ValueError):
    """The roster or an entry cannot be read or written; the message says what to do."""


@dataclass(frozen=True)
class RosterEntry:
    """One roster line: who (principal patterns), which key, its fingerprint."""

    principals: tuple[str, ...]
    public_key: str
    fingerprint: str
    line_number: int
    line: str


@dataclass(frozen=True)
class ImportSummary:
    """What importing a roster file did."""

    added: tuple[RosterEntry, ...]
    already_present: int


def default_roster_path() -> Path:
    from rater_desktop.appdirs import data_dir

    return data_dir() / ROSTER_FOLDER / ROSTER_FILE


def _fingerprint(signer: AllowedSigner) -> str:
    from rater_desktop.signing.fingerprints import fingerprint_of_blob

    return fingerprint_of_blob(signer.key_blob)


def _public_key_text(signer: AllowedSigner) -> str:
    import base64

    return f"{signer.key_type} {base64.b64encode(signer.key_blob).decode('ascii')}"


def _entry(signer: AllowedSigner, line: str) -> RosterEntry:
    return RosterEntry(
        principals=signer.principals,
        public_key=_public_key_text(signer),
        fingerprint=_fingerprint(signer),
        line_number=signer.line_number,
        line=line,
    )


class Roster:
    """Add, remove and list trusted rater keys in one allowed_signers file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def default(cls) -> Roster:
        return cls(default_roster_path())

    def _text(self) -> str:
        if not self.path.exists():
            return ""
        try:
            if self.path.stat().st_size > MAX_ROSTER_BYTES:
                raise RosterError(f"{self.path} is too large to be an allowed_signers roster.")
            return self.path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RosterError(f"Cannot read the roster {self.path}: {exc.strerror}.") from exc
        except UnicodeDecodeError as exc:
            raise RosterError(f"The roster {self.path} is not a UTF-8 text file.") from exc

    def signers(self) -> list[AllowedSigner]:
        """Parsed lines, for ``verify_results_file(allowed_signers=...)``."""
        try:
            return parse_allowed_signers(self._text(), source=str(self.path))
        except AllowedSignersError as exc:
            raise RosterError(str(exc)) from exc

    def entries(self) -> list[RosterEntry]:
        lines = self._text().splitlines()
        return [_entry(s, lines[s.line_number - 1].strip()) for s in self.signers()]

    def _write(self, lines: list[str]) -> None:
        from rater_desktop.signing.atomic_files import AtomicWriteError, write_files_atomically

        text = "".join(line + "\n" for line in lines)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_files_atomically([(self.path, text.encode("utf-8"))], mode=0o600)
        except AtomicWriteError as exc:
            raise RosterError(f"The roster was not changed. {exc.strerror}") from exc
        except OSError as exc:
            raise RosterError(f"Cannot create {self.path.parent}: {exc.strerror}.") from exc

    def add(self, *, principal: str, public_key: str) -> RosterEntry:
        """Trust ``public_key`` (``ssh-ed25519 AAAA... [comment]``) for rater ``principal``.

        Adding the same principal and key again changes nothing and returns the entry.
        """
        from rater_desktop.profiles import ProfileError, validate_rater_id

        try:
            validate_rater_id(principal)
        except ProfileError as exc:
            raise RosterError(str(exc)) from exc
        key_fields = public_key.split()
        if len(key_fields) < 2:
            raise RosterError("Give the rater's public key as 'ssh-ed25519 AAAA...'.")
        line = f"{principal} {key_fields[0]} {key_fields[1]}"
        try:
            new = parse_allowed_signers(line, source="the new entry")[0]
            from rater_desktop.signing.keys import public_key_from_blob

            public_key_from_blob(new.key_blob)
        except (AllowedSignersError, ValueError) as exc:
            raise RosterError(f"That is not a usable Ed25519 public key: {exc}") from exc
        for existing in self.entries():
            if existing.principals == (principal,) and existing.fingerprint == _fingerprint(new):
                return existing
        lines = self._text().splitlines()
        self._write([*lines, line])
        return self.entries()[-1]

    def remove(self, *, principal: str | None = None, fingerprint: str | None = None) -> int:
        """Remove every line naming ``principal`` and/or holding the key ``fingerprint``.

        With both given, a line must match both. Returns how many lines were removed.
        """
        if principal is None and fingerprint is None:
            raise RosterError("Say which entry to remove: a rater id or a key fingerprint.")
        lines = self._text().splitlines()
        drop: set[int] = set()
        for entry in self.entries():
            by_name = principal is None or principal in entry.principals
            by_key = fingerprint is None or entry.fingerprint == fingerprint
            if by_name and by_key:
                drop.add(entry.line_number)
        if drop:
            self._write([line for n, line in enumerate(lines, start=1) if n not in drop])
        return len(drop)

    def import_file(self, source: Path) -> ImportSummary:
        """Append the entries of another allowed_signers file that are not here yet.

        The whole file is checked first; a bad line rejects the import and changes nothing.
        """
        try:
            if source.stat().st_size > MAX_ROSTER_BYTES:
                raise RosterError(f"{source} is too large to be an allowed_signers roster.")
            text = source.read_text(encoding="utf-8")
            incoming = parse_allowed_signers(text, source=str(source))
        except OSError as exc:
            raise RosterError(f"Cannot read {source}: {exc.strerror}.") from exc
        except UnicodeDecodeError as exc:
            raise RosterError(f"{source} is not a UTF-8 text file.") from exc
        except AllowedSignersError as exc:
            raise RosterError(f"Nothing imported: {exc}") from exc
        source_lines = text.splitlines()
        present = {(e.principals, e.fingerprint) for e in self.entries()}
        new_lines: list[str] = []
        for signer in incoming:
            key = (signer.principals, _fingerprint(signer))
            if key not in present:
                present.add(key)
                new_lines.append(source_lines[signer.line_number - 1].strip())
        if new_lines:
            self._write([*self._text().splitlines(), *new_lines])
        added = self.entries()[len(self.entries()) - len(new_lines) :] if new_lines else []
        return ImportSummary(added=tuple(added), already_present=len(incoming) - len(new_lines))
