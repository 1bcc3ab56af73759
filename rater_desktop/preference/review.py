"""Preference results in QA reviewer mode (no Qt, no I/O but the batch): the figures of
``rater-desktop qa report`` over the session's trusted files, the items on which raters
chose differently, and the refusal of a set of results that mixes protocols.

The QA store keeps preference results FILES (signed bytes and verification state, so a
reopened window and other reviewers of a shared store see them), but no per-judgment rows
and no decisions: those are guideline-shaped. Every figure here is computed from the
stored signed documents, with the same functions as the command line report.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from rater_desktop.learning.unsure import UnsureShare, unsure_item_ids, unsure_shares
from rater_desktop.preference.model import PREFERENCE_FAST_ITEM_SECONDS
from rater_desktop.preference.stats import (
    PreferenceFigures,
    gold_choices,
    preference_figures,
)
from rater_desktop.qa.retest import RetestFigure
from rater_desktop.qa.text_sources import rater_text_flags
from rater_desktop.qa_review.figures import sd4_threshold
from rater_desktop.qa_review.retest_inputs import batch_retest, session_documents

if TYPE_CHECKING:
    from rater_desktop.qa_review.session import QaSession

PREFERENCE = "preference"
FILE_SIDES = ("A", "B")


@dataclass(frozen=True)
class CostInputs:
    """The cost projection's inputs; the defaults are those of ``qa report``."""

    hourly_wage: float = 15.0
    platform_fee: float = 0.2
    raters_per_item: int = 3


@dataclass(frozen=True)
class RaterChoice:
    """One rater's complete choice on one item. ``choice`` is in FILE order ("A" = the
    batch's first response); ``shown`` is the label the rater clicked on screen."""

    rater_id: str
    choice: str
    shown: str
    swapped: bool
    explanation: str
    seconds: float | None


@dataclass(frozen=True)
class ChoiceDisagreement:
    """An item on which the raters' choices differ, or one missed its gold choice."""

    item_id: str
    kind: str
    identities: tuple[str, str]
    gold: str | None
    choices: tuple[RaterChoice, ...]

    @property
    def distinct(self) -> int:
        return len({c.choice for c in self.choices})

    @property
    def missed_gold(self) -> int:
        return sum(1 for c in self.choices if self.gold is not None and c.choice != self.gold)


@dataclass(frozen=True)
class PreferenceReview:
    """Everything the QA window shows for a preference batch, as of one computation."""

    batch_sha256: str
    figures: PreferenceFigures
    disagreements: tuple[ChoiceDisagreement, ...]
    questions: tuple[tuple[str, str], ...]  # survey question id, text
    question: str | None
    raters: tuple[str, ...]
    title: str
    unsure_shares: tuple[UnsureShare, ...] = ()  # per rater (results 2.3)
    unsure: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # item -> rater -> why
    retest: tuple[RetestFigure, ...] = ()  # per rater, from test-retest probes


class BatchGold(NamedTuple):
    """What a preference batch expects: gold choices (file order), the SD-4 threshold and
    its qualification items (every one counts, judged or not)."""

    choices: dict[str, str]
    threshold: tuple[int, int]
    qualification_items: tuple[str, ...]


def batch_gold(batch: Any) -> BatchGold:
    """Gold choices of a batch's items, its qualification threshold (ThresholdError for
    an override that cannot score) and its qualification items with a gold choice."""
    items = [batch.item(entry.item_id) for entry in batch.index]
    gold = gold_choices(items)
    qualification = tuple(i.id for i in items if i.kind.value == "qualification" and i.id in gold)
    return BatchGold(gold, sd4_threshold(batch.manifest.rubric), qualification)


def batch_figures(documents: Sequence[Mapping[str, Any]], *, batch: Any,
                  question: str | None, cost: CostInputs) -> PreferenceFigures:
    """The figures of ``qa report`` for verified documents of ``batch`` (CLI and window)."""
    gold = batch_gold(batch)
    figures = preference_figures(documents, gold=gold.choices, threshold=gold.threshold,
                                 qualification_items=gold.qualification_items,
                                 question=question, raters_per_item=cost.raters_per_item,
                                 hourly_wage=cost.hourly_wage, platform_fee=cost.platform_fee)
    flags = rater_text_flags(documents, minimum_seconds=PREFERENCE_FAST_ITEM_SECONDS)
    return replace(figures, text_flags=tuple(flags))


def _choice(entry: Mapping[str, Any], rater_id: str) -> RaterChoice | None:
    rating = entry.get("rating")
    if entry.get("incomplete") or not isinstance(rating, Mapping):
        return None
    choice = rating.get("choice")
    if choice not in ("A", "B", "tie"):
        return None
    order = entry.get("display_order")
    swapped = isinstance(order, list) and [str(x) for x in order] == ["B", "A"]
    shown = choice if choice == "tie" else FILE_SIDES[1 - FILE_SIDES.index(choice)
                                                      if swapped else FILE_SIDES.index(choice)]
    timing = rating.get("timing")
    seconds = timing.get("active_seconds") if isinstance(timing, Mapping) else None
    explanation = rating.get("explanation")
    return RaterChoice(rater_id, str(choice), shown, swapped,
                       explanation if isinstance(explanation, str) else "",
                       float(seconds) if isinstance(seconds, int | float) else None)


def rater_choices(documents: Iterable[Mapping[str, Any]]
                  ) -> dict[str, list[tuple[RaterChoice, Mapping[str, Any]]]]:
    """item id -> each rater's complete choice (with the item entry), document order."""
    found: dict[str, list[tuple[RaterChoice, Mapping[str, Any]]]] = {}
    for document in documents:
        rater = document.get("rater")
        rater_id = str(rater.get("rater_id", "")) if isinstance(rater, Mapping) else ""
        entries = document.get("items")
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, Mapping):
                continue
            choice = _choice(entry, rater_id)
            if choice is not None:
                found.setdefault(str(entry.get("item_id", "")), []).append((choice, entry))
    return found


def _identities(entry: Mapping[str, Any]) -> tuple[str, str]:
    raw = entry.get("identities")
    raw = raw if isinstance(raw, Mapping) else {}
    return str(raw.get("A", "")), str(raw.get("B", ""))


def choice_disagreements(documents: Sequence[Mapping[str, Any]], *, gold: Mapping[str, str],
                         also: Collection[str] = ()) -> list[ChoiceDisagreement]:
    """Items where complete choices differ (two raters or more) or one missed the gold,
    and the items in ``also`` (marked unsure); most distinct choices first, then most
    missed gold, then item id."""
    found = []
    for item_id, pairs in rater_choices(documents).items():
        choices = tuple(c for c, _ in pairs)
        entry = pairs[0][1]
        item = ChoiceDisagreement(item_id, str(entry.get("kind") or "standard"),
                                  _identities(entry), gold.get(item_id), choices)
        if (len(choices) > 1 and item.distinct > 1) or item.missed_gold or item_id in also:
            found.append(item)
    return sorted(found, key=lambda d: (-d.distinct, -d.missed_gold, d.item_id))


def used_documents(session: QaSession) -> list[dict[str, Any]]:
    """The signed preference documents of the session's trusted files (latest export per
    rater)."""
    return [d for d in session_documents(session) if d.get("protocol") == PREFERENCE]


def preference_review(session: QaSession, *, question: str | None,
                      cost: CostInputs) -> PreferenceReview:
    """Figures and disagreements of the session's trusted preference files (a job)."""
    batch = session.batch
    documents = used_documents(session)
    gold = batch_gold(batch).choices
    survey = getattr(getattr(batch.manifest, "preference", None), "survey", ()) or ()
    questions = tuple((q.id, q.text) for q in survey)
    known = question if question in {q for q, _ in questions} else None
    raters = sorted({str(d["rater"].get("rater_id", "")) for d in documents
                     if isinstance(d.get("rater"), dict)})
    unsure: dict[str, dict[str, str]] = {}
    for document in documents:
        rater = str((document.get("rater") or {}).get("rater_id", ""))
        for item_id, reason in unsure_item_ids(document).items():
            unsure.setdefault(item_id, {})[rater] = reason
    return PreferenceReview(
        batch_sha256=session.batch_sha256,
        figures=batch_figures(documents, batch=batch, question=known, cost=cost),
        disagreements=tuple(choice_disagreements(documents, gold=gold, also=unsure)),
        questions=questions, question=known, raters=tuple(raters),
        title=str(batch.manifest.title or batch.manifest.batch_id),
        unsure_shares=tuple(unsure_shares(documents)), unsure=unsure,
        retest=tuple(batch_retest(documents, batch)))
