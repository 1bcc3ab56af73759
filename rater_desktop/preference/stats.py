"""QA figures for preference results (Qt-free, no I/O), built on ``rater_desktop.qa``:
percent agreement and Krippendorff's alpha (nominal) on the three-way choice, win/tie/loss,
win rate and Bradley-Terry per model, qualification (8 of 10 by default) and attention
checks on the gold choices, time per judgment, the seed 001 cost projection with the
measured median time, and agreement broken down by a survey answer."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rater_desktop.protocols.single_export import Agreement, RaterCheck, nominal_agreement
from rater_desktop.qa.qualification import meets_threshold
from rater_desktop.qa.scoreboard import Comparison, Record, bradley_terry, records, win_table
from rater_desktop.qa.text_sources import RaterTextFlags
from rater_desktop.qa.timecost import StudyCost, project_study_cost, quantile
from rater_desktop.rating.survey import answer_groups

CHOICE_VALUES = {"A": -1.0, "tie": 0.0, "B": 1.0}  # file order: A = responses[0]


@dataclass(frozen=True)
class Judgment:
    """One rater's completed choice on one item (file order)."""

    rater_id: str
    item_id: str
    kind: str
    choice: str
    identities: tuple[str, str]
    seconds: float | None


@dataclass(frozen=True)
class PreferenceFigures:
    agreement: Agreement
    records: dict[str, Record]
    strengths: dict[str, float]
    raters: list[RaterCheck]
    median_seconds: float | None
    p90_seconds: float | None
    cost: StudyCost | None
    by_answer: dict[str, Agreement] = field(default_factory=dict)
    text_flags: tuple[RaterTextFlags, ...] = ()  # pasted share, fast items (results 2.4)


def judgments_of(document: Mapping[str, Any]) -> list[Judgment]:
    """Complete judgments of one verified preference document (others are skipped)."""
    rater = document.get("rater", {})
    rater_id = str(rater.get("rater_id", "")) if isinstance(rater, dict) else ""
    out: list[Judgment] = []
    entries = document.get("items")
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict) or entry.get("incomplete"):
            continue
        rating = entry.get("rating")
        identities = entry.get("identities")
        if not isinstance(rating, dict) or not isinstance(identities, dict):
            continue
        choice = rating.get("choice")
        if choice not in CHOICE_VALUES:
            continue
        timing = rating.get("timing") if isinstance(rating.get("timing"), dict) else {}
        seconds = timing.get("active_seconds") if isinstance(timing, dict) else None
        out.append(Judgment(rater_id, str(entry.get("item_id", "")),
                            str(entry.get("kind") or "standard"), str(choice),
                            (str(identities.get("A", "")), str(identities.get("B", ""))),
                            float(seconds) if isinstance(seconds, int | float) else None))
    return out


def agreement(judgments: Iterable[Judgment]) -> Agreement:
    """Percent agreement and nominal alpha over the standard items' three-way choices."""
    cells: dict[str, dict[str, str]] = defaultdict(dict)
    for j in judgments:
        if j.kind == "standard":
            cells[j.rater_id][j.item_id] = j.choice
    return nominal_agreement(cells, tuple(CHOICE_VALUES))


def comparisons(judgments: Iterable[Judgment]) -> list[Comparison]:
    out = []
    for j in judgments:
        first, second = j.identities
        if j.kind != "standard" or first == second:
            continue
        outcome = {"A": 1.0, "tie": 0.5, "B": 0.0}[j.choice]
        out.append(Comparison(j.item_id, first, second, outcome))
    return out


def rater_checks(judgments: Iterable[Judgment], gold: Mapping[str, str], *,
                 threshold: tuple[int, int] = (8, 10),
                 qualification_items: Collection[str] | None = None,
                 raters: Iterable[str] = ()) -> list[RaterCheck]:
    """Per rater: gold choices matched on qualification and attention items.

    With ``qualification_items`` (the batch's qualification items with a gold choice) a
    rater is scored out of all of them: an item never judged counts as wrong (7 right and
    3 never judged is 7 of 10, as in the guideline protocol), and every rater in
    ``raters`` gets a row."""
    tallies: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    wanted = set(qualification_items) if qualification_items is not None else None
    for rater_id in raters if wanted is not None else ():
        tallies[rater_id]  # noqa: B018 - a row even without a judgment
    for j in judgments:
        expected = gold.get(j.item_id)
        tally = tallies[j.rater_id]
        if expected is None or j.kind not in ("qualification", "attention"):
            continue
        if j.kind == "qualification" and wanted is not None and j.item_id not in wanted:
            continue
        slot = 0 if j.kind == "qualification" else 2
        tally[slot] += j.choice == expected
        tally[slot + 1] += 1
    if wanted is not None:
        for tally in tallies.values():
            tally[1] = len(wanted)
    return [RaterCheck(r, t[0], t[1], meets_threshold(passed=t[0], total=t[1],
                                                      threshold=threshold), t[2], t[3])
            for r, t in sorted(tallies.items())]


def by_survey_answer(judgments: Sequence[Judgment], answers: Mapping[str, Any]
                     ) -> dict[str, Agreement]:
    """Agreement among the raters who gave each answer (``answers``: rater -> answer)."""
    groups: dict[str, set[str]] = defaultdict(set)
    for rater_id, answer in answers.items():
        for label in answer_groups(answer):
            groups[label].add(rater_id)
    return {label: agreement(j for j in judgments if j.rater_id in members)
            for label, members in sorted(groups.items())}


def _document_raters(documents: Sequence[Mapping[str, Any]]) -> list[str]:
    raters = (doc.get("rater") for doc in documents)
    return [str(r.get("rater_id", "")) for r in raters if isinstance(r, Mapping) and r.get("rater_id")]


def preference_figures(documents: Sequence[Mapping[str, Any]], *, gold: Mapping[str, str],
                       threshold: tuple[int, int] = (8, 10), question: str | None = None,
                       qualification_items: Collection[str] | None = None,
                       items_planned: int | None = None, raters_per_item: int = 3,
                       hourly_wage: float = 20.0, platform_fee: float = 0.2,
                       ) -> PreferenceFigures:
    """Every figure over verified documents of one preference batch."""
    judgments = [j for doc in documents for j in judgments_of(doc)]
    games = comparisons(judgments)
    times = sorted(j.seconds for j in judgments if j.seconds is not None)
    median = quantile(times, 0.5) if times else None
    standard_items = {j.item_id for j in judgments if j.kind == "standard"}
    cost = None
    if median is not None:
        cost = project_study_cost(items=items_planned or len(standard_items),
                                  raters_per_item=raters_per_item, seconds_per_judgment=median,
                                  hourly_wage=hourly_wage, platform_fee=platform_fee)
    answers = {}
    if question:
        for doc in documents:
            survey = doc.get("survey") if isinstance(doc.get("survey"), dict) else {}
            given = survey.get("answers", {}) if isinstance(survey, dict) else {}
            rater = doc.get("rater") if isinstance(doc.get("rater"), dict) else {}
            if isinstance(given, dict) and question in given and isinstance(rater, dict):
                answers[str(rater.get("rater_id", ""))] = given[question]
    return PreferenceFigures(
        agreement=agreement(judgments), records=records(comparisons=games),
        strengths=bradley_terry(table=win_table(games)).strengths if games else {},
        raters=rater_checks(judgments, gold, threshold=threshold,
                            qualification_items=qualification_items,
                            raters=_document_raters(documents)),
        median_seconds=median,
        p90_seconds=quantile(times, 0.9) if times else None, cost=cost,
        by_answer=by_survey_answer(judgments, answers) if question else {})


def gold_choices(items: Iterable[Any]) -> dict[str, str]:
    """Expected choices (file order) of a batch's items: ``expected_choice``, else the side
    of ``expected_verdict`` (a guideline-style gold works in preference batches too)."""
    gold: dict[str, str] = {}
    for item in items:
        expected = item.gold
        if expected is None:
            continue
        if expected.expected_choice is not None:
            gold[item.id] = expected.expected_choice
        elif expected.expected_verdict is not None:
            score = expected.expected_verdict.score
            gold[item.id] = "A" if score < 0 else "B" if score > 0 else "tie"
    return gold
