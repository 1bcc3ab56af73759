"""Agreement broken down by a survey answer: ``qa report --by QUESTION`` on guideline
batches (seed 001: e.g. technical vs non-technical raters).

Each answer forms a group of the raters who gave it (a multiple-choice answer puts the
rater in each group ticked); every dimension's agreement is computed again among that
group alone, with the same functions as the whole report (``figures.agreement_by_dimension``).
Raters who skipped the question, or the whole survey, are in no group.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from rater_desktop.qa.inputs import RaterJudgment
from rater_desktop.qa_review.figures import DimensionAgreement, agreement_by_dimension
from rater_desktop.qa_review.report_sections import Cell, num, pct, table
from rater_desktop.rating.survey import answer_groups

ANSWER_COLUMN = "survey_answer"  # the CSV/JSONL column --by adds


@dataclass(frozen=True)
class AnswerGroup:
    """The raters who gave one answer, and their agreement per dimension."""

    answer: str
    raters: tuple[str, ...]
    agreement: tuple[DimensionAgreement, ...]


def agreement_by_answer(judgments: Sequence[RaterJudgment],
                        answers: Mapping[str, Any]) -> list[AnswerGroup]:
    """One group per answer given (``answers``: rater id -> answer), by answer text."""
    members: dict[str, set[str]] = defaultdict(set)
    for rater_id, answer in answers.items():
        for label in answer_groups(answer):
            members[label].add(rater_id)
    return [AnswerGroup(answer=label, raters=tuple(sorted(raters)),
                        agreement=tuple(agreement_by_dimension(
                            [j for j in judgments if j.rater_id in raters])))
            for label, raters in sorted(members.items())]


def answer_text(answer: Any) -> str:
    """An answer as one cell: a multiple-choice answer's options joined by "; "."""
    return "; ".join(answer_groups(answer))


def by_answer_section(question: str, groups: Sequence[AnswerGroup], *,
                      raters: int) -> str:
    """The report's "Agreement by survey answer" section (alpha and percent per group)."""
    answered = len({r for g in groups for r in g.raters})
    rows: list[list[Cell]] = []
    for group in groups:
        row: list[Cell] = [group.answer, (str(len(group.raters)), f"by-raters-{group.answer}")]
        for a in group.agreement:
            row.append((f"{num(a.alpha)} / {pct(a.percent)}",
                        f"by-{a.dimension}-{group.answer}"))
        rows.append(row)
    headers = ["Answer", "Raters"] + [
        a.label for a in (groups[0].agreement if groups else ())]
    note = ("No rater in the report answered this question." if not groups else
            f"{answered} of {raters} raters answered; a group of one rater has nothing to "
            "compare (n/a).")
    return (f"<h2>Agreement by survey answer: {escape(question)}</h2>"
            "<p>Alpha / percent agreement among the raters who gave each answer (standard "
            f"items, as above). {escape(note)}</p>" + (table(headers, rows) if groups else ""))
