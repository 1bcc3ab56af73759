"""The window's side of each rating protocol, found by the name a batch declares: its
Criteria text, which Tools tabs it uses, the binding that rates it (panel and keys) and
its QA view. The window, the Tools dock and the QA window ask here instead of branching
on a protocol name; the core parts are in ``rater_desktop.protocols``.

Each protocol's GUI package registers itself; ``BUILT_IN`` lists those modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rater_desktop.protocols import ProtocolError

BUILT_IN = ("rater_desktop.gui.protocols.guideline", "rater_desktop.gui.preference.protocol",
            "rater_desktop.gui.run_audit.protocol")

__all__ = ["BUILT_IN", "ProtocolError", "WindowProtocol", "get", "installers", "of_batch",
           "register",
           "unregister"]


@dataclass(frozen=True)
class WindowProtocol:
    """One protocol's window parts.

    ``criteria(manifest)``: the Criteria tab's Markdown. ``guideline_tabs``: the Tools dock
    shows Notes and Feedback (the guideline service's fields). ``rating_binding``: the
    guideline's RatingBinding (its step panel and keys) rates it. ``install(window, store=,
    rater_id=)``: makes the protocol's own binding (panel, keys) at start-up. ``qa_view``:
    the QA window's own view of it (module with ``refresh``, ``report_work``), None for the
    guideline's tabs.
    """

    name: str
    criteria: Callable[[Any], str]
    guideline_tabs: bool = False
    rating_binding: bool = False
    install: Callable[..., None] | None = None
    qa_view: Any | None = None


_registered: dict[str, WindowProtocol] = {}


def _load_built_in() -> None:
    for module in BUILT_IN:
        importlib.import_module(module)  # registers itself


def register(protocol: WindowProtocol) -> WindowProtocol:
    """Add (or replace) a protocol's window parts under its name; returns them."""
    _registered[protocol.name] = protocol
    return protocol


def unregister(name: str) -> None:
    """Remove a protocol's window parts (tests that add a throwaway protocol)."""
    _registered.pop(name, None)


def get(name: str | None) -> WindowProtocol:
    """The window parts of ``name`` (None: the guideline); ProtocolError when unknown."""
    _load_built_in()
    key = name or "guideline"
    if key not in _registered:
        raise ProtocolError(f"unknown rating protocol {key!r}: this window knows "
                            f"{', '.join(sorted(_registered))}")
    return _registered[key]


def of_batch(batch: Any) -> WindowProtocol:
    """The window parts of an open batch's protocol (no batch: the guideline)."""
    return get(getattr(getattr(batch, "manifest", None), "protocol", None))


def installers() -> list[Callable[..., None]]:
    """Every registered protocol's binding installer (start-up makes them all)."""
    _load_built_in()
    return [p.install for p in _registered.values() if p.install is not None]
