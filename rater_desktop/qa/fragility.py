"""Ranking fragility: the fewest judgments whose flip would change the scoreboard's order.

The order is by win rate (a tie counts half; the scoreboard's record). Flipping one
judgment between models X and Y gives its win to the other side (a tie becomes a win of
the other side: half the effect). To bring Y level with or above X (X ranked above Y), each
flip lowers X's rate by its share of X's games and/or raises Y's by its share of Y's:
X-Y games move both, X's wins against others lower X, Y's losses to others raise Y. The
effects add up, so taking the largest first gives the fewest flips (each judgment flips
at most once). "Top" is the fewest flips that bring any model level with the leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rater_desktop.qa.scoreboard import Comparison


@dataclass(frozen=True)
class PairFragility:
    """Flips needed to bring ``lower`` level with ``upper`` (None: impossible)."""

    upper: str
    lower: str
    gap: float  # win rate of upper - lower
    flips: int | None


@dataclass(frozen=True)
class RankingFragility:
    order: tuple[str, ...]
    win_rates: dict[str, float]
    adjacent: tuple[PairFragility, ...]
    top_flips: int | None  # fewest flips that change (or tie) the top model
    top_challenger: str | None


def _rates(games: Sequence[Comparison]) -> tuple[dict[str, float], dict[str, int]]:
    points: dict[str, float] = {}
    played: dict[str, int] = {}
    for g in games:
        for model, got in ((g.first, g.outcome), (g.second, 1.0 - g.outcome)):
            points[model] = points.get(model, 0.0) + got
            played[model] = played.get(model, 0) + 1
    return {m: points[m] / played[m] for m in played}, played


def _flips(games: Sequence[Comparison], upper: str, lower: str, rates: dict[str, float],
           played: dict[str, int]) -> int | None:  # fmt: skip
    gap = rates[upper] - rates[lower]
    if gap <= 1e-12:
        return 0  # already level
    effects = []
    for g in games:
        if {g.first, g.second} == {upper, lower}:
            got = g.outcome if g.first == upper else 1.0 - g.outcome  # upper's points
            if got > 0:
                effects.append(got / played[upper] + got / played[lower])
        elif upper in (g.first, g.second):
            got = g.outcome if g.first == upper else 1.0 - g.outcome
            if got > 0:
                effects.append(got / played[upper])
        elif lower in (g.first, g.second):
            lost = 1.0 - (g.outcome if g.first == lower else 1.0 - g.outcome)
            if lost > 0:
                effects.append(lost / played[lower])
    effects.sort(reverse=True)
    moved = 0.0
    for count, effect in enumerate(effects, start=1):
        moved += effect
        if moved >= gap - 1e-12:
            return count
    return None


def ranking_fragility(games: Sequence[Comparison]) -> RankingFragility | None:
    """For the games of a scoreboard (``scoreboard.comparisons``); None under two models."""
    games = [g for g in games if g.first != g.second]
    rates, played = _rates(games)
    if len(rates) < 2:
        return None
    order = tuple(sorted(rates, key=lambda m: (-rates[m], m)))
    adjacent = tuple(
        PairFragility(upper, lower, rates[upper] - rates[lower],
                      _flips(games, upper, lower, rates, played))
        for upper, lower in zip(order, order[1:], strict=False)
    )  # fmt: skip
    options = [(f, m) for m in order[1:]
               if (f := _flips(games, order[0], m, rates, played)) is not None]  # fmt: skip
    top = min(options) if options else None
    return RankingFragility(order, rates, adjacent, top[0] if top else None,
                            top[1] if top else None)  # fmt: skip
