"""Storage errors. Kept free of the driver so callers can catch them without importing it."""

from __future__ import annotations

from pathlib import Path


class StorageError(Exception):
    """A ratings database could not be used; the message says which file, what, and what to do."""

    def __init__(
        self,
        path: Path,
        problem: str,
        *,
        hint: str = "",
        quarantine_path: Path | None = None,
    ) -> None:
        self.path = path
        self.problem = problem
        self.hint = hint
        self.quarantine_path = quarantine_path
        super().__init__(self._compose())

    def _compose(self) -> str:
        parts = [f"Ratings database {self.path}: {self.problem}."]
        if self.quarantine_path is not None:
            parts.append(f"A copy of the file was kept at {self.quarantine_path}.")
        if self.hint:
            parts.append(self.hint)
        return " ".join(parts)


class CorruptDatabaseError(StorageError):
    """The file is damaged, truncated, not SQLite, or not a Rater Desktop database."""


class UnreadableDatabaseError(StorageError):
    """The operating system refused access to the file (permissions, not a regular file)."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer Rater Desktop; it is left untouched."""


class WriteFailedError(StorageError):
    """Saving to the database failed (disk full, file removed, locked); unsaved work is kept."""
