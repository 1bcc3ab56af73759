"""One window per rater profile: a second one could overwrite the first one's answers.

The lock is a QLockFile in the profile's folder; Qt removes it when the holding process
has died, so a crash never leaves the rater locked out.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile

from rater_desktop.storage.window_lock import LOCK_NAME


def claim_profile_lock(data_dir: Path, rater_id: str) -> QLockFile | None:
    """The held lock, or None when another open window already rates as ``rater_id``."""
    folder = data_dir / "profiles" / rater_id
    folder.mkdir(parents=True, exist_ok=True)
    lock = QLockFile(str(folder / LOCK_NAME))
    return lock if lock.tryLock(200) else None


def already_open_message(rater_id: str) -> str:
    return (f"Rater Desktop is already open for rater '{rater_id}' on this computer. "
            "Keep working in that window: two windows on one profile could overwrite "
            "each other's answers. This window stays read-only.")
