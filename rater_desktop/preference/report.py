"""The QA report of a preference batch as HTML (self-contained, escaped) or JSON."""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import asdict
from typing import Any

from rater_desktop.learning.unsure import UnsureShare, unsure_item_ids, unsure_shares
from rater_desktop.preference.stats import Agreement, PreferenceFigures
from rater_desktop.qa_review.report_unsure import unsure_section

# (per-rater figure, [(item id, rater id, reason)]): the Unsure section (results 2.3)
Unsure = tuple[list[UnsureShare], list[tuple[str, str, str]]]


def unsure_of(documents: Any) -> Unsure:
    """The per-rater unsure figure and the unsure items of verified documents."""
    items = sorted((item_id, str((d.get("rater") or {}).get("rater_id", "")), reason)
                   for d in documents for item_id, reason in unsure_item_ids(d).items())
    return unsure_shares(documents), items


def figures_dict(figures: PreferenceFigures) -> dict[str, Any]:
    return {
        "protocol": "preference",
        "agreement": asdict(figures.agreement),
        "models": {m: {"wins": r.wins, "ties": r.ties, "losses": r.losses,
                       "win_rate": r.win_rate,
                       "bradley_terry": figures.strengths.get(m)}
                   for m, r in figures.records.items()},
        "raters": [asdict(r) for r in figures.raters],
        "seconds_per_judgment": {"median": figures.median_seconds, "p90": figures.p90_seconds},
        "cost": asdict(figures.cost) if figures.cost is not None else None,
        "agreement_by_answer": {k: asdict(v) for k, v in figures.by_answer.items()},
    }


def _num(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _agreement_row(label: str, a: Agreement) -> str:
    return (f"<tr><td>{html.escape(label)}</td><td>{_num(a.percent)}</td>"
            f"<td>{_num(a.alpha)}</td><td>{a.items}</td><td>{a.raters}</td></tr>")


def time_cost_text(figures: PreferenceFigures) -> str:
    """The time per judgment and cost projection sentence (report and QA window)."""
    cost = figures.cost
    cost_text = ("no timings" if cost is None else
                 f"{cost.judgments} judgments, {cost.rater_hours:.1f} rater hours, "
                 f"{cost.cost_per_judgment:.2f} per judgment, total {cost.total:.2f}")
    return (f"Median {_num(figures.median_seconds, 1)} s per judgment (90th percentile "
            f"{_num(figures.p90_seconds, 1)} s). Projection: {cost_text}.")


def render_html(figures: PreferenceFigures, *, title: str, unsure: Unsure | None = None) -> str:
    rows = [_agreement_row("all raters", figures.agreement)]
    rows += [_agreement_row(f"answered: {k}", v) for k, v in figures.by_answer.items()]
    models = "".join(
        f"<tr><td>{html.escape(m)}</td><td>{r.wins}</td><td>{r.ties}</td><td>{r.losses}</td>"
        f"<td>{_num(r.win_rate)}</td><td>{_num(figures.strengths.get(m))}</td></tr>"
        for m, r in figures.records.items())
    raters = "".join(
        f"<tr><td>{html.escape(r.rater_id)}</td><td>{r.qualification_passed} of "
        f"{r.qualification_total}</td><td>{'yes' if r.qualified else 'no'}</td>"
        f"<td>{r.attention_passed} of {r.attention_total}</td></tr>" for r in figures.raters)
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title></head><body>"
        f"<h1>{html.escape(title)}: preference protocol</h1>"
        "<h2>Agreement on the three-way choice</h2><table border='1'><tr><th>group</th>"
        "<th>percent agreement</th><th>Krippendorff's alpha (nominal)</th><th>items</th>"
        f"<th>raters</th></tr>{''.join(rows)}</table>"
        "<h2>Models</h2><table border='1'><tr><th>model</th><th>wins</th><th>ties</th>"
        "<th>losses</th><th>win rate</th><th>Bradley-Terry strength</th></tr>"
        f"{models}</table>"
        "<h2>Raters</h2><table border='1'><tr><th>rater</th><th>qualification</th>"
        f"<th>qualified</th><th>attention checks</th></tr>{raters}</table>"
        f"{unsure_section(*unsure) if unsure is not None else ''}"
        f"<h2>Time and cost</h2><p>{html.escape(time_cost_text(figures))}</p></body></html>\n")


def render_csv(figures: PreferenceFigures) -> str:
    """One row per model: the scoreboard (agreement and raters are in HTML and JSONL)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["model", "wins", "ties", "losses", "win_rate", "bradley_terry"])
    for model, record in figures.records.items():
        writer.writerow([model, record.wins, record.ties, record.losses,
                         _num(record.win_rate, 4), _num(figures.strengths.get(model), 4)])
    return out.getvalue()


def render(figures: PreferenceFigures, *, title: str, report_format: str,
           unsure: Unsure | None = None) -> str:
    """``html`` (default), ``csv`` (models) or ``jsonl`` (one JSON object, every figure)."""
    if report_format == "html":
        return render_html(figures, title=title, unsure=unsure)
    if report_format == "csv":
        return render_csv(figures)
    data = figures_dict(figures)
    if unsure is not None:
        data["unsure"] = {"raters": {s.rater_id: {"unsure": s.unsure, "items": s.items}
                                     for s in unsure[0]},
                          "items": [{"item_id": i, "rater_id": r, "reason": why}
                                    for i, r, why in unsure[1]]}
    return json.dumps(data, sort_keys=True, allow_nan=False) + "\n"
