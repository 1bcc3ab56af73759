"""Every figure of a QA session, for the window and the report (``QaSession`` mixes it in).

Inputs are the trusted judgments (complete items of valid, known-signer files) and the
batch's own facts; the computations are those of ``rater_desktop.qa``
(docs/qa-statistics.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from rater_desktop.qa import assistantbench, qualification, scoreboard, standardweb, timecost
from rater_desktop.qa.agreement import VerdictAgreement
from rater_desktop.qa.agreement_counts import verdict_agreement
from rater_desktop.qa.assistantbench import AssistantBenchSummary
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa.qualification import AttentionResult, QualificationResult, Tolerance
from rater_desktop.qa.scoreboard import ModelStanding
from rater_desktop.qa.standardweb import ModelRuns
from rater_desktop.qa.timecost import StudyCost, TimingSummary
from rater_desktop.qa_review.figure_record import CostInputs, QaFigures
from rater_desktop.qa_review.figures import (
    DimensionAgreement,
    Tables,
    agreement_by_dimension,
    sd4_threshold,
)
from rater_desktop.qa_review.text_flags import session_text_flags

if TYPE_CHECKING:
    from rater_desktop.batch.loader import Batch
    from rater_desktop.qa.inputs import ItemFacts, RaterJudgment, RunInput
    from rater_desktop.qa_review.adapter import BatchItemInfo
    from rater_desktop.qa_review.store import QaStore, StoredFile

__all__ = ["CostInputs", "QaFigures", "SummaryMixin", "collect_figures"]

DEFAULT_RATERS_PER_ITEM = 3  # study design: three raters on every item


class _SessionData(Protocol):
    batch: Batch
    batch_sha256: str
    store: QaStore

    def judgments(self) -> list[RaterJudgment]: ...
    def dimension_tables(self) -> Tables: ...
    def item_facts(self) -> list[ItemFacts]: ...
    def runs(self) -> list[RunInput]: ...
    def files(self) -> list[StoredFile]: ...
    def used_files(self) -> list[StoredFile]: ...
    def raters(self) -> list[str]: ...
    def problems(self) -> list[str]: ...
    def disagreements(self) -> list[ItemDisagreement]: ...
    def item_infos(self) -> dict[str, BatchItemInfo]: ...


class SummaryMixin:
    """Figure methods of QaSession (see the class docstring there)."""

    def agreement(self: _SessionData) -> list[DimensionAgreement]:
        """Alpha, percent agreement and leave-one-out per rater for TC, FA, AIP, verdict."""
        return agreement_by_dimension(self.judgments(), self.dimension_tables())

    def verdict_agreement(self: _SessionData) -> VerdictAgreement:
        return verdict_agreement(judgments=self.judgments())

    def qualification_threshold(self: _SessionData) -> tuple[int, int]:
        """SD-4 of the batch rubric: (pass_threshold, out_of), default (8, 10)."""
        return sd4_threshold(self.batch.manifest.rubric)

    def qualification(
        self: _SessionData, *, tolerance: Tolerance = "same_side_within_one"
    ) -> list[QualificationResult]:
        """Per rater, over every qualification item of the batch with an expected verdict."""
        items = [
            f.item_id
            for f in self.item_facts()
            if f.kind == "qualification" and _expected(self, f.item_id) is not None
        ]
        return qualification.score_qualification(
            judgments=self.judgments(),
            tolerance=tolerance,
            threshold=sd4_threshold(self.batch.manifest.rubric),
            item_ids=items,
        )

    def attention(self: _SessionData) -> list[AttentionResult]:
        return qualification.score_attention(judgments=self.judgments())

    def scoreboard(
        self: _SessionData, *, resamples: int = 1000, seed: int = 0
    ) -> list[ModelStanding]:
        """Win/tie/loss, win rate, Bradley-Terry with bootstrap CI, mean TC/FA/AIP."""
        return scoreboard.scoreboard(
            judgments=self.judgments(), items=self.item_facts(), resamples=resamples, seed=seed
        )

    def assistantbench(self: _SessionData) -> dict[str, AssistantBenchSummary]:
        """AssistantBench figures per model over the batch items with a gold answer."""
        return assistantbench.summarize_by_model(items=self.item_facts())

    def standardweb(self: _SessionData) -> list[ModelRuns]:
        """standardweb run scores per model (runs disputed by a rater are not scored)."""
        return standardweb.summarize_runs(runs=self.runs())

    def times_per_rater(
        self: _SessionData, *, bin_seconds: float = 30.0
    ) -> dict[str, TimingSummary]:
        return timecost.times_per_rater(judgments=self.judgments(), bin_seconds=bin_seconds)

    def times_per_step(
        self: _SessionData, *, bin_seconds: float = 30.0
    ) -> dict[str, TimingSummary]:
        return timecost.times_per_step(judgments=self.judgments(), bin_seconds=bin_seconds)

    def cost(
        self: _SessionData,
        *,
        hourly_wage: float,
        platform_fee: float,
        buffer: float = 0.0,
        raters_per_item: int = DEFAULT_RATERS_PER_ITEM,
        items: int | None = None,
        seconds_per_judgment: float | None = None,
    ) -> tuple[CostInputs, StudyCost | None]:
        """Projected cost of rating ``items`` (default: the batch) at the measured median
        time per judgment; None when no judgment has a time and none is given."""
        seconds = seconds_per_judgment
        if seconds is None:
            seconds = timecost.median_seconds_per_judgment(judgments=self.judgments())
        inputs = CostInputs(
            items=len(self.batch.index) if items is None else items,
            raters_per_item=raters_per_item,
            seconds_per_judgment=seconds,
            hourly_wage=hourly_wage,
            platform_fee=platform_fee,
            buffer=buffer,
        )
        if seconds is None:
            return inputs, None
        return inputs, timecost.project_study_cost(
            items=inputs.items,
            raters_per_item=raters_per_item,
            seconds_per_judgment=seconds,
            hourly_wage=hourly_wage,
            platform_fee=platform_fee,
            buffer=buffer,
        )


def _expected(session: _SessionData, item_id: str) -> int | None:
    infos = session.item_infos()
    return infos[item_id].expected_verdict if item_id in infos else None


def collect_figures(
    session: object,
    *,
    now: datetime,
    hourly_wage: float = 15.0,
    platform_fee: float = 0.2,
    buffer: float = 0.0,
    raters_per_item: int = DEFAULT_RATERS_PER_ITEM,
    resamples: int = 1000,
    seed: int = 0,
    planned_probes: bool = False,
    release: bool = False,
) -> QaFigures:
    """All figures of ``session`` (a QaSession) in one object, for the report. Figures of
    the same used files and settings are computed once per session: a report after a QA
    decision reads only the decisions, the files and the problems again. ``planned_probes``:
    the study plan has test-retest probes (the batch opened may not show them);
    ``release``: a report made once reads the judgments a file at a time and keeps none
    (``streamed_figures``)."""
    from dataclasses import replace

    from rater_desktop.qa_review.session import QaSession

    assert isinstance(session, QaSession)
    settings = (hourly_wage, platform_fee, buffer, raters_per_item, resamples, seed)
    _, used = session.used_key()
    figures = session.built("figures", (used, settings), lambda: _figures(
        session, now=now, hourly_wage=hourly_wage, platform_fee=platform_fee, buffer=buffer,
        raters_per_item=raters_per_item, resamples=resamples, seed=seed,
        release=release))  # fmt: skip
    from rater_desktop.qa_review.retest_inputs import session_retest

    retest = session.built("retest", (used, planned_probes),
                           lambda: tuple(session_retest(session, planned=planned_probes)))
    return replace(
        figures,
        retest=retest,
        generated_at=now,
        files=tuple(session.files()),
        adjudications=tuple(session.store.adjudications(batch_sha256=session.batch_sha256)),
        problems=tuple(session.problems()),
    )


def _figures(session: Any, *, now: datetime, hourly_wage: float, platform_fee: float,
             buffer: float, raters_per_item: int, resamples: int, seed: int,
             release: bool = False) -> QaFigures:  # fmt: skip
    if release:  # a report made once: the judgments a file at a time, none kept
        from rater_desktop.qa_review.streamed_figures import streamed_figures

        return streamed_figures(session, now=now, hourly_wage=hourly_wage,
                                platform_fee=platform_fee, buffer=buffer,
                                raters_per_item=raters_per_item, resamples=resamples,
                                seed=seed)  # fmt: skip
    grouped = session.store_figures(agreement=False)  # counts, verdicts: grouped in SQL
    agreement, verdict = tuple(session.agreement()), session.verdict_agreement()
    study = session.study_figures()
    scoreboard = tuple(session.scoreboard(resamples=resamples, seed=seed))
    cost_inputs, cost = session.cost(
        hourly_wage=hourly_wage,
        platform_fee=platform_fee,
        buffer=buffer,
        raters_per_item=raters_per_item,
    )
    return QaFigures(
        batch_id=session.batch_id,
        batch_title=session.batch.manifest.title,
        batch_sha256=session.batch_sha256,
        generated_at=now,
        files=tuple(session.files()),
        used_files=tuple(session.used_files()),
        raters=tuple(session.raters()),
        items_in_batch=sum(1 for e in session.batch.index if e.kind != "retest"),  # probes repeat items
        items_judged=grouped.items_judged,
        judgments=grouped.judgments,
        agreement=agreement,
        verdict_agreement=verdict,
        verdict_distribution=grouped.verdict_distribution,
        disagreements=tuple(session.disagreements()),
        qualification_threshold=session.qualification_threshold(),
        qualification=tuple(session.qualification()),
        attention=tuple(session.attention()),
        scoreboard=scoreboard,
        bootstrap_resamples=resamples,
        assistantbench=session.assistantbench(),
        standardweb=tuple(session.standardweb()),
        times_per_rater=session.times_per_rater(),
        times_per_step=session.times_per_step(),
        cost_inputs=cost_inputs,
        cost=cost,
        adjudications=tuple(session.store.adjudications(batch_sha256=session.batch_sha256)),
        problems=tuple(session.problems()),
        study=study,
        unsure=tuple(session.unsure_shares()),
        unsure_items=tuple(sorted((item_id, rater, reason)
                                  for rater, marks in session.unsure_marks().items()
                                  for item_id, reason in marks.items())),
        text_flags=tuple(session_text_flags(session)),
    )
