"""Read-only views for the QA window and the report: one item, every rater, true A/B.

``RaterColumn.sides[0]`` is always the batch file's first response, whatever order the
rater saw (``shown_as`` says which label that rater saw it under).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rater_desktop.batch.model import Verdict
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.adapter import BatchItemInfo, RatedItem
from rater_desktop.rating.model import CaseFile, Claim


@dataclass(frozen=True)
class SideView:
    """One rater's ratings of one true response."""

    side: int
    identity: str
    shown_as: str
    tc: int | None
    fa: int | None
    aip: int | None
    tc_justification: str
    fa_justification: str
    aip_justification: str
    main_goal_met: bool | None
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class RaterColumn:
    """One rater's whole judgment of an item, true file order."""

    rater_id: str
    file_sha256: str
    display_order: tuple[str, str]
    case_file: CaseFile
    sides: tuple[SideView, SideView]
    verdict: Verdict | None
    verdict_justification: str
    notes: str
    seconds: float | None
    step_seconds: Mapping[str, float]
    status: str
    rule_results: tuple[Mapping[str, Any], ...]

    @property
    def verdict_score(self) -> int | None:
        return None if self.verdict is None else self.verdict.score

    @property
    def verdict_label(self) -> str:
        """The verdict in file terms ("A" = the batch file's first response)."""
        return "" if self.verdict is None else self.verdict.label


@dataclass(frozen=True)
class ItemComparison:
    """Every trusted rater's judgment of one item, with its disagreement figures."""

    item_id: str
    kind: str
    prompt: str
    identities: tuple[str, str]
    expected_verdict: int | None
    raters: tuple[RaterColumn, ...]
    disagreement: ItemDisagreement | None


def side_view(rated: RatedItem, side: int) -> SideView:
    response = rated.rating.responses[side]
    return SideView(
        side=side,
        identity=rated.identities[side],
        shown_as=rated.shown_label(side),
        tc=response.tc,
        fa=response.fa,
        aip=response.aip,
        tc_justification=response.tc_justification,
        fa_justification=response.fa_justification,
        aip_justification=response.aip_justification,
        main_goal_met=response.main_goal_met,
        claims=tuple(response.claims),
    )


def rater_column(rated: RatedItem, *, file_sha256: str) -> RaterColumn:
    rating = rated.rating
    seconds = rated.judgment.seconds()
    return RaterColumn(
        rater_id=rated.rater_id,
        file_sha256=file_sha256,
        display_order=rated.display_order,
        case_file=rating.case_file,
        sides=(side_view(rated, 0), side_view(rated, 1)),
        verdict=rating.verdict,
        verdict_justification=rating.verdict_justification,
        notes=rating.notes,
        seconds=seconds if seconds is not None and math.isfinite(seconds) else None,
        step_seconds=dict(rating.timing.step_seconds),
        status=rated.status,
        rule_results=rated.rule_results,
    )


def item_comparison(
    *,
    info: BatchItemInfo,
    rated: list[tuple[RatedItem, str]],
    disagreement: ItemDisagreement | None,
) -> ItemComparison:
    """``rated`` pairs each rater's item with the SHA-256 of the results file it came from."""
    columns = sorted(
        (rater_column(r, file_sha256=sha) for r, sha in rated), key=lambda c: c.rater_id
    )
    return ItemComparison(
        item_id=info.facts.item_id,
        kind=info.facts.kind,
        prompt=info.prompt,
        identities=info.facts.identities,
        expected_verdict=info.expected_verdict,
        raters=tuple(columns),
        disagreement=disagreement,
    )
