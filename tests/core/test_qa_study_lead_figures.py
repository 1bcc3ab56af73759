"""Side bias and tie tendency (exact binomial test), Dawid-Skene rater ability, ranking
fragility: each against an independent computation written here (exact fractions, a
vectorised EM, brute force)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from rater_desktop.qa.fragility import ranking_fragility
from rater_desktop.qa.rater_model import SMOOTHING, dawid_skene
from rater_desktop.qa.rater_tendencies import binomial_test, rater_tendencies
from rater_desktop.qa.scoreboard import Comparison


def _exact_binomial(k: int, n: int, p: Fraction) -> float:
    pmf = [comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    return float(min(Fraction(1), sum(q for q in pmf if q <= pmf[k])))


@pytest.mark.parametrize(("k", "n", "p"), [(7, 10, Fraction(1, 2)), (0, 12, Fraction(1, 2)),
                                           (3, 10, Fraction(1, 10)), (17, 40, Fraction(1, 4)),
                                           (25, 25, Fraction(1, 3)), (5, 30, Fraction(1, 5))])
def test_binomial_test_equals_exact_fractions(k: int, n: int, p: Fraction) -> None:
    assert binomial_test(k, n, float(p)) == pytest.approx(_exact_binomial(k, n, p), rel=1e-9)
    assert binomial_test(7, 10) == pytest.approx(0.34375)  # the textbook value


def test_side_bias_counts_the_response_shown_first_and_ties_against_the_others() -> None:
    verdicts = (
        # lefty always picks what was shown first, whichever file side that was
        [("lefty", -2, ("A", "B"))] * 9 + [("lefty", 3, ("B", "A"))] * 9
        + [("fair", -1, ("A", "B")), ("fair", 1, ("A", "B"))] * 5 + [("fair", 0, ("A", "B"))] * 8
    )  # fmt: skip
    lefty, fair = rater_tendencies(verdicts)[1], rater_tendencies(verdicts)[0]
    assert (lefty.rater, lefty.sided, lefty.shown_first, lefty.shown_first_share) == (
        "lefty", 18, 18, 1.0)
    assert lefty.side_p_value == pytest.approx(_exact_binomial(18, 18, Fraction(1, 2)))
    assert (fair.shown_first, fair.sided, fair.side_p_value) == (5, 10, pytest.approx(1.0))
    # fair's 8 ties of 18 against lefty's 0 of 18: tested against p = 0 -> impossible, p 0
    assert fair.tie_share == pytest.approx(8 / 18) and fair.others_tie_share == 0.0
    assert fair.tie_p_value == 0.0
    assert lefty.others_tie_share == pytest.approx(8 / 18)
    assert lefty.tie_p_value == pytest.approx(_exact_binomial(0, 18, Fraction(8, 18)))


def _numpy_dawid_skene(labels: list[tuple[str, str, int]], classes: list[int]) -> tuple:
    """Vectorised Dawid-Skene with the same start (majority) and smoothing."""
    items = sorted({i for _, i, _ in labels})
    raters = sorted({r for r, _, _ in labels})
    n = np.zeros((len(items), len(raters), len(classes)))
    for r, i, c in labels:
        n[items.index(i), raters.index(r), classes.index(c)] = 1
    votes = n.sum(axis=1)
    top = votes.max(axis=1, keepdims=True)
    single = (votes == top).sum(axis=1, keepdims=True) == 1
    t = np.where(single, (votes == top).astype(float), votes / votes.sum(axis=1, keepdims=True))
    for _ in range(50):
        priors = t.mean(axis=0)
        conf = np.einsum("ic,irk->rck", t, n) + SMOOTHING
        conf /= conf.sum(axis=2, keepdims=True)
        log = np.log(priors) + np.einsum("irk,rck->ic", n, np.log(conf))
        new = np.exp(log - log.max(axis=1, keepdims=True))
        new /= new.sum(axis=1, keepdims=True)
        done = np.abs(new - t).max() < 1e-8
        t = new
        if done:
            break
    priors = t.mean(axis=0)
    conf = np.einsum("ic,irk->rck", t, n) + SMOOTHING
    conf /= conf.sum(axis=2, keepdims=True)
    ability = (priors[None, :] * np.diagonal(conf, axis1=1, axis2=2)).sum(axis=1)
    return items, raters, t, ability


def test_dawid_skene_equals_a_vectorised_implementation_and_finds_the_good_raters() -> None:
    rng = random.Random(3)
    classes = [-1, 0, 1]
    labels = []
    for item in range(60):
        truth = rng.choice(classes)
        for rater in range(7):
            good = rater < 2
            label = truth if (good and rng.random() < 0.95) or rng.random() < 0.3 \
                else rng.choice(classes)
            labels.append((f"r{rater}", f"i{item:02d}", label))
    model = dawid_skene(labels, classes)
    assert model is not None
    items, raters, posteriors, ability = _numpy_dawid_skene(labels, classes)
    for row, item in enumerate(items):
        assert [model.posteriors[item][c] for c in classes] == pytest.approx(
            list(posteriors[row]), abs=1e-6)
    assert [model.ability[r] for r in raters] == pytest.approx(list(ability), abs=1e-6)
    assert sorted(model.ability, key=model.ability.get)[-2:] in (["r0", "r1"], ["r1", "r0"])
    for item in model.check_guideline:  # the reliable raters agree, the majority does not
        top = {label for r, i, label in labels if i == item and r in ("r0", "r1")}
        assert len(top) == 1 and model.majority[item] not in top


def _rates(games: list[Comparison]) -> dict[str, float]:
    points: dict[str, float] = {}
    played: dict[str, int] = {}
    for g in games:
        for m, got in ((g.first, g.outcome), (g.second, 1 - g.outcome)):
            points[m] = points.get(m, 0) + got
            played[m] = played.get(m, 0) + 1
    return {m: points[m] / played[m] for m in played}


def _brute_force(games: list[Comparison], upper: str, lower: str | None) -> int | None:
    """Fewest games given another outcome until ``lower`` (any model: None) is level with
    ``upper``; every subset and every outcome is tried."""
    for k in range(len(games) + 1):
        for chosen in itertools.combinations(range(len(games)), k):
            for outcomes in itertools.product((0.0, 0.5, 1.0), repeat=k):
                if any(games[i].outcome == o for i, o in zip(chosen, outcomes, strict=True)):
                    continue
                changed = list(games)
                for i, o in zip(chosen, outcomes, strict=True):
                    changed[i] = Comparison(games[i].item_id, games[i].first, games[i].second, o)
                rates = _rates(changed)
                rivals = [lower] if lower else [m for m in rates if m != upper]
                if any(rates[m] >= rates[upper] - 1e-12 for m in rivals):
                    return k
    return None


@pytest.mark.parametrize("seed", range(8))
def test_ranking_fragility_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    models = ["m1", "m2", "m3"]
    games = []
    for n in range(rng.randint(4, 7)):
        first, second = rng.sample(models, 2)
        games.append(Comparison(f"i{n}", first, second, rng.choice((1.0, 1.0, 0.5, 0.0))))
    found = ranking_fragility(games)
    if found is None:
        assert len(_rates(games)) < 2
        return
    for pair in found.adjacent:
        assert pair.flips == _brute_force(games, pair.upper, pair.lower)
    assert found.top_flips == _brute_force(games, found.order[0], None)
