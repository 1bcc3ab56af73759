"""The rater's rework queue from verified QA decisions, kept in the batch's saved state.

Plain functions: which decisions ask THIS rater to rework which items of THIS batch, how
they are remembered (``qa_feedback`` in the batch state of the rater's store, so the
window and the command line see the same queue), and the block a re-export carries: each
reworked item's revision and the decision it answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from rater_desktop.feedback.decisions_file import FeedbackError, VerifiedDecisions
from rater_desktop.feedback.notes import parse_note

STATE_KEY = "qa_feedback"
REWORK_DECISIONS = ("needs_fix", "reject")
FIRST_REVISION = 1  # the export the decision was made on


@dataclass(frozen=True)
class ReworkItem:
    """One item the rater is asked to look at again, and what the reviewer said."""

    item_id: str
    decision: str
    note: str
    field: str | None
    corrected_verdict: str | None
    reviewer_id: str
    decided_at: str
    decisions_sha256: str
    revision: int  # the revision a re-export of this item carries

    def answers(self) -> dict[str, Any]:
        """``answers_decision`` of the re-exported item: which decision it answers."""
        return {"decisions_sha256": self.decisions_sha256, "reviewer_id": self.reviewer_id,
                "decision": self.decision, "decided_at": self.decided_at}  # fmt: skip


def _about_me(document: Mapping[str, Any], *, rater_id: str, fingerprint: str,
              batch_sha256: str) -> bool:  # fmt: skip
    if str((document.get("batch") or {}).get("sha256", "")).lower() == batch_sha256.lower():
        return True
    # A study's QA reviews the pool; the rater's batch is their own copy of its items.
    return any(isinstance(s, dict) and (s.get("fingerprint") == fingerprint or s.get("rater_id") == rater_id)
               for s in document.get("sources") or [])  # fmt: skip


def _addressed(entry: Mapping[str, Any]) -> tuple[tuple[str, ...], str | None, str]:
    parsed = parse_note(str(entry.get("note", "")))
    raters = entry.get("raters")
    chosen = tuple(str(r) for r in raters) if isinstance(raters, list) and raters else parsed.raters
    field = entry.get("field") if isinstance(entry.get("field"), str) else parsed.field
    if field is None and entry.get("corrected_verdict"):
        field = "verdict"
    return chosen, field, parsed.text


def rework_items(verified: VerifiedDecisions, *, rater_id: str, fingerprint: str, batch_sha256: str,
                 item_ids: Sequence[str], previous: Mapping[str, ReworkItem] | None = None) -> list[ReworkItem]:  # fmt: skip
    """The decisions asking ``rater_id`` to rework items of this batch, in batch order.

    FeedbackError when the file is about another batch and none of this rater's exports.
    """
    document = verified.document
    if not _about_me(document, rater_id=rater_id, fingerprint=fingerprint, batch_sha256=batch_sha256):
        batch = (document.get("batch") or {}).get("batch_id", "?")
        raise FeedbackError(f"these QA decisions are about batch {batch!r} and none of your "
                            "exports; open the batch they were made on")  # fmt: skip
    previous = previous or {}
    wanted: dict[str, ReworkItem] = {}
    for entry in document.get("decisions") or []:
        if entry.get("decision") not in REWORK_DECISIONS:
            continue
        raters, field, text = _addressed(entry)
        if raters and rater_id not in raters:
            continue
        earlier = previous.get(entry["item_id"])
        if earlier is not None and earlier.decisions_sha256 == verified.sha256:
            wanted[entry["item_id"]] = earlier  # the same file imported again: same revision
            continue
        wanted[entry["item_id"]] = ReworkItem(
            item_id=entry["item_id"], decision=entry["decision"], note=text, field=field,
            corrected_verdict=entry.get("corrected_verdict") if isinstance(entry.get("corrected_verdict"), str) else None,
            reviewer_id=verified.reviewer_id, decided_at=str(entry.get("decided_at", "")),
            decisions_sha256=verified.sha256,
            revision=(earlier.revision if earlier else FIRST_REVISION) + 1)  # fmt: skip
    return [wanted[i] for i in item_ids if i in wanted]


def saved_rework(state: Mapping[str, Any] | None) -> dict[str, ReworkItem]:
    """The rework items kept in a batch state (a damaged entry is skipped, never fatal)."""
    block = (state or {}).get(STATE_KEY)
    items = block.get("items") if isinstance(block, dict) else None
    found: dict[str, ReworkItem] = {}
    for raw in items if isinstance(items, list) else []:
        try:
            item = ReworkItem(**raw)
        except TypeError:
            continue
        found[item.item_id] = item
    return found


def with_rework(state: Mapping[str, Any] | None, items: Sequence[ReworkItem],
                order: Sequence[str]) -> dict[str, Any]:  # fmt: skip
    """``state`` with ``items`` added to (or replacing) the kept rework items."""
    kept = saved_rework(state)
    kept.update({item.item_id: item for item in items})
    position = {item_id: n for n, item_id in enumerate(order)}
    ordered = sorted(kept.values(), key=lambda i: position.get(i.item_id, len(position)))
    new_state = dict(state or {})
    new_state[STATE_KEY] = {"items": [asdict(item) for item in ordered]}
    return new_state


def export_block(state: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """item id -> ``{"revision", "answers_decision"}`` for a re-export (empty: no feedback)."""
    return {item.item_id: {"revision": item.revision, "answers_decision": item.answers()}
            for item in saved_rework(state).values()}  # fmt: skip


def next_rework(queue: Sequence[ReworkItem], current: str | None) -> ReworkItem | None:
    """The rework item after ``current`` (wrapping round), or the first one."""
    if not queue:
        return None
    ids = [item.item_id for item in queue]
    if current not in ids:
        return queue[0]
    return queue[(ids.index(str(current)) + 1) % len(queue)]
