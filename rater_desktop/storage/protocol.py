"""Structural copy of the rating package's RatingStore protocol (kept here to stay decoupled)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class RatingStoreLike(Protocol):
    """What the rating model needs from a store; ProfileStore satisfies it."""

    def load_item(self, batch_key: str, item_id: str) -> dict[str, Any] | None: ...

    def save_item(self, batch_key: str, item_id: str, document: dict[str, Any]) -> None: ...

    def load_batch_state(self, batch_key: str) -> dict[str, Any] | None: ...

    def save_batch_state(self, batch_key: str, state: dict[str, Any]) -> None: ...

    def flush(self) -> None: ...
