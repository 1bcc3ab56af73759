"""The protocol registry: every rating protocol's core parts, found by the name a batch
declares (``batch.json`` ``protocol``). Callers ask here instead of branching on a name.

Each protocol package describes itself in a small module (``rater_desktop.guideline.
protocol_info``: a ``ProtocolInfo`` with its name, the module of its parts and QA's minimum
seconds per item) and registers its parts in that module (``rater_desktop.guideline.
protocol``); ``BUILT_IN`` lists the small modules. ``info`` reads only those (a QA report
asks the minimum without loading any protocol's rules, renderer or signing); ``get``
loads the one protocol asked for. A test or a plug-in adds one with ``register``. The
window's parts live in ``rater_desktop.gui.protocols``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# The modules that describe the built-in protocols (each calls ``register_info`` on import);
# each names the module that registers its parts.
BUILT_IN = ("rater_desktop.guideline.protocol_info", "rater_desktop.preference.protocol_info",
            "rater_desktop.run_audit.protocol_info")
# QA flags a complete item with less active time than this when a protocol names no
# minimum (issue 24; a flag for review, not a verdict): seed 001's estimate for a judgment.
DEFAULT_FAST_ITEM_SECONDS = 60.0

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


@dataclass(frozen=True)
class ProtocolInfo:
    """What is known of a protocol before its parts load: its name, the module that
    registers its ``RatingProtocol`` and QA's minimum active seconds per item."""

    name: str
    module: str = ""  # imported by ``get``: it calls ``register`` ("": registered already)
    fast_item_seconds: float = DEFAULT_FAST_ITEM_SECONDS


_registered: dict[str, RatingProtocol] = {}
_described: dict[str, ProtocolInfo] = {}


def _load_built_in_info() -> None:
    for module in BUILT_IN:
        importlib.import_module(module)  # describes itself: a few constants


def _load_built_in() -> None:
    _load_built_in_info()
    for found in list(_described.values()):
        if found.module:
            importlib.import_module(found.module)  # registers itself


def register_info(found: ProtocolInfo) -> ProtocolInfo:
    """Add (or replace) what is known of a protocol before its parts load; returns it."""
    _described[found.name] = found
    return found


def info(name: str | None) -> ProtocolInfo:
    """What is known of the protocol called ``name`` (None: the guideline) without loading
    its parts (a protocol registered without a description: its defaults)."""
    _load_built_in_info()
    key = name or "guideline"
    if key in _described:
        return _described[key]
    if key in _registered:
        return ProtocolInfo(name=key)
    raise _unknown(key)


def info_of_batch(batch: Any) -> ProtocolInfo:
    """``info`` of the protocol an open batch declares (none: the guideline)."""
    return info(_declared(batch))


def register(protocol: RatingProtocol) -> RatingProtocol:
    """Add (or replace) a protocol under its name; returns it."""
    _registered[protocol.name] = protocol
    return protocol


def unregister(name: str) -> None:
    """Remove a protocol (tests that add a throwaway one)."""
    _registered.pop(name, None)
    _described.pop(name, None)


def names() -> list[str]:
    """Known protocol names, sorted."""
    _load_built_in()
    return sorted(_registered)


def _unknown(key: str) -> ProtocolError:
    _load_built_in_info()
    return ProtocolError(f"unknown rating protocol {key!r}: this app knows "
                         f"{', '.join(sorted({*_described, *_registered}))}")


def get(name: str | None) -> RatingProtocol:
    """The protocol called ``name`` (None: the guideline, as a 1.0 batch), its parts loaded
    (only this protocol's); a clear ProtocolError for a name this app does not know."""
    _load_built_in_info()
    key = name or "guideline"
    if key in _described and _described[key].module:
        importlib.import_module(_described[key].module)  # registers itself (once)
    if key not in _registered:
        raise _unknown(key)
    return _registered[key]


def _declared(batch: Any) -> str | None:
    return getattr(getattr(batch, "manifest", None), "protocol", None)  # type: ignore[no-any-return]


def of_batch(batch: Any) -> RatingProtocol:
    """The protocol an open batch declares (a manifest without one is a guideline batch)."""
    return get(_declared(batch))
