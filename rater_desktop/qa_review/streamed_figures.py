"""A report's figures with the used files' judgments read one file at a time.

``collect_figures(..., release=True)`` (a report written once: ``qa report``, the
benchmark) comes here. Every pass that reads judgments adds each file's up as the file is
read (``FileSums``: the ``add_*`` halves of the ``rater_desktop.qa`` functions, then their
``*_of`` halves), so one file's ``RaterJudgment`` objects are alive at a time (2,000
instead of 100,000 at 50 raters x 2,000 items: ~15 MiB), each built once. The agreement
tables come first, from the store's columns (``stored_tables``), and are let go before
the files are read. The figures are those of the session's own methods (the same
arithmetic over the same judgments in the same order; the tests compare every figure).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, NamedTuple

from rater_desktop.qa import disagreement, qualification, standardweb, timecost
from rater_desktop.qa.agreement import collapse_verdict
from rater_desktop.qa.agreement_counts import add_verdict_cells, verdict_agreement_of
from rater_desktop.qa.count_arrays import CellCodes
from rater_desktop.qa.drift import add_votes, consensus_of
from rater_desktop.qa.fragility import ranking_fragility
from rater_desktop.qa.inputs import ItemFacts, RaterJudgment
from rater_desktop.qa.rater_model import add_labels, dawid_skene_of
from rater_desktop.qa.rater_tendencies import add_tendencies, tendencies_of
from rater_desktop.qa.scoreboard import (
    Comparison,
    add_scores,
    comparisons,
    means_of,
    score_sums,
    standings,
)
from rater_desktop.qa.text_sources import JudgmentText, add_text_totals, flags_of
from rater_desktop.qa_review.adapter import add_disputes, runs_of
from rater_desktop.qa_review.figure_record import CostInputs, QaFigures
from rater_desktop.qa_review.figures import agreement_by_dimension
from rater_desktop.qa_review.judgment_columns import FileJudgments
from rater_desktop.qa_review.stored_session import UnsureSums
from rater_desktop.qa_review.stored_tables import stored_tables, stored_verdicts
from rater_desktop.qa_review.study_figures import (
    DRIFT_WIDTH,
    StudyFigures,
    chance_agreement,
    drift,
)
from rater_desktop.qa_review.text_flags import minimum_seconds

KINDS = ("standard", "qualification", "attention")  # QaSession.disagreements' default


class _Disputes(NamedTuple):
    """What ``add_disputes`` reads of a judgment (a ``StoredJudgment`` has more)."""

    item_id: str
    disputed_runs: tuple[bool, bool]


class FileSums:
    """What every judgment-reading figure keeps of the files read so far."""

    def __init__(self, facts: list[ItemFacts], least_seconds: float, engine: Any) -> None:
        self.facts, self.least, self.engine = facts, least_seconds, engine
        self.everyone: dict[str, None] = {}  # every rater, first seen first
        self.qualification: list[RaterJudgment] = []
        self.attention: list[RaterJudgment] = []
        self.verdicts = CellCodes(), CellCodes()
        self.shared: dict[tuple[str, float], Comparison] = {}
        self.games: list[Comparison] = []
        self.scores = score_sums()
        self.disagreements = disagreement.DisagreementSums(kinds=KINDS)
        self.by_rater: dict[str, list[float]] = {}
        self.by_step: dict[str, list[float]] = {}
        self.votes: dict[str, Counter[int]] = {}
        self.labels: dict[str, dict[str, int]] = {}
        self.tendencies: dict[str, list[int]] = {}
        self.texts: dict[str, list[int]] = {}
        self.disputes: dict[tuple[str, int], bool] = {}
        self.unsure = UnsureSums()
        self.items: dict[str, int] = {}  # item id -> its code in ``dated``
        self.dated: dict[int, tuple[array[int], array[int]]] = {}  # file id -> drift's

    def add(self, file: FileJudgments) -> None:
        """Add one file's judgments (complete ones, file order; the rows for the rest)."""
        complete = list(file.complete_judgments())
        for j in complete:
            self.everyone[j.rater_id] = None
            if j.kind == "qualification":
                self.qualification.append(j)
            elif j.kind == "attention":
                self.attention.append(j)
        add_verdict_cells(self.verdicts, judgments=complete)
        self.games += comparisons(judgments=complete, items=self.facts, shared=self.shared)
        add_scores(self.scores, judgments=complete, items=self.facts)
        self.disagreements.add(complete)
        self._times(complete)
        add_votes(self.votes, ((j.item_id, collapse_verdict(j.verdict_true)) for j in complete
                               if j.kind == "standard" and j.verdict_true is not None))
        texts, rated, standard = [], [], []
        for j, done, order, disputed, _unsure, text in file.rows():  # one pass, three uses
            texts.append(JudgmentText(j.rater_id, done, text, j.seconds()))
            if done:
                rated.append(_Disputes(j.item_id, disputed))
                if j.kind == "standard" and j.verdict_true is not None:
                    standard.append((j, order))
        add_labels(self.labels, ((j.rater_id, j.item_id, collapse_verdict(j.verdict_true or 0))
                                 for j, _ in standard))
        add_tendencies(self.tendencies,
                       ((j.rater_id, j.verdict_true or 0, order) for j, order in standard))
        self._dated(file.file_id, standard)
        add_text_totals(self.texts, texts, minimum_seconds=self.least)
        add_disputes(self.disputes, rated)
        self.unsure.add(file)

    def _dated(self, file_id: int, standard: list[tuple[RaterJudgment, Any]]) -> None:
        """Drift's verdicts of the file (its complete standard judgments with one), as
        item codes and verdicts: 8 bytes a judgment, the store not read again for them."""
        items, verdicts = array("i"), array("i")
        for j, _ in standard:
            items.append(self.items.setdefault(j.item_id, len(self.items)))
            verdicts.append(j.verdict_true or 0)
        self.dated[file_id] = items, verdicts

    def dated_rows(self, stored: Any) -> Iterator[tuple[str, str, int]]:
        """(rater, item, verdict) of a used file with a signer for ``drift`` (the rater is
        its signer: drift keys by the signer first), else read from the store."""
        if stored.id not in self.dated or not stored.signer:
            yield from stored_verdicts(self.engine, stored.id)
            return
        names = list(self.items)
        items, verdicts = self.dated[stored.id]
        for item, verdict in zip(items, verdicts, strict=True):
            yield stored.signer, names[item], verdict

    def _times(self, complete: list[RaterJudgment]) -> None:
        """``timecost``'s per rater and per step inputs, in judgment order."""
        for j in complete:
            seconds = j.seconds()
            if seconds is not None:
                self.by_rater.setdefault(j.rater_id, []).append(seconds)
            for step, spent in j.step_seconds.items():
                self.by_step.setdefault(step, []).append(spent)

    def finish(self, session: Any) -> dict[str, Any]:
        """Every figure of the sums, each sum let go once its figure is made (the
        largest first), all but the comparisons (the scoreboard's and fragility's)."""
        items = [f.item_id for f in self.facts if f.kind == "qualification"
                 and session.item_infos()[f.item_id].expected_verdict is not None]  # fmt: skip
        figures: dict[str, Callable[[], Any]] = {
            "verdict": lambda: verdict_agreement_of(self.verdicts),
            "ability": lambda: dawid_skene_of(self.labels),
            "times_per_step": lambda: _summaries(self.by_step),
            "median": lambda: _median(self.by_rater),
            "times_per_rater": lambda: _summaries(self.by_rater),
            "disagreements": lambda: self.disagreements.result(),
            "agreed": lambda: consensus_of(self.votes),
            "means": lambda: means_of(self.scores),
            "qualification": lambda: qualification.score_qualification(
                judgments=self.qualification, threshold=session.qualification_threshold(),
                item_ids=items, raters=list(self.everyone)),
            "attention": lambda: qualification.score_attention(judgments=self.attention),
            "tendencies": lambda: tendencies_of(self.tendencies),
            "unsure": lambda: self.unsure.result(),
            "text_flags": lambda: flags_of(self.texts, minimum_seconds=self.least),
            "runs": lambda: runs_of(session.item_infos().values(), self.disputes),
        }  # fmt: skip
        done = {}
        for name, figure in figures.items():
            done[name] = figure()
            if name in _LET_GO:
                setattr(self, _LET_GO[name], None)
        del figures
        kept = {name: getattr(self, name) for name in ("games", "items", "dated", "engine")}
        self.__dict__.clear()
        self.__dict__.update(kept)
        return done


# The sum each figure is made of, let go once it is made (the rest are small).
_LET_GO = {"verdict": "verdicts", "ability": "labels", "times_per_step": "by_step",
           "times_per_rater": "by_rater", "disagreements": "disagreements",
           "agreed": "votes", "means": "scores"}  # fmt: skip


def _median(grouped: dict[str, list[float]]) -> float | None:
    seconds = [s for values in grouped.values() for s in values]  # ``quantile`` sorts
    return timecost.quantile(seconds, 0.5) if seconds else None


def _summaries(grouped: dict[str, list[float]]) -> dict[str, Any]:
    return {key: timecost.summarize_times(seconds=values, bin_seconds=30.0)
            for key, values in sorted(grouped.items())}  # fmt: skip


def _agreement(session: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """(agreement per dimension, chance agreement) from the tables read off the store's
    columns, built here and let go (their build's scratch is the report's largest)."""
    engine = session.store.engine
    chosen, _ = session.used_key()
    ids = [s.id for s in chosen if s.id is not None]  # filled by ``store_figures``
    found: set[str] = set()
    tables = stored_tables(engine, ids, found)
    raters = sorted(found)
    return (tuple(agreement_by_dimension([], tables, raters)),
            tuple(chance_agreement([], tables, raters)))  # fmt: skip


def _study(session: Any, done: dict[str, Any], chance: tuple[Any, ...],
           sums: FileSums) -> StudyFigures:  # fmt: skip
    """The study figures from the files' sums (drift's verdicts of a file not used, or
    without a signer, from the store)."""
    used = {s.id for s in session.used_files()}
    session.filled([s for s in session.files()
                    if s.status == "valid" and s.id is not None and s.id not in used])
    return StudyFigures(
        chance=chance, tendencies=tuple(done["tendencies"]), rater_model=done["ability"],
        fragility=ranking_fragility(sums.games),
        drift=tuple(drift(session, [], agreed=done["agreed"], rows=sums.dated_rows)),
        drift_width_days=DRIFT_WIDTH.days)  # fmt: skip


def _cost(session: Any, median: float | None, *, hourly_wage: float, platform_fee: float,
          buffer: float, raters_per_item: int) -> tuple[CostInputs, Any]:  # fmt: skip
    if median is not None:
        return session.cost(hourly_wage=hourly_wage, platform_fee=platform_fee, buffer=buffer,
                            raters_per_item=raters_per_item, seconds_per_judgment=median)
    return CostInputs(items=len(session.batch.index), raters_per_item=raters_per_item,
                      seconds_per_judgment=None, hourly_wage=hourly_wage,
                      platform_fee=platform_fee, buffer=buffer), None  # fmt: skip


def each_file_summed(session: Any) -> FileSums:
    """Every used file's judgments added up, one file at a time (none kept)."""
    sums = FileSums(session.item_facts(), minimum_seconds(session.batch), session.store.engine)
    for file in session.each_used_file():
        sums.add(file)
        del file  # let go before the next file is read
    return sums


def streamed_figures(session: Any, *, now: datetime, hourly_wage: float,
                     platform_fee: float, buffer: float, raters_per_item: int,
                     resamples: int, seed: int) -> QaFigures:  # fmt: skip
    """``summary._figures`` with the judgments read one file at a time (see above)."""
    grouped = session.store_figures(agreement=False)  # counts, verdicts: grouped in SQL
    agreement, chance = _agreement(session)
    sums = each_file_summed(session)
    done = sums.finish(session)
    study = _study(session, done, chance, sums)
    kept = disagreement.filter_disagreements(items=done["disagreements"])
    marks, shares = done["unsure"]
    cost_inputs, cost = _cost(session, done["median"], hourly_wage=hourly_wage,
                              platform_fee=platform_fee, buffer=buffer,
                              raters_per_item=raters_per_item)  # fmt: skip
    return QaFigures(
        batch_id=session.batch_id, batch_title=session.batch.manifest.title,
        batch_sha256=session.batch_sha256, generated_at=now, files=tuple(session.files()),
        used_files=tuple(session.used_files()), raters=tuple(session.raters()),
        items_in_batch=sum(1 for e in session.batch.index if e.kind != "retest"),
        items_judged=grouped.items_judged, judgments=grouped.judgments, agreement=agreement,
        verdict_agreement=done["verdict"], verdict_distribution=grouped.verdict_distribution,
        disagreements=tuple(disagreement.sort_disagreements(items=kept)),
        qualification_threshold=session.qualification_threshold(),
        qualification=tuple(done["qualification"]), attention=tuple(done["attention"]),
        scoreboard=tuple(standings(found=sums.games, means=done["means"],
                                   resamples=resamples, seed=seed)),
        bootstrap_resamples=resamples, assistantbench=session.assistantbench(),
        standardweb=tuple(standardweb.summarize_runs(runs=done["runs"])),
        times_per_rater=done["times_per_rater"], times_per_step=done["times_per_step"],
        cost_inputs=cost_inputs, cost=cost,
        adjudications=tuple(session.store.adjudications(batch_sha256=session.batch_sha256)),
        problems=tuple(session.problems()), study=study, unsure=tuple(shares),
        unsure_items=tuple(sorted((item_id, rater, reason) for rater, item_marks
                                  in marks.items() for item_id, reason in item_marks.items())),
        text_flags=tuple(done["text_flags"]))  # fmt: skip
