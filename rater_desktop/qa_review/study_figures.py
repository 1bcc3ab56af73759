"""The figures a study lead asks for after alpha (issue 22), from a session's stored
judgments: chance-corrected agreement (Cohen, Fleiss, Gwet), per-rater side bias and tie
tendency, Dawid-Skene ability with the items to check against the guideline, ranking
fragility and agreement drift over time (docs/qa-statistics.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from rater_desktop.qa.agreement import collapse_verdict
from rater_desktop.qa.chance_agreement import cohen_kappa, fleiss_kappa, gwet_ac
from rater_desktop.qa.drift import DriftWindow, consensus, drift_windows
from rater_desktop.qa.fragility import RankingFragility, ranking_fragility
from rater_desktop.qa.rater_model import RaterModel, dawid_skene
from rater_desktop.qa.rater_tendencies import RaterTendency, rater_tendencies
from rater_desktop.qa.scoreboard import comparisons
from rater_desktop.qa_review.figures import (
    DIMENSIONS,
    Tables,
    dimension_categories,
    dimension_tables,
)

if TYPE_CHECKING:
    from rater_desktop.qa.inputs import RaterJudgment


class QaSession(Protocol):
    """What the study figures read of a QA session (``qa_review.session.QaSession``; named
    here, not imported, so the session's modules and this one form no circle)."""

    def files(self) -> Any: ...
    def stored_rows(self, stored: Any) -> Any: ...
    def judgments(self) -> Any: ...
    def stored_columns(self) -> Any: ...
    def item_facts(self) -> Any: ...
    def dimension_tables(self) -> Any: ...

DRIFT_WIDTH = timedelta(days=7)


@dataclass(frozen=True)
class ChanceAgreement:
    """Kappa-type figures of one dimension (Cohen only with exactly two raters)."""

    dimension: str
    label: str
    cohen: float | None
    fleiss: float | None
    gwet: float | None  # AC1 (nominal) or AC2 (ordinal, quadratic weights)
    gwet_name: str


@dataclass(frozen=True)
class StudyFigures:
    chance: tuple[ChanceAgreement, ...]
    tendencies: tuple[RaterTendency, ...]
    rater_model: RaterModel | None
    fragility: RankingFragility | None
    drift: tuple[DriftWindow, ...]
    drift_width_days: int


def chance_agreement(judgments: list[RaterJudgment], tables: Tables | None = None,
                     raters: list[str] | None = None) -> list[ChanceAgreement]:  # fmt: skip
    """``raters``: the raters of the standard judgments, when the caller has them."""
    if raters is None:
        raters = sorted({j.rater_id for j in judgments if j.kind == "standard"})
    tables = tables if tables is not None else dimension_tables(judgments)
    found = []
    for dimension, label, level in DIMENSIONS:
        table = tables[dimension]
        cohen = None
        if len(raters) == 2:
            first = dict(table.rated(raters[0]))
            second = dict(table.rated(raters[1]))
            cohen = cohen_kappa([(v, second[u]) for u, v in first.items() if u in second])
        nominal = level == "nominal"
        found.append(ChanceAgreement(
            dimension=dimension, label=label, cohen=cohen, fleiss=fleiss_kappa(table),
            gwet=gwet_ac(table, dimension_categories(dimension), weighted=not nominal),
            gwet_name="AC1" if nominal else "AC2",
        ))  # fmt: skip
    return found


def _when(stamp: str | None) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# (rater id, item id, verdict) of a file's complete standard judgments with a verdict
VerdictRows = Callable[[Any], Iterable[tuple[str, str, int]]]


def agreed_verdicts(judgments: Iterable[RaterJudgment]) -> dict[str, int]:
    """Item -> the consensus (collapsed) verdict of the standard judgments (one pass)."""
    return consensus((j.item_id, collapse_verdict(j.verdict_true)) for j in judgments
                     if j.kind == "standard" and j.verdict_true is not None)  # fmt: skip


def _judged_verdicts(session: QaSession) -> VerdictRows:
    def rows(stored: Any) -> Iterator[tuple[str, str, int]]:
        for j in session.stored_rows(stored).complete_judgments():
            if j.kind == "standard" and j.verdict_true is not None:
                yield j.rater_id, j.item_id, j.verdict_true
    return rows


def drift(session: QaSession, judgments: list[RaterJudgment], *,
          agreed: dict[str, int] | None = None,
          rows: VerdictRows | None = None) -> list[DriftWindow]:  # fmt: skip
    """Each (rater, item) dated by the first trusted export that holds it complete; counted
    per (date, rater, agrees) as each signer's files are read (no row per judgment).
    ``agreed`` (``agreed_verdicts``) and ``rows`` (each file's verdicts): when the caller
    has them (a report reading a file at a time), else from ``judgments`` and the
    session's stored rows."""
    if agreed is None:
        agreed = agreed_verdicts(judgments)
    rows = rows or _judged_verdicts(session)
    dated = [(stored, moment) for stored in session.files()
             if (moment := _when(stored.exported_at)) is not None
             and stored.status == "valid" and stored.id is not None]  # fmt: skip
    # A signer's (rater, item) keys are theirs alone: one signer's files at a time. A file
    # without a signer keys by the rater ids it holds: then all files at once.
    groups: dict[Any, list[tuple[Any, datetime]]] = {}
    for stored, moment in dated:
        groups.setdefault(stored.signer if all(s.signer for s, _ in dated) else None,
                          []).append((stored, moment))  # fmt: skip
    counted: Counter[tuple[datetime, str, bool]] = Counter()
    for group in groups.values():
        first: dict[tuple[str, str], tuple[datetime, int]] = {}
        for stored, moment in group:
            for rater_id, item_id, verdict in rows(stored):
                key = (str(stored.signer or rater_id), item_id)
                if key not in first or moment < first[key][0]:
                    first[key] = (moment, collapse_verdict(verdict))
        for (rater, item), (when, verdict) in first.items():
            if item in agreed:
                counted[(when, rater, verdict == agreed[item])] += 1
    return drift_windows(counted, width=DRIFT_WIDTH)


def standard_verdicts(files: Iterable[Any]
                      ) -> Iterator[tuple[RaterJudgment, tuple[str, str]]]:  # fmt: skip
    """(judgment, display order) of complete standard items with a verdict, file order
    (of the given files' columns, ``FileJudgments``)."""
    for columns in files:
        for j, complete, order, *_ in columns.rows():
            if complete and j.kind == "standard" and j.verdict_true is not None:
                yield j, order


def study_figures(session: QaSession) -> StudyFigures:
    judgments = session.judgments()
    model = dawid_skene((j.rater_id, j.item_id, collapse_verdict(j.verdict_true or 0))
                        for j, _ in standard_verdicts(session.stored_columns()))
    games = comparisons(judgments=judgments, items=session.item_facts())
    return StudyFigures(
        chance=tuple(chance_agreement(judgments, session.dimension_tables())),
        tendencies=tuple(rater_tendencies(
            (j.rater_id, j.verdict_true or 0, order)
            for j, order in standard_verdicts(session.stored_columns()))),
        rater_model=model,
        fragility=ranking_fragility(games),
        drift=tuple(drift(session, judgments)),
        drift_width_days=DRIFT_WIDTH.days,
    )  # fmt: skip
