"""The finder's whole word on one claim: ranked evidence, and for an action claim the
step that did it (listed first: that is what a rater cites for "I added it to the cart")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rater_desktop.evidence.actions import ActionCheck, ActionVerdict, check_action
from rater_desktop.evidence.finder import (
    MAX_SUGGESTIONS,
    Findings,
    Suggestion,
    claim_terms,
    find_evidence,
    score_source,
)
from rater_desktop.evidence.sources import SourceText

PROOF_MARGIN = 0.2


@dataclass(frozen=True)
class Advice:
    """Suggestions for a claim, and the action check when the claim says an action was done."""

    findings: Findings
    action: ActionCheck | None

    @property
    def suggestions(self) -> tuple[Suggestion, ...]:
        return self.findings.suggestions


def advise(claim_text: str, sources: list[SourceText], *, limit: int = MAX_SUGGESTIONS) -> Advice:
    findings = find_evidence(claim_text, sources, limit=limit)
    action = check_action(claim_text, sources)
    if action is None or action.evidence is None or action.verdict is ActionVerdict.NOT_SHOWN:
        return Advice(findings, action)
    key = action.evidence.ref.key()
    source = next((s for s in sources if s.choice.ref.key() == key), None)
    if source is None:
        return Advice(findings, action)
    _rank, _coverage, proof = score_source(claim_terms(claim_text), source, {})
    # A step that did the action proves it; a source that contradicts it is listed first
    # too (it is what the rater cites), but it does not support the claim.
    proof = replace(proof, confident=action.verdict is ActionVerdict.PERFORMED)
    rest = tuple(s for s in findings.suggestions if s.choice.ref.key() != key)
    best = findings.confident
    if best is not None and best.choice.ref.key() != key and best.score - proof.score > PROOF_MARGIN:
        # A source that shows much more of the claim than the bare action stays first
        # ("searched for headlamp and skipped the out-of-stock Summit 600": the results).
        ordered = (rest[0], proof, *rest[1:])[:limit]
    else:
        ordered = (proof, *rest)[:limit]
    return Advice(Findings(ordered, ""), action)
