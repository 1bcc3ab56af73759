"""The protocol registry: every rating protocol's core parts, found by the name a batch
declares (``batch.json`` ``protocol``). Callers ask here instead of branching on a name.

Each protocol package registers itself (``rater_desktop.guideline.protocol``,
``rater_desktop.preference.protocol``); ``BUILT_IN`` lists those modules. A test or a
plug-in adds one with ``register``. The window's parts live in ``rater_desktop.gui.protocols``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# The modules that define the built-in protocols (each calls ``register`` on import).
BUILT_IN = ("rater_desktop.guideline.protocol", "rater_desktop.preference.protocol",
            "rater_desktop.run_audit.protocol")

# (manifest, items, store, rater_id, rubric, include_incomplete) -> (records, left out, extra)
Collect = Callable[..., tuple[list[Any], list[str], dict[str, Any]]]
# (document, item, where) -> outcome with .rating, .complete, .blocking; raises ScriptedLineError
Applier = Callable[[Any, Any, str], Any]
# (batch, rater_id, complete) -> Applier; raises ProtocolError when the batch cannot be rated
ScriptedFactory = Callable[[Any, str, bool], Applier]
# (items) -> (verified results document) -> [(item_id, score, identity)]
VerdictReaders = Callable[[list[Any]], Callable[[dict[str, Any]], list[tuple[str, int, str]]]]
# (args, batch, roster, report_format) -> exit code: the protocol's own 'qa report'
QaReport = Callable[[Any, Any, Any, str], int]
# (saved rating document) -> the rater's answers by training field, A/B in file order
Answers = Callable[[Any], dict[str, Any]]
# (field, value, swapped) -> (the field's label, the value) as the rater saw them
Describe = Callable[[str, Any, bool], tuple[str, str]]
# (item, saved rating document) -> whether it matches the item's gold (None: no gold)
GoldCheck = Callable[[Any, Any], "bool | None"]


class ProtocolError(ValueError):
    """A protocol cannot do what was asked (unknown name, batch it cannot rate)."""


class ScriptedLineError(ValueError):
    """One scripted rating line cannot be applied (the others still are)."""


@dataclass(frozen=True)
class RatingProtocol:
    """One protocol's core parts. ``qa_report`` None: the guideline QA report reads it
    (``qa_review``); ``guideline_results``: its results are guideline ratings."""

    name: str
    collect_export: Collect  # what an item adds to an export, and the document's extra
    scripted: ScriptedFactory  # 'rate': the item checks the window runs, applied to a file
    verdicts: VerdictReaders | None = None  # 'study export-dataset'
    qa_report: QaReport | None = None  # 'qa report' (the figures); None: the guideline's
    guideline_results: bool = False  # QA's rating tables read its results
    metadata_fields: bool = True  # 'qa export' adds the items' metadata columns
    answers: Answers | None = None  # training feedback: the answers a key can expect
    describe: Describe | None = None  # training feedback: as the rater saw them
    gold_passed: GoldCheck | None = None  # qualification scored on the rater's laptop


_registered: dict[str, RatingProtocol] = {}


def _load_built_in() -> None:
    for module in BUILT_IN:
        importlib.import_module(module)  # registers itself


def register(protocol: RatingProtocol) -> RatingProtocol:
    """Add (or replace) a protocol under its name; returns it."""
    _registered[protocol.name] = protocol
    return protocol


def unregister(name: str) -> None:
    """Remove a protocol (tests that add a throwaway one)."""
    _registered.pop(name, None)


def names() -> list[str]:
    """Known protocol names, sorted."""
    _load_built_in()
    return sorted(_registered)


def get(name: str | None) -> RatingProtocol:
    """The protocol called ``name`` (None: the guideline, as a 1.0 batch); a clear
    ProtocolError for a name this app does not know."""
    _load_built_in()
    key = name or "guideline"
    if key not in _registered:
        raise ProtocolError(f"unknown rating protocol {key!r}: this app knows "
                            f"{', '.join(sorted(_registered))}")
    return _registered[key]


def of_batch(batch: Any) -> RatingProtocol:
    """The protocol an open batch declares (a manifest without one is a guideline batch)."""
    return get(getattr(getattr(batch, "manifest", None), "protocol", None))
