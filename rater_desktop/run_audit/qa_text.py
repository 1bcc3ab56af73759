"""The QA window's texts of a run audit batch (Qt-free): the tab's headline figures in
words, each run's row, the raters-against-judge confusion rows; every figure from
``run_audit.stats`` (what 'qa report' prints). ``gui/run_audit/qa_view`` shows them."""

from __future__ import annotations

from typing import Any

from rater_desktop.batch.protocol import RUN_AUDIT
from rater_desktop.qa_review.retest_inputs import session_documents
from rater_desktop.run_audit.model import VERDICTS
from rater_desktop.run_audit.review import batch_figures
from rater_desktop.run_audit.scoring import CLASS_LABELS
from rater_desktop.run_audit.stats import RunAuditFigures
from rater_desktop.wording import counted

RUN_COLUMNS = ("Run", "Agent", "Report claims", "Raters saw", "Score", "Status",
               "Automated judge")


def num(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def review_figures(session: Any) -> tuple[str, RunAuditFigures]:
    """(batch hash, figures) of the session's trusted run audit files (a job: no Qt)."""
    documents = [d for d in session_documents(session) if d.get("protocol") == RUN_AUDIT]
    return session.batch_sha256, batch_figures(documents, batch=session.batch)


def summary_lines(found: RunAuditFigures) -> list[str]:
    """The tab's headline figures, in words."""
    runs = found.runs
    scored = [r for r in runs if r.score is not None]
    disputed = [r for r in runs if r.disputed]
    outcome, verdict, judge = found.outcome_agreement, found.verdict_agreement, found.judge
    return [
        f"{counted(len(runs), 'run')}, {len(scored)} scored; "
        f"{counted(len(disputed), 'disputed completion')}, "
        "not scored.",
        f"Raters agree on the outcome: {num(outcome.percent)} (Krippendorff's \u03b1 "
        f"{num(outcome.alpha)}, {outcome.items} runs, {outcome.raters} raters); on the "
        f"verdict: {num(verdict.percent)} (\u03b1 {num(verdict.alpha)}).",
        f"Raters and the automated judge: Cohen's \u03ba {num(judge.kappa)} over "
        f"{judge.pairs} verdict pairs ({num(judge.percent)} agree).",
    ]


def run_rows(found: RunAuditFigures) -> list[list[str]]:
    return [[r.item_id, r.agent, r.claimed.replace("_", " "),
             CLASS_LABELS.get(r.consensus or "", "\u2014"),
             "" if r.score is None else str(r.score), r.status, r.judge or "\u2014"]
            for r in found.runs]


def confusion_rows(found: RunAuditFigures) -> list[list[str]]:
    table = found.judge.confusion
    return [[rater, *(str(table.get(rater, {}).get(judge, 0)) for judge in VERDICTS)]
            for rater in VERDICTS]
