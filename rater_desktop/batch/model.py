"""Batch format v1 as plain, immutable Python objects.

``responses[0]`` and ``responses[1]`` are the two responses in *file order*; gold data
that says "A" or "B" refers to that file order. What the rater sees is decided by the
display order (see ``rater_desktop.rating.display_order``), never by this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rater_desktop.batch.learning import (
    QualificationSettings,
    TrainingKey,
    Turn,
    UnsureSettings,
)
from rater_desktop.batch.protocol import GUIDELINE, PreferenceSettings

FORMAT_NAME = "rater-desktop-batch"
FORMAT_MAJOR = 1
# 1.1 added the manifest's protocol, preference settings and survey; 1.2 training items,
# conversations, local qualification scoring and the reasons for "unsure" (learning.py).
FORMAT_MINOR = 2
FORMAT_VERSION = "1.2"


class ItemKind(StrEnum):
    STANDARD = "standard"
    QUALIFICATION = "qualification"
    ATTENTION = "attention"


class Verdict(StrEnum):
    """The guideline's 7-point side-by-side scale, A and B in the order they are named."""

    A_MUCH_BETTER = "A_much_better"
    A_BETTER = "A_better"
    A_SLIGHTLY_BETTER = "A_slightly_better"
    ABOUT_SAME = "about_same"
    B_SLIGHTLY_BETTER = "B_slightly_better"
    B_BETTER = "B_better"
    B_MUCH_BETTER = "B_much_better"

    @property
    def score(self) -> int:
        """-3 (A much better) .. 0 (about the same) .. +3 (B much better)."""
        return _VERDICT_SCORES[self]

    @property
    def label(self) -> str:
        return _VERDICT_LABELS[self]

    def flipped(self) -> Verdict:
        """The same judgement with A and B swapped."""
        return verdict_from_score(-self.score)


_VERDICT_ORDER = list(Verdict)
_VERDICT_SCORES = {v: i - 3 for i, v in enumerate(_VERDICT_ORDER)}
_VERDICT_LABELS = {
    Verdict.A_MUCH_BETTER: "A much better",
    Verdict.A_BETTER: "A better",
    Verdict.A_SLIGHTLY_BETTER: "A slightly better",
    Verdict.ABOUT_SAME: "About the same",
    Verdict.B_SLIGHTLY_BETTER: "B slightly better",
    Verdict.B_BETTER: "B better",
    Verdict.B_MUCH_BETTER: "B much better",
}


def verdict_from_score(score: int) -> Verdict:
    return _VERDICT_ORDER[score + 3]


@dataclass(frozen=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Size:
    width: int
    height: int


@dataclass(frozen=True)
class Screenshot:
    """A screenshot file inside the batch (path relative to the batch root)."""

    path: str
    caption: str = ""


@dataclass(frozen=True)
class TrajectoryStep:
    """One action of the agent's recorded run."""

    action: str  # click, type, scroll, navigate, select, wait, done, ...
    target: str = ""
    url: str = ""
    value: str = ""
    screenshot: str | None = None
    viewport: Size | None = None
    click: Point | None = None
    bbox: Box | None = None
    thought: str = ""
    observation: str = ""


@dataclass(frozen=True)
class RunBlock:
    at: str
    kind: str
    url: str = ""
    page_title: str = ""
    quote: str = ""


@dataclass(frozen=True)
class RunItem:
    name: str
    price: str = ""


@dataclass(frozen=True)
class RunReport:
    """The agent's own account of its run, in the standardweb protocol's shape."""

    host: str
    outcome: str  # completed, login_wall, blocked, unreachable, incomplete
    checkpoints: tuple[str, ...] = ()
    block: RunBlock | None = None
    item: RunItem | None = None
    final_url: str = ""
    actions: int = 0
    evidence: tuple[str, ...] = ()
    notes: str = ""


@dataclass(frozen=True)
class Response:
    """One agent response. ``identity`` is never shown to the rater."""

    identity: str
    text: str
    screenshots: tuple[Screenshot, ...] = ()
    trajectory: tuple[TrajectoryStep, ...] = ()
    run_report: RunReport | None = None
    final_answer: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class JudgeVerdict:
    """An automated judge's verdict on a recorded run (run audit items): does the agent's
    own report match what happened? Shown to the rater only after their own verdict."""

    verdict: str  # accurate, overstated, understated
    identity: str = ""  # the judge model; never shown to the rater
    outcome: str | None = None  # the outcome the judge saw, if it says
    explanation: str = ""


@dataclass(frozen=True)
class GoldScores:
    tc: int | None = None
    fa: int | None = None
    aip: int | None = None


@dataclass(frozen=True)
class Gold:
    """Expected answers. ``A``/``B`` mean responses[0]/responses[1] in file order."""

    expected_answer: str | None = None
    expected_verdict: Verdict | None = None
    expected_scores: dict[str, GoldScores] = field(default_factory=dict, compare=False)
    attention_instruction: str | None = None
    expected_choice: str | None = None  # preference protocol: "A", "B" or "tie" (file order)
    expected_outcome: str | None = None  # run audit: the outcome the run shows
    expected_report_verdict: str | None = None  # run audit: accurate, overstated, understated


@dataclass(frozen=True)
class Item:
    """One prompt with its two responses, or (a run audit item) one recorded run.

    A run audit item holds its run as the single entry of ``responses`` (so every check
    that walks the responses, e.g. of screenshots, sees it) and the optional ``judge``;
    ``prompt`` is the run's objective.
    """

    id: str
    kind: ItemKind
    prompt: str
    responses: tuple[Response, ...]
    context: str | None = None
    gold: Gold | None = None
    judge: JudgeVerdict | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # Optional facts about the item (site, category...): QA groups agreement by them
    # (`qa report --by FIELD`). Keys are names, values short strings, numbers or booleans.
    metadata: dict[str, str | int | float | bool] = field(
        default_factory=dict, compare=False, hash=False
    )
    # 1.2: the study team's key for a training item, and the turns before the prompt.
    training: TrainingKey | None = field(default=None, compare=False, hash=False)
    conversation: tuple[Turn, ...] = ()

    @property
    def run(self) -> Response | None:
        """The recorded run of a run audit item (None for an item of two responses)."""
        return self.responses[0] if len(self.responses) == 1 else None


@dataclass(frozen=True)
class Manifest:
    """The parsed ``batch.json``."""

    format_version: str
    batch_id: str
    title: str
    created: str
    items_file: str = "items.jsonl"
    instructions_file: str | None = None
    display_seed: str = ""
    rubric: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    protocol: str = GUIDELINE
    preference: PreferenceSettings = field(default_factory=PreferenceSettings, compare=False)
    qualification: QualificationSettings = field(default_factory=QualificationSettings,
                                                 compare=False)
    unsure: UnsureSettings = field(default_factory=UnsureSettings, compare=False)


@dataclass(frozen=True)
class IndexEntry:
    """Where one item's line sits in the items file (decompressed byte offsets)."""

    item_id: str
    line: int
    offset: int
    length: int
    kind: str = "standard"
