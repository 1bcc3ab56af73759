"""What the exports and QA figures of the one-document protocols (preference, run audit)
share: collecting the saved documents into records, the record's common fields, the
agreement of nominal answers and a rater's qualification and attention tally.

Each protocol keeps what is its own: how a document becomes a rating, the identities and
display order of its record, which answers its figures compare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rater_desktop.batch.model import Item
from rater_desktop.qa.agreement import krippendorff_alpha, percent_agreement
from rater_desktop.rating.model import ItemStatus
from rater_desktop.rating.rules.base import RuleResult
from rater_desktop.rating.store import RatingStore
from rater_desktop.results.document import ItemRecord
from rater_desktop.results.errors import CollectError
from rater_desktop.text_sources import FieldSources, export_fields

R = TypeVar("R")


@dataclass(frozen=True)
class Agreement:
    """Percent agreement and nominal alpha over ``items`` rated by ``raters``."""

    percent: float | None
    alpha: float | None
    items: int
    raters: int


@dataclass(frozen=True)
class RaterCheck:
    """Qualification and attention results of one rater."""

    rater_id: str
    qualification_passed: int
    qualification_total: int
    qualified: bool
    attention_passed: int
    attention_total: int


def nominal_agreement(cells: Mapping[str, Mapping[str, str]],
                      categories: Sequence[str]) -> Agreement:
    """Percent agreement and nominal alpha of ``cells[rater][item]`` answers (one of
    ``categories``; any other answer counts as missing)."""
    raters = sorted(cells)
    items = sorted({i for row in cells.values() for i in row})
    codes = {c: float(n) for n, c in enumerate(categories)}
    matrix = [[codes.get(cells[r][i]) if i in cells[r] else None for i in items] for r in raters]
    return Agreement(percent_agreement(ratings=matrix),
                     krippendorff_alpha(ratings=matrix, level="nominal",
                                        categories=tuple(codes.values())) if matrix else None,
                     len(items), len(raters))


def collect_saved(*, items: Iterable[Item], store: RatingStore, batch_key: str,
                  read: Callable[[Any], R], status_of: Callable[[R], ItemStatus],
                  record: Callable[[Item, R], ItemRecord], include_incomplete: bool,
                  unreadable: str) -> tuple[list[ItemRecord], list[str]]:
    """Records in batch order and the ids left out: items never saved always, items not
    complete unless ``include_incomplete`` (the guideline export's rules). A saved
    document ``read`` refuses is a CollectError: ``unreadable`` with ``{item}`` and
    ``{problem}`` filled in."""
    records: list[ItemRecord] = []
    left_out: list[str] = []
    for item in items:
        saved = store.load_item(batch_key, item.id)
        if saved is None:
            left_out.append(item.id)
            continue
        try:
            rating = read(saved)
        except ValueError as exc:
            raise CollectError(unreadable.format(item=item.id, problem=exc)) from exc
        if status_of(rating) is not ItemStatus.COMPLETE and not include_incomplete:
            left_out.append(item.id)
            continue
        records.append(record(item, rating))
    return records, left_out


def judgment_record(item: Item, document: dict[str, Any], *, status: ItemStatus,
                    results: Sequence[RuleResult], identities: Mapping[str, str],
                    display_order: Sequence[str], sources: Mapping[str, FieldSources],
                    is_justification: Callable[[str], bool],
                    retest_of: str | None = None) -> ItemRecord:
    """One item's record from its rating ``document`` (its text sources go beside it)."""
    document.pop("text_sources", None)  # exported per field beside the rating (2.4)
    return ItemRecord(
        item_id=item.id,
        identities=dict(identities),
        display_order=tuple(display_order),
        rating=document,
        rule_results=[{**r.to_dict(), "acknowledged": False, "reason": ""} for r in results],
        status=status.value,
        timing=document["timing"],
        incomplete=status is not ItemStatus.COMPLETE,
        kind=item.kind.value,
        retest_of=retest_of,
        text_sources=export_fields(dict(sources), is_justification=is_justification),
    )
