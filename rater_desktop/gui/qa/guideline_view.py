"""The guideline protocol's tabs of the QA window (``gui.protocols.QaView``): the
disagreements list, Compare with adjudication, and the Dashboard's figures. Registered
by ``gui/protocols/guideline.py``; the window only knows them through the registry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QTimer

from rater_desktop.gui.protocols import QaTab
from rater_desktop.gui.qa.in_parts import InParts
from rater_desktop.gui.qa.lazy_tabs import LazyPage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from rater_desktop.batch.model import Verdict
    from rater_desktop.gui.qa.compare_view import CompareView
    from rater_desktop.gui.qa.dashboard import Dashboard
    from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
    from rater_desktop.qa_review.adjudication import Adjudication, Decision
    from rater_desktop.qa_review.review_state import ReviewState
    from rater_desktop.qa_review.views import ItemComparison

# The modules of these tabs: imported on a worker after the window's first paint.
# Compare's first item also needs Markdown (its responses' plain text, the prompt) and
# the signing code (reading a rater's answers): imported on the UI thread at its first
# show, they took tens of ms of that turn at 50 raters; so did PySide's widget types.
MODULES = ("rater_desktop.gui.qa.disagreement_panel", "rater_desktop.gui.qa.compare_view",
           "rater_desktop.gui.qa.dashboard", "rater_desktop.rating.text",
           "rater_desktop.gui.markdown_worker", "rater_desktop.results.identity",
           "rater_desktop.gui.qa.widget_types")
PAGES = ("disagreements", "compare", "dashboard")


class GuidelineQaView:
    """Disagreements, Compare (adjudication) and Dashboard of a guideline batch.

    Each tab is built the first time it is shown (or asked for), and a new state is
    applied at once only to the tab on screen: the others take it when next shown."""

    adjudicates = True
    modules = MODULES

    def __init__(self, host: Any) -> None:
        self.host = host
        self.state: ReviewState | None = None
        self.figures: Any = None  # the last figures, for a Dashboard not yet up to date
        self._batch: Any = None
        self._stale: set[str] = set()  # pages older than self.state / self.figures
        self._decisions: dict[str, str] = {}  # item id -> decision label, as last read
        self._pages = {"disagreements": LazyPage(self._make_disagreements),
                       "compare": LazyPage(self._make_compare),
                       "dashboard": LazyPage(self._make_dashboard)}

    @property
    def tabs(self) -> tuple[QaTab, ...]:
        pages = self._pages
        return (QaTab(pages["disagreements"].current(), "Disagreements", ("disagreements",)),
                QaTab(pages["compare"].current(), "Compare", ("compare",)),
                QaTab(pages["dashboard"].current(), "Dashboard", ("dashboard",)))

    # -- the pages, built on first use and brought up to date when asked for -------------

    @property
    def disagreements(self) -> DisagreementPanel:
        return cast("DisagreementPanel", self._page("disagreements"))

    @property
    def compare(self) -> CompareView:
        return cast("CompareView", self._page("compare"))

    @property
    def dashboard(self) -> Dashboard:
        return cast("Dashboard", self._page("dashboard"))

    def built(self, name: str) -> bool:
        """Whether the tab ``name`` (of PAGES) was built (tests: the others cost nothing)."""
        return self._pages[name].built

    def _page(self, name: str) -> QWidget:
        widget = self._pages[name].content()
        if name in self._stale:
            self._stale.discard(name)
            self._apply(name, widget)
        return widget

    def _apply(self, name: str, widget: Any) -> None:
        state, session = self.state, self.host.session
        if name == "disagreements" and state is not None:
            # The rows now, with the decisions last read; the store is read in a job.
            widget.set_data(state.disagreements, state.judged, self._decisions, state.unsure)
            if session is not None:
                self._read_decisions(session)
        elif name == "compare" and state is not None:
            widget.set_state(state)
        elif name == "dashboard" and self.figures is not None:
            widget.set_figures(self.figures)

    def tab_shown(self, widget: Any) -> None:
        """The window shows ``widget``: bring it up to date if it is one of these tabs, on
        the next event-loop turn (a tab just built has had its turn)."""
        for name, page in self._pages.items():
            if page.built and page.current() is widget and name in self._stale:
                # After the build's own later parts (Compare: Response A and B), each in
                # a turn of its own: one turn held them all with their first paint.
                later = getattr(widget, "later", None)
                if isinstance(later, InParts):
                    later.add(lambda: self._refresh_visible(set()))
                else:
                    QTimer.singleShot(0, widget, lambda: self._refresh_visible(set()))

    def _refresh_visible(self, names: set[str]) -> None:
        """Mark ``names`` out of date and bring the tab on screen up to date now."""
        self._stale |= names
        for name in set(self._stale):
            page = self._pages[name]
            if page.built and page.current().isVisible():
                self._page(name)

    def _read_decisions(self, session: Any) -> None:
        """Read the batch's QA decisions off the UI thread, then show what changed."""
        def work() -> dict[str, str]:
            return {a.item_id: a.decision.label for a in session.adjudications()}

        self.host.runner.start("Reading the QA decisions\u2026", work,
                               done=self._decisions_read, failed=self.host.job_failed)

    def _decisions_read(self, found: dict[str, str]) -> None:
        if self.host.closed:
            return
        for item_id in set(self._decisions) | set(found):
            if found.get(item_id, "") != self._decisions.get(item_id, ""):
                self._decision_changed(item_id, found.get(item_id, ""))

    def _make_disagreements(self) -> QWidget:
        from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel

        panel = DisagreementPanel()
        panel.itemActivated.connect(self.open_in_compare)
        return panel

    def _make_compare(self) -> QWidget:
        from rater_desktop.gui.qa.compare_view import CompareView
        from rater_desktop.gui.qa.reviewer import reviewer_of
        from rater_desktop.qa_review.note_drafts import SettingsDrafts

        host = self.host
        compare = CompareView(loader=host.loader, link_handler=host.link_handler,
                              save=self._save_decision, clear=self._clear_decision,
                              adjudication_for=self._adjudication, fetch=self._fetch,
                              settings=host.settings, reviewer=reviewer_of(host),
                              drafts=SettingsDrafts(host.settings, self._drafts_scope))
        compare.set_batch(self._batch)
        compare.decisionChanged.connect(self._decision_changed)
        return compare

    def _make_dashboard(self) -> QWidget:
        from rater_desktop.gui.qa.dashboard import Dashboard

        return Dashboard(self.host.settings)

    def _decision_changed(self, item_id: str, label: str) -> None:
        if label:
            self._decisions[item_id] = label
        else:
            self._decisions.pop(item_id, None)
        if self.built("disagreements"):
            cast("DisagreementPanel", self._pages["disagreements"].content()) \
                .set_decision(item_id, label)

    # -- the window's calls -------------------------------------------------------------

    def show_batch(self, batch: Any) -> None:
        self._batch = batch
        self._decisions = {}
        if self.built("compare"):
            cast("CompareView", self._pages["compare"].content()).set_batch(batch)

    def update(self, state: ReviewState) -> None:
        host = self.host
        session = host.session
        self.state = state
        self._refresh_visible({"disagreements", "compare"})
        if session is not None and state.used:
            host.runner.start("Computing figures (bootstrap)\u2026",
                              host.session_work("figures", resamples=host.resamples),
                              done=self._figures_ready, failed=host.job_failed)

    def _figures_ready(self, figures: Any) -> None:
        session = self.host.session
        if not self.host.closed and session is not None \
                and figures.batch_sha256 == session.batch_sha256:
            self.figures = figures
            self._refresh_visible({"dashboard"})

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
        if self.built("compare"):
            self.compare.adjudication.save_now()

    def decisions_changed(self, items: set[str], decided: Mapping[str, Any]) -> None:
        for item_id in items:
            found = decided.get(item_id)
            self._decision_changed(item_id, found.decision.label if found else "")
        if not self.built("compare"):
            return  # Compare reads the decision when it shows an item
        panel = cast("CompareView", self._pages["compare"].content()).adjudication
        session = self.host.session
        if session is not None and panel.item_id in items and not panel._timer.isActive():
            shown = decided.get(panel.item_id)  # never under the reviewer's cursor
            session.saw_decision(panel.item_id, shown)
            panel.show_item(panel.item_id, identities=panel.identities, current=shown)

    # -- adjudication -----------------------------------------------------------------

    def _adjudication(self, item_id: str) -> Adjudication | None:
        session = self.host.session
        return session.adjudication(item_id) if session is not None else None

    def _drafts_scope(self) -> tuple[str, str] | None:
        """Whose drafts of which batch: the window's reviewer's (as a decision is saved:
        the session's id may predate a profile made in place), of the open batch."""
        from rater_desktop.gui.qa.reviewer import reviewer_of

        session, reviewer = self.host.session, reviewer_of(self.host).rater_id
        return None if session is None or not reviewer else (session.batch_sha256, reviewer)

    def _save_decision(self, item_id: str, decision: Decision, note: str,
                       corrected: Verdict | None) -> Adjudication:
        from rater_desktop.gui.qa.reviewer import reviewer_of

        session = self.host.session
        assert session is not None
        # The window's reviewer now: a profile made in place after the batch opened (its
        # session made on a worker meanwhile) still decides as itself. "" is refused.
        session.reviewer_id = reviewer_of(self.host).rater_id
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
