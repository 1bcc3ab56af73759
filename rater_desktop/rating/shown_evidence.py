"""Citing what a response itself shows (its screenshots and trajectory steps) as evidence.

The guideline accepts a response's own screenshot as proof of an action claim ("Valid
Evidence Provided (Screenshot or Link)"). These plain functions say which references a
response offers, how to name one for the rater and for QA, and whether "Cite as evidence
for the current claim" may act right now; the window only shows their answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.batch.model import Response
from rater_desktop.rating.model import Claim, ShownEvidence, ShownEvidenceKind, Step

QUOTE_CHARS = 60


@dataclass(frozen=True)
class EvidenceChoice:
    """One thing of a response that can be cited: its reference, a label, its image path."""

    ref: ShownEvidence
    label: str
    image: str | None


def screenshot_ref(path: str) -> ShownEvidence:
    return ShownEvidence(kind=ShownEvidenceKind.SCREENSHOT, path=path)


def step_ref(index: int, screenshot: str | None) -> ShownEvidence:
    return ShownEvidence(kind=ShownEvidenceKind.STEP, path=screenshot or "", step=index)


def _step_label(index: int, response: Response) -> str:
    step = response.trajectory[index]
    target = f" \u2192 {step.target}" if step.target else ""
    return f"Step {index + 1}: {step.action}{target}"


def evidence_choices(response: Response | None) -> list[EvidenceChoice]:
    """Every screenshot, then every trajectory step, of ``response``, in viewing order."""
    if response is None:
        return []
    choices = [
        EvidenceChoice(
            ref=screenshot_ref(shot.path),
            label=f"Screenshot {n}: {shot.caption or shot.path.rsplit('/', 1)[-1]}",
            image=shot.path,
        )
        for n, shot in enumerate(response.screenshots, start=1)
    ]
    choices.extend(
        EvidenceChoice(
            ref=step_ref(i, step.screenshot), label=_step_label(i, response), image=step.screenshot
        )
        for i, step in enumerate(response.trajectory)
    )
    return choices


def evidence_label(ref: ShownEvidence, response: Response | None = None) -> str:
    """How to name a cited reference: with the response's captions when it is at hand,
    else from the reference alone (QA reads exports without always opening the batch)."""
    for choice in evidence_choices(response):
        if choice.ref.key() == ref.key():
            return choice.label
    if ref.kind is ShownEvidenceKind.STEP:
        number = "?" if ref.step is None else str(ref.step + 1)
        return f"Step {number}" + (f" ({ref.path})" if ref.path else "")
    return f"Screenshot {ref.path}"


def short_quote(text: str, limit: int = QUOTE_CHARS) -> str:
    text = " ".join(text.split())
    return f"\u201c{text if len(text) <= limit else text[: limit - 1] + chr(0x2026)}\u201d"


@dataclass(frozen=True)
class CiteDecision:
    """Whether "Cite as evidence for the current claim" acts, what to tell the rater, and
    the reference to record (``ref``, set when enabled)."""

    enabled: bool
    reason: str
    ref: ShownEvidence | None = None


def _as_own(ref: ShownEvidence, response: Response | None) -> ShownEvidence | None:
    """The same file as shown with ``response`` (the spec: a file shown with both responses
    counts for both), or None when that response does not show it."""
    if response is None or not ref.path:
        return None
    for shot in response.screenshots:
        if shot.path == ref.path:
            return screenshot_ref(shot.path)
    for index, step in enumerate(response.trajectory):
        if step.screenshot == ref.path:
            return step_ref(index, step.screenshot)
    return None


def cite_decision(
    *,
    step: Step | None,
    claim: Claim | None,
    claim_side: int | None,
    ref_side: int,
    ref: ShownEvidence,
    claim_response: Response | None = None,
) -> CiteDecision:
    """The action is enabled only on the fact-check step, with a claim current there, for
    evidence shown with that claim's response, not cited yet. ``*_side`` are true indexes;
    ``claim_response`` lets a file shown with both responses count for either."""
    if step is None:
        return CiteDecision(False, "Open an item to cite evidence.")
    if step is not Step.FACT_CHECKS:
        return CiteDecision(
            False, "Go to the Fact checks step and pick a claim there to cite evidence for it."
        )
    if claim is None or claim_side is None:
        return CiteDecision(False, "Pick a claim on the Fact checks step first (click its card).")
    own = ref if claim_side == ref_side else _as_own(ref, claim_response)
    if own is None:
        return CiteDecision(
            False,
            "This belongs to the other response; a claim can only be proven by what its own "
            "response shows.",
        )
    if any(e.key() == own.key() for e in claim.shown_evidence):
        return CiteDecision(False, f"Already cited for {short_quote(claim.text)}.")
    return CiteDecision(True, f"Cite as evidence for {short_quote(claim.text)}", own)


def cited_message(*, ref: ShownEvidence, claim: Claim, label: str, response: Response | None) -> str:
    """What the status line says after a citation: what was cited, for which claim."""
    return f"Cited {evidence_label(ref, response)} as evidence for {short_quote(claim.text)} ({label})."


__all__ = [
    "CiteDecision",
    "EvidenceChoice",
    "cite_decision",
    "cited_message",
    "evidence_choices",
    "evidence_label",
    "screenshot_ref",
    "short_quote",
    "step_ref",
]
