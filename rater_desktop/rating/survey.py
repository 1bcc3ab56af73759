"""The informational survey of seed 001, for both protocols: answers checked against the
batch's questions, the saved record in the rater's batch state, when it is due and the
block the signed results carry.

Every question may be skipped; the survey never decides whether a rater qualifies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rater_desktop.batch.protocol import SurveyQuestion
from rater_desktop.rating.store import RatingStore

MAX_TEXT_ANSWER = 500
STATE_KEY = "survey"  # the key of the record in the store's batch state


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


def survey_record(questions: Sequence[SurveyQuestion], answers: Mapping[str, Any], *,
                  skipped: bool) -> dict[str, Any]:
    """What the store keeps: ``{"answers": {...}, "skipped": bool}`` (a skip keeps none)."""
    return {"answers": {} if skipped else clean_answers(questions, answers),
            "skipped": skipped}


def saved_survey(state: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The saved record in a batch state, or None when the survey was never answered."""
    record = (state or {}).get(STATE_KEY)
    return record if isinstance(record, dict) else None


def survey_due(*, questions: Sequence[SurveyQuestion], saved: Mapping[str, Any] | None,
               qualification_ids: Iterable[str], is_complete: Callable[[str], bool]) -> bool:
    """Asked once: the batch has questions, none is saved (answered or skipped) and every
    qualification item is complete. Callers ask after a completion, so a batch without
    qualification items is asked after its first completed item."""
    if not questions or saved is not None:
        return False
    return all(is_complete(item_id) for item_id in qualification_ids)


def survey_block(questions: Sequence[SurveyQuestion],
                 saved: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The results' ``survey``: questions, answers and ``answered`` (None: no survey)."""
    if not questions:
        return None
    answers = saved.get("answers", {}) if saved is not None else {}
    return {
        "questions": [{"id": q.id, "kind": q.kind, "text": q.text, "options": list(q.options)}
                      for q in questions],
        "answers": answers if isinstance(answers, dict) else {},
        "answered": saved is not None and not saved.get("skipped", False),
    }


def survey_for_export(store: RatingStore, batch_key: str,
                      questions: Sequence[SurveyQuestion]) -> dict[str, Any] | None:
    """The survey block from the rater's store (None when the batch has no survey)."""
    return survey_block(questions, saved_survey(store.load_batch_state(batch_key)))


def guideline_export_extra(store: RatingStore, manifest: Any) -> dict[str, Any]:
    """The document's extra fields for a guideline batch: none without a survey (the file
    stays 2.0), else ``protocol`` and ``survey`` (2.1, as preference files)."""
    questions = getattr(getattr(manifest, "preference", None), "survey", ())
    if not questions:
        return {}
    return {"protocol": "guideline",
            "survey": survey_for_export(store, manifest.batch_id, questions)}
