"""The preference protocol's tabs of the QA window (``gui.protocols.QaView``): the items
on which raters chose differently and the figures of ``qa report`` (a job each time the
files or the dashboard's question and cost change), and the report export. Its judgments
are not adjudicated."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from PySide6.QtWidgets import QWidget

from rater_desktop.gui.preference.qa_panel import PreferenceDashboard, PreferenceDisagreements
from rater_desktop.gui.protocols import QaTab, ReadOnlyQaView
from rater_desktop.gui.qa.lazy_tabs import LazyPage
from rater_desktop.preference.review import CostInputs, PreferenceReview, preference_review


class PreferenceQaView(ReadOnlyQaView):
    """Disagreements and Dashboard of a preference batch, each built when first shown (a
    ``LazyPage`` until then) with the newest figures computed meanwhile."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self._review: PreferenceReview | None = None
        self._pages = {"disagreements": LazyPage(self._make_disagreements),
                       "dashboard": LazyPage(self._make_dashboard)}

    @property
    def tabs(self) -> tuple[QaTab, ...]:
        pages = self._pages
        return (QaTab(pages["disagreements"].current(), "Disagreements", ("disagreements",)),
                QaTab(pages["dashboard"].current(), "Dashboard", ("dashboard",)))

    def built(self, name: str) -> bool:
        """The tab ``name`` was shown (or asked for) at least once."""
        return self._pages[name].built

    @property
    def disagreements(self) -> PreferenceDisagreements:
        return cast("PreferenceDisagreements", self._pages["disagreements"].content())

    @property
    def dashboard(self) -> PreferenceDashboard:
        return cast("PreferenceDashboard", self._pages["dashboard"].content())

    def _make_disagreements(self) -> QWidget:
        panel = PreferenceDisagreements()
        if self._review is not None:
            panel.set_items(self._review.disagreements, self._review.unsure)
        return panel

    def _make_dashboard(self) -> QWidget:
        dashboard = PreferenceDashboard()
        if self._review is not None:
            dashboard.set_review(self._review)
        dashboard.inputsChanged.connect(self.refresh)
        return dashboard

    def _inputs(self) -> tuple[str | None, CostInputs]:
        """The dashboard's question and cost; ``qa report``'s defaults until it is built."""
        if not self.built("dashboard"):
            return None, CostInputs()
        return self.dashboard.chosen_question(), self.dashboard.cost_inputs()

    def show_batch(self, batch: Any) -> None:
        del batch
        self._review = None
        if self.built("dashboard"):
            self.dashboard.clear()
        if self.built("disagreements"):
            self.disagreements.set_items(())

    def update(self, state: Any) -> None:
        del state  # the figures come from the stored files themselves
        self.refresh()

    def refresh(self) -> None:
        """Recompute the figures and disagreements off the UI thread."""
        host = self.host
        session = host.session
        if session is None or host.closed:
            return
        question, cost = self._inputs()
        host.runner.start("Computing the preference figures\u2026",
                          lambda: preference_review(session, question=question, cost=cost),
                          done=self._ready, failed=host.job_failed)

    def _ready(self, review: PreferenceReview) -> None:
        session = self.host.session
        if self.host.closed or session is None or review.batch_sha256 != session.batch_sha256:
            return
        self._review = review
        if self.built("dashboard"):
            self.dashboard.set_review(review)
        if self.built("disagreements"):
            self.disagreements.set_items(review.disagreements, review.unsure)

    def report_work(self, out_path: Path, report_format: str) -> Callable[[], Path] | None:
        """The report ``qa report`` writes, with the dashboard's question and cost."""
        from rater_desktop.preference.report import render
        from rater_desktop.qa_review.report import write_report

        session = self.host.session
        if session is None:
            return None
        question, cost = self._inputs()

        def work() -> Path:
            review = preference_review(session, question=question, cost=cost)
            unsure = (list(review.unsure_shares),
                      sorted((item_id, rater, why) for item_id, marks in review.unsure.items()
                             for rater, why in marks.items()))
            return write_report(out_path, render(review.figures, title=review.title,
                                                 report_format=report_format, unsure=unsure))

        return work
