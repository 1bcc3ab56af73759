"""The first start of a new rater, without Qt: a rater id suggested from the name, the
problems of the first-run form by field, and whether the practice item was seen.

The window (``gui/first_run_dialog.py``, ``gui/practice.py``) only shows what these
functions decide.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection
from pathlib import Path

from rater_desktop.profiles import (
    ProfileError,
    profile_dir,
    validate_display_name,
    validate_rater_id,
)
from rater_desktop.signing.passphrase import passphrase_problem

MAX_SUGGESTED_ID = 40
ONBOARDING_FILE = "onboarding.json"
_NOT_ALLOWED = re.compile(r"[^a-z0-9]+")


def suggest_rater_id(display_name: str, *, taken: Collection[str] = ()) -> str:
    """"Ana María López" -> "ana-maria-lopez"; "" when nothing usable is left.

    Accents are dropped, everything else that is not a letter or digit becomes one "-";
    an id already ``taken`` on this computer gets "-2", "-3", ...
    """
    ascii_name = (
        unicodedata.normalize("NFKD", display_name).encode("ascii", "ignore").decode("ascii")
    )
    base = _NOT_ALLOWED.sub("-", ascii_name.lower()).strip("-")[:MAX_SUGGESTED_ID].strip("-")
    if not base:
        return ""
    if rater_id_problem(base) is not None:
        base = f"{base}-1"  # reserved device names such as "con" or "aux"
    candidate, number = base, 2
    lowered = {t.lower() for t in taken}
    while candidate.lower() in lowered:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


def rater_id_problem(rater_id: str, *, taken: Collection[str] = ()) -> str | None:
    """The profiles' own check, plus "already on this computer"."""
    try:
        validate_rater_id(rater_id)
    except ProfileError as exc:
        return str(exc)
    if rater_id.lower() in {t.lower() for t in taken}:
        return f"A profile {rater_id!r} already exists on this computer; choose another id."
    return None


def first_run_problems(*, display_name: str, rater_id: str, passphrase: str | None,
                       confirmation: str | None, taken: Collection[str] = ()) -> dict[str, str]:
    """Problems keyed by field: ``name``, ``rater_id``, ``passphrase``, ``confirmation``.

    ``passphrase`` is None when a secure keyring keeps the key (no passphrase asked).
    """
    problems: dict[str, str] = {}
    try:
        validate_display_name(display_name)
    except ProfileError as exc:
        problems["name"] = str(exc)
    id_problem = rater_id_problem(rater_id.strip(), taken=taken)
    if id_problem:
        problems["rater_id"] = id_problem
    if passphrase is not None:
        phrase_problem = passphrase_problem(passphrase)
        if phrase_problem:
            problems["passphrase"] = phrase_problem
        elif not confirmation:
            problems["confirmation"] = "Type the passphrase again to confirm it."
        elif confirmation != passphrase:
            problems["confirmation"] = str(
                passphrase_problem(passphrase, confirmation=confirmation))
    return problems


def _onboarding_path(data_dir: Path, rater_id: str) -> Path:
    return profile_dir(data_dir, rater_id) / ONBOARDING_FILE


def practice_seen(*, data_dir: Path, rater_id: str) -> bool:
    """True once the rater finished or skipped the practice item (any batch)."""
    try:
        data = json.loads(_onboarding_path(data_dir, rater_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("practice_seen") is True


def mark_practice_seen(*, data_dir: Path, rater_id: str) -> None:
    from rater_desktop.signing.atomic_files import write_files_atomically

    path = _onboarding_path(data_dir, rater_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"practice_seen": True}, indent=2) + "\n"
    write_files_atomically([(path, text.encode("utf-8"))])
