"""The QA window on a preference batch: its two tabs, their refresh (a job) and the
report export. A guideline batch hides these tabs; a preference batch hides the guideline
ones (disagreements, compare and adjudication, dashboard), which have nothing to show."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rater_desktop.gui.qa.preference_panel import PreferenceDashboard, PreferenceDisagreements
from rater_desktop.preference.review import PreferenceReview, preference_review

GUIDELINE_TABS = (1, 2, 3)  # Disagreements, Compare, Dashboard
TAB_PREF_DISAGREEMENTS, TAB_PREF_DASHBOARD = 4, 5


def add_tabs(window: Any) -> None:
    """The preference tabs (hidden until a preference batch is opened)."""
    window.pref_disagreements = PreferenceDisagreements()
    window.pref_dashboard = PreferenceDashboard()
    window.tabs.addTab(window.pref_disagreements, "Disagreements")
    window.tabs.addTab(window.pref_dashboard, "Dashboard")
    window.pref_dashboard.inputsChanged.connect(lambda: refresh(window))
    show_protocol(window)


def is_preference(window: Any) -> bool:
    batch = window.batch
    return batch is not None and getattr(batch.manifest, "protocol", "") == "preference"


def show_protocol(window: Any) -> None:
    """Show the tabs of the opened batch's protocol only (the preference ones emptied
    until the new batch's figures arrive)."""
    preference = is_preference(window)
    window.pref_dashboard.clear()
    window.pref_disagreements.set_items(())
    for index in GUIDELINE_TABS:
        window.tabs.setTabVisible(index, not preference)
    for index in (TAB_PREF_DISAGREEMENTS, TAB_PREF_DASHBOARD):
        window.tabs.setTabVisible(index, preference)
    window.actions_.tabs[1].setData(TAB_PREF_DISAGREEMENTS if preference else 1)
    window.actions_.tabs[3].setData(TAB_PREF_DASHBOARD if preference else 3)
    window.actions_.tabs[2].setEnabled(not preference)


def tab_for(window: Any, index: int) -> int:
    """The tab a View action (Ctrl+1..4) shows for the opened batch's protocol."""
    data = window.actions_.tabs[index].data()
    return int(data) if isinstance(data, int) else index


def refresh(window: Any) -> None:
    """Recompute the figures and disagreements off the UI thread."""
    session = window.session
    if session is None or window.closed or not is_preference(window):
        return
    dashboard = window.pref_dashboard
    question, cost = dashboard.chosen_question(), dashboard.cost_inputs()
    window.runner.start("Computing the preference figures\u2026",
                        lambda: preference_review(session, question=question, cost=cost),
                        done=lambda review: _ready(window, review), failed=window._job_failed)


def _ready(window: Any, review: PreferenceReview) -> None:
    session = window.session
    if window.closed or session is None or review.batch_sha256 != session.batch_sha256:
        return
    window.pref_dashboard.set_review(review)
    window.pref_disagreements.set_items(review.disagreements, review.unsure)


def report_work(window: Any, out_path: Path, report_format: str) -> Callable[[], Path] | None:
    """The job writing the report ``qa report`` writes, with the dashboard's question and
    cost (None without a session); ``exports.export_report_to`` runs it."""
    from rater_desktop.preference.report import render
    from rater_desktop.qa_review.report import write_report

    session = window.session
    if session is None:
        return None
    dashboard = window.pref_dashboard
    question, cost = dashboard.chosen_question(), dashboard.cost_inputs()

    def work() -> Path:
        review = preference_review(session, question=question, cost=cost)
        unsure = (list(review.unsure_shares),
                  sorted((item_id, rater, why) for item_id, marks in review.unsure.items()
                         for rater, why in marks.items()))
        return write_report(out_path, render(review.figures, title=review.title,
                                             report_format=report_format, unsure=unsure))

    return work
