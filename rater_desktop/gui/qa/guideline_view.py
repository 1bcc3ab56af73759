"""The guideline protocol's tabs of the QA window (``gui.protocols.QaView``): the
disagreements list, Compare with adjudication, and the Dashboard's figures. Registered
by ``gui/protocols/guideline.py``; the window only knows them through the registry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.gui.protocols import QaTab
from rater_desktop.gui.qa.compare_view import CompareView
from rater_desktop.gui.qa.dashboard import Dashboard
from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
from rater_desktop.qa_review.adjudication import Adjudication, Decision
from rater_desktop.qa_review.review_state import ReviewState
from rater_desktop.qa_review.views import ItemComparison


class GuidelineQaView:
    """Disagreements, Compare (adjudication) and Dashboard of a guideline batch."""

    adjudicates = True

    def __init__(self, host: Any) -> None:
        self.host = host
        self.disagreements = DisagreementPanel()
        self.compare = CompareView(loader=host.loader, link_handler=host.link_handler,
                                   save=self._save_decision, clear=self._clear_decision,
                                   adjudication_for=self._adjudication, fetch=self._fetch)
        self.dashboard = Dashboard(host.settings)
        self.tabs = (QaTab(self.disagreements, "Disagreements", ("disagreements",)),
                     QaTab(self.compare, "Compare", ("compare",)),
                     QaTab(self.dashboard, "Dashboard", ("dashboard",)))
        self.disagreements.itemActivated.connect(self.open_in_compare)
        self.compare.adjudication.decisionChanged.connect(self.disagreements.set_decision)

    def show_batch(self, batch: Any) -> None:
        self.compare.set_batch(batch)

    def update(self, state: ReviewState) -> None:
        host = self.host
        session = host.session
        decisions = {a.item_id: a.decision.label
                     for a in (session.adjudications() if session is not None else [])}
        self.disagreements.set_data(state.disagreements, state.judged, decisions, state.unsure)
        self.compare.set_state(state)
        if session is not None and state.used:
            host.runner.start("Computing figures (bootstrap)\u2026",
                              host.session_work("figures", resamples=host.resamples),
                              done=self._figures_ready, failed=host.job_failed)

    def _figures_ready(self, figures: Any) -> None:
        session = self.host.session
        if not self.host.closed and session is not None \
                and figures.batch_sha256 == session.batch_sha256:
            self.dashboard.set_figures(figures)

    def _fetch(self, item_id: str, done: Callable[[ItemComparison], None]) -> None:
        """One item's raters, read from the store in a job (never on the UI thread)."""
        session = self.host.session
        if session is None:
            return
        self.host.runner.start("Reading the raters' answers\u2026",
                               lambda: session.comparison(item_id), done=done,
                               failed=self.host.job_failed)

    def open_in_compare(self, item_id: str) -> None:
        self.compare.show_item(item_id)
        self.host.show_tab(self.compare)

    def save_now(self) -> None:
        self.compare.adjudication.save_now()

    def decisions_changed(self, items: set[str], decided: Mapping[str, Any]) -> None:
        for item_id in items:
            found = decided.get(item_id)
            self.disagreements.set_decision(item_id, found.decision.label if found else "")
        panel = self.compare.adjudication
        session = self.host.session
        if session is not None and panel.item_id in items and not panel._timer.isActive():
            shown = decided.get(panel.item_id)  # never under the reviewer's cursor
            session.saw_decision(panel.item_id, shown)
            panel.show_item(panel.item_id, identities=panel.identities, current=shown)

    # -- adjudication -----------------------------------------------------------------

    def _adjudication(self, item_id: str) -> Adjudication | None:
        session = self.host.session
        return session.adjudication(item_id) if session is not None else None

    def _save_decision(self, item_id: str, decision: Decision, note: str,
                       corrected: Verdict | None) -> Adjudication:
        session = self.host.session
        assert session is not None
        return session.set_adjudication(item_id, decision=decision, note=note,
                                        corrected_verdict=corrected)

    def _clear_decision(self, item_id: str) -> None:
        if self.host.session is not None:
            self.host.session.clear_adjudication(item_id)

    # -- report -----------------------------------------------------------------------

    def report_work(self, out_path: Path, report_format: str) -> Callable[[], Path] | None:
        """The guideline report with the dashboard's cost inputs (``qa report``'s)."""
        from rater_desktop.qa_review.report import render_report, write_html_report, write_report

        session = self.host.session
        if session is None:
            return None
        self.save_now()
        cost = self.dashboard.cost
        wage, fee, buffer = cost.wage.value(), cost.fee.value() / 100, cost.buffer.value() / 100
        raters, resamples = cost.raters.value(), self.host.resamples

        def work() -> Path:
            options = {"hourly_wage": wage, "platform_fee": fee, "buffer": buffer,
                       "raters_per_item": raters, "resamples": resamples}  # fmt: skip
            if report_format == "html":  # written as it is made, as ``qa report`` does
                return write_html_report(session, out_path, **options)
            text = render_report(session, report_format=report_format,  # type: ignore[arg-type]
                                 **options)
            return write_report(out_path, text)

        return work
