"""The guideline protocol's parts, registered under ``guideline`` (a batch without a
``protocol`` field is rated with it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rater_desktop.batch.model import Item
from rater_desktop.batch.protocol import GUIDELINE
from rater_desktop.guideline import learning
from rater_desktop.protocols import (
    Applier,
    ProtocolError,
    RatingProtocol,
    ScriptedLineError,
    register,
)
from rater_desktop.rating.store import RatingStore
from rater_desktop.rating.survey import guideline_export_extra
from rater_desktop.results.collect import collect_item_records
from rater_desktop.results.document import ItemRecord


def collect_export(*, manifest: Any, items: Iterable[Item], store: RatingStore, rater_id: str,
                   rubric: Any, include_incomplete: bool,
                   ) -> tuple[list[ItemRecord], list[str], dict[str, Any]]:
    """Records, ids left out and the survey (if the batch has one) of a guideline batch."""
    records, left_out = collect_item_records(
        items=items, store=store, batch_key=manifest.batch_id, rater_id=rater_id,
        display_seed=manifest.display_seed or manifest.batch_id, rubric=rubric,
        include_incomplete=include_incomplete)
    return records, left_out, guideline_export_extra(store, manifest)


def scripted(batch: Any, rater_id: str, complete: bool) -> Applier:
    """'rate': each line goes through the guideline's rules, as in the window."""
    from rater_desktop.rating.display_order import display_order
    from rater_desktop.rating.rubric import Rubric, RubricError
    from rater_desktop.rating.scripted import ScriptedRatingError, apply_scripted_rating

    try:
        rubric = Rubric.from_overrides(batch.manifest.rubric)
    except RubricError as exc:
        raise ProtocolError(f"The batch's rubric is not valid: {exc}") from exc

    def apply(document: Any, item: Any, where: str) -> Any:
        order = display_order(batch_seed=batch.manifest.display_seed, rater_id=rater_id,
                              item_id=item.id)  # fmt: skip
        try:
            return apply_scripted_rating(document, item=item, rubric=rubric, order=order,
                                         complete=complete, where=where)  # fmt: skip
        except ScriptedRatingError as exc:
            raise ScriptedLineError(str(exc)) from exc

    return apply


def verdicts(items: list[Any]) -> Callable[[dict[str, Any]], list[tuple[str, int, str]]]:
    """'study export-dataset': the score per item of a guideline results document."""
    from rater_desktop.qa_review.adapter import batch_item_info
    from rater_desktop.study.dataset import guideline_verdicts

    infos = {item.id: batch_item_info(item) for item in items}
    return lambda document: guideline_verdicts(document, infos)


PROTOCOL = register(RatingProtocol(
    name=GUIDELINE, collect_export=collect_export, scripted=scripted, verdicts=verdicts,
    qa_report=None, guideline_results=True, metadata_fields=True,
    answers=learning.answers, describe=learning.describe, gold_passed=learning.gold_passed))
