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


def metadata_text(value: Any) -> str:
    """A metadata value as a group name (JSON spelling for booleans: true / false)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def agreement_by_metadata(judgments: Sequence[RaterJudgment],
                          values: Mapping[str, Any]) -> list[AnswerGroup]:
    """One group per value of an item metadata field (``values``: item id -> value), by
    value text: agreement among the judgments of the items with that value. Items without
    the field are in no group."""
    members: dict[str, set[str]] = defaultdict(set)
    for item_id, value in values.items():
        members[metadata_text(value)].add(item_id)
    groups = []
    for label, items in sorted(members.items()):
        chosen = [j for j in judgments if j.item_id in items]
        groups.append(AnswerGroup(answer=label, raters=tuple(sorted({j.rater_id for j in chosen})),
                                  agreement=tuple(agreement_by_dimension(chosen))))
    return groups


def by_metadata_section(field: str, groups: Sequence[AnswerGroup], *, items: int) -> str:
    """The report's "Agreement by item metadata" section (alpha and percent per value)."""
    rows: list[list[Cell]] = []
    for group in groups:
        row: list[Cell] = [group.answer, (str(len(group.raters)), f"by-raters-{group.answer}")]
        row += [(f"{num(a.alpha)} / {pct(a.percent)}", f"by-{a.dimension}-{group.answer}")
                for a in group.agreement]
        rows.append(row)
    headers = ["Value", "Raters"] + [a.label for a in (groups[0].agreement if groups else ())]
    return (f"<h2>Agreement by item metadata: {escape(field)}</h2><p>Alpha / percent "
            f"agreement on the items with each value of {escape(field)} ({items} items carry "
            "it; standard items, as above).</p>" + (table(headers, rows) if groups else ""))


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
