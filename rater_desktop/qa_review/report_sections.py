"""Sections of the HTML report. Every cell is escaped; figure cells carry a ``data-key``."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from rater_desktop.batch.model import verdict_from_score
from rater_desktop.qa.scoreboard import MIN_ITEMS_FOR_INTERVAL
from rater_desktop.qa_review import svg
from rater_desktop.qa_review.summary import QaFigures

Cell = str | tuple[str, str]  # text, or (text, data-key) for a figure

STATUS_LABELS = {
    "valid": "valid, signer in roster",
    "unknown_signer": "valid signature, UNKNOWN signer (not counted)",
    "invalid": "INVALID (not counted)",
}


def num(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value * 100:.1f} %"


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            if isinstance(cell, tuple):
                text, key = cell
                cells.append(f'<td class="num" data-key="{escape(key)}">{escape(text)}</td>')
            else:
                cells.append(f"<td>{escape(cell)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def files_section(figures: QaFigures) -> str:
    used = {f.file_sha256 for f in figures.used_files}
    rows: list[list[Cell]] = []
    # By name, not import order: reviewers importing into a shared store at once must
    # get the same report.
    for f in sorted(figures.files, key=lambda f: (_file_name(f.path), f.file_sha256)):
        status = STATUS_LABELS.get(f.status, f.status)
        if f.status == "valid" and f.file_sha256 not in used:
            status += " (superseded by a later export of the same rater)"
        rows.append(
            [
                _file_name(f.path),
                (status, f"file-status-{f.file_sha256[:12]}"),
                f.signer or f.claimed_rater_id or "",
                f.fingerprint or "",
                f.message,
            ]
        )
    return "<h2>Result files</h2>" + table(
        ["File", "Status", "Rater", "Key fingerprint", "Verification"], rows
    )


def agreement_section(figures: QaFigures) -> str:
    rows: list[list[Cell]] = [
        [
            a.label,
            a.level,
            (num(a.alpha), f"alpha-{a.dimension}"),
            (pct(a.percent), f"percent-{a.dimension}"),
            (str(a.units), f"units-{a.dimension}"),
        ]
        for a in figures.agreement
    ]
    chart = svg.bar_chart(
        title="Krippendorff's alpha per dimension",
        bars=[(a.label, a.alpha) for a in figures.agreement],
        low=min([-0.2, *[a.alpha for a in figures.agreement if a.alpha is not None]]),
        high=1.0,
        value_format=lambda v: f"{v:.3f}",
    )
    verdict = next((a for a in figures.agreement if a.dimension == "verdict"), None)
    loo: list[list[Cell]] = [
        [
            r.rater,
            (str(r.pairs), f"loo-pairs-{r.rater}"),
            (pct(r.pairwise_agreement), f"loo-agreement-{r.rater}"),
            (num(r.mean_distance, 2), f"loo-distance-{r.rater}"),
            (num(r.alpha_without), f"loo-alpha-without-{r.rater}"),
            (num(r.alpha_change), f"loo-alpha-change-{r.rater}"),
        ]
        for r in (verdict.per_rater if verdict else ())
    ]
    dist = figures.verdict_distribution
    dist_chart = svg.bar_chart(
        title="Verdicts given (file order)",
        bars=[(verdict_from_score(s).label, float(n)) for s, n in dist.items()],
        low=0.0,
        high=float(max([1, *dist.values()])),
        value_format=lambda v: f"{v:.0f}",
    )
    dist_rows: list[list[Cell]] = [
        [verdict_from_score(s).label, (str(n), f"verdicts-{s}")] for s, n in dist.items()
    ]
    return (
        "<h2>Agreement</h2><p>Standard items. TC, FA and AIP: one unit per response; verdict: "
        "one unit per item. Percent agreement: share of rater pairs giving the same value, "
        "averaged over units.</p>"
        + table(["Dimension", "Level", "Alpha", "Percent agreement", "Units"], rows)
        + chart
        + '<h3>Each rater against the others (7-point verdict)</h3><p class="small">'
        "Negative alpha change: the others agree better without this rater.</p>"
        + table(
            ["Rater", "Pairs", "Same verdict", "Mean distance", "Alpha without", "Alpha change"],
            loo,
        )
        + "<h3>Verdict distribution</h3>"
        + dist_chart
        + table(["Verdict", "Count"], dist_rows)
        + _disagreement_part(figures)
    )


def _disagreement_part(figures: QaFigures) -> str:
    found = figures.disagreements
    rows: list[list[Cell]] = [
        [
            d.item_id,
            ", ".join(d.raters),
            (num(d.verdict_spread, 0), f"verdict-spread-{d.item_id}"),
            (num(d.max_score_spread, 0), f"score-spread-{d.item_id}"),
            (str(d.claim_conflicts), f"claim-conflicts-{d.item_id}"),
            (num(d.score, 0), f"disagreement-{d.item_id}"),
        ]
        for d in found
    ]
    chart = svg.grouped_bar_chart(
        title="Spread per item",
        categories=[d.item_id for d in found],
        series=[
            ("verdict spread (0-6)", [d.verdict_spread for d in found]),
            ("largest TC/FA/AIP spread (0-4)", [d.max_score_spread for d in found]),
        ],
        high=6.0,
    )
    return (
        "<h2>Disagreements</h2><p>Most disputed first. Score = verdict spread + largest "
        "score spread + conflicting claim clusters.</p>"
        + table(
            ["Item", "Raters", "Verdict spread", "Score spread", "Claim conflicts", "Score"],
            rows,
        )
        + (chart if found else "")
    )


def people_section(figures: QaFigures) -> str:
    required, out_of = figures.qualification_threshold
    qual: list[list[Cell]] = [
        [
            q.rater_id,
            (str(q.passed), f"qual-passed-{q.rater_id}"),
            (str(q.total), f"qual-total-{q.rater_id}"),
            ("yes" if q.qualified else "NO", f"qualified-{q.rater_id}"),
            ", ".join(q.failed_items),
        ]
        for q in figures.qualification
    ]
    attention: list[list[Cell]] = [
        [
            a.rater_id,
            (str(len(a.passed)), f"attention-passed-{a.rater_id}"),
            (str(len(a.missed)), f"attention-missed-{a.rater_id}"),
            ", ".join(a.missed),
        ]
        for a in figures.attention
    ]
    return (
        f"<h2>Qualification and attention</h2><p>Qualified: at least {required} of {out_of} "
        "qualification items passed (same side, at most one step from the expected "
        "verdict).</p>"
        + table(["Rater", "Passed", "Items", "Qualified", "Failed items"], qual)
        + table(["Rater", "Attention checks passed", "Missed", "Missed items"], attention)
    )


def _interval(ci: tuple[float, float] | None, conditional: bool, withheld: bool) -> str:
    if withheld:
        return f"not drawn: under {MIN_ITEMS_FOR_INTERVAL} items"
    if ci is None:
        return "n/a"
    return f"{ci[0]:.3f} - {ci[1]:.3f}" + (" (conditional)" if conditional else "")


def _scoreboard(figures: QaFigures) -> str:
    rows: list[list[Cell]] = []
    for s in figures.scoreboard:
        r, m = s.record, s.model
        ci = s.strength_ci
        rows.append(
            [
                m,
                (str(r.wins), f"wins-{m}"),
                (str(r.ties), f"ties-{m}"),
                (str(r.losses), f"losses-{m}"),
                (pct(r.win_rate), f"winrate-{m}"),
                (num(s.strength), f"strength-{m}"),
                (_interval(ci, s.ci_conditional, s.ci_withheld), f"strength-ci-{m}"),
                *[(num(s.mean_scores.get(k), 2), f"mean-{k}-{m}") for k in ("tc", "fa", "aip")],
            ]
        )
    highs = [s.strength_ci[1] for s in figures.scoreboard if s.strength_ci] or [2.0]
    chart = svg.whisker_chart(
        title="Bradley-Terry strength with 95 % bootstrap interval",
        rows=[(s.model, s.strength, s.strength_ci) for s in figures.scoreboard],
        low=0.0,
        high=max(highs) * 1.05,
    )
    return (
        f"<h2>Model scoreboard</h2><p>Each rater's verdict on a standard item is one game; a "
        f"tie counts half. Strength: Bradley-Terry (geometric mean 1), interval from "
        f"{figures.bootstrap_resamples} item resamples (a resample missing a model is drawn "
        f"again; \"conditional\": too few contained every model).</p>"
        + table(
            [
                "Model",
                "Wins",
                "Ties",
                "Losses",
                "Win rate",
                "Strength",
                "95 % interval",
                "Mean TC",
                "Mean FA",
                "Mean AIP",
            ],
            rows,
        )  # fmt: skip
        + (chart if figures.scoreboard else "")
    )


def models_section(figures: QaFigures) -> str:
    bench: list[list[Cell]] = [
        [
            m,
            (str(s.tasks), f"ab-tasks-{m}"),
            (pct(s.accuracy), f"ab-accuracy-{m}"),
            (pct(s.answer_rate), f"ab-answer-rate-{m}"),
            (pct(s.precision), f"ab-precision-{m}"),
            (pct(s.exact_match), f"ab-exact-{m}"),
            (pct(s.normalized_match), f"ab-normalized-{m}"),
        ]
        for m, s in figures.assistantbench.items()
    ]
    runs: list[list[Cell]] = [
        [
            r.model,
            (str(r.runs), f"sw-runs-{r.model}"),
            (str(r.scored), f"sw-scored-{r.model}"),
            (str(r.disputed), f"sw-disputed-{r.model}"),
            (num(r.mean_score, 1), f"sw-mean-{r.model}"),
            ", ".join(f"{k} {v}" for k, v in r.outcomes.items()),
        ]
        for r in figures.standardweb
    ]
    return (
        _scoreboard(figures)
        + "<h2>Exact answers (AssistantBench metrics)</h2>"
        + (table(["Model", "Tasks", "Accuracy", "Answer rate", "Precision", "EM",
                  "Normalised match"], bench)
           if bench else "<p class=\"muted\">No item has a gold answer.</p>")
        + "<h2>Agent runs (standardweb)</h2>"
        + (table(["Model", "Runs", "Scored", "Disputed", "Mean score", "Outcomes"], runs)
           if runs else "<p class=\"muted\">No response has a run report.</p>")
    )  # fmt: skip


def time_cost_section(figures: QaFigures) -> str:
    per_rater = figures.times_per_rater
    rows: list[list[Cell]] = [
        [r, (str(t.count), f"time-count-{r}"), (num(t.median, 1), f"time-median-{r}"),
         (num(t.q1, 1), f"time-q1-{r}"), (num(t.q3, 1), f"time-q3-{r}"),
         (num(t.minimum, 1), f"time-min-{r}"), (num(t.maximum, 1), f"time-max-{r}")]
        for r, t in per_rater.items()
    ]  # fmt: skip
    steps: list[list[Cell]] = [
        [s, (str(t.count), f"step-count-{s}"), (num(t.median, 1), f"step-median-{s}")]
        for s, t in figures.times_per_step.items()
    ]
    chart = svg.box_chart(
        title="Seconds per judgment per rater",
        rows=[(r, t.minimum, t.q1, t.median, t.q3, t.maximum) for r, t in per_rater.items()],
        high=max([1.0, *[t.maximum for t in per_rater.values()]]) * 1.05,
    )
    c, cost = figures.cost_inputs, figures.cost
    cost_rows: list[list[Cell]] = [
        ["Items", (str(c.items), "cost-items")],
        ["Raters per item", (str(c.raters_per_item), "cost-raters")],
        ["Seconds per judgment (median)", (num(c.seconds_per_judgment, 1), "cost-seconds")],
        ["Hourly wage", (f"{c.hourly_wage:.2f}", "cost-wage")],
        ["Platform fee", (pct(c.platform_fee), "cost-fee")],
        [
            "Cost per judgment",
            (num(None if cost is None else cost.cost_per_judgment, 4), "cost-per-judgment"),
        ],
        ["Rater hours", (num(None if cost is None else cost.rater_hours, 2), "cost-hours")],
        ["Total", (num(None if cost is None else cost.total, 2), "cost-total")],
        ["Budget with buffer", (num(None if cost is None else cost.budget, 2), "cost-budget")],
    ]
    return (
        "<h2>Time per judgment</h2>"
        + table(["Rater", "Judgments", "Median s", "Q1 s", "Q3 s", "Min s", "Max s"], rows)
        + (chart if per_rater else "")
        + table(["Step", "Judgments", "Median s"], steps)
        + "<h2>Study cost projection</h2><p>items x raters x hours per judgment x wage x "
        "(1 + fee).</p>" + table(["", ""], cost_rows)
    )
