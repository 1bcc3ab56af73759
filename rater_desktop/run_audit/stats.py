"""QA figures of run audit results (Qt-free, no I/O), built on ``rater_desktop.qa``.

Per run: each rater's normalized outcome, the run's seed-002 score (RA-6, ``scoring``),
disputed completions listed as not scored. Between raters: percent agreement and
Krippendorff's alpha (nominal) on the normalized outcome and on the verdict. Raters and
the automated judge: Cohen's kappa on the verdict (all rater-run pairs pooled, and per
rater) with its confusion table. Breaches: runs where a rater saw each kind. Per agent:
runs, scored runs and the mean score. Per rater (SD-4 as in the other protocols): the
qualification and attention items whose gold (``expected_outcome``,
``expected_report_verdict``) the audit matches; a qualification item never audited counts
as missed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.protocols.single_export import Agreement, RaterCheck, nominal_agreement
from rater_desktop.qa.chance_agreement import cohen_kappa
from rater_desktop.qa.qualification import meets_threshold
from rater_desktop.run_audit.model import BREACH_KINDS, VERDICTS
from rater_desktop.run_audit.scoring import CLASSES, SCORED, rater_class, run_status


@dataclass(frozen=True)
class Audit:
    """One rater's completed audit of one run (the exported rating document)."""

    rater_id: str
    item_id: str
    rating: Mapping[str, Any]
    seconds: float | None = None


@dataclass(frozen=True)
class RunFigures:
    """One run: what its raters saw and its score (None: not scored, ``status`` says why)."""

    item_id: str
    agent: str
    claimed: str  # the outcome the agent's report claims
    outcomes: dict[str, str]  # rater -> normalized score class
    verdicts: dict[str, str]  # rater -> accurate/overstated/understated
    consensus: str | None
    score: int | None
    status: str
    disputed: bool
    judge: str | None


@dataclass(frozen=True)
class JudgeAgreement:
    """Raters against the automated judge on the verdict: Cohen's kappa and the table
    ``confusion[rater verdict][judge verdict]`` (counts)."""

    kappa: float | None
    pairs: int
    percent: float | None
    confusion: dict[str, dict[str, int]]
    by_rater: dict[str, float | None] = field(default_factory=dict)


@dataclass(frozen=True)
class AgentFigures:
    agent: str
    runs: int
    scored: int
    mean_score: float | None


@dataclass(frozen=True)
class RunAuditFigures:
    runs: list[RunFigures]
    outcome_agreement: Agreement
    verdict_agreement: Agreement
    judge: JudgeAgreement
    breaches: dict[str, int]  # kind -> runs where at least one rater saw it
    agents: list[AgentFigures]
    median_seconds: float | None
    raters: list[RaterCheck] = field(default_factory=list)


def audits_of(document: Mapping[str, Any]) -> list[Audit]:
    """Complete audits of one verified run audit document (others are skipped)."""
    rater = document.get("rater")
    rater_id = str(rater.get("rater_id", "")) if isinstance(rater, dict) else ""
    out: list[Audit] = []
    entries = document.get("items")
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or entry.get("incomplete"):
            continue
        rating = entry.get("rating")
        if not isinstance(rating, dict) or rating.get("status") != "complete":
            continue
        timing = rating.get("timing")
        seconds = timing.get("active_seconds") if isinstance(timing, dict) else None
        out.append(Audit(rater_id, str(entry.get("item_id", "")), rating,
                         float(seconds) if isinstance(seconds, int | float) else None))
    return out


def judge_agreement(runs: Iterable[RunFigures]) -> JudgeAgreement:
    """Cohen's kappa and the confusion table of rater verdicts against the judge's."""
    codes = {v: float(n) for n, v in enumerate(VERDICTS)}
    confusion = {r: {j: 0 for j in VERDICTS} for r in VERDICTS}
    pairs: list[tuple[float, float]] = []
    per_rater: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for run in runs:
        if run.judge not in codes:
            continue
        for rater, verdict in run.verdicts.items():
            if verdict in codes:
                pair = (codes[verdict], codes[run.judge])
                pairs.append(pair)
                per_rater[rater].append(pair)
                confusion[verdict][run.judge] += 1
    percent = sum(a == b for a, b in pairs) / len(pairs) if pairs else None
    return JudgeAgreement(cohen_kappa(pairs), len(pairs), percent, confusion,
                          {r: cohen_kappa(p) for r, p in sorted(per_rater.items())})


def run_figures(item: Item, audits: Sequence[Audit]) -> RunFigures:
    run = item.run
    report = run.run_report if run is not None else None
    claimed = report.outcome if report is not None else ""
    consensus, score, status, disputed = run_status(
        claimed_outcome=claimed, ratings=[a.rating for a in audits])
    outcomes = {a.rater_id: c for a in audits if (c := rater_class(a.rating)) is not None}
    verdicts = {a.rater_id: str(a.rating["verdict"]) for a in audits
                if a.rating.get("verdict") in VERDICTS}
    return RunFigures(item.id, run.identity if run is not None else "", claimed, outcomes,
                      verdicts, consensus, score, status, disputed,
                      item.judge.verdict if item.judge is not None else None)


def _agents(runs: Sequence[RunFigures]) -> list[AgentFigures]:
    grouped: dict[str, list[RunFigures]] = defaultdict(list)
    for run in runs:
        grouped[run.agent].append(run)
    out = []
    for agent, group in sorted(grouped.items()):
        scores = [r.score for r in group if r.status == SCORED and r.score is not None]
        out.append(AgentFigures(agent, len(group), len(scores),
                                sum(scores) / len(scores) if scores else None))
    return out


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def matches_gold(item: Item, rating: Mapping[str, Any]) -> bool | None:
    """Whether an audit gives the item's expected outcome and verdict (None: no gold)."""
    gold = item.gold
    expected = (gold.expected_outcome, gold.expected_report_verdict) if gold else (None, None)
    if expected == (None, None):
        return None
    observed = rating.get("observed")
    outcome = observed.get("outcome") if isinstance(observed, dict) else None
    return (expected[0] in (None, outcome)) and (expected[1] in (None, rating.get("verdict")))


def rater_checks(items: Sequence[Item], audits: Sequence[Audit], *,
                 threshold: tuple[int, int]) -> list[RaterCheck]:
    """Per rater: gold matched on qualification and attention items (SD-4)."""
    gold_items = {i.id: i for i in items
                  if i.kind.value != "standard" and matches_gold(i, {}) is not None}
    qualification = [i for i in gold_items.values() if i.kind.value == "qualification"]
    done: dict[str, dict[str, bool]] = defaultdict(dict)
    for audit in audits:
        done.setdefault(audit.rater_id, {})
        item = gold_items.get(audit.item_id)
        if item is not None:
            done[audit.rater_id][item.id] = bool(matches_gold(item, audit.rating))
    checks = []
    for rater, results in sorted(done.items()):
        passed = sum(results.get(i.id, False) for i in qualification)
        attention = [ok for item_id, ok in results.items()
                     if gold_items[item_id].kind.value == "attention"]
        checks.append(RaterCheck(rater, passed, len(qualification),
                                 meets_threshold(passed=passed, total=len(qualification),
                                                 threshold=threshold),
                                 sum(attention), len(attention)))
    return checks


def figures(items: Sequence[Item], audits: Sequence[Audit], *,
            threshold: tuple[int, int] = (8, 10)) -> RunAuditFigures:
    """Every figure over the standard items of the batch (qualification and attention
    items train raters; they are not runs to score)."""
    by_item: dict[str, list[Audit]] = defaultdict(list)
    for audit in audits:
        by_item[audit.item_id].append(audit)
    runs = [run_figures(item, by_item.get(item.id, [])) for item in items
            if item.kind.value == "standard" and item.run is not None]
    outcome_cells: dict[str, dict[str, str]] = defaultdict(dict)
    verdict_cells: dict[str, dict[str, str]] = defaultdict(dict)
    for run in runs:
        for rater, value in run.outcomes.items():
            outcome_cells[rater][run.item_id] = value
        for rater, value in run.verdicts.items():
            verdict_cells[rater][run.item_id] = value
    rated = {run.item_id for run in runs}
    breaches = {kind: sum(1 for item_id in rated if any(
        isinstance(a.rating.get("breaches"), dict)
        and isinstance(a.rating["breaches"].get(kind), dict)
        and a.rating["breaches"][kind].get("seen") is True for a in by_item.get(item_id, [])))
        for kind in BREACH_KINDS}
    seconds = [a.seconds for a in audits if a.seconds is not None and a.item_id in rated]
    return RunAuditFigures(runs, nominal_agreement(outcome_cells, CLASSES),
                           nominal_agreement(verdict_cells, VERDICTS), judge_agreement(runs),
                           breaches, _agents(runs), _median(seconds),
                           rater_checks(items, audits, threshold=threshold))
