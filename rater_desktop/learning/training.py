"""Training feedback: where a rater's answers differ from the study team's key.

Answers and the key are in FILE order (A = the batch's first response); the protocol's
``describe`` turns a field and a value into what the rater saw (display labels), so the
feedback speaks the rater's A and B. Nothing here changes an answer or re-scores an item.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.learning import TrainingKey

# (field, value, swapped) -> (label of the field, value) as the rater saw them
Describe = Callable[[str, Any, bool], tuple[str, str]]
NOT_ANSWERED = "(not answered)"
OVERALL = ("verdict", "choice", "outcome", "report_verdict")  # an item's overall answers


@dataclass(frozen=True)
class FieldCheck:
    """One expected answer next to the rater's."""

    field: str  # file order, e.g. responses.A.tc
    label: str  # as the rater saw it, e.g. "Response B: task completion"
    expected: Any
    given: Any
    expected_text: str
    given_text: str
    explanation: str

    @property
    def matches(self) -> bool:
        return self.given == self.expected


@dataclass(frozen=True)
class TrainingFeedback:
    """What the window shows after a training item is complete."""

    item_id: str
    checks: tuple[FieldCheck, ...]
    notes: tuple[tuple[str, str], ...]  # (rule ID or field, explanation) not tied to a check
    note: str

    @property
    def differences(self) -> tuple[FieldCheck, ...]:
        return tuple(c for c in self.checks if not c.matches)

    def headline(self) -> str:
        """One line: how many answers matched the key."""
        if not self.checks:
            return "This was a training item."
        wrong = len(self.differences)
        if len(self.checks) == 1:
            return ("Your answer matches the study team's key." if not wrong else
                    "Your answer differs from the study team's key. It stays as you gave it.")
        if not wrong:
            return f"All {len(self.checks)} checked answers match the study team's key."
        return (f"{wrong} of {len(self.checks)} checked answers differ from the study "
                "team's key. Your answers stay as you gave them.")

    def to_record(self) -> dict[str, Any]:
        """What the export keeps of what was shown (file order and display text)."""
        return {
            "checks": [{"field": c.field, "label": c.label, "expected": c.expected,
                        "given": c.given, "expected_shown": c.expected_text,
                        "given_shown": c.given_text, "matches": c.matches,
                        "explanation": c.explanation} for c in self.checks],
            "notes": [{"about": about, "text": text} for about, text in self.notes],
            "note": self.note,
            "differences": len(self.differences),
        }


def training_feedback(item_id: str, key: TrainingKey, answers: Mapping[str, Any], *,
                      describe: Describe, swapped: bool) -> TrainingFeedback:
    """Compare ``answers`` (the protocol's answers by field, file order) with ``key``.

    An explanation keyed by a checked field goes with that check; one keyed by a rule ID
    or another field is shown as a note of its own.
    """
    checks: list[FieldCheck] = []
    for name, expected in key.expected.items():
        given = answers.get(name)
        label, expected_text = describe(name, expected, swapped)
        given_text = NOT_ANSWERED if given is None else describe(name, given, swapped)[1]
        checks.append(FieldCheck(field=name, label=label, expected=expected, given=given,
                                 expected_text=expected_text, given_text=given_text,
                                 explanation=key.explanations.get(name, "")))
    # The overall answer first, then the rest as the rater reads them (Response A, then B).
    checks.sort(key=lambda c: (c.field not in OVERALL, c.label))
    notes = tuple((about, text) for about, text in key.explanations.items()
                  if about not in key.expected)
    return TrainingFeedback(item_id=item_id, checks=tuple(checks), notes=notes, note=key.note)
