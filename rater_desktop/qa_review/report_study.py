"""Report sections of the study lead's figures (``study_figures``): kappa and AC1/AC2 beside
alpha, rater tendencies, ability and items to check against the guideline, ranking
fragility and drift. Every cell is escaped by ``table``; figures carry a ``data-key``."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from rater_desktop.qa.drift import MIN_JUDGMENTS_PER_WINDOW
from rater_desktop.qa_review.report_sections import Cell, num, pct, table
from rater_desktop.qa_review.study_figures import StudyFigures
from rater_desktop.wording import counted

SIGNIFICANT = 0.01  # p-values below this are marked


def _chance(study: StudyFigures) -> str:
    rows: list[list[Cell]] = [
        [c.label, (num(c.cohen), f"cohen-{c.dimension}"), (num(c.fleiss), f"fleiss-{c.dimension}"),
         (num(c.gwet), f"gwet-{c.dimension}"), c.gwet_name]
        for c in study.chance
    ]  # fmt: skip
    return (
        "<h3>Kappa and Gwet's AC beside alpha</h3><p>Cohen's kappa needs exactly two raters. "
        "Gwet's AC1 (nominal) / AC2 (ordinal, quadratic weights) stays meaningful where "
        "most verdicts fall in one category, where kappa and alpha drop.</p>"
        + table(["Dimension", "Cohen's kappa", "Fleiss' kappa", "Gwet", ""], rows)
    )


def _flag(p: float | None) -> str:
    return "" if p is None else (f"{p:.4f}" + (" *" if p < SIGNIFICANT else ""))


def _tendencies(study: StudyFigures) -> str:
    rows: list[list[Cell]] = [
        [t.rater, (str(t.verdicts), f"verdicts-{t.rater}"),
         (pct(t.shown_first_share), f"shown-first-{t.rater}"),
         (_flag(t.side_p_value), f"side-p-{t.rater}"), (pct(t.tie_share), f"tie-share-{t.rater}"),
         (pct(t.others_tie_share), f"others-ties-{t.rater}"),
         (_flag(t.tie_p_value), f"tie-p-{t.rater}")]
        for t in study.tendencies
    ]  # fmt: skip
    return (
        "<h3>Side bias and tie tendency</h3><p>Shown first: of a rater's verdicts for a "
        "side, the share for the response on the left of their screen (exact binomial "
        f"test against 50 %). Ties against the other raters' tie share. * p &lt; {SIGNIFICANT}."
        "</p>" + table(["Rater", "Verdicts", "Shown first", "p", "Ties", "Others' ties", "p"],
                       rows)  # fmt: skip
    )


def _ability(study: StudyFigures) -> str:
    model = study.rater_model
    if model is None:
        return "<h3>Rater ability</h3><p>No item was judged twice.</p>"
    rows: list[list[Cell]] = [
        [rater, (num(model.ability[rater]), f"ability-{rater}")]
        for rater in sorted(model.ability, key=lambda r: (-model.ability[r], r))
    ]
    items = "".join(
        f'<li data-key="check-guideline-{escape(item)}">{escape(item)}: difficulty '
        f"{model.difficulty[item]:.2f}</li>" for item in model.check_guideline
    )
    check = (f"<p>Check the guideline ({len(model.check_guideline)}): the most reliable raters "
             f"agree on these items against the majority.</p><ul>{items}</ul>"
             if items else "<p>No item where the most reliable raters overrule the "
             "majority.</p>")  # fmt: skip
    return (
        "<h3>Rater ability and item difficulty</h3><p>Dawid-Skene on the verdict folded to "
        f"A / same / B ({model.iterations} EM rounds): ability is the chance a rater gives "
        "the item's most likely true verdict.</p>" + table(["Rater", "Ability"], rows) + check
    )


def _fragility(study: StudyFigures) -> str:
    found = study.fragility
    if found is None:
        return "<h3>Ranking fragility</h3><p>Fewer than two models played.</p>"
    rows: list[list[Cell]] = [
        [f"{p.upper} over {p.lower}", (pct(p.gap), f"gap-{p.upper}-{p.lower}"),
         ("n/a" if p.flips is None else str(p.flips), f"flips-{p.upper}-{p.lower}")]
        for p in found.adjacent
    ]  # fmt: skip
    top = ("cannot change" if found.top_flips is None
           else f"{found.top_flips} (to {found.top_challenger})")
    return (
        f'<h3>Ranking fragility</h3><p data-key="fragility-top">Fewest judgments whose flip '
        f"would tie or change the top model by win rate: {escape(top)}.</p>"
        + table(["Adjacent pair", "Win-rate gap", "Flips"], rows)
    )


def _drift(study: StudyFigures) -> str:
    if not study.drift:
        return "<h3>Agreement over time</h3><p>No dated judgments.</p>"
    rows: list[list[Cell]] = [
        [f"{w.start:%Y-%m-%d} to {w.end:%Y-%m-%d}", (str(w.judgments), f"drift-n-{n}"),
         (str(w.raters), f"drift-raters-{n}"),
         (pct(w.share) + (" (few)" if w.few else ""), f"drift-share-{n}")]
        for n, w in enumerate(study.drift)
    ]  # fmt: skip
    return (
        f"<h3>Agreement over time</h3><p>Windows of {study.drift_width_days} days; a judgment "
        "is dated by the first export that holds it. Share agreeing with the final majority "
        f"verdict (A / same / B); \"few\": under {MIN_JUDGMENTS_PER_WINDOW} judgments.</p>"
        + table(["Window", "Judgments", "Raters", "Agree with consensus"], rows)
    )


def study_columns(study: StudyFigures) -> Callable[[str, str], dict[str, Any]]:
    """The study columns of one CSV/JSONL row, by rater and item (rows.STUDY_COLUMNS)."""
    model = study.rater_model
    shown = {t.rater: t.shown_first_share for t in study.tendencies}
    check = set(model.check_guideline) if model else set()

    def columns(rater: str, item: str) -> dict[str, Any]:
        return {
            "rater_ability": model.ability.get(rater) if model else None,
            "rater_shown_first_share": shown.get(rater),
            "item_difficulty": model.difficulty.get(item) if model else None,
            "item_check_guideline": item in check if model and item in model.difficulty
            else None,
        }

    return columns


def study_lines(study: StudyFigures) -> list[str]:
    """The study checks in a few plain lines (the QA window's dashboard)."""
    lines = ["Kappa / Gwet: " + "; ".join(
        f"{c.label}: Fleiss {num(c.fleiss, 2)}, {c.gwet_name} {num(c.gwet, 2)}"
        + ("" if c.cohen is None else f", Cohen {num(c.cohen, 2)}") for c in study.chance)]
    sided = [t for t in study.tendencies
             if t.side_p_value is not None and t.side_p_value < SIGNIFICANT]
    ties = [t for t in study.tendencies
            if t.tie_p_value is not None and t.tie_p_value < SIGNIFICANT]
    lines.append("Side bias (p < 0.01): " + (", ".join(
        f"{t.rater} {pct(t.shown_first_share)} shown first" for t in sided) or "none"))
    lines.append("Tie tendency (p < 0.01): " + (", ".join(
        f"{t.rater} {pct(t.tie_share)} ties vs {pct(t.others_tie_share)}" for t in ties)
        or "none"))  # fmt: skip
    model = study.rater_model
    if model is not None:
        best = sorted(model.ability, key=lambda r: (-model.ability[r], r))
        lines.append(f"Most reliable (Dawid-Skene): {', '.join(best[:3])}; check the "
                     f"guideline on {counted(len(model.check_guideline), 'item')}"
                     + (f": {', '.join(model.check_guideline[:10])}"
                        if model.check_guideline else ""))  # fmt: skip
    if study.fragility is not None:
        flips = study.fragility.top_flips
        lines.append(f"Top model {study.fragility.order[0]}: "
                     + ("cannot change by flips" if flips is None else
                        counted(flips, "flipped judgment") + " would tie or change it"))  # fmt: skip
    if study.drift:
        shares = [pct(w.share) for w in study.drift]
        lines.append(f"Agreement with consensus per {study.drift_width_days}-day window: "
                     + " \u2192 ".join(shares))
    return lines


def study_section(study: StudyFigures | None) -> str:
    if study is None:
        return ""
    return ("<h2>Study checks</h2>" + _chance(study) + _tendencies(study) + _ability(study)
            + _fragility(study) + _drift(study))  # fmt: skip
