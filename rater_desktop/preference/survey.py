"""The informational survey of seed 001: answers checked against the batch's questions.

Every question may be skipped; the survey never decides whether a rater qualifies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rater_desktop.batch.protocol import SurveyQuestion

MAX_TEXT_ANSWER = 500


def clean_answers(questions: Iterable[SurveyQuestion],
                  raw: Mapping[str, Any]) -> dict[str, Any]:
    """Only answers to known questions, with known options; skipped ones are left out.

    single -> the option text; multiple -> the chosen options in question order;
    text -> the stripped text, at most 500 characters.
    """
    answers: dict[str, Any] = {}
    for question in questions:
        value = raw.get(question.id)
        if question.kind == "single" and isinstance(value, str) and value in question.options:
            answers[question.id] = value
        elif question.kind == "multiple" and isinstance(value, list | tuple):
            chosen = [o for o in question.options if o in value]
            if chosen:
                answers[question.id] = chosen
        elif question.kind == "text" and isinstance(value, str) and value.strip():
            answers[question.id] = value.strip()[:MAX_TEXT_ANSWER]
    return answers


def answer_groups(answer: Any) -> list[str]:
    """The group labels one answer puts a rater in (a multiple answer: each option)."""
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, list):
        return [str(a) for a in answer]
    return []
