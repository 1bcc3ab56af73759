"""The window's side of each rating protocol, found by the name a batch declares: its
Criteria text, which Tools tabs it uses, the binding that rates it (panel and keys) and
its QA view. The window, the Tools dock and the QA window ask here instead of branching
on a protocol name; the core parts are in ``rater_desktop.protocols``.

Each protocol's GUI package registers itself; ``BUILT_IN`` lists those modules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from rater_desktop.protocols import ProtocolError

BUILT_IN = ("rater_desktop.gui.protocols.guideline", "rater_desktop.gui.preference.protocol",
            "rater_desktop.gui.run_audit.protocol")

__all__ = ["BUILT_IN", "QA_ROLES", "ProtocolError", "QaTab", "QaView", "ReadOnlyQaView", "WindowProtocol",
           "get", "installers", "of_batch", "register", "unregister"]

# What the QA window's View actions (Ctrl+1..4) show; a protocol's tab names its role.
QA_ROLES = ("files", "disagreements", "compare", "dashboard")


class QaTab(NamedTuple):
    """One tab a protocol adds to the QA window: its widget, title and the roles (of
    ``QA_ROLES``) whose View action shows it (none: only its tab)."""

    widget: Any
    title: str
    roles: tuple[str, ...] = ()


class QaView(Protocol):
    """A protocol's part of the QA window, made once per window by
    ``WindowProtocol.qa_view(host)`` when the first batch of the protocol opens (the
    guideline's also at start, before any batch). ``host`` is the window: ``session``,
    ``batch``, ``runner`` (one background job at a time), ``settings``, ``loader``,
    ``link_handler``, ``resamples``, ``closed``, ``job_failed(exc)``, ``show_tab(widget)``,
    ``session_work(task, **kwargs)`` (a job running ``qa_review.offload.TASKS[task]`` in the
    worker process, so heavy work never competes with the window for the GIL).
    The window owns the Results files tab and imports; the view shows the rest."""

    tabs: Sequence[QaTab]
    adjudicates: bool  # File > Export QA decisions applies to its batches

    def show_batch(self, batch: Any) -> None:
        """A batch of this protocol was opened: empty the tabs until its figures come."""

    def update(self, state: Any) -> None:
        """The files changed (``qa_review.review_state.ReviewState``): refresh, work in jobs."""

    def save_now(self) -> None:
        """Write what the reviewer is still typing (before an export, close, new batch)."""

    def decisions_changed(self, items: set[str], decided: Mapping[str, Any]) -> None:
        """Another reviewer changed the decisions of ``items`` (a shared store)."""

    def report_work(self, out_path: Path, report_format: str) -> Callable[[], Path] | None:
        """The job writing the report ``qa report`` writes (None: nothing to report)."""


class ReadOnlyQaView:
    """The base of a ``QaView`` whose tabs hold nothing a QA reviewer writes: no
    adjudication, note or decision (the preference and run audit views). Their figures
    come from the stored files; the inputs they offer (a dashboard's question, a cost, an
    "only unsure" filter) choose what is shown and are not the reviewer's work, so closing
    the window, exporting or opening another batch loses nothing and there is nothing to
    save or to take from another reviewer."""

    adjudicates = False

    def save_now(self) -> None:
        """Nothing to write (see the class)."""

    def decisions_changed(self, items: set[str], decided: Mapping[str, Any]) -> None:
        """No decisions are made in these tabs, so none to show."""


QaViewFactory = Callable[[Any], QaView]


@dataclass(frozen=True)
class WindowProtocol:
    """One protocol's window parts.

    ``criteria(manifest)``: the Criteria tab's Markdown. ``guideline_tabs``: the Tools dock
    shows Notes and Feedback (the guideline service's fields). ``rating_binding``: the
    guideline's RatingBinding (its step panel and keys) rates it. ``install(window, store=,
    rater_id=)``: makes the protocol's own binding (panel, keys) at start-up. ``qa_view``:
    makes its tabs of the QA window (``QaView``; None: no tab beyond Results files).
    ``tour``: the practice tour's cards (``rater_desktop.tour.Card``) in the protocol's own words.
    """

    name: str
    criteria: Callable[[Any], str]
    guideline_tabs: bool = False
    rating_binding: bool = False
    install: Callable[..., None] | None = None
    qa_view: QaViewFactory | None = None
    tour: Sequence[Any] = ()


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
