"""Run audits written outside the window (``rater-desktop rate``), checked as the window
checks them.

A scripted audit is the document the window saves (``RunAuditRating.to_dict``, without
``protocol`` and ``item_id`` if wanted): ``checkpoints``, ``observed``, ``statements``,
``breaches``, ``verdict``, ``note``. The RA rules run on it; ``complete`` marks it complete
only when none blocks. Revealing follows the window's order: the report counts as shown
once RA-1 and RA-2 pass, the judge once RA-5 passes too; a file's own ``report_shown`` and
``judge_shown`` are ignored. Statements and a verdict given while RA-1 or RA-2 block are
kept, and the item cannot be complete until those pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.rating.model import ItemStatus
from rater_desktop.run_audit.model import RunAuditRating
from rater_desktop.run_audit.rules import blocking_reasons, check_run_audit
from rater_desktop.run_audit.statements import item_statements
from rater_desktop.run_audit.steps import judge_may_show, report_may_show


class ScriptedRunAuditError(ValueError):
    """A scripted audit that cannot be applied; the message says where and why."""


@dataclass(frozen=True)
class ScriptedRunAudit:
    """The audit as it will be saved, and why it is not complete (if it is not)."""

    rating: RunAuditRating
    blocking: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return self.rating.status is ItemStatus.COMPLETE


def apply_scripted_run_audit(document: Any, *, item: Item, complete: bool,
                             where: str = "audit") -> ScriptedRunAudit:  # fmt: skip
    """Check ``document`` against ``item`` and the RA rules; complete it if asked and allowed."""
    if not isinstance(document, dict):
        raise ScriptedRunAuditError(f"{where}: expected a JSON object")
    if document.get("item_id", item.id) != item.id:
        raise ScriptedRunAuditError(
            f"{where}: item_id {str(document.get('item_id'))[:80]!r} is not {item.id!r}")
    try:
        rating = RunAuditRating.from_dict({**document, "protocol": RUN_AUDIT, "item_id": item.id})
    except ValueError as exc:
        raise ScriptedRunAuditError(f"{where}: {exc}") from exc
    known = {s.id for s in item_statements(item)}
    unknown = sorted(set(rating.statements) - known)
    if unknown:
        raise ScriptedRunAuditError(f"{where}: the report has no statement {unknown[0]!r}")
    rating.report_shown = rating.judge_shown = False  # earned here, never taken from the file
    rating.report_shown = report_may_show(rating, item)
    rating.judge_shown = judge_may_show(rating, item)
    reasons = tuple(blocking_reasons(check_run_audit(rating, item)))
    if complete and not reasons:
        rating.status = ItemStatus.COMPLETE
    elif rating.status in (ItemStatus.NOT_STARTED, ItemStatus.COMPLETE):
        rating.status = ItemStatus.IN_PROGRESS
    return ScriptedRunAudit(rating=rating, blocking=reasons)
