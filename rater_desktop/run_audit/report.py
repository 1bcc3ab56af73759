"""The QA report of a run audit batch: HTML (self-contained, escaped), CSV (one row per
run) or JSONL (a ``summary`` line with every aggregate figure, then one ``run`` line per
run)."""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import asdict
from typing import Any

from rater_desktop.run_audit.model import BREACH_LABELS, VERDICTS
from rater_desktop.run_audit.scoring import CLASS_LABELS
from rater_desktop.run_audit.stats import Agreement, RunAuditFigures, RunFigures

RUN_COLUMNS = ("item_id", "agent", "claimed_outcome", "raters", "consensus_outcome", "score",
               "status", "judge_verdict", "rater_verdicts")


def _num(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def run_row(run: RunFigures) -> dict[str, Any]:
    return {"item_id": run.item_id, "agent": run.agent, "claimed_outcome": run.claimed,
            "raters": len(run.outcomes), "consensus_outcome": run.consensus,
            "score": run.score, "status": run.status, "judge_verdict": run.judge,
            "rater_verdicts": ";".join(f"{r}={v}" for r, v in sorted(run.verdicts.items()))}


def summary_dict(figures: RunAuditFigures) -> dict[str, Any]:
    return {
        "protocol": "run-audit",
        "outcome_agreement": asdict(figures.outcome_agreement),
        "verdict_agreement": asdict(figures.verdict_agreement),
        "judge_agreement": asdict(figures.judge),
        "breaches": figures.breaches,
        "agents": [asdict(a) for a in figures.agents],
        "not_scored": [{"item_id": r.item_id, "status": r.status}
                       for r in figures.runs if r.score is None],
        "raters": [asdict(r) for r in figures.raters],
        "median_seconds": figures.median_seconds,
    }


def _agreement_row(label: str, a: Agreement) -> str:
    return (f"<tr><td>{html.escape(label)}</td><td>{_num(a.percent)}</td>"
            f"<td>{_num(a.alpha)}</td><td>{a.items}</td><td>{a.raters}</td></tr>")


def _table(headers: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table border='1'><tr>{head}</tr>{body}</table>"


def _runs_html(figures: RunAuditFigures) -> str:
    rows = [[r.item_id, r.agent, r.claimed,
             ", ".join(f"{k}: {CLASS_LABELS.get(v, v)}" for k, v in sorted(r.outcomes.items())),
             "n/a" if r.score is None else r.score, r.status, r.judge or "none",
             ", ".join(f"{k}: {v}" for k, v in sorted(r.verdicts.items()))]
            for r in figures.runs]
    return _table(["run", "agent", "agent's claimed outcome", "raters' normalized outcome",
                   "score", "status", "judge", "raters' verdicts"], rows)


def _judge_html(figures: RunAuditFigures) -> str:
    judge = figures.judge
    rows = [[f"rater: {r}", *[judge.confusion[r][j] for j in VERDICTS]] for r in VERDICTS]
    per_rater = _table(["rater", "Cohen's kappa"],
                       [[r, _num(k)] for r, k in judge.by_rater.items()])
    return (f"<p>Cohen's kappa (all rater-run pairs): {_num(judge.kappa)} over {judge.pairs} "
            f"pairs; raw agreement {_num(judge.percent)}.</p>"
            + _table(["", *[f"judge: {j}" for j in VERDICTS]], rows) + per_rater)


def render_html(figures: RunAuditFigures, *, title: str) -> str:
    agreement = (_agreement_row("normalized outcome", figures.outcome_agreement)
                 + _agreement_row("verdict on the report", figures.verdict_agreement))
    not_scored = [r for r in figures.runs if r.score is None]
    listed = "".join(f"<li>{html.escape(r.item_id)}: {html.escape(r.status)}</li>"
                     for r in not_scored) or "<li>none</li>"
    agents = _table(["agent", "runs", "scored", "mean score"],
                    [[a.agent, a.runs, a.scored, _num(a.mean_score, 1)] for a in figures.agents])
    breaches = _table(["breach", "runs where a rater saw it"],
                      [[BREACH_LABELS[k], n] for k, n in figures.breaches.items()])
    raters = _table(["rater", "qualification", "qualified", "attention checks"],
                    [[r.rater_id, f"{r.qualification_passed} of {r.qualification_total}",
                      "yes" if r.qualified else "no",
                      f"{r.attention_passed} of {r.attention_total}"] for r in figures.raters])
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title></head><body>"
        f"<h1>{html.escape(title)}: run audit</h1>"
        "<h2>Scores (seed 002, from the raters' normalized outcome)</h2>"
        f"{agents}{_runs_html(figures)}<h3>Not scored</h3><ul>{listed}</ul>"
        "<h2>Agreement between raters</h2><table border='1'><tr><th>answer</th>"
        "<th>percent agreement</th><th>Krippendorff's alpha (nominal)</th><th>runs</th>"
        f"<th>raters</th></tr>{agreement}</table>"
        f"<h2>Raters and the automated judge</h2>{_judge_html(figures)}"
        f"<h2>Rule breaches seen</h2>{breaches}<h2>Raters</h2>{raters}"
        f"<h2>Time</h2><p>Median {_num(figures.median_seconds, 1)} s per audit.</p>"
        "</body></html>\n")


def render_csv(figures: RunAuditFigures) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=RUN_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for run in figures.runs:
        writer.writerow({k: "" if v is None else v for k, v in run_row(run).items()})
    return out.getvalue()


def render_jsonl(figures: RunAuditFigures) -> str:
    lines = [{"record": "summary", **summary_dict(figures)}]
    lines += [{"record": "run", **run_row(r), "outcomes": r.outcomes, "disputed": r.disputed}
              for r in figures.runs]
    return "".join(json.dumps(line, sort_keys=True, allow_nan=False) + "\n" for line in lines)


def render(figures: RunAuditFigures, *, title: str, report_format: str) -> str:
    """``html`` (default), ``csv`` (runs) or ``jsonl`` (summary, then runs)."""
    if report_format == "html":
        return render_html(figures, title=title)
    if report_format == "csv":
        return render_csv(figures)
    return render_jsonl(figures)
