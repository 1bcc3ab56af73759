"""The agent's run report (standardweb shape) as a compact card."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from rater_desktop.batch.model import RunReport
from rater_desktop.gui.trajectory_view import plain_label, url_label

CHECKPOINTS = ("C1", "C2", "C3", "C4")
OUTCOME_TONES = {
    "completed": "good", "login_wall": "warn", "blocked": "bad",
    "unreachable": "bad", "incomplete": "warn",
}


def _chip(text: str, *, tone: str) -> QLabel:
    chip = plain_label(text, role="chip", wrap=False)
    chip.setProperty("tone", tone)
    chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return chip


class RunReportCard(QFrame):
    """Outcome badge, checkpoint chips, block quote, item, final URL and evidence."""

    def __init__(self, report: RunReport, *, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"runReportCard{side}")
        self.setProperty("role", "card")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        layout.addLayout(self._header(report))
        # The label sits above its chips: beside them the row was the widest thing in the
        # pane, and a narrow pane scrolled sideways for it.
        layout.addWidget(plain_label("Checkpoints", role="cardLabel", wrap=False))
        layout.addLayout(self._checkpoints(report))
        facts = [report.host] if report.host else []
        if report.actions:
            facts.append(f"{report.actions} actions")
        if facts:
            layout.addWidget(plain_label("  \u00b7  ".join(facts), role="muted"))
        if report.block is not None:
            block = report.block
            where = f"Blocked at {block.at} ({block.kind})"
            if block.page_title:
                where += f" \u2014 {block.page_title}"
            layout.addWidget(plain_label(where, role="cardLabel"))
            if block.quote:
                layout.addWidget(plain_label(block.quote, role="quote"))
            if block.url:
                layout.addWidget(url_label(block.url))
        if report.item is not None:
            price = f"  \u00b7  {report.item.price}" if report.item.price else ""
            layout.addWidget(plain_label(f"Item: {report.item.name}{price}"))
        if report.final_url:
            layout.addWidget(plain_label("Final URL", role="cardLabel"))
            layout.addWidget(url_label(report.final_url))
        if report.evidence:
            layout.addWidget(plain_label("Evidence", role="cardLabel"))
            for entry in report.evidence:
                layout.addWidget(plain_label(f"\u2022 {entry}"))
        if report.notes:
            layout.addWidget(plain_label(f"Notes: {report.notes}", role="muted"))

    def _header(self, report: RunReport) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(plain_label("Outcome", role="cardLabel", wrap=False))
        outcome = report.outcome.replace("_", " ")
        badge = _chip(outcome, tone=OUTCOME_TONES.get(report.outcome, "neutral"))
        badge.setObjectName("outcomeBadge")
        badge.setAccessibleName(f"Outcome: {outcome}")
        row.addWidget(badge)
        row.addStretch(1)
        return row

    def _checkpoints(self, report: RunReport) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(6)
        reached = set(report.checkpoints)
        for checkpoint in CHECKPOINTS:
            done = checkpoint in reached
            chip = _chip(checkpoint, tone="good" if done else "off")
            chip.setToolTip(f"{checkpoint} {'reached' if done else 'not reached'}")
            chip.setAccessibleName(f"Checkpoint {checkpoint} {'reached' if done else 'not reached'}")
            row.addWidget(chip)
        row.addStretch(1)
        return row
