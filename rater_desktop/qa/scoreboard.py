"""Per-model scoreboard: win/tie/loss, win rate, Bradley-Terry strengths, bootstrap CIs.

Every rater's verdict on an item is one comparison between the item's two true identities.
Ties count as half a win for each side, both in the win rate and in Bradley-Terry.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rater_desktop.qa.inputs import SCORE_NAMES, ItemFacts, RaterJudgment
from rater_desktop.qa.timecost import quantile

Pair = tuple[str, str]
MIN_ITEMS_FOR_INTERVAL = 30  # fewer items with games: no confidence interval (caveat)
WinTable = dict[Pair, float]  # (winner, loser) -> wins, ties counted as 0.5 each way


@dataclass(frozen=True, slots=True)  # one per item and outcome: no __dict__ each
class Comparison:
    """One verdict between two models: outcome 1 = first wins, 0.5 = tie, 0 = second wins."""

    item_id: str
    first: str
    second: str
    outcome: float


def comparisons(
    *,
    judgments: Iterable[RaterJudgment],
    items: Iterable[ItemFacts],
    kinds: Sequence[str] = ("standard",),
    shared: dict[tuple[str, float], Comparison] | None = None,
) -> list[Comparison]:
    """Turn true-order verdicts into comparisons; same-model items and unknown items skip.
    Equal comparisons (one item, one outcome: many raters) are one object (``shared``:
    those of earlier calls, for judgments given a few at a time)."""
    facts = {item.item_id: item for item in items}
    result = []
    shared = {} if shared is None else shared
    for judgment in judgments:
        item = facts.get(judgment.item_id)
        if item is None or judgment.kind not in kinds or judgment.verdict_true is None:
            continue
        first, second = item.identities
        if first == second:
            continue  # a model against itself says nothing about ranking
        v = judgment.verdict_true
        outcome = 1.0 if v < 0 else 0.0 if v > 0 else 0.5
        found = shared.get((judgment.item_id, outcome))
        if found is None:
            found = shared[(judgment.item_id, outcome)] = Comparison(
                judgment.item_id, first, second, outcome)
        result.append(found)
    return result


@dataclass(frozen=True)
class Record:
    """Win/tie/loss counts of one model; win rate counts a tie as half a win."""

    wins: int = 0
    ties: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def win_rate(self) -> float | None:
        return (self.wins + 0.5 * self.ties) / self.games if self.games else None


def records(*, comparisons: Iterable[Comparison]) -> dict[str, Record]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for c in comparisons:
        first_slot = 0 if c.outcome == 1.0 else 1 if c.outcome == 0.5 else 2
        counts[c.first][first_slot] += 1
        counts[c.second][2 - first_slot] += 1
    return {m: Record(*v) for m, v in sorted(counts.items())}


def win_table(comparisons: Iterable[Comparison]) -> WinTable:
    table: WinTable = defaultdict(float)
    for c in comparisons:
        table[(c.first, c.second)] += c.outcome
        table[(c.second, c.first)] += 1.0 - c.outcome
    return dict(table)


@dataclass(frozen=True)
class BradleyTerryFit:
    """Strengths normalised to geometric mean 1 (log-strengths sum to 0)."""

    strengths: dict[str, float]
    iterations: int
    converged: bool

    def log_strengths(self) -> dict[str, float]:
        return {m: math.log(p) for m, p in self.strengths.items()}


def _strongly_connected(models: Sequence[str], table: WinTable) -> bool:
    """Hunter's (2004) existence condition: every model reaches every other via wins."""
    beats: dict[str, set[str]] = defaultdict(set)
    beaten_by: dict[str, set[str]] = defaultdict(set)
    for (winner, loser), w in table.items():
        if w > 0:
            beats[winner].add(loser)
            beaten_by[loser].add(winner)

    def reach(start: str, edges: dict[str, set[str]]) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in edges[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        return seen

    everyone = set(models)
    return reach(models[0], beats) == everyone and reach(models[0], beaten_by) == everyone


def _normalised(strengths: dict[str, float]) -> dict[str, float]:
    mean_log = sum(math.log(p) for p in strengths.values()) / len(strengths)
    return {m: math.exp(math.log(p) - mean_log) for m, p in strengths.items()}


def bradley_terry(
    *,
    table: Mapping[Pair, float],
    pseudo_count: float = 1.0,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
    start: Mapping[str, float] | None = None,
) -> BradleyTerryFit:
    """Fit Bradley-Terry strengths by Hunter's (2004) MM algorithm.

    ``table[(i, j)]`` is how often i beat j (ties as half a win each way).
    ``pseudo_count`` adds that many virtual ties of every model against a fixed reference
    of strength 1, which keeps the maximum finite for unbeaten or winless models. With 0 the
    plain maximum-likelihood fit is returned, which needs a strongly connected win graph.
    The reference is fitted as an ordinary player (so every iteration can be rescaled,
    which is much faster than a fixed anchor) and the result is divided by its strength.
    ``start`` warm-starts the iteration (the bootstrap starts from the full-data fit).
    """
    models = sorted({m for pair, w in table.items() if w > 0 for m in pair})
    if not models:
        return BradleyTerryFit({}, 0, True)
    if pseudo_count <= 0 and not _strongly_connected(models, dict(table)):
        raise ValueError("Bradley-Terry: no finite fit; a model never wins or never loses")
    wins, games = _wins_and_games(table, models, pseudo_count)
    strengths = dict.fromkeys(games, 1.0) if start is None else _start(games, start)
    for iteration in range(1, max_iterations + 1):
        updated = {}
        for m, opponents in games.items():
            p = strengths[m]
            updated[m] = wins[m] / sum(n / (p + strengths[o]) for o, n in opponents.items())
        updated = _normalised(updated)
        change = max(abs(math.log(updated[m] / strengths[m])) for m in games)
        strengths = updated
        if change < tolerance or iteration == max_iterations:
            break
    # The reference player only anchors the scale: express strengths relative to it.
    anchor = strengths.pop(_REFERENCE, 1.0)
    fitted = _normalised({m: p / anchor for m, p in strengths.items()})
    return BradleyTerryFit(fitted, iteration, change < tolerance)


_REFERENCE = "\x00reference"


def _wins_and_games(
    table: Mapping[Pair, float], models: Sequence[str], pseudo_count: float
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Half-win totals and games per opponent, with the virtual reference player added."""
    wins: dict[str, float] = dict.fromkeys(models, 0.0)
    games: dict[str, dict[str, float]] = {m: defaultdict(float) for m in models}
    for (winner, loser), w in table.items():
        if w > 0:
            wins[winner] += w
            games[winner][loser] += w
            games[loser][winner] += w
    if pseudo_count > 0:
        games[_REFERENCE] = defaultdict(float)
        wins[_REFERENCE] = 0.0
        for m in models:
            wins[m] += pseudo_count / 2.0
            wins[_REFERENCE] += pseudo_count / 2.0
            games[m][_REFERENCE] += pseudo_count
            games[_REFERENCE][m] += pseudo_count
    return wins, games


def _start(games: Mapping[str, object], start: Mapping[str, float]) -> dict[str, float]:
    return _normalised({m: start.get(m, 1.0) for m in games})


@dataclass(frozen=True)
class BootstrapIntervals:
    """Percentile intervals per model over resamples that contain every model.

    Strengths are normalised over the models present, so a resample missing a model would
    put the others on a different scale; such resamples are drawn again (``redrawn``).
    ``conditional`` is True when too many draws missed a model and fewer than
    ``resamples`` could be kept (``kept``): the intervals then only describe resamples in
    which every model appears.
    """

    strength: dict[str, tuple[float, float]]
    win_rate: dict[str, tuple[float, float]]
    resamples: int
    kept: int = 0
    redrawn: int = 0
    conditional: bool = False


MAX_DRAWS_PER_RESAMPLE = 20  # give up redrawing after this many draws per wanted resample


def _draw(rng: random.Random, tables: Sequence[WinTable]) -> WinTable:
    """One resample: as many items as there are, with replacement, comparisons together."""
    table: WinTable = defaultdict(float)
    for _i in range(len(tables)):
        for pair, w in tables[rng.randrange(len(tables))].items():
            table[pair] += w
    return table


def bootstrap(
    *,
    comparisons: Sequence[Comparison],
    resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
    pseudo_count: float = 1.0,
) -> BootstrapIntervals:
    """Percentile intervals from resampling items with ``random.Random(seed)``.

    Each resample draws as many items as there are, with replacement, and keeps all the
    comparisons of a drawn item together (raters of one item are not independent).
    A resample that misses a model is redrawn (see ``BootstrapIntervals``).
    """
    by_item: dict[str, list[Comparison]] = defaultdict(list)
    for c in comparisons:
        by_item[c.item_id].append(c)
    tables = [win_table(by_item[i]) for i in sorted(by_item)]
    models = {m for pair in win_table(comparisons) for m in pair}
    start: dict[str, float] | None
    try:
        start = bradley_terry(table=win_table(comparisons), pseudo_count=pseudo_count).strengths
    except ValueError:
        start = None
    rng = random.Random(seed)
    strengths: dict[str, list[float]] = defaultdict(list)
    rates: dict[str, list[float]] = defaultdict(list)
    kept = draws = 0
    budget = resamples * MAX_DRAWS_PER_RESAMPLE if tables else 0
    while kept < resamples and draws < budget:
        draws += 1
        table = _draw(rng, tables)
        if {m for pair in table for m in pair} != models:
            continue
        kept += 1
        try:
            fit = bradley_terry(table=table, pseudo_count=pseudo_count, tolerance=1e-7, start=start)
        except ValueError:
            fit = None  # without a pseudo count a resample may have no finite fit: skip it
        for model, p in fit.strengths.items() if fit else ():
            strengths[model].append(p)
        for model, rate in _win_rates(table).items():
            rates[model].append(rate)
    tail = (1.0 - confidence) / 2.0

    def interval(values: list[float]) -> tuple[float, float]:
        return quantile(values, tail), quantile(values, 1.0 - tail)

    return BootstrapIntervals(
        strength={m: interval(v) for m, v in sorted(strengths.items())},
        win_rate={m: interval(v) for m, v in sorted(rates.items())},
        resamples=resamples,
        kept=kept,
        redrawn=draws - kept,
        conditional=bool(tables) and kept < resamples,
    )


def _win_rates(table: Mapping[Pair, float]) -> dict[str, float]:
    won: dict[str, float] = defaultdict(float)
    played: dict[str, float] = defaultdict(float)
    for (winner, loser), w in table.items():
        won[winner] += w
        played[winner] += w
        played[loser] += w
    return {m: won[m] / n for m, n in played.items() if n > 0}


def mean_scores(
    *,
    judgments: Iterable[RaterJudgment],
    items: Iterable[ItemFacts],
    kinds: Sequence[str] = ("standard",),
) -> dict[str, dict[str, float | None]]:
    """Mean TC, FA and AIP per true model over every rating given to it."""
    sums = score_sums()
    add_scores(sums, judgments=judgments, items=items, kinds=kinds)
    return means_of(sums)


ScoreSums = dict[str, dict[str, list[float]]]


def score_sums() -> ScoreSums:
    """Per true model and score, [ratings given, their running sum]: the values added in
    order one after the other, as ``sum()`` of them all adds them (Python 3.11), without
    keeping every value (600,000 of them at 100,000 judgments: 4.6 MiB)."""
    return defaultdict(lambda: defaultdict(lambda: [0, 0.0]))


def add_scores(sums: ScoreSums, *, judgments: Iterable[RaterJudgment],
               items: Iterable[ItemFacts], kinds: Sequence[str] = ("standard",)) -> None:  # fmt: skip
    """Add the judgments' ratings to ``sums`` (``mean_scores``, a few judgments at a time)."""
    facts = {item.item_id: item for item in items}
    for judgment in judgments:
        item = facts.get(judgment.item_id)
        if item is None or judgment.kind not in kinds:
            continue
        for side, scores in judgment.scores.items():
            for name in SCORE_NAMES:
                value = scores.get(name)
                if value is not None:
                    found = sums[item.identities[side]][name]
                    found[0] += 1
                    found[1] += float(value)


def means_of(sums: ScoreSums) -> dict[str, dict[str, float | None]]:
    """The mean of each model's ratings per score (``mean_scores``)."""
    return {
        model: {n: (v[1] / v[0] if (v := values.get(n)) else None) for n in SCORE_NAMES}
        for model, values in sorted(sums.items())
    }


@dataclass(frozen=True)
class ModelStanding:
    """One row of the scoreboard."""

    model: str
    record: Record
    win_rate_ci: tuple[float, float] | None
    strength: float | None
    strength_ci: tuple[float, float] | None
    mean_scores: dict[str, float | None]
    # True when too few resamples contained every model (see BootstrapIntervals).
    ci_conditional: bool = False
    # True when fewer than MIN_ITEMS_FOR_INTERVAL items had games: no interval is drawn.
    ci_withheld: bool = False


def scoreboard(
    *,
    judgments: Sequence[RaterJudgment],
    items: Sequence[ItemFacts],
    kinds: Sequence[str] = ("standard",),
    resamples: int = 1000,
    seed: int = 0,
    pseudo_count: float = 1.0,
) -> list[ModelStanding]:
    """All per-model figures, strongest first."""
    found = comparisons(judgments=judgments, items=items, kinds=kinds)
    means = mean_scores(judgments=judgments, items=items, kinds=kinds)
    return standings(found=found, means=means, resamples=resamples, seed=seed,
                     pseudo_count=pseudo_count)  # fmt: skip


def standings(
    *,
    found: Sequence[Comparison],
    means: dict[str, dict[str, float | None]],
    resamples: int = 1000,
    seed: int = 0,
    pseudo_count: float = 1.0,
) -> list[ModelStanding]:
    """``scoreboard`` from its comparisons and mean scores (each read in one pass over
    the judgments, so a report can read them a file at a time)."""
    counts = records(comparisons=found)
    fit = bradley_terry(table=win_table(found), pseudo_count=pseudo_count)
    # Small-sample caveat: a bootstrap over a handful of items draws a precise-looking
    # interval that means little, so none is drawn below MIN_ITEMS_FOR_INTERVAL items.
    withheld = len({c.item_id for c in found}) < MIN_ITEMS_FOR_INTERVAL
    intervals = bootstrap(
        comparisons=found, resamples=0 if withheld else resamples, seed=seed,
        pseudo_count=pseudo_count,
    )
    models = sorted(set(counts) | set(means))
    rows = [
        ModelStanding(
            model=m,
            record=counts.get(m, Record()),
            win_rate_ci=intervals.win_rate.get(m),
            strength=fit.strengths.get(m),
            strength_ci=intervals.strength.get(m),
            mean_scores=means.get(m, dict.fromkeys(SCORE_NAMES)),
            ci_conditional=intervals.conditional,
            ci_withheld=withheld,
        )
        for m in models
    ]
    return sorted(rows, key=lambda r: (-(r.strength or 0.0), r.model))
