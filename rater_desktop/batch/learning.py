"""Format 1.2: what a batch says about raters who learn as they go (issue 24).

Item fields: ``training`` (the study team's expected answers and explanations, shown to
the rater after the item is complete) and ``conversation`` (the turns before the prompt,
which stays the last user turn). Manifest fields: ``qualification`` (score the
qualification items on the rater's laptop, and what to do when the threshold becomes
unreachable) and ``unsure`` (the reasons a rater can pick when marking an item unsure).

Kept apart from ``parse.py``; like ``protocol.py`` this module is a leaf of the batch
package. Which training fields a protocol knows is ``protocol.TRAINING_FIELDS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rater_desktop.batch.errors import BatchProblem
from rater_desktop.batch.fields import FieldReader
from rater_desktop.batch.protocol import (
    CHOICES,
    OUTCOMES,
    PROTOCOL_TRAINING_FIELDS,
    REPORT_VERDICTS,
    TRAINING_FIELDS,
)

ROLES = ("system", "user", "assistant")
MAX_TURNS = 200
MAX_TURN_CHARS = 20_000
MAX_CONVERSATION_CHARS = 200_000
MAX_EXPLANATION_CHARS = 2_000
MAX_REASONS = 30
ON_UNREACHABLE = ("stop", "continue_unpaid")
VERDICTS = ("A_much_better", "A_better", "A_slightly_better", "about_same",
            "B_slightly_better", "B_better", "B_much_better")


@dataclass(frozen=True)
class Turn:
    """One earlier turn of a conversation: ``system``, ``user`` or ``assistant``."""

    role: str
    text: str


@dataclass(frozen=True)
class TrainingKey:
    """A training item's key: expected answers by field (A/B in file order), explanations
    by field or rule ID, and a note shown whatever the rater answered."""

    expected: dict[str, Any] = field(default_factory=dict, compare=False)
    explanations: dict[str, str] = field(default_factory=dict, compare=False)
    note: str = ""


@dataclass(frozen=True)
class QualificationSettings:
    """``qualification`` of the manifest: scored locally or only by QA later."""

    score_locally: bool = False
    when_unreachable: str = "stop"  # stop | continue_unpaid
    message: str = ""


@dataclass(frozen=True)
class UnsureSettings:
    """``unsure`` of the manifest: the reasons offered (free text is always allowed)."""

    reasons: tuple[str, ...] = ()


def _value_problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the expected answer of training field ``name``."""
    kind = TRAINING_FIELDS.get(name)
    if kind is None:
        known = ", ".join(sorted(TRAINING_FIELDS))
        return f"is not a field training can check (known: {known})"
    if kind == "verdict" and value not in VERDICTS:
        return f"must be one of {', '.join(VERDICTS)}"
    if kind == "choice" and value not in CHOICES:
        return f"must be one of {', '.join(CHOICES)}"
    if kind == "run_outcome" and value not in OUTCOMES:
        return f"must be one of {', '.join(OUTCOMES)}"
    if kind == "report_verdict" and value not in REPORT_VERDICTS:
        return f"must be one of {', '.join(REPORT_VERDICTS)}"
    if kind == "score" and (isinstance(value, bool) or value not in (1, 2, 3, 4, 5)):
        return "must be a whole number from 1 to 5"
    if kind == "yes_no" and not isinstance(value, bool):
        return "must be true or false"
    return None


# "Response B", "answer A", a lone "B": words that name a side. The rater may see the
# sides swapped, so an explanation naming them would contradict what the rater saw.
_NAMES_A_SIDE = re.compile(r"\b(?:[Rr]esponse|[Aa]nswer|[Aa]ssistant)\s+[AB]\b|(?<![\w'.-])B(?![\w.-])")


def names_a_side(text: str) -> bool:
    """Whether an explanation names response A or B by letter."""
    return _NAMES_A_SIDE.search(text) is not None


def read_training(reader: FieldReader) -> TrainingKey | None:
    """The item's ``training`` object (None when the item is not a training item)."""
    raw = reader.mapping("training")
    if raw is None:
        return None
    sub = reader.child(raw, "training")
    expected: dict[str, Any] = {}
    for name, value in (sub.mapping("expected") or {}).items():
        problem = _value_problem(str(name), value)
        if problem:
            sub.error(sub.path(f"expected.{str(name)[:80]}"), problem,
                      'e.g. {"verdict": "B_better"} or {"choice": "A"}')
            continue
        expected[str(name)] = value
    explanations: dict[str, str] = {}
    for name, text in (sub.mapping("explanations") or {}).items():
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_EXPLANATION_CHARS:
            sub.error(sub.path(f"explanations.{str(name)[:80]}"),
                      f"must be a non-empty string of at most {MAX_EXPLANATION_CHARS} characters",
                      "Write a short explanation for the rater.")
            continue
        explanations[str(name)[:80]] = text
        if names_a_side(text):
            sub.problems.add(BatchProblem(
                code="explanation-names-side", severity="warning", file=sub.file,
                line=sub.line, item_id=sub.item_id, field=sub.path(f"explanations.{name}"),
                message="names a response by its letter, but the rater may see A and B "
                        "swapped", hint='Say which by content ("the answer that gives the '
                                        'exact call"); expected answers are shown in the '
                                        "rater's own labels."))
    note = sub.text("note", max_chars=MAX_EXPLANATION_CHARS) or ""
    sub.extra()
    if not expected and not note and not explanations:
        reader.error(reader.path("training"), "has no expected answer, explanation or note",
                     'Add "expected" (e.g. {"verdict": "B_better"}) or a "note".')
        return None
    return TrainingKey(expected=expected, explanations=explanations, note=note)


def read_conversation(reader: FieldReader) -> tuple[Turn, ...]:
    """The item's ``conversation``: the turns before the prompt, oldest first."""
    raw = reader.array("conversation", max_len=MAX_TURNS)
    if raw is None:
        return ()
    turns: list[Turn] = []
    total = 0
    for index, entry in enumerate(raw):
        sub = reader.child(entry, f"conversation[{index}]")
        if not sub.valid_object:
            continue
        role = sub.choice("role", ROLES, required=True)
        text = sub.text("text", required=True, max_chars=MAX_TURN_CHARS)
        sub.extra()
        if role == "system" and index != 0:
            sub.error(sub.path("role"), "a system turn may only come first",
                      "Put the system text at the start of the conversation.")
            continue
        if role is None or text is None:
            continue
        total += len(text)
        turns.append(Turn(role=role, text=text))
    if total > MAX_CONVERSATION_CHARS:
        reader.error(reader.path("conversation"), f"holds {total} characters, more than the "
                     f"limit of {MAX_CONVERSATION_CHARS}", "Shorten the earlier turns.",
                     code="too-long")
        return ()
    return tuple(turns)


def read_qualification(reader: FieldReader) -> QualificationSettings:
    """The manifest's ``qualification`` object (defaults: scored by QA only)."""
    raw = reader.mapping("qualification")
    if raw is None:
        return QualificationSettings()
    sub = reader.child(raw, "qualification")
    settings = QualificationSettings(
        score_locally=sub.boolean("score_locally"),
        when_unreachable=sub.choice("when_unreachable", ON_UNREACHABLE) or "stop",
        message=sub.text("message", max_chars=MAX_EXPLANATION_CHARS) or "",
    )
    sub.extra()
    return settings


def read_unsure(reader: FieldReader) -> UnsureSettings:
    """The manifest's ``unsure`` object: up to 30 reasons of at most 200 characters."""
    raw = reader.mapping("unsure")
    if raw is None:
        return UnsureSettings()
    sub = reader.child(raw, "unsure")
    reasons: list[str] = []
    for index, value in enumerate(sub.array("reasons", max_len=MAX_REASONS) or []):
        if not isinstance(value, str) or not value.strip() or len(value) > 200:
            sub.error(sub.path(f"reasons[{index}]"),
                      "must be a non-empty string of at most 200 characters", "")
            continue
        if value not in reasons:
            reasons.append(value)
    sub.extra()
    return UnsureSettings(reasons=tuple(reasons))


def foreign_training_fields(key: TrainingKey | None, protocol: str) -> list[str]:
    """Expected fields of ``key`` that the batch's protocol does not answer."""
    if key is None:
        return []
    known = PROTOCOL_TRAINING_FIELDS.get(protocol, ())
    return [name for name in key.expected if name not in known]


def turn_dicts(turns: tuple[Turn, ...]) -> list[dict[str, str]]:
    """The turns as the batch and the results write them."""
    return [{"role": t.role, "text": t.text} for t in turns]
