"""QA notes (and corrected verdicts) written before a decision: drafts, per item.

A note is a decision's note only once accept, needs fix or reject is chosen; the store
refuses one without. Until then it is kept here, so that moving to another item never
loses it: in memory, or (``SettingsDrafts``) in the QA window's settings on this computer,
so it comes back after reopening too. Never in the QA store: exported decisions and the
other reviewers of a shared store never see a draft, and a "decision" keeps its meaning.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

# (note, corrected verdict value or ""): what the reviewer wrote and chose.
Draft = tuple[str, str]
SETTINGS_KEY = "qa/noteDrafts/{batch}"


class Settings(Protocol):
    """What of ``QSettings`` the drafts use (Qt stays in ``gui``)."""

    def value(self, key: str, defaultValue: Any = ...) -> Any: ...  # noqa: N803 - Qt's name
    def setValue(self, key: str, value: Any) -> None: ...  # noqa: N802 - Qt's name
    def remove(self, key: str) -> None: ...


class DraftNotes(Protocol):
    def draft(self, item_id: str) -> Draft | None: ...
    def keep(self, item_id: str, draft: Draft) -> None: ...


def blank(draft: Draft) -> bool:
    """Nothing worth keeping: no note text, no corrected verdict."""
    return not draft[0].strip() and not draft[1]


NO_DECISION = "No decision yet."
DRAFT_KEPT = "Note kept as a draft: choose accept, needs fix or reject to save it."
VERDICT_DRAFT = "Correction kept as a draft: choose accept, needs fix or reject to save it."


def draft_state(draft: Draft) -> str:
    """What the decision panel says of an item without a decision and with ``draft``."""
    if blank(draft):
        return NO_DECISION
    return DRAFT_KEPT if draft[0].strip() else VERDICT_DRAFT


class MemoryDrafts:
    """Drafts for as long as the window is open (Compare without settings: tests)."""

    def __init__(self) -> None:
        self._drafts: dict[str, Draft] = {}

    def draft(self, item_id: str) -> Draft | None:
        return self._drafts.get(item_id)

    def keep(self, item_id: str, draft: Draft) -> None:
        """``draft`` for ``item_id``; a blank one drops it."""
        if blank(draft):
            self._drafts.pop(item_id, None)
        else:
            self._drafts[item_id] = draft


class SettingsDrafts:
    """Drafts of the open batch's reviewer, one settings value per batch (a JSON object:
    reviewer id -> item id -> [note, verdict]), so another profile on this computer never
    sees them. ``scope`` gives (batch SHA-256, reviewer id), None before a batch is read."""

    def __init__(self, settings: Settings, scope: Callable[[], tuple[str, str] | None]) -> None:
        self._settings = settings
        self._scope = scope

    def _read(self, batch: str) -> dict[str, dict[str, list[str]]]:
        raw = self._settings.value(SETTINGS_KEY.format(batch=batch), "")
        try:
            found = json.loads(str(raw)) if raw else {}
        except ValueError:
            return {}  # a damaged value: start afresh rather than fail the panel
        return found if isinstance(found, dict) else {}

    def draft(self, item_id: str) -> Draft | None:
        scope = self._scope()
        if scope is None:
            return None
        batch, reviewer = scope
        entry = self._read(batch).get(reviewer, {}).get(item_id)
        if not isinstance(entry, list) or len(entry) != 2:
            return None
        return str(entry[0]), str(entry[1])

    def keep(self, item_id: str, draft: Draft) -> None:
        """``draft`` for ``item_id``; a blank one drops it (and an empty batch its value)."""
        scope = self._scope()
        if scope is None:
            return
        batch, reviewer = scope
        drafts = self._read(batch)
        mine = drafts.setdefault(reviewer, {})
        if blank(draft):
            if mine.pop(item_id, None) is None:
                return  # nothing was kept: no write
        else:
            mine[item_id] = list(draft)
        if not mine:
            drafts.pop(reviewer)
        key = SETTINGS_KEY.format(batch=batch)
        if drafts:
            self._settings.setValue(key, json.dumps(drafts, ensure_ascii=False))
        else:
            self._settings.remove(key)
