"""Where a rater profile's database and backups live inside the app data folder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DATABASE_NAME = "ratings.sqlite3"

# Rater ids become folder names; only a conservative character set is accepted so an id can
# never point outside the app data folder or collide with reserved names on Windows.
_RATER_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_RESERVED = {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {
    f"lpt{i}" for i in range(10)
}


@dataclass(frozen=True)
class ProfileLayout:
    """Paths of one rater profile: ``profiles/<id>/ratings.sqlite3`` and ``backups/<id>/``."""

    rater_id: str
    data_dir: Path

    @property
    def profile_dir(self) -> Path:
        return self.data_dir / "profiles" / self.rater_id

    @property
    def database_path(self) -> Path:
        return self.profile_dir / DATABASE_NAME

    @property
    def backup_dir(self) -> Path:
        return self.data_dir / "backups" / self.rater_id


def validate_rater_id(rater_id: str) -> str:
    """Return ``rater_id`` unchanged if it is safe as a folder name, else raise ValueError."""
    if not isinstance(rater_id, str) or not _RATER_ID.fullmatch(rater_id):
        raise ValueError(
            f"Rater id {rater_id!r} is not usable: use 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit."
        )
    if rater_id.split(".")[0].lower() in _RESERVED or rater_id.endswith("."):
        raise ValueError(f"Rater id {rater_id!r} is a reserved name; choose another id.")
    return rater_id


def profile_layout(rater_id: str, data_dir: Path) -> ProfileLayout:
    return ProfileLayout(rater_id=validate_rater_id(rater_id), data_dir=Path(data_dir))
