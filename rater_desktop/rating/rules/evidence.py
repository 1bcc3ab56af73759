"""What a claim cites as evidence (FC-6/FC-7 v2): URL sources and the response's own
screenshots or trajectory steps, each checked against the item.

A screenshot counts for a response when the response shows it (its screenshots or a
trajectory step's screenshot); a file shown with both responses counts for both. A
source typed as the batch path of such a file is treated as that screenshot.
"""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.batch.model import Response
from rater_desktop.rating.model import Claim, ShownEvidence, ShownEvidenceKind


def shown_paths(response: Response) -> frozenset[str]:
    """Every screenshot path shown with ``response`` (screenshots and trajectory steps)."""
    paths = {s.path for s in response.screenshots}
    paths.update(step.screenshot for step in response.trajectory if step.screenshot)
    return frozenset(paths)


def shown_evidence_problem(ref: ShownEvidence, response: Response | None) -> str | None:
    """Why ``ref`` is not evidence shown with ``response``, or None when it is."""
    if response is None:
        return None  # no batch item to check against (e.g. a rating read on its own)
    if ref.kind is ShownEvidenceKind.SCREENSHOT:
        return None if ref.path in shown_paths(response) else "not_shown"
    if ref.step is None or not 0 <= ref.step < len(response.trajectory):
        return "no_step"
    step_path = response.trajectory[ref.step].screenshot or ""
    return None if ref.path in ("", step_path) else "not_shown"


@dataclass(frozen=True)
class CitedEvidence:
    """A claim's evidence split into kinds: URL sources, shown files, and refused refs."""

    urls: list[str]
    shown: list[ShownEvidence]
    not_shown: list[ShownEvidence]


def cited_evidence(claim: Claim, response: Response | None) -> CitedEvidence:
    paths = shown_paths(response) if response is not None else frozenset()
    urls: list[str] = []
    shown: list[ShownEvidence] = []
    for source in claim.sources:
        text = source.strip()
        if not text:
            continue
        if text in paths:
            shown.append(ShownEvidence(ShownEvidenceKind.SCREENSHOT, path=text))
        else:
            urls.append(text)
    not_shown: list[ShownEvidence] = []
    for ref in claim.shown_evidence:
        (not_shown if shown_evidence_problem(ref, response) else shown).append(ref)
    return CitedEvidence(urls=urls, shown=shown, not_shown=not_shown)


def describe(ref: ShownEvidence) -> str:
    if ref.kind is ShownEvidenceKind.STEP:
        return f"trajectory step {ref.step + 1 if ref.step is not None else '?'}"
    return f'screenshot "{ref.path}"'
