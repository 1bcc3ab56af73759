"""Format 1.1: which rating protocol a batch asks for, and the preference protocol's
settings (criteria cheat sheet, explanation rule, survey questions) from ``batch.json``.

Kept apart from ``parse.py`` so the guideline format stays as it was; a 1.0 batch has no
``protocol`` field and is rated with the guideline.
"""

from __future__ import annotations

from dataclasses import dataclass

from rater_desktop.batch.fields import ID_PATTERN, FieldReader

GUIDELINE = "guideline"
PREFERENCE = "preference"
RUN_AUDIT = "run-audit"
PROTOCOLS = (GUIDELINE, PREFERENCE, RUN_AUDIT)
# What one line of items.jsonl holds: two responses to compare ("pair"), or one recorded
# agent run to audit ("run": the item's ``run`` and optional ``judge``).
PAIR, RUN = "pair", "run"
ITEM_SHAPES = {RUN_AUDIT: RUN}
QUESTION_KINDS = ("single", "multiple", "text")
CHOICES = ("A", "B", "tie")  # the preference protocol's three-way choice, A/B in file order
# Training keys (format 1.2): the answers a protocol lets the study team expect, A/B in
# file order, and the kind of value each takes (checked by ``learning.read_training``).
_SIDE_SCORES = {f"responses.{side}.{score}": "score" for side in "AB"
                for score in ("tc", "fa", "aip")}
OUTCOMES = ("completed", "login_wall", "blocked", "unreachable", "incomplete")  # seed 002
REPORT_VERDICTS = ("accurate", "overstated", "understated")  # is the agent's report true?
# The run audit's: the outcome seen, the verdict on the agent's report, each checkpoint.
_RUN_AUDIT_FIELDS = {"outcome": "run_outcome", "report_verdict": "report_verdict",
                     **{f"checkpoints.C{n}": "yes_no" for n in range(1, 5)}}
TRAINING_FIELDS = {"verdict": "verdict", "choice": "choice", **_SIDE_SCORES,
                   **_RUN_AUDIT_FIELDS}
PROTOCOL_TRAINING_FIELDS = {GUIDELINE: ("verdict", *_SIDE_SCORES), PREFERENCE: ("choice",),
                            RUN_AUDIT: tuple(_RUN_AUDIT_FIELDS)}
MAX_QUESTIONS = 50
MAX_OPTIONS = 50


@dataclass(frozen=True)
class SurveyQuestion:
    """One survey question. Every question may be skipped (the survey never gatekeeps)."""

    id: str
    kind: str  # single, multiple, text
    text: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class PreferenceSettings:
    """The preference protocol's per-batch settings."""

    criteria: tuple[str, ...] = ()
    explanation_required: bool = False
    survey: tuple[SurveyQuestion, ...] = ()


def read_protocol(reader: FieldReader) -> str | None:
    """The manifest's ``protocol``; None (with a located problem) when unknown."""
    raw = reader.raw("protocol")
    if raw is None:
        return GUIDELINE
    if not isinstance(raw, str) or raw not in PROTOCOLS:
        shown = repr(raw) if isinstance(raw, str) else f"a {type(raw).__name__}"
        reader.error(
            "protocol",
            f"{shown} is not a protocol this app knows (it knows: {', '.join(PROTOCOLS)})",
            f'Set "protocol" to one of {", ".join(PROTOCOLS)}, or update Rater Desktop.',
            code="unknown-protocol",
        )
        return None
    return raw


def item_shape(protocol: str | None) -> str:
    """The item shape a protocol's batch holds (``PAIR`` unless the protocol says ``RUN``)."""
    return ITEM_SHAPES.get(protocol or GUIDELINE, PAIR)


def read_preference_settings(reader: FieldReader) -> PreferenceSettings:
    """``preference`` (criteria, explanation_required) and ``survey`` of the manifest."""
    raw = reader.mapping("preference")
    criteria: tuple[str, ...] = ()
    required = False
    if raw is not None:
        sub = reader.child(raw, "preference")
        lines = sub.array("criteria", max_len=50) or []
        criteria = tuple(_strings(sub, "criteria", lines, max_chars=500))
        required = sub.boolean("explanation_required")
        sub.extra()
    return PreferenceSettings(criteria=criteria, explanation_required=required,
                              survey=_survey(reader))


def _strings(reader: FieldReader, key: str, values: list[object], *,
             max_chars: int) -> list[str]:
    out: list[str] = []
    for index, value in enumerate(values):
        if not isinstance(value, str) or not value.strip() or len(value) > max_chars:
            reader.error(reader.path(f"{key}[{index}]"),
                         f"must be a non-empty string of at most {max_chars} characters", "")
            continue
        out.append(value)
    return out


def _survey(reader: FieldReader) -> tuple[SurveyQuestion, ...]:
    raw = reader.mapping("survey")
    if raw is None:
        return ()
    sub = reader.child(raw, "survey")
    questions: list[SurveyQuestion] = []
    seen: set[str] = set()
    for index, entry in enumerate(sub.array("questions", max_len=MAX_QUESTIONS) or []):
        question = _question(sub.child(entry, f"questions[{index}]"))
        if question is None:
            continue
        if question.id in seen:
            sub.error(sub.path(f"questions[{index}].id"), f"{question.id!r} appears twice",
                      "Give every question its own id.")
            continue
        seen.add(question.id)
        questions.append(question)
    sub.extra()
    return tuple(questions)


def _question(reader: FieldReader) -> SurveyQuestion | None:
    if not reader.valid_object:
        return None
    qid = reader.identifier("id")
    kind = reader.choice("kind", QUESTION_KINDS, required=True)
    text = reader.text("text", required=True, max_chars=1000)
    options = _strings(reader, "options", reader.array("options", max_len=MAX_OPTIONS) or [],
                       max_chars=200)
    reader.extra()
    if kind in ("single", "multiple") and len(options) < 2:
        reader.error(reader.path("options"), f"a {kind} choice question needs 2 or more options",
                     'List the answers, e.g. ["yes", "no"].')
        return None
    if qid is None or kind is None or text is None or not ID_PATTERN.match(qid):
        return None
    return SurveyQuestion(id=qid, kind=kind, text=text,
                          options=tuple(options) if kind != "text" else ())
