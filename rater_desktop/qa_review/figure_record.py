"""The report's figures as plain data: ``QaFigures`` (everything a report shows) and
``CostInputs`` (what the cost projection used).

Kept apart from ``summary`` (which computes them through the session) so that the
streamed report can build them without importing the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rater_desktop.learning.unsure import UnsureShare
    from rater_desktop.qa.agreement import VerdictAgreement
    from rater_desktop.qa.assistantbench import AssistantBenchSummary
    from rater_desktop.qa.disagreement import ItemDisagreement
    from rater_desktop.qa.qualification import AttentionResult, QualificationResult
    from rater_desktop.qa.retest import RetestFigure
    from rater_desktop.qa.scoreboard import ModelStanding
    from rater_desktop.qa.standardweb import ModelRuns
    from rater_desktop.qa.text_sources import RaterTextFlags
    from rater_desktop.qa.timecost import StudyCost, TimingSummary
    from rater_desktop.qa_review.decision_record import StoredAdjudication
    from rater_desktop.qa_review.figures import DimensionAgreement
    from rater_desktop.qa_review.store import StoredFile
    from rater_desktop.qa_review.study_figures import StudyFigures


@dataclass(frozen=True)
class CostInputs:
    """What the cost projection used (the wage's currency; fee and buffer as fractions)."""

    items: int
    raters_per_item: int
    seconds_per_judgment: float | None
    hourly_wage: float
    platform_fee: float
    buffer: float


@dataclass(frozen=True)
class QaFigures:
    """Everything the report shows, computed once."""

    batch_id: str
    batch_title: str
    batch_sha256: str
    generated_at: datetime
    files: tuple[StoredFile, ...]
    used_files: tuple[StoredFile, ...]
    raters: tuple[str, ...]
    items_in_batch: int
    items_judged: int
    judgments: int
    agreement: tuple[DimensionAgreement, ...]
    verdict_agreement: VerdictAgreement
    verdict_distribution: dict[int, int]
    disagreements: tuple[ItemDisagreement, ...]
    qualification_threshold: tuple[int, int]
    qualification: tuple[QualificationResult, ...]
    attention: tuple[AttentionResult, ...]
    scoreboard: tuple[ModelStanding, ...]
    bootstrap_resamples: int
    assistantbench: dict[str, AssistantBenchSummary]
    standardweb: tuple[ModelRuns, ...]
    times_per_rater: dict[str, TimingSummary]
    times_per_step: dict[str, TimingSummary]
    cost_inputs: CostInputs
    cost: StudyCost | None
    adjudications: tuple[StoredAdjudication, ...]
    problems: tuple[str, ...]
    study: StudyFigures | None = None  # kappa, AC1/AC2, bias, ability, fragility, drift
    unsure: tuple[UnsureShare, ...] = ()  # per rater: items marked unsure (results 2.3)
    unsure_items: tuple[tuple[str, str, str], ...] = ()  # (item id, rater id, reason)
    retest: tuple[RetestFigure, ...] = ()  # per rater, from the study's test-retest probes
    text_flags: tuple[RaterTextFlags, ...] = ()  # pasted share, fast items (results 2.6)
