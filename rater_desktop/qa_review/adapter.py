"""Verified results documents -> the small inputs of the QA statistics (``qa.inputs``).

Sides are TRUE file order everywhere: side 0 is the batch file's ``responses[0]`` ("A"),
side 1 its ``responses[1]``. A results item records the rating with ``ItemRating.to_dict()``,
which already stores sides and the verdict in file order; ``display_order``/``shown`` only
say what the rater saw, so nothing is un-swapped here. The batch, not the rater's file, is
authoritative for kind, identities, gold and run reports; an item whose recorded identities
disagree with the batch is left out with a problem message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rater_desktop.batch.model import Item, Response, RunReport
from rater_desktop.batch.protocol import GUIDELINE
from rater_desktop.learning.unsure import unsure_reason
from rater_desktop.qa.inputs import Claim, ItemFacts, RaterJudgment, RunInput, SideScores
from rater_desktop.qa.retest import RETEST_KIND, is_probe
from rater_desktop.qa.text_sources import item_counts
from rater_desktop.rating.model import ItemRating, ItemStatus
from rater_desktop.rating.serialize import rating_from_dict

FILE_SIDES = ("A", "B")
READS = GUIDELINE  # the protocol whose results this adapter reads (rating.model documents)
# Keys a response entry of a rating may carry to record that the rater judged the agent's
# run report not to match its trajectory. The rating model (schema 1) records neither yet,
# so runs are undisputed unless a later schema adds one of these.
DISPUTE_KEYS = ("run_report_disputed",)
MATCH_KEYS = ("run_report_matches",)


@dataclass(frozen=True)
class BatchItemInfo:
    """What the batch says about one item (authoritative over the results files)."""

    facts: ItemFacts
    expected_verdict: int | None = None
    run_reports: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)
    prompt: str = ""
    metadata: Mapping[str, Any] = field(default_factory=dict)  # the batch item's metadata


@dataclass(frozen=True, eq=False)
class RatedItem:
    """One rater's complete answers on one item, true file order."""

    rater_id: str
    item_id: str
    kind: str
    identities: tuple[str, str]
    display_order: tuple[str, str]
    rating: ItemRating
    rule_results: tuple[Mapping[str, Any], ...]
    status: str
    complete: bool
    disputed_runs: tuple[bool, bool]
    judgment: RaterJudgment
    unsure: str = ""  # results 2.3: the rater's reason when they marked the item unsure
    # typed, pasted, template characters of its justifications (None: before results 2.6)
    text_counts: tuple[int, int, int] | None = None

    def shown_label(self, side: int) -> str:
        """The label ("A"/"B") under which this rater saw true side ``side``."""
        return FILE_SIDES[self.display_order.index(FILE_SIDES[side])]


@dataclass(frozen=True)
class AdaptedResults:
    """The usable items of one results document, and why others were left out."""

    rater_id: str
    items: tuple[RatedItem, ...]
    problems: tuple[str, ...] = field(default_factory=tuple)
    survey_answers: Mapping[str, Any] = field(default_factory=dict)  # question id -> answer
    entries: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # kept, by item id


def run_report_dict(report: RunReport) -> dict[str, Any]:
    """A batch run report in the standardweb dict shape ``qa.standardweb`` reads."""
    block = report.block
    return {
        "host": report.host,
        "outcome": report.outcome,
        "checkpoints": list(report.checkpoints),
        "block": None
        if block is None
        else {
            "at": block.at,
            "kind": block.kind,
            "url": block.url,
            "page_title": block.page_title,
            "quote": block.quote,
        },
        "item": None
        if report.item is None
        else {"name": report.item.name, "price": report.item.price},
        "final_url": report.final_url,
        "actions": report.actions,
        "evidence": list(report.evidence),
        "notes": report.notes,
    }


def batch_item_info(item: Item) -> BatchItemInfo:
    """Facts, expected verdict (true order) and run reports of one batch item (an item of
    one run, e.g. a run audit's, has an empty second side)."""
    first = item.responses[0]
    second = item.responses[1] if len(item.responses) > 1 else Response(identity="", text="")
    gold = item.gold
    facts = ItemFacts(
        item_id=item.id,
        identities=(first.identity, second.identity),
        kind=item.kind.value,
        gold_answer=gold.expected_answer if gold else None,
        final_answers=(first.final_answer, second.final_answer),
    )
    expected = gold.expected_verdict.score if gold and gold.expected_verdict else None
    reports = tuple(
        None if r.run_report is None else run_report_dict(r.run_report) for r in (first, second)
    )
    return BatchItemInfo(
        facts=facts,
        expected_verdict=expected,
        run_reports=(reports[0], reports[1]),
        prompt=item.prompt,
        metadata=dict(item.metadata),
    )


def _claims(rating: ItemRating, side: int) -> tuple[Claim, ...]:
    found = []
    for claim in rating.responses[side].claims:
        # A claim marked subjective has no fact check; the statistics read None as that.
        rating_value = (
            None if claim.objective is False or claim.rating is None else claim.rating.value
        )
        found.append(Claim(start=claim.start, end=claim.end, text=claim.text, rating=rating_value))
    return tuple(found)


def judgment_from_rating(
    *, rater_id: str, rating: ItemRating, info: BatchItemInfo
) -> RaterJudgment:
    """One RaterJudgment; the verdict score is in true order (-3 = side 0 much better)."""
    scores = {
        side: SideScores(tc=r.tc, fa=r.fa, aip=r.aip) for side, r in enumerate(rating.responses)
    }
    seconds = rating.timing.active_seconds
    return RaterJudgment(
        rater_id=rater_id,
        item_id=info.facts.item_id,
        verdict_true=None if rating.verdict is None else rating.verdict.score,
        kind=info.facts.kind,
        scores=scores,
        claims={side: _claims(rating, side) for side in (0, 1)},
        step_seconds=dict(rating.timing.step_seconds),
        total_seconds=seconds if seconds > 0 else None,
        expected_verdict=info.expected_verdict,
    )


def disputed_runs(raw_rating: Mapping[str, Any]) -> tuple[bool, bool]:
    responses = raw_rating.get("responses")
    flags = [False, False]
    if isinstance(responses, list) and len(responses) == 2:
        for side, entry in enumerate(responses):
            if type(entry) is not dict and not isinstance(entry, Mapping):
                continue
            flags[side] = _disputed(entry)
    return flags[0], flags[1]


def _disputed(entry: Mapping[str, Any]) -> bool:
    for key in DISPUTE_KEYS:
        if entry.get(key) is True:
            return True
    return any(entry.get(key) is False for key in MATCH_KEYS)


def _identities(entry: Mapping[str, Any]) -> tuple[str, str] | None:
    raw = entry.get("identities")
    if not isinstance(raw, Mapping):
        return None
    first, second = raw.get("A"), raw.get("B")
    if not isinstance(first, str) or not isinstance(second, str):
        return None
    return first, second


_SHOWN_AS_IS, _SHOWN_SWAPPED = ["A", "B"], ["B", "A"]


def _display_order(entry: Mapping[str, Any]) -> tuple[str, str] | None:
    raw = entry.get("display_order")
    if raw == _SHOWN_AS_IS or raw == _SHOWN_SWAPPED:  # JSON lists of exactly these strings
        return raw[0], raw[1]
    if not isinstance(raw, list) or sorted(str(x) for x in raw) != list(FILE_SIDES):
        return None
    return str(raw[0]), str(raw[1])


@dataclass(frozen=True, slots=True)
class CheckedEntry:
    """An entry whose identities, display order and rating were read without a problem."""

    item_id: str
    info: BatchItemInfo
    identities: tuple[str, str]
    display_order: tuple[str, str]
    rating: ItemRating


def checked_entry(
    entry: Mapping[str, Any], *, batch_items: Mapping[str, BatchItemInfo]
) -> CheckedEntry | str:
    """What every use of an entry needs checked first, or why the entry is left out."""
    item_id = entry.get("item_id")
    if not isinstance(item_id, str) or item_id not in batch_items:
        return f"item {item_id!r} is not in the opened batch; left out"
    info = batch_items[item_id]
    identities = _identities(entry)
    if identities != info.facts.identities:
        return (
            f"item {item_id}: the recorded identities {identities} differ from the batch "
            f"{info.facts.identities}; left out"
        )
    order = _display_order(entry)
    if order is None:
        return f"item {item_id}: the display order is not a permutation of A and B; left out"
    raw = entry.get("rating")
    try:
        rating = rating_from_dict(raw)
    except (ValueError, TypeError, AttributeError) as exc:
        return f"item {item_id}: the rating cannot be read ({exc}); left out"
    if rating.item_id != item_id:
        return f"item {item_id}: the rating belongs to item {rating.item_id!r}; left out"
    return CheckedEntry(item_id, info, identities, order, rating)


def rated_item(
    entry: Mapping[str, Any], *, rater_id: str, batch_items: Mapping[str, BatchItemInfo],
    rules: bool = True,
) -> RatedItem | str:
    """One entry of a verified document as a RatedItem, or why it is left out."""
    checked = checked_entry(entry, batch_items=batch_items)
    if isinstance(checked, str):
        return checked
    item_id, info, rating, raw = checked.item_id, checked.info, checked.rating, entry.get("rating")
    found = entry.get("rule_results") if rules else None
    return RatedItem(
        rater_id=rater_id,
        item_id=item_id,
        kind=info.facts.kind,
        identities=checked.identities,
        display_order=checked.display_order,
        rating=rating,
        # JSON gives dicts: the exact type test first (the Mapping ABC check is slow)
        # (a list comprehension: half the cost of a generator over ~50 results per item)
        rule_results=tuple([r for r in found if type(r) is dict or isinstance(r, Mapping)])
        if isinstance(found, list)
        else (),
        status=rating.status.value,
        complete=rating.status is ItemStatus.COMPLETE and entry.get("incomplete") is not True,
        disputed_runs=disputed_runs(raw if isinstance(raw, Mapping) else {}),
        judgment=judgment_from_rating(rater_id=rater_id, rating=rating, info=info),
        unsure=unsure_reason(entry),
        text_counts=item_counts(entry) if "text_sources" in entry else None,
    )


def is_probe_entry(entry: Mapping[str, Any], batch_items: Mapping[str, BatchItemInfo]) -> bool:
    """A retest probe repeats a judgment: its own figure (qa.retest), never agreement."""
    info = batch_items.get(entry.get("item_id"))  # type: ignore[arg-type]
    return is_probe(entry) or (info is not None and info.facts.kind == RETEST_KIND)


def document_entries(document: Mapping[str, Any]) -> tuple[str, list[Any] | None, tuple[str, ...]]:
    """(rater id, the item entries, ()), or (rater id, None, why none is read)."""
    rater = document.get("rater")
    rater_id = str(rater.get("rater_id", "")) if isinstance(rater, Mapping) else ""
    entries = document.get("items")
    if not isinstance(entries, list):
        return rater_id, None, ("the document has no item list",)
    if document.get("protocol", READS) != READS:  # e.g. preference judgments
        return rater_id, None, (
            f"the results are {document.get('protocol')!r} judgments, not guideline ratings; "
            "left out (the QA window and 'rater-desktop qa report' review them on their own "
            "batch, with that protocol's figures)",)
    return rater_id, entries, ()


def adapt_results(
    *, document: Mapping[str, Any], batch_items: Mapping[str, BatchItemInfo], rules: bool = True
) -> AdaptedResults:
    """Every readable item of a verified results document, in the document's order.
    ``rules=False`` leaves each item's ``rule_results`` empty (an import keeps none of them:
    ~50 dicts per item to filter for nothing)."""
    rater_id, entries, refused = document_entries(document)
    if entries is None:
        return AdaptedResults(rater_id, (), refused)
    items: list[RatedItem] = []
    problems: list[str] = []
    seen: dict[str, Mapping[str, Any]] = {}
    for entry in entries:
        if type(entry) is not dict and not isinstance(entry, Mapping):  # exact type first
            problems.append("an item entry is not an object; left out")
            continue
        if is_probe_entry(entry, batch_items):
            continue  # a retest probe repeats a judgment: its own figure (qa.retest), never agreement
        rated = rated_item(entry, rater_id=rater_id, batch_items=batch_items, rules=rules)
        if isinstance(rated, str):
            problems.append(rated)
        elif rated.item_id in seen:
            problems.append(f"item {rated.item_id} appears twice; the first is kept")
        else:
            seen[rated.item_id] = entry
            items.append(rated)
    return AdaptedResults(rater_id, tuple(items), tuple(problems), _survey_answers(document),
                          seen)


def _survey_answers(document: Mapping[str, Any]) -> dict[str, Any]:
    """The rater's survey answers (format 2.1); none when absent or not an object."""
    survey = document.get("survey")
    answers = survey.get("answers") if isinstance(survey, Mapping) else None
    return dict(answers) if isinstance(answers, Mapping) else {}


class _RunJudged(Protocol):
    @property
    def item_id(self) -> str: ...
    @property
    def disputed_runs(self) -> tuple[bool, bool]: ...


def run_inputs(
    *, batch_items: Iterable[BatchItemInfo], rated: Iterable[_RunJudged]
) -> list[RunInput]:
    """One RunInput per response with a run report, batch order.

    A run is disputed when any rater of the item recorded that its report does not match
    the trajectory (a disputed run is not scored, so one doubt is enough to hold it back).
    """
    disputes: dict[tuple[str, int], bool] = {}
    add_disputes(disputes, rated)
    return runs_of(batch_items, disputes)


def add_disputes(disputes: dict[tuple[str, int], bool], rated: Iterable[_RunJudged]) -> None:
    """(item, side) -> whether a rater disputed that run (a few judgments at a time)."""
    for r in rated:
        for side in (0, 1):
            key = (r.item_id, side)
            disputes[key] = disputes.get(key, False) or r.disputed_runs[side]


def runs_of(batch_items: Iterable[BatchItemInfo],
            disputes: dict[tuple[str, int], bool]) -> list[RunInput]:  # fmt: skip
    """``run_inputs`` of the disputes ``add_disputes`` found."""
    runs = []
    for info in batch_items:
        for side, report in enumerate(info.run_reports):
            if report is not None:
                runs.append(
                    RunInput(
                        model=info.facts.identities[side],
                        report=report,
                        disputed=disputes.get((info.facts.item_id, side), False),
                    )
                )
    return runs
