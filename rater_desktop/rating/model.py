"""One item's rating as plain, typed, mutable dataclasses.

Sides are stored by TRUE response index: ``responses[0]`` rates ``item.responses[0]``
(file order), ``responses[1]`` rates ``item.responses[1]``. The verdict is stored in true
orientation too ("A" = file order first). What the rater sees on the left/right is decided
by :class:`rater_desktop.rating.display_order.DisplayOrder`, which maps display labels to
true indices and flips verdicts; export therefore never needs to undo a display swap.

``ItemRating.to_dict()`` / ``ItemRating.from_dict()`` round-trip to JSON-able dicts with
``"schema": 1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.text_sources import FieldSources

SCHEMA_VERSION = 1
SIDES = (0, 1)


class SubRequestKind(StrEnum):
    LOCATION = "location"
    TIME = "time"
    QUANTITY = "quantity"
    FORMAT = "format"
    ACTION = "action"
    OTHER = "other"


class ClaimRating(StrEnum):
    ACCURATE = "accurate"
    INACCURATE = "inaccurate"
    CCA = "cca"  # Cannot Confidently Assess

    @property
    def label(self) -> str:
        return _CLAIM_RATING_LABELS[self]


_CLAIM_RATING_LABELS = {
    ClaimRating.ACCURATE: "Accurate",
    ClaimRating.INACCURATE: "Inaccurate",
    ClaimRating.CCA: "Cannot Confidently Assess",
}


class EvidenceKind(StrEnum):
    """How well a screenshot/link proves an action claim (guideline's four cases)."""

    FULL = "full"
    PARTIAL = "partial"
    NONE = "none"
    IRRELEVANT = "irrelevant"


class ShownEvidenceKind(StrEnum):
    """What part of the response itself proves a claim (guideline Case 1: screenshot)."""

    SCREENSHOT = "screenshot"
    STEP = "step"


@dataclass(frozen=True)
class ShownEvidence:
    """A reference to evidence shown with the response in the batch.

    ``path`` is the screenshot's batch path (for a trajectory step, the step's
    screenshot path, or "" when the step has none); ``step`` is the 0-based
    trajectory step index for ``kind == STEP``.
    """

    kind: ShownEvidenceKind
    path: str = ""
    step: int | None = None
    # Cited with the evidence finder's key from its suggestion (issue 26), not picked by
    # hand; not part of the key: the same file is the same evidence either way.
    suggested: bool = field(default=False, compare=False)

    def key(self) -> tuple[str, str, int]:
        return (self.kind.value, self.path, -1 if self.step is None else self.step)


class StepMarkKind(StrEnum):
    CORRECT = "correct"
    UNNECESSARY = "unnecessary"
    WRONG = "wrong"


class RoadblockKind(StrEnum):
    PAGE_NOT_LOADED = "page_not_loaded"
    SCREENSHOT_MISSING = "screenshot_missing"
    LINK_DEAD = "link_dead"
    PROMPT_AMBIGUOUS = "prompt_ambiguous"
    OTHER = "other"


class ItemStatus(StrEnum):
    NOT_STARTED = "not_started"
    IN_PROGRESS = "in_progress"
    COMPLETE = "complete"
    FLAGGED = "flagged"


class Step(StrEnum):
    """The guided steps, in order."""

    CASE_FILE = "case_file"
    TASK_COMPLETION = "task_completion"
    CLAIMS = "claims"
    FACT_CHECKS = "fact_checks"
    AI_PERFORMANCE = "ai_performance"
    VERDICT = "verdict"
    ROADBLOCKS_FEEDBACK = "roadblocks_feedback"


@dataclass
class SubRequest:
    """One constraint of the prompt. ``id`` is stable: answers are keyed by it."""

    id: str
    kind: SubRequestKind | None = None
    text: str = ""


@dataclass
class CaseFile:
    """What the rater writes down before seeing the responses."""

    main_goal: str = ""
    sub_requests: list[SubRequest] = field(default_factory=list)
    checklist: list[str] = field(default_factory=list)

    def sub_request(self, sub_id: str) -> SubRequest | None:
        return next((s for s in self.sub_requests if s.id == sub_id), None)


@dataclass
class Claim:
    """A verbatim span ``[start, end)`` of the response's plain text, and its fact check."""

    id: str
    start: int
    end: int
    text: str
    objective: bool | None = None
    critical: bool = False
    action: bool = False
    rating: ClaimRating | None = None
    sources: list[str] = field(default_factory=list)
    justification: str = ""
    evidence: EvidenceKind | None = None
    shown_evidence: list[ShownEvidence] = field(default_factory=list)


@dataclass
class StepMark:
    mark: StepMarkKind
    note: str = ""


@dataclass
class Roadblock:
    kind: RoadblockKind
    text: str = ""


@dataclass
class ResponseRating:
    """Everything the rater decides about one response (by true index)."""

    main_goal_met: bool | None = None
    sub_request_met: dict[str, bool] = field(default_factory=dict)
    tc: int | None = None
    tc_justification: str = ""
    claims: list[Claim] = field(default_factory=list)
    fa: int | None = None
    fa_justification: str = ""
    aip: int | None = None
    aip_justification: str = ""
    step_marks: dict[int, StepMark] = field(default_factory=dict)
    roadblocks: list[Roadblock] = field(default_factory=list)
    # The standardweb judge's question: does the agent's own run report match what the
    # trajectory shows? False disputes the run, which is then not scored.
    run_report_matches: bool | None = None
    run_report_mismatch: str = ""

    def claim(self, claim_id: str) -> Claim | None:
        return next((c for c in self.claims if c.id == claim_id), None)


@dataclass
class TimeSpent:
    """Active seconds on the item, in total and per step (SD-3)."""

    active_seconds: float = 0.0
    step_seconds: dict[str, float] = field(default_factory=dict)
    sessions: int = 0

    @classmethod
    def from_document(cls, raw: object) -> TimeSpent:
        """The ``timing`` of a one-document rating (preference, run audit): none is no
        time; seconds not a number below 1e9 are a ValueError, odd steps are dropped."""
        if not isinstance(raw, dict):
            return cls()
        seconds = raw.get("active_seconds", 0.0)
        steps = raw.get("step_seconds", {})
        sessions = raw.get("sessions", 0)
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 <= seconds < 1e9:
            raise ValueError("timing.active_seconds must be a non-negative number")
        clean = {str(k)[:40]: float(v) for k, v in steps.items()
                 if isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v < 1e9
                 } if isinstance(steps, dict) else {}
        return cls(active_seconds=float(seconds), step_seconds=clean,
                   sessions=sessions if isinstance(sessions, int) and sessions >= 0 else 0)


@dataclass
class ItemRating:
    """The whole rating of one item. See the module docstring for side conventions."""

    item_id: str
    case_file: CaseFile = field(default_factory=CaseFile)
    responses: list[ResponseRating] = field(
        default_factory=lambda: [ResponseRating(), ResponseRating()]
    )
    verdict: Verdict | None = None  # true orientation: A = responses[0]
    verdict_justification: str = ""
    notes: str = ""
    acknowledged: dict[str, str] = field(default_factory=dict)
    current_step: Step = Step.CASE_FILE
    reached_steps: list[Step] = field(default_factory=lambda: [Step.CASE_FILE])
    revealed: bool = False
    status: ItemStatus = ItemStatus.NOT_STARTED
    timing: TimeSpent = field(default_factory=TimeSpent)
    id_counter: int = 0
    # field path -> where its text came from (text_sources.py); not undone by undo
    text_sources: dict[str, FieldSources] = field(default_factory=dict)

    def new_id(self, prefix: str) -> str:
        """A fresh id, never reused within this rating (deleting does not shift answers)."""
        self.id_counter += 1
        return f"{prefix}{self.id_counter}"

    def side(self, index: int) -> ResponseRating:
        if index not in SIDES:
            raise ValueError(f"side must be 0 or 1 (true response index), got {index!r}")
        return self.responses[index]

    def to_dict(self) -> dict[str, Any]:
        from rater_desktop.rating.serialize import rating_to_dict

        return rating_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> ItemRating:
        from rater_desktop.rating.serialize import rating_from_dict

        return rating_from_dict(data)
