"""The QA window on a run audit batch: one tab with each run's seed-002 score (RA-6, from
its raters' normalized outcome; disputed completions listed as not scored), agreement
between raters, and agreement of raters with the automated judge (Cohen's kappa and the
confusion table). Every figure comes from ``run_audit.stats`` (what 'qa report' prints).

``RunAuditQaView`` is its part of the QA window (``gui.protocols.QaView``), registered by
``gui/run_audit/protocol.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rater_desktop.gui.protocols import QaTab, ReadOnlyQaView
from rater_desktop.gui.qa.lazy_tabs import LazyPage
from rater_desktop.gui.qa.rater_answers import fit_columns, fit_height, make_table
from rater_desktop.run_audit.model import VERDICTS
from rater_desktop.run_audit.qa_text import (
    RUN_COLUMNS,
    confusion_rows,
    review_figures,
    run_rows,
    summary_lines,
)
from rater_desktop.run_audit.stats import RunAuditFigures

TAB_TITLE = "Run audit"


def fill_table(table: QTableWidget, rows: list[list[str]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = QTableWidgetItem(text)
            if text.isdigit():
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, cell)
    fit_height(table)


class RunAuditQaPanel(QScrollArea):
    """The run audit tab: headline figures, the judge's confusion table, every run."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("runAuditQaPanel")
        self.setWidgetResizable(True)
        body = QWidget()
        column = QVBoxLayout(body)
        self.summary = QLabel("Open raters' results files to see the figures.")
        self.summary.setObjectName("runAuditQaSummary")
        self.summary.setWordWrap(True)
        column.addWidget(self.summary)
        column.addWidget(QLabel("Rater verdict (rows) against the automated judge (columns)"))
        self.confusion: QTableWidget = make_table(
            "runAuditQaConfusion", "Rater verdict against the judge's verdict",
            ("Rater \\ judge", *VERDICTS))
        column.addWidget(self.confusion)
        column.addWidget(QLabel("Runs (RA-6: the score of the outcome most raters saw)"))
        self.runs: QTableWidget = make_table("runAuditQaRuns", "Runs and their scores",
                                             RUN_COLUMNS)
        fit_columns(self.runs, stretch=(0, 5))
        column.addWidget(self.runs)
        column.addStretch(1)
        self.setWidget(body)

    def clear(self) -> None:
        self.summary.setText("Open raters' results files to see the figures.")
        fill_table(self.confusion, [])
        fill_table(self.runs, [])

    def set_figures(self, found: RunAuditFigures) -> None:
        self.summary.setText("\n".join(summary_lines(found)))
        fill_table(self.confusion, confusion_rows(found))
        fill_table(self.runs, run_rows(found))


# -- its part of the QA window (``gui.protocols.QaView``) ---------------------------------


class RunAuditQaView(ReadOnlyQaView):
    """The run audit tab of the QA window: View > Disagreements and Dashboard (Ctrl+2,
    Ctrl+4) show it; no Compare, no decisions. The tab is built when first shown (a
    ``LazyPage`` until then), with the figures computed meanwhile."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self._page = LazyPage(self._make_panel)
        self._figures: RunAuditFigures | None = None

    @property
    def tabs(self) -> tuple[QaTab, ...]:
        return (QaTab(self._page.current(), TAB_TITLE, ("disagreements", "dashboard")),)

    @property
    def built(self) -> bool:
        """The tab was shown (or its panel asked for) at least once."""
        return self._page.built

    @property
    def panel(self) -> RunAuditQaPanel:
        """The tab's panel (built now if it was not)."""
        return cast("RunAuditQaPanel", self._page.content())

    def _make_panel(self) -> QWidget:
        panel = RunAuditQaPanel()
        if self._figures is not None:
            panel.set_figures(self._figures)
        return panel

    def show_batch(self, batch: Any) -> None:
        del batch
        self._figures = None
        if self.built:
            self.panel.clear()

    def update(self, state: Any) -> None:
        """Recompute the figures off the UI thread."""
        del state  # the figures come from the stored files themselves
        host = self.host
        session = host.session
        if session is None or host.closed:
            return
        host.runner.start("Computing the run audit figures\u2026",
                          lambda: review_figures(session), done=self._ready,
                          failed=host.job_failed)

    def _ready(self, found: tuple[str, RunAuditFigures]) -> None:
        session = self.host.session
        sha, figures_ = found
        if self.host.closed or session is None or sha != session.batch_sha256:
            return
        self._figures = figures_
        if self.built:
            self.panel.set_figures(figures_)

    def report_work(self, out_path: Path, report_format: str) -> Callable[[], Path] | None:
        """The job writing the report 'qa report' writes (None without a session)."""
        from rater_desktop.qa_review.report import write_report
        from rater_desktop.run_audit.report import render

        session = self.host.session
        if session is None:
            return None
        title = str(session.batch.manifest.title or session.batch.manifest.batch_id)

        def work() -> Path:
            _, found = review_figures(session)
            return write_report(out_path, render(found, title=title,
                                                 report_format=report_format))

        return work
