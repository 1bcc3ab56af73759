"""The results document (format ``rater-desktop-results`` 2.0), built from plain inputs.

Nothing here knows the rating store: callers pass batch metadata, the rater and one
ItemRecord per item. See docs/results-format.md for every field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import rater_desktop

RESULTS_FORMAT = "rater-desktop-results"
# 2.0: claims carry ``shown_evidence`` (the response's own screenshots and trajectory
# steps cited as proof). A major bump, so a 1.x reader refuses these files instead of
# reading them without the evidence and seeing unsupported claims.
RESULTS_FORMAT_VERSION = "2.0"
RESULTS_FORMAT_MAJOR = 2
READABLE_MAJORS = (1, 2)  # 1.x files simply have no shown evidence
# 2.1 adds ``protocol`` and ``survey`` (the preference protocol, and guideline batches
# with a survey); guideline files without a survey stay 2.0.
RESULTS_FORMAT_VERSION_PROTOCOLS = "2.1"
# 2.2 adds, on items re-exported after QA feedback, ``revision`` and ``answers_decision``
# (the QA decision the new answer responds to); files without feedback keep 2.0/2.1.
RESULTS_FORMAT_VERSION_FEEDBACK = "2.2"
# 2.3 adds what raters who learn as they go were shown and said (issue 24): items'
# ``training`` (the feedback shown), ``unsure`` (the rater's reason) and ``conversation``
# (earlier turns), and the document's ``qualification`` (scored on the laptop). Files
# without any of them keep 2.0-2.2; a 2.x reader that ignores unknown keys reads them.
RESULTS_FORMAT_VERSION_LEARNING = "2.3"
LEARNING_ITEM_KEYS = ("training", "unsure", "conversation")
# 2.4 marks shown evidence cited from the evidence finder's suggestion (``"suggested":
# true`` on the reference); files without such a citation keep their version.
RESULTS_FORMAT_VERSION_SUGGESTED = "2.4"
# 2.5 adds test-retest probes: items of kind ``retest`` with ``retest_of`` (the item they
# repeat, A/B swapped); files without probes keep their version. (2.3: learning records; 2.4: suggested citations.)
RESULTS_FORMAT_VERSION_RETEST = "2.5"
# 2.6 adds, on items, ``text_sources``: per free-text field how many characters were
# typed, pasted or inserted by the app's templates, and the active typing time (issue
# 24). Files without any keep their version; a 2.x reader that ignores the key reads them.
RESULTS_FORMAT_VERSION_TEXT_SOURCES = "2.6"
# 2.7 adds, on preference ratings, ``sides_viewed``: the responses (file order) the rater
# had on screen before completing (a narrow window shows them one at a time). Files
# without it keep their version.
RESULTS_FORMAT_VERSION_SIDES_VIEWED = "2.7"
SIGNATURE_NAMESPACE = "rater-desktop-results@v1"
SIDES = ("A", "B")
# Format 2.0 had no protocol field: a document without one holds guideline ratings.
FORMAT_2_0_PROTOCOL = "guideline"


class ResultsDocumentError(ValueError):
    """The inputs cannot form a valid results document."""


@dataclass(frozen=True)
class BatchMeta:
    """What identifies the rated batch. ``sha256`` is the batch hash (hex)."""

    batch_id: str
    sha256: str
    title: str = ""
    rubric: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RaterInfo:
    """The signer as recorded in the document (copied from the rater's profile)."""

    rater_id: str
    display_name: str
    public_key: str
    fingerprint: str


@dataclass(frozen=True)
class ItemRecord:
    """One rated item. ``identities`` maps file-order sides A/B to the true model names;
    ``display_order`` lists the file sides in the order shown (``("B", "A")``: the
    rater's "A" was the file's B). ``rating`` is ``ItemRating.to_dict()``."""

    item_id: str
    identities: Mapping[str, str]
    display_order: Sequence[str]
    rating: Mapping[str, Any]
    rule_results: Sequence[Mapping[str, Any]]
    status: str
    timing: Mapping[str, Any]
    incomplete: bool = False
    kind: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # 2.3: training, unsure, ...
    retest_of: str | None = None  # a retest probe: the item it repeats
    text_sources: Mapping[str, Any] = field(default_factory=dict)  # 2.6: per field


def format_timestamp(moment: datetime) -> str:
    """UTC, second precision: ``2026-11-30T09:00:00Z``."""
    if moment.tzinfo is None:
        raise ResultsDocumentError("the export time must be timezone-aware")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _item_entry(record: ItemRecord) -> dict[str, Any]:
    if set(record.identities) != set(SIDES):
        raise ResultsDocumentError(f"item {record.item_id}: identities must name sides A and B")
    order = list(record.display_order)
    if sorted(order) != list(SIDES):
        raise ResultsDocumentError(
            f"item {record.item_id}: display order must be a permutation of A and B, got {order}"
        )
    shown = {
        shown_side: {"file_side": file_side, "identity": record.identities[file_side]}
        for shown_side, file_side in zip(SIDES, order, strict=True)
    }
    entry: dict[str, Any] = {
        "item_id": record.item_id,
        "identities": dict(record.identities),
        "display_order": order,
        "shown": shown,
        "rating": record.rating,
        "rule_results": list(record.rule_results),
        "status": record.status,
        "timing": record.timing,
    }
    if record.kind is not None:
        entry["kind"] = record.kind
    if record.retest_of is not None:
        entry["retest_of"] = record.retest_of
    if record.incomplete:
        entry["incomplete"] = True
    for key in LEARNING_ITEM_KEYS:
        if key in record.extra:
            entry[key] = record.extra[key]
    if record.text_sources:
        entry["text_sources"] = dict(record.text_sources)
    return entry


def build_results_document(
    *,
    batch: BatchMeta,
    rater: RaterInfo,
    items: Sequence[ItemRecord],
    exported_at: datetime,
    app_version: str = rater_desktop.__version__,
    protocol: str | None = None,
    survey: Mapping[str, Any] | None = None,
    feedback: Mapping[str, Mapping[str, Any]] | None = None,
    qualification: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The complete document as plain data; numbers are normalized when it is serialized
    (see rater_desktop.results.canonical), which export_results always does.

    ``protocol`` and the ``survey`` block make the file 2.1: written for the preference
    protocol, and for a guideline batch with a survey. A guideline file without a survey
    omits both and stays 2.0, so older readers see nothing new."""
    seen: set[str] = set()
    for record in items:
        if record.item_id in seen:
            raise ResultsDocumentError(f"item {record.item_id} appears twice")
        seen.add(record.item_id)
    incomplete = sum(1 for r in items if r.incomplete)
    document = {
        "format": RESULTS_FORMAT,
        "format_version": RESULTS_FORMAT_VERSION,
        "app_version": app_version,
        "exported_at": format_timestamp(exported_at),
        "signature_namespace": SIGNATURE_NAMESPACE,
        "rater": {
            "rater_id": rater.rater_id,
            "display_name": rater.display_name,
            "public_key": rater.public_key,
            "fingerprint": rater.fingerprint,
        },
        "batch": {
            "batch_id": batch.batch_id,
            "sha256": batch.sha256.lower(),
            "title": batch.title,
        },
        "rubric": batch.rubric,
        "summary": {
            "items": len(items),
            "complete": len(items) - incomplete,
            "incomplete": incomplete,
        },
        "items": [_item_entry(record) for record in items],
    }
    if survey is not None or protocol not in (None, FORMAT_2_0_PROTOCOL):
        document["format_version"] = RESULTS_FORMAT_VERSION_PROTOCOLS
        document["protocol"] = protocol or FORMAT_2_0_PROTOCOL
    if survey is not None:
        document["survey"] = dict(survey)
    _link_feedback(document, feedback or {})
    _mark_learning(document, qualification)
    _mark_additions(document, items)
    return document


def _mark_additions(document: dict[str, Any], items: Sequence[ItemRecord]) -> None:
    """The highest minor version whose additions the file holds (2.4 to 2.7)."""
    if _has_suggested_citation(document["items"]):
        document["format_version"] = RESULTS_FORMAT_VERSION_SUGGESTED
    if any(record.retest_of is not None for record in items):
        document["format_version"] = RESULTS_FORMAT_VERSION_RETEST
    if any("text_sources" in entry for entry in document["items"]):
        document["format_version"] = RESULTS_FORMAT_VERSION_TEXT_SOURCES
    if any("sides_viewed" in entry["rating"] for entry in document["items"]):
        document["format_version"] = RESULTS_FORMAT_VERSION_SIDES_VIEWED


def _mark_learning(document: dict[str, Any], qualification: Mapping[str, Any] | None) -> None:
    """2.3 when anything of training, unsure marks, conversations or local qualification
    is in the file (with the unsure count in the summary)."""
    unsure = sum(1 for entry in document["items"] if "unsure" in entry)
    learning = qualification is not None or any(
        key in entry for entry in document["items"] for key in LEARNING_ITEM_KEYS)
    if qualification is not None:
        document["qualification"] = dict(qualification)
    if unsure:
        document["summary"]["unsure"] = unsure
    if learning:
        document["format_version"] = RESULTS_FORMAT_VERSION_LEARNING


def _has_suggested_citation(entries: Any) -> bool:
    return any(ref.get("suggested") is True for ref in _shown_refs(entries))


def _shown_refs(node: Any) -> list[dict[str, Any]]:
    """Every shown-evidence reference anywhere below ``node`` (records differ by protocol)."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "shown_evidence" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, dict))
            else:
                found.extend(_shown_refs(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_shown_refs(value))
    return found


def _link_feedback(document: dict[str, Any], feedback: Mapping[str, Mapping[str, Any]]) -> None:
    """Give each re-exported item its revision and the QA decision it answers (2.2)."""
    reworked = 0
    for entry in document["items"]:
        linked = feedback.get(entry["item_id"])
        if linked is None:
            continue
        entry["revision"] = int(linked["revision"])
        entry["answers_decision"] = dict(linked["answers_decision"])
        reworked += 1
    if reworked:
        document["format_version"] = RESULTS_FORMAT_VERSION_FEEDBACK
        document["summary"]["reworked"] = reworked
