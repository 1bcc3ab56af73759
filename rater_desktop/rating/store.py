"""The storage contract of the rating core, and an in-memory reference implementation."""

from __future__ import annotations

import copy
import json
from typing import Any, Protocol


class RatingStore(Protocol):
    """Where ratings live. Documents are plain JSON-able dicts.

    ``save_item``/``save_batch_state`` may return before the data is on disk (an
    implementation may write asynchronously); ``flush`` blocks until everything saved so
    far is durable. ``load_*`` returns ``None`` when nothing was saved yet.
    """

    def load_item(self, batch_key: str, item_id: str) -> dict[str, Any] | None: ...

    def save_item(self, batch_key: str, item_id: str, document: dict[str, Any]) -> None: ...

    def load_batch_state(self, batch_key: str) -> dict[str, Any] | None: ...

    def save_batch_state(self, batch_key: str, state: dict[str, Any]) -> None: ...

    def flush(self) -> None: ...


class MemoryRatingStore:
    """A RatingStore in a dict. Documents go through JSON so tests catch non-JSON values."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str], str] = {}
        self.batch_states: dict[str, str] = {}
        self.save_count = 0
        self.flush_count = 0

    def load_item(self, batch_key: str, item_id: str) -> dict[str, Any] | None:
        raw = self.items.get((batch_key, item_id))
        return None if raw is None else _loads(raw)

    def save_item(self, batch_key: str, item_id: str, document: dict[str, Any]) -> None:
        self.items[(batch_key, item_id)] = json.dumps(document, sort_keys=True, allow_nan=False)
        self.save_count += 1

    def load_batch_state(self, batch_key: str) -> dict[str, Any] | None:
        raw = self.batch_states.get(batch_key)
        return None if raw is None else _loads(raw)

    def save_batch_state(self, batch_key: str, state: dict[str, Any]) -> None:
        self.batch_states[batch_key] = json.dumps(state, sort_keys=True, allow_nan=False)

    def flush(self) -> None:
        self.flush_count += 1

    def item_ids(self, batch_key: str) -> list[str]:
        return sorted(i for (b, i) in self.items if b == batch_key)


def _loads(raw: str) -> dict[str, Any]:
    value = json.loads(raw)
    assert isinstance(value, dict)
    return copy.deepcopy(value)
