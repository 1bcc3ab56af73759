"""Justification builder: pre-filled templates the rater completes in their own words.

Everything here speaks in DISPLAY labels (what the rater saw as Response A / B), so the
texts read naturally next to the screen; the rating itself stays in true order.
"""

from __future__ import annotations

from collections import Counter

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.display_order import DisplayOrder
from rater_desktop.rating.model import Claim, ClaimRating, ItemRating, ResponseRating, StepMarkKind

JUSTIFICATION_MARKER = "Justification:"


def _score(value: int | None) -> str:
    return str(value) if value is not None else "[1-5]"


def scores_block(label: str, side: ResponseRating) -> list[str]:
    return [
        f"Response {label} Scores:",
        f"- Task Completion: {_score(side.tc)}",
        f"- Factual Accuracy: {_score(side.fa)}",
        f"- AI Performance: {_score(side.aip)}",
    ]


def verdict_sentence(displayed: Verdict | None) -> str:
    """E.g. "Response A is slightly better." for a verdict in display orientation."""
    if displayed is None:
        return "[choose a verdict]"
    if displayed is Verdict.ABOUT_SAME:
        return "Both responses are about the same."
    winner = "A" if displayed.score < 0 else "B"
    degree = {1: "slightly better", 2: "better", 3: "much better"}[abs(displayed.score)]
    return f"Response {winner} is {degree}."


def step_mark_summary(label: str, side: ResponseRating) -> str | None:
    """E.g. "Response B: 3 steps marked unnecessary, 1 wrong." (None when nothing marked)."""
    counts = Counter(m.mark for m in side.step_marks.values())
    parts = []
    for kind in (StepMarkKind.UNNECESSARY, StepMarkKind.WRONG):
        if counts[kind]:
            parts.append((counts[kind], kind.value))
    if not parts:
        return None
    first_count, first_kind = parts[0]
    noun = "step" if first_count == 1 else "steps"
    text = f"Response {label}: {first_count} {noun} marked {first_kind}"
    text += "".join(f", {count} {kind}" for count, kind in parts[1:])
    return text + "."


def claim_summary(label: str, side: ResponseRating) -> str | None:
    """E.g. "Response A: 6 objective claims: 5 Accurate, 1 Inaccurate."."""
    objective = [c for c in side.claims if c.objective]
    if not objective:
        return None
    counts = Counter(c.rating for c in objective)
    parts = [f"{counts[r]} {r.label}" for r in ClaimRating if counts[r]]
    unrated = counts[None]
    if unrated:
        parts.append(f"{unrated} not yet rated")
    noun = "claim" if len(objective) == 1 else "claims"
    return f"Response {label}: {len(objective)} objective {noun}: {', '.join(parts)}."


def verdict_template(
    rating: ItemRating,
    order: DisplayOrder,
    *,
    include_step_marks: bool = True,
    include_claims: bool = True,
    body: str = "",
) -> str:
    """The guideline's final-verdict template filled with the scores given so far.

    The rater writes their reasoning after "Justification:" (``body`` pre-fills it).
    """
    lines: list[str] = []
    for label in ("A", "B"):
        lines += scores_block(label, rating.responses[order.true_index(label)])
        lines.append("")
    displayed = order.verdict_to_display(rating.verdict) if rating.verdict else None
    lines.append(f"Final Verdict: {verdict_sentence(displayed)}")
    evidence = []
    for label in ("A", "B"):
        side = rating.responses[order.true_index(label)]
        if include_claims and (summary := claim_summary(label, side)):
            evidence.append(summary)
        if include_step_marks and (summary := step_mark_summary(label, side)):
            evidence.append(summary)
    if evidence:
        lines += ["", "Evidence:", *(f"- {e}" for e in evidence)]
    lines += ["", f"{JUSTIFICATION_MARKER} {body}".rstrip()]
    return "\n".join(lines)


def fact_check_entry(number: int, claim: Claim) -> str:
    """One claim in the guideline's fact-check layout."""
    rating = claim.rating.label if claim.rating else "[rating]"
    sources = " ".join(s for s in claim.sources if s.strip()) or "[source URLs]"
    justification = claim.justification.strip() or "[why, referring to the sources]"
    return "\n".join(
        [
            f"Claim {number}: {rating}",
            f"Justification: {justification}",
            f"Sources: {sources}",
        ]
    )


def fact_check_template(side: ResponseRating, *, final: str = "") -> str:
    """The per-response fact-check summary: claims, per-claim checks, final line."""
    objective = [c for c in side.claims if c.objective]
    lines = ["Objective Claims Identified:"]
    lines += [f"{i}. {c.text}" for i, c in enumerate(objective, start=1)] or ["(none yet)"]
    for i, claim in enumerate(objective, start=1):
        lines += ["", fact_check_entry(i, claim)]
    lines += ["", f"Final Justification: {final or '[overall accuracy of the response]'}"]
    return "\n".join(lines)


def task_completion_template(rating: ItemRating, side: ResponseRating, label: str) -> str:
    """The guideline's TC checklist for one response, with the answers given so far."""

    def yes_no(value: bool | None) -> str:
        return "[Yes/No]" if value is None else ("Yes" if value else "No")

    lines = [f"Response {label}", f"- Main Goal Fulfilled? {yes_no(side.main_goal_met)}"]
    for i, sub in enumerate(rating.case_file.sub_requests, start=1):
        lines.append(f"- Sub-request {i} ({sub.text}): {yes_no(side.sub_request_met.get(sub.id))}")
    lines.append(f"- Final Rating: {_score(side.tc)}")
    lines.append(f"- Justification: {side.tc_justification.strip() or '[how you decided]'}")
    return "\n".join(lines)


def is_justification(path: str) -> bool:
    """Whether a guideline rating's field (a ``Change`` field path) is a justification:
    TC, FA and AIP justifications, a claim's fact-check justification, the verdict's."""
    return path.endswith("_justification") or path.endswith(".justification")
