"""The statements of an agent's seed-002 report that the rater checks (RA-3).

One statement each for: the outcome, every checkpoint the report claims, the block (when
the report has one), the item's name and price (when it has one), and every evidence
line. Ids are stable for one report, so a saved mark finds its statement again:
``outcome``, ``C1``..``C4``, ``block``, ``item``, ``evidence.0``, ``evidence.1``, ...
"""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.batch.model import Item, RunReport
from rater_desktop.run_audit.model import CHECKPOINT_LABELS


@dataclass(frozen=True)
class Statement:
    """One checkable statement of the report: its id, a short label and its text."""

    id: str
    label: str
    text: str


def report_statements(report: RunReport | None) -> list[Statement]:
    """The report's statements in reading order (none when the item has no report)."""
    if report is None:
        return []
    found = [Statement("outcome", "Outcome", report.outcome)]
    for checkpoint in report.checkpoints:
        found.append(Statement(checkpoint, f"Checkpoint {checkpoint}",
                               f"{checkpoint} {CHECKPOINT_LABELS.get(checkpoint, '')} reached"))
    if report.block is not None:
        block = report.block
        parts = [f"{block.kind} at {block.at}" if block.at else block.kind]
        if block.quote:
            parts.append(f"\u201c{block.quote}\u201d")
        if block.url:
            parts.append(block.url)
        found.append(Statement("block", "Block", " \u2014 ".join(parts)))
    if report.item is not None:
        price = f" at {report.item.price}" if report.item.price else ""
        found.append(Statement("item", "Item name and price", f"{report.item.name}{price}"))
    for index, line in enumerate(report.evidence):
        found.append(Statement(f"evidence.{index}", f"Evidence {index + 1}", line))
    return found


def item_statements(item: Item) -> list[Statement]:
    """The statements of a run audit item's report (none for an item without a run)."""
    run = item.run
    return report_statements(run.run_report if run is not None else None)
