"""Each rater's answers on one item as rows of text (Qt-free): the QA window's Compare
table draws them, one column per rater. Everything is in the batch file's A/B; a rater's
own words are kept, with the file side after each label when they saw the sides swapped."""

from __future__ import annotations

import math
from collections.abc import Callable

from rater_desktop.batch.model import Response, Verdict, verdict_from_score
from rater_desktop.qa_review.rater_text import canonical_text, claims_evidence, is_swapped
from rater_desktop.qa_review.views import ItemComparison, RaterColumn, SideView
from rater_desktop.wording import counted

SIDE_NAMES = ("A", "B")


def verdict_text(verdict: Verdict, identities: tuple[str, str]) -> str:
    """"A (model-x) better" style, in true file order."""
    label = verdict.label
    for side, name in (("A", identities[0]), ("B", identities[1])):
        if label.startswith(f"{side} "):
            return f"{side} ({name}) {label[2:]}"
    return label



def seconds_text(seconds: float | None) -> str:
    if seconds is None:
        return "\u2013"
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


def time_axis_top(seconds: float) -> float:
    """A time chart's scale end at or above ``seconds``, a round duration its axis label
    reads at a glance (not "489" seconds): tens of seconds under a minute, whole minutes
    under an hour, then tens of minutes."""
    wanted = max(seconds, 0.0)
    unit = 10.0 if wanted <= 60 else 60.0 if wanted <= 3600 else 600.0
    return max(math.ceil(wanted / unit) * unit, 10.0)


def duration_tick_text(seconds: float) -> str:
    """A time axis label: "0", "40 s", "8 min", "1 h 20 min" (scale ends from
    ``time_axis_top``; seconds are kept where an end is not a whole minute)."""
    whole = int(round(seconds))
    if whole == 0:
        return "0"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min" if minutes else f"{hours} h"
    if minutes:
        return f"{minutes} min {secs:02d} s" if secs else f"{minutes} min"
    return f"{secs} s"


def _score(value: int | None) -> str:
    return "\u2013" if value is None else str(value)


def _met(value: bool | None) -> str:
    return {True: "yes", False: "no", None: "\u2013"}[value]


def _claims_text(side: SideView) -> str:
    if not side.claims:
        return "none"
    parts = []
    for claim in side.claims:
        rating = "subjective" if claim.objective is False or claim.rating is None else (
            claim.rating.value)
        parts.append(f"\u201c{claim.text}\u201d: {rating}")
    return "\n".join(parts)


def _case_file(column: RaterColumn) -> str:
    case = column.case_file
    lines = [case.main_goal or "(no main goal)"]
    lines += [f"\u2022 {r.text}" for r in case.sub_requests if r.text]
    lines += [f"\u2610 {c}" for c in case.checklist if c]
    return "\n".join(lines)


def _rules(column: RaterColumn) -> str:
    """Guideline rules that did not pass at export, and whether the rater acknowledged."""
    lines = []
    for rule in column.rule_results:
        if rule.get("passed") is not False:
            continue
        line = f"{rule.get('rule_id', '?')} ({rule.get('severity', '')})"
        if rule.get("acknowledged"):
            reason = canonical_text(str(rule.get("reason") or ""), column.display_order, note=False)
            line += f", acknowledged: {reason or 'no reason'}"
        lines.append(line)
    return "\n".join(lines) or "all passed"


Row = tuple[str, Callable[[RaterColumn, tuple[str, str]], str]]
Responses = tuple[Response | None, Response | None]
LABEL_ROWS = ("Saw file A as",)  # rows flagged for a rater who saw the sides swapped


def _own_words(text: str, column: RaterColumn) -> str:
    """A rater's free text in canonical terms (see ``qa_review.rater_text``)."""
    return canonical_text(text, column.display_order)


def _side_rows(side: int, response: Response | None) -> list[Row]:
    name = SIDE_NAMES[side]

    def scores(c: RaterColumn, _ids: tuple[str, str]) -> str:
        view = c.sides[side]
        return " / ".join(_score(v) for v in (view.tc, view.fa, view.aip))

    def field(attribute: str) -> Callable[[RaterColumn, tuple[str, str]], str]:
        return lambda c, _ids: _own_words(str(getattr(c.sides[side], attribute)), c)

    def evidence(c: RaterColumn, _ids: tuple[str, str]) -> str:
        return claims_evidence(c.sides[side].claims, response) or "no objective claims"

    return [
        (f"{name}: TC / FA / AIP", scores),
        (f"{name}: main goal met", lambda c, _ids: _met(c.sides[side].main_goal_met)),
        (f"{name}: claims", lambda c, _ids: _claims_text(c.sides[side])),
        (f"{name}: fact-check evidence", evidence),
        (f"{name}: TC justification", field("tc_justification")),
        (f"{name}: FA justification", field("fa_justification")),
        (f"{name}: AIP justification", field("aip_justification")),
    ]


def _saw(column: RaterColumn) -> str:
    shown = f"Response {column.sides[0].shown_as}"
    return f"{shown} (labels swapped in their text)" if is_swapped(column.display_order) \
        else shown


def answer_rows(responses: Responses = (None, None)) -> list[Row]:
    """(row label, cell text of a rater column) in display order; sides in TRUE order.

    Everything is in the batch file's A/B; a rater's own text keeps their words, with
    the file side after each label when they saw the responses swapped."""
    side_a, side_b = _side_rows(0, responses[0]), _side_rows(1, responses[1])
    return [
        ("Verdict", lambda c, ids: "\u2013" if c.verdict is None else
         f"{verdict_text(c.verdict, ids)} ({c.verdict.score:+d})"),
        side_a[0], side_b[0],
        ("Time spent", lambda c, _i: seconds_text(c.seconds)),
        ("Saw file A as", lambda c, _i: _saw(c)),
        ("Verdict justification", lambda c, _i: _own_words(c.verdict_justification, c)),
        ("Guideline warnings", lambda c, _i: _rules(c)),
        ("Case file", lambda c, _i: _case_file(c)),
        *side_a[1:], *side_b[1:],
        ("Notes", lambda c, _i: _own_words(c.notes, c)),
        ("Status", lambda c, _i: c.status),
    ]


NAMED_SWAPPED = 4


def _swapped_text(swapped: list[str], raters: int) -> str:
    """Who saw file A as Response B: by name for a few, else how many (50 raters' names on
    one line made Compare wider than a laptop screen; the answers' "Saw file A as" row
    names each rater)."""
    if len(swapped) <= NAMED_SWAPPED:
        return f"saw file A as Response B: {', '.join(swapped)}"
    return f"{len(swapped)} of {raters} saw file A as Response B"


def summary_text(comparison: ItemComparison | None) -> str:
    """One line above Compare's answers: kind, raters, swapped labels, the expected
    verdict and the spreads ("" for no item)."""
    if comparison is None:
        return ""
    parts = [comparison.kind, counted(len(comparison.raters), "rater")]
    swapped = [c.rater_id for c in comparison.raters if is_swapped(c.display_order)]
    if swapped:
        parts.append(_swapped_text(swapped, len(comparison.raters)))
    if comparison.expected_verdict is not None:
        expected = verdict_from_score(comparison.expected_verdict)
        parts.append(f"expected: {verdict_text(expected, comparison.identities)}")
    found = comparison.disagreement
    if found is not None and len(found.raters) >= 2:
        parts.append(f"verdict spread {found.verdict_spread or 0:.0f}, "
                     f"score spread {found.max_score_spread or 0:.0f}, "
                     f"{counted(found.claim_conflicts, 'claim conflict')}")
    return "  \u00b7  ".join(parts)
