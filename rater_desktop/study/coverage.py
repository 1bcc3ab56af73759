"""Coverage of a study: the signed plan against the raters' signed exports.

Plain functions over parsed, already verified documents: which assignments are done,
which are missing, which exports hold items the rater was not assigned (flagged), and
which exports are for a batch other than the one the plan gave that rater.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class RaterCoverage:
    """One rater's progress against the plan."""

    rater_id: str
    assigned: int
    done: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    unassigned: list[str] = field(default_factory=list)
    wrong_batch: list[str] = field(default_factory=list)
    exported: bool = False

    @property
    def share_done(self) -> float:
        return len(self.done) / self.assigned if self.assigned else 0.0


@dataclass
class StudyCoverage:
    """The whole study: per rater, per item, and exports that do not fit the plan."""

    study_id: str
    raters_per_item: int
    raters: list[RaterCoverage]
    items_short: dict[str, int]  # item id -> complete ratings, for items below k
    unknown_raters: list[str]
    total_assignments: int
    done_assignments: int

    @property
    def share_done(self) -> float:
        return self.done_assignments / self.total_assignments if self.total_assignments else 0.0


def _export_items(document: dict[str, Any]) -> list[str]:
    return [str(i.get("item_id")) for i in document.get("items") or []
            if isinstance(i, dict) and not i.get("incomplete")]  # fmt: skip


def study_coverage(plan: dict[str, Any], exports: list[dict[str, Any]]) -> StudyCoverage:
    """Compare ``plan`` (a study.json document) with verified results documents."""
    by_rater: dict[str, list[dict[str, Any]]] = {}
    for document in exports:
        rater = str((document.get("rater") or {}).get("rater_id", ""))
        by_rater.setdefault(rater, []).append(document)
    special = (set(plan.get("qualification_items") or []) | set(plan.get("attention_items") or [])
               | set(plan.get("attention_placements") or {}) | set(plan.get("retest_probes") or {}))  # fmt: skip
    rows: list[RaterCoverage] = []
    complete_per_item: dict[str, int] = {}
    for entry in plan.get("raters") or []:
        rater, assigned = str(entry["rater_id"]), [str(i) for i in entry.get("items") or []]
        row = RaterCoverage(rater_id=rater, assigned=len(assigned))
        done: set[str] = set()
        for document in by_rater.get(rater, []):
            row.exported = True
            batch = document.get("batch") or {}
            if batch.get("sha256") != entry.get("batch_sha256"):
                row.wrong_batch.append(str(batch.get("batch_id", "?")))
                continue
            done.update(_export_items(document))
        wanted = set(assigned)
        row.done = [i for i in assigned if i in done]
        row.missing = [i for i in assigned if i not in done]
        row.unassigned = sorted(done - wanted)
        for item in row.done:
            if item not in special:
                complete_per_item[item] = complete_per_item.get(item, 0) + 1
        rows.append(row)
    k = int(plan.get("raters_per_item", 0))
    every_item = {i for e in plan.get("raters") or [] for i in e.get("items") or []} - special
    short = {i: complete_per_item.get(i, 0) for i in sorted(every_item)
             if complete_per_item.get(i, 0) < k}  # fmt: skip
    planned = {str(e["rater_id"]) for e in plan.get("raters") or []}
    return StudyCoverage(
        study_id=str(plan.get("study_id", "")),
        raters_per_item=k,
        raters=rows,
        items_short=short,
        unknown_raters=sorted(r for r in by_rater if r not in planned),
        total_assignments=sum(r.assigned for r in rows),
        done_assignments=sum(len(r.done) for r in rows),
    )


def coverage_lines(coverage: StudyCoverage) -> list[str]:
    """A plain-text report for the command line."""
    lines = [f"Study {coverage.study_id}: {coverage.done_assignments} of "
             f"{coverage.total_assignments} assignments done ({coverage.share_done:.0%})"]  # fmt: skip
    for row in coverage.raters:
        state = "no export yet" if not row.exported else f"{len(row.missing)} missing"
        lines.append(f"  {row.rater_id:20s} {len(row.done):5d} of {row.assigned:5d} "
                     f"({row.share_done:4.0%})  {state}")  # fmt: skip
        if row.unassigned:
            lines.append(f"    FLAG: rated items not assigned to {row.rater_id}: "
                         + ", ".join(row.unassigned[:10]))  # fmt: skip
        if row.wrong_batch:
            lines.append(f"    FLAG: export for a batch not planned for {row.rater_id}: "
                         + ", ".join(row.wrong_batch))  # fmt: skip
    if coverage.unknown_raters:
        lines.append("FLAG: exports from raters not in the plan: " + ", ".join(coverage.unknown_raters))
    lines.append(f"Items with fewer than {coverage.raters_per_item} complete ratings: "
                 f"{len(coverage.items_short)}")  # fmt: skip
    return lines
