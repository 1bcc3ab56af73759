"""What the QA figures of the one-document protocols (preference, run audit) share: the
agreement of nominal answers and a rater's qualification and attention tally. Their
exports share ``results.collect``'s ``collect_saved`` and ``judgment_record`` with the
guideline's.

Each protocol keeps what is its own: how a document becomes a rating, the identities and
display order of its record, which answers its figures compare.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rater_desktop.qa.agreement import krippendorff_alpha, percent_agreement


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
