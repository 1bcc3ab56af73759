"""Per-rater tendencies: side bias (a preference for the response shown on the left,
whatever it is) and tie tendency, each with an exact two-sided binomial test.

Side bias: of a rater's verdicts that pick a side, the share that picked the response
*shown* first ("Response A" on their screen: the file's A, or its B when their display
order was swapped), tested against 1/2. Tie tendency: the share of a rater's verdicts that
were ties, tested against the share of ties among all other raters' verdicts.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

# Probabilities within this relative distance of the observed one count as "as extreme"
# (the same tolerance as the usual exact test: floating sums are not exact).
_RELATIVE = 1.0 + 1e-7


def binomial_pmf(k: int, n: int, p: float) -> float:
    if p in (0.0, 1.0):
        return float(k == (n if p == 1.0 else 0))
    log = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
           + k * math.log(p) + (n - k) * math.log1p(-p))  # fmt: skip
    return math.exp(log)


def binomial_test(k: int, n: int, p: float = 0.5) -> float | None:
    """Exact two-sided p-value: the probability of every outcome no likelier than ``k``."""
    if n <= 0 or not 0 <= k <= n:
        return None
    observed = binomial_pmf(k, n, p)
    total = sum(q for i in range(n + 1) if (q := binomial_pmf(i, n, p)) <= observed * _RELATIVE)
    return min(1.0, total)


@dataclass(frozen=True)
class RaterTendency:
    """One rater's side bias and tie tendency."""

    rater: str
    verdicts: int
    sided: int  # verdicts that picked a side
    shown_first: int  # of those, for the response shown first
    shown_first_share: float | None
    side_p_value: float | None
    ties: int
    tie_share: float | None
    others_tie_share: float | None
    tie_p_value: float | None


def _favours_shown_first(verdict: int, display_order: tuple[str, str]) -> bool:
    """True order verdict (-: file A better) -> did it pick the response shown first?"""
    file_a_first = display_order[0] == "A"
    return (verdict < 0) == file_a_first


def rater_tendencies(
    verdicts: Iterable[tuple[str, int, tuple[str, str]]],
) -> list[RaterTendency]:
    """From (rater, true-order verdict, display order) of standard items; raters by id."""
    counts: dict[str, list[int]] = {}  # rater -> [verdicts, sided, shown first, ties]
    add_tendencies(counts, verdicts)
    return tendencies_of(counts)


def add_tendencies(counts: dict[str, list[int]],
                   verdicts: Iterable[tuple[str, int, tuple[str, str]]]) -> None:  # fmt: skip
    """Count the verdicts into ``counts`` (a few at a time; see ``rater_tendencies``)."""
    for rater, verdict, order in verdicts:
        c = counts.setdefault(rater, [0, 0, 0, 0])
        c[0] += 1
        if verdict == 0:
            c[3] += 1
        else:
            c[1] += 1
            c[2] += _favours_shown_first(verdict, order)


def tendencies_of(counts: dict[str, list[int]]) -> list[RaterTendency]:
    """``rater_tendencies`` of what ``add_tendencies`` counted."""
    all_verdicts = sum(c[0] for c in counts.values())
    all_ties = sum(c[3] for c in counts.values())
    found = []
    for rater in sorted(counts):
        n, sided, first, ties = counts[rater]
        others_n, others_ties = all_verdicts - n, all_ties - ties
        others = others_ties / others_n if others_n else None
        found.append(RaterTendency(
            rater=rater, verdicts=n, sided=sided, shown_first=first,
            shown_first_share=first / sided if sided else None,
            side_p_value=binomial_test(first, sided) if sided else None,
            ties=ties, tie_share=ties / n if n else None, others_tie_share=others,
            tie_p_value=None if others is None or not n else binomial_test(ties, n, others),
        ))  # fmt: skip
    return found
