"""The QA dashboard's tables as rows of text (Qt-free): raters (qualification, attention,
agreement, time: who needs coaching) and models (scoreboard, AssistantBench, standardweb).
The QA window draws them; numbers are formatted here once."""

from __future__ import annotations

from rater_desktop.qa.retest import RetestFigure
from rater_desktop.qa.text_sources import RaterTextFlags
from rater_desktop.qa_review.answer_rows import seconds_text
from rater_desktop.qa_review.summary import QaFigures
from rater_desktop.wording import counted

LOWERS_AGREEMENT = -0.05  # alpha(all) - alpha(without) below this: the rater pulls it down


def _pct(value: float | None) -> str:
    return "\u2013" if value is None else f"{value * 100:.0f} %"


def _num(value: float | None, digits: int = 2) -> str:
    return "\u2013" if value is None else f"{value:.{digits}f}"


def _interval(value: float | None, ci: tuple[float, float] | None, *, pct: bool) -> str:
    show = _pct if pct else _num
    return show(value) + (f" [{show(ci[0])} \u2013 {show(ci[1])}]" if ci else "")


def retest_text(figure: RetestFigure | None) -> str:
    """A rater's test-retest cell: how many probes kept the verdict, and side-following."""
    if figure is None:
        return "\u2013"
    return (f"{figure.same_verdict} of {figure.judged} same verdict, "
            f"{figure.side_following} side-following")


def text_cells(flags: RaterTextFlags | None) -> list[str]:
    """Pasted share and fast items (the report's wording), or dashes: flags, not verdicts."""
    if flags is None:
        return ["\u2013", "\u2013"]
    return [flags.share_text(), flags.fast_text()]


def coaching_notes(figures: QaFigures, rater: str) -> list[str]:
    """Why a rater may need coaching (empty: nothing stands out)."""
    notes = []
    for q in figures.qualification:
        if q.rater_id == rater and q.total and not q.qualified:
            notes.append("not qualified")
    for a in figures.attention:
        if a.rater_id == rater and a.missed:
            notes.append(f"missed {counted(len(a.missed), 'attention check')}")
    for r in figures.verdict_agreement.per_rater:
        if r.rater == rater and r.alpha_change is not None and r.alpha_change < LOWERS_AGREEMENT:
            notes.append("lowers verdict agreement")
    return notes


def rater_rows(figures: QaFigures) -> list[tuple[list[str], bool]]:
    """One row per rater, and whether it needs the reviewer's eye (coaching notes)."""
    qualification = {q.rater_id: q for q in figures.qualification}
    attention = {a.rater_id: a for a in figures.attention}
    agreement = {r.rater: r for r in figures.verdict_agreement.per_rater}
    # A rater with no qualification answer at all is 0 of N, not "no items".
    items = max((q.total for q in figures.qualification), default=0)
    unsure = {share.rater_id: share.text() for share in figures.unsure}
    retest = {f.rater_id: f for f in figures.retest}
    texts_of = {f.rater_id: f for f in figures.text_flags}  # flags for review (issue 24)
    rows = []
    for rater in figures.raters:
        q, a, r = qualification.get(rater), attention.get(rater), agreement.get(rater)
        timing = figures.times_per_rater.get(rater)
        notes = coaching_notes(figures, rater)
        texts = [
            rater,
            f"{q.passed} of {q.total} " + ("qualified" if q.qualified else "NOT qualified")
            if q and q.total else f"0 of {items} NOT qualified" if items else "no items",
            f"{len(a.passed)} passed, {len(a.missed)} missed" if a else "none",
            _pct(r.pairwise_agreement) if r else "\u2013",
            _num(r.alpha_change) if r else "\u2013",
            seconds_text(timing.median) if timing else "\u2013",
            unsure.get(rater, "\u2013"),
            retest_text(retest.get(rater)),
            *text_cells(texts_of.get(rater)),  # flags for review, not verdicts
            "; ".join(notes) or "ok",
        ]
        rows.append((texts, bool(notes)))
    return rows


def model_rows(figures: QaFigures) -> list[list[str]]:
    """One row per model of the scoreboard."""
    runs = {m.model: m for m in figures.standardweb}
    rows = []
    for standing in figures.scoreboard:
        record = standing.record
        means = " / ".join(_num(standing.mean_scores.get(n)) for n in ("tc", "fa", "aip"))
        bench = figures.assistantbench.get(standing.model)
        run = runs.get(standing.model)
        rows.append([
            standing.model,
            f"{record.wins} / {record.ties} / {record.losses}",
            _interval(record.win_rate, standing.win_rate_ci, pct=True),
            _interval(standing.strength, standing.strength_ci, pct=False)
            + (" (conditional)" if standing.ci_conditional else ""),
            means,
            f"{_pct(bench.accuracy)} ({counted(bench.tasks, 'task')})" if bench else "\u2013",
            f"{_num(run.mean_score, 1)} ({counted(run.scored, 'run')})" if run else "\u2013",
        ])
    return rows
