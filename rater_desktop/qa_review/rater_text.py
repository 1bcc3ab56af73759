"""A rater's own words and evidence, made safe to read next to canonical A/B rows.

QA shows everything in the batch file's order (A = the file's first response). A rater
wrote their justifications looking at *display* labels, which for half of the raters are
swapped, so "Response A is better" may mean the file's B. ``canonical_text`` keeps the
rater's words and says which file response each label meant; ``claim_evidence`` lists a
claim's URL sources and the screenshots/steps it cites.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rater_desktop.batch.model import Response
from rater_desktop.rating.model import Claim
from rater_desktop.rating.shown_evidence import evidence_label

FILE_SIDES = ("A", "B")
_LABEL = re.compile(r"\b(Response|response|RESPONSE|Resp\.)\s+([AB])\b")


def is_swapped(display_order: Sequence[str]) -> bool:
    """True when the rater's "Response A" was the file's B."""
    return tuple(display_order) == ("B", "A")


def label_note(display_order: Sequence[str]) -> str:
    """The warning a swapped rater's text needs ("" when labels and file order agree)."""
    if not is_swapped(display_order):
        return ""
    return "This rater saw file A as Response B; [file \u2026] marks the side each label meant."


def canonical_text(text: str, display_order: Sequence[str], *, note: bool = True) -> str:
    """The rater's text with each "Response X" followed by the file side it meant, and (with
    ``note``) the note on top; unchanged when the rater saw the file order."""
    if not is_swapped(display_order) or not text.strip():
        return text
    order = tuple(display_order)

    def mark(match: re.Match[str]) -> str:
        shown = match.group(2)
        return f"{match.group(0)} [file {order[FILE_SIDES.index(shown)]}]"

    marked = _LABEL.sub(mark, text)
    return f"{label_note(order)}\n{marked}" if note else marked


def _rating_word(claim: Claim) -> str:
    if claim.objective is False:
        return "subjective"
    return claim.rating.label if claim.rating is not None else "not rated"


def claim_evidence(claim: Claim, response: Response | None = None) -> str:
    """One line: the claim, its fact check and every piece of evidence the rater gave."""
    pieces = list(claim.sources)
    pieces += [evidence_label(ref, response) for ref in claim.shown_evidence]
    evidence = "; ".join(pieces) if pieces else "no evidence recorded"
    quote = " ".join(claim.text.split())
    return f"\u201c{quote}\u201d ({_rating_word(claim)}): {evidence}"


def claims_evidence(claims: Sequence[Claim], response: Response | None = None) -> str:
    """Every objective claim's evidence, one per line ("" when there is none to show)."""
    return "\n".join(claim_evidence(c, response) for c in claims if c.objective is not False)


NO_RESULTS = ("No trusted results to compare yet: import results files signed by raters in "
              "the roster (File \u25b8 Open results\u2026), or add their keys to the roster.")


def answers_note(*, raters: Sequence[str], has_batch: bool) -> str:
    """Why the compare view's answers table is empty ("" when it is not)."""
    if not has_batch:
        return "Open a batch and import raters' results files to compare their answers."
    return "" if raters else NO_RESULTS


def claims_note(*, raters: Sequence[str], has_batch: bool, clusters: int, shown: int,
                only_conflicts: bool) -> str:
    """What the Claims tab says above its table: why it is empty, or what it lacks."""
    if not has_batch or not raters:
        return answers_note(raters=raters, has_batch=has_batch)
    if clusters == 0:
        who = raters[0] if len(raters) == 1 else f"any of the {len(raters)} raters"
        return f"No claims: {who} recorded no claim on this item."
    if shown == 0 and only_conflicts:
        return ("No conflicting fact checks on this item. Untick \u201cOnly conflicting fact "
                "checks\u201d to see every claim.")
    if len(raters) == 1:
        return (f"Only {raters[0]} judged this item so far: these are their claims; "
                "agreement needs a second rater.")
    return ""


__all__ = [
    "answers_note",
    "canonical_text",
    "claims_note",
    "claim_evidence",
    "claims_evidence",
    "is_swapped",
    "label_note",
]
