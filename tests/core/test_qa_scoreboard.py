"""Win/tie/loss, Bradley-Terry (MM) and the bootstrap (rater_desktop.qa.scoreboard)."""

from __future__ import annotations

import math
import random

import pytest

from rater_desktop.qa.inputs import ItemFacts, RaterJudgment, SideScores
from rater_desktop.qa.scoreboard import (
    Comparison,
    ModelStanding,
    bootstrap,
    bradley_terry,
    comparisons,
    mean_scores,
    records,
    scoreboard,
    win_table,
)

ITEMS = [
    ItemFacts("i1", ("alpha", "beta")),
    ItemFacts("i2", ("beta", "alpha")),
    ItemFacts("i3", ("alpha", "alpha")),
    ItemFacts("i4", ("beta", "gamma")),
]


def _j(rater: str, item: str, verdict: int | None, kind: str = "standard") -> RaterJudgment:
    return RaterJudgment(rater_id=rater, item_id=item, verdict_true=verdict, kind=kind)


def test_verdicts_in_true_order_become_comparisons() -> None:
    judgments = [
        _j("r1", "i1", -2),  # responses[0] = alpha better
        _j("r2", "i1", 0),  # tie
        _j("r1", "i2", -1),  # responses[0] = beta better
        _j("r1", "i3", 3),  # alpha vs alpha: skipped
        _j("r1", "i4", 3),  # gamma better
        _j("r1", "nope", 1),  # unknown item: skipped
        _j("r1", "i1", 1, kind="attention"),  # not a standard item
        _j("r3", "i1", None),  # no verdict
    ]
    found = comparisons(judgments=judgments, items=ITEMS)
    assert found == [
        Comparison("i1", "alpha", "beta", 1.0),
        Comparison("i1", "alpha", "beta", 0.5),
        Comparison("i2", "beta", "alpha", 1.0),
        Comparison("i4", "beta", "gamma", 0.0),
    ]
    counts = records(comparisons=found)
    assert (counts["alpha"].wins, counts["alpha"].ties, counts["alpha"].losses) == (1, 1, 1)
    assert (counts["beta"].wins, counts["beta"].ties, counts["beta"].losses) == (1, 1, 2)
    assert counts["gamma"].win_rate == 1.0
    assert counts["alpha"].win_rate == pytest.approx(1.5 / 3)  # a tie counts half
    assert counts["beta"].win_rate == pytest.approx(1.5 / 4)


def test_two_models_strength_ratio_equals_the_win_ratio() -> None:
    # Hand-computed: the BT maximum for 2 wins vs 1 has p_a / p_b = 2; geometric mean 1.
    fit = bradley_terry(table={("a", "b"): 2.0, ("b", "a"): 1.0}, pseudo_count=0)
    assert fit.converged
    assert fit.strengths["a"] == pytest.approx(math.sqrt(2))
    assert fit.strengths["b"] == pytest.approx(1 / math.sqrt(2))
    assert sum(fit.log_strengths().values()) == pytest.approx(0.0, abs=1e-12)


def test_ties_count_as_half_wins() -> None:
    table = win_table([Comparison("i", "a", "b", 1.0), Comparison("j", "a", "b", 0.5)])
    assert table == {("a", "b"): 1.5, ("b", "a"): 0.5}
    fit = bradley_terry(table=table, pseudo_count=0)
    assert fit.strengths["a"] / fit.strengths["b"] == pytest.approx(3.0)


def test_a_balanced_cycle_gives_equal_strengths() -> None:
    table = {("a", "b"): 2.0, ("b", "c"): 2.0, ("c", "a"): 2.0}
    table.update({("b", "a"): 1.0, ("c", "b"): 1.0, ("a", "c"): 1.0})
    fit = bradley_terry(table=table, pseudo_count=0)
    assert all(p == pytest.approx(1.0) for p in fit.strengths.values())


def _gradient(
    table: dict[tuple[str, str], float], strengths: dict[str, float], pseudo: float
) -> dict[str, float]:
    """d log-likelihood / d log p_i, written independently of the MM code."""
    grad = dict.fromkeys(strengths, 0.0)
    for (winner, loser), w in table.items():
        pw, pl = strengths[winner], strengths[loser]
        grad[winner] += w * pl / (pw + pl)
        grad[loser] -= w * pl / (pw + pl)
    if pseudo:
        # pseudo ties against a reference player; in the normalised scale its strength r is
        # where its own score equation holds (jointly stationary with the models)
        r = _reference_strength(strengths, pseudo)
        for m, p in strengths.items():
            grad[m] += pseudo * (0.5 - p / (p + r))
    return grad


def _reference_strength(strengths: dict[str, float], pseudo: float) -> float:
    """The reference's own likelihood maximum given the models (1-D bisection on log r)."""

    def score(log_r: float) -> float:
        r = math.exp(log_r)
        return sum(pseudo * (0.5 - r / (p + r)) for p in strengths.values())

    low, high = -50.0, 50.0
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if score(mid) > 0 else (low, mid)
    return math.exp(low)


MESSY = {
    ("a", "b"): 3.0,
    ("b", "a"): 1.5,
    ("b", "c"): 4.0,
    ("c", "b"): 0.5,
    ("a", "c"): 2.0,
    ("c", "a"): 1.0,
    ("c", "d"): 1.0,
    ("d", "c"): 2.5,
    ("a", "d"): 0.5,
    ("d", "a"): 0.5,
}


@pytest.mark.parametrize("pseudo", [0.0, 1.0, 3.0])
def test_mm_solution_is_a_likelihood_maximum(pseudo: float) -> None:
    fit = bradley_terry(table=MESSY, pseudo_count=pseudo)
    assert fit.converged
    gradient = _gradient(MESSY, fit.strengths, pseudo)
    assert all(abs(g) < 1e-7 for g in gradient.values()), gradient

    def loglik(s: dict[str, float]) -> float:
        return sum(w * math.log(s[i] / (s[i] + s[j])) for (i, j), w in MESSY.items())

    if pseudo == 0:
        best = loglik(fit.strengths)
        rng = random.Random(5)
        for _ in range(50):
            moved = {m: p * math.exp(rng.uniform(-0.2, 0.2)) for m, p in fit.strengths.items()}
            assert loglik(moved) <= best + 1e-12


def test_pseudo_count_shrinks_toward_equal_strength_and_keeps_unbeaten_finite() -> None:
    plain = bradley_terry(table=MESSY, pseudo_count=0)
    shrunk = bradley_terry(table=MESSY, pseudo_count=5)
    spread = max(plain.log_strengths().values()) - min(plain.log_strengths().values())
    shrunk_spread = max(shrunk.log_strengths().values()) - min(shrunk.log_strengths().values())
    assert 0 < shrunk_spread < spread
    with pytest.raises(ValueError, match="never wins or never loses"):
        bradley_terry(table={("a", "b"): 3.0}, pseudo_count=0)
    unbeaten = bradley_terry(table={("a", "b"): 3.0}, pseudo_count=1)
    assert math.isfinite(unbeaten.strengths["a"]) and unbeaten.strengths["a"] > 1
    assert bradley_terry(table={}).strengths == {}


def _random_comparisons(seed: int, items: int = 60) -> list[Comparison]:
    rng = random.Random(seed)
    models = ["m1", "m2", "m3"]
    bias = {"m1": 0.75, "m2": 0.5, "m3": 0.25}
    result = []
    for i in range(items):
        first, second = rng.sample(models, 2)
        for _ in range(2):
            p_first = bias[first] / (bias[first] + bias[second])
            roll = rng.random()
            outcome = 0.5 if roll < 0.15 else 1.0 if roll < 0.15 + 0.85 * p_first else 0.0
            result.append(Comparison(f"item{i}", first, second, outcome))
    return result


def test_bootstrap_is_deterministic_for_a_seed() -> None:
    data = _random_comparisons(1)
    first = bootstrap(comparisons=data, resamples=200, seed=42)
    again = bootstrap(comparisons=data, resamples=200, seed=42)
    other = bootstrap(comparisons=data, resamples=200, seed=43)
    assert first == again
    assert first.strength != other.strength
    fit = bradley_terry(table=win_table(data))
    counts = records(comparisons=data)
    for model, (low, high) in first.strength.items():
        assert low < fit.strengths[model] < high
        rate = counts[model].win_rate
        assert rate is not None
        rate_low, rate_high = first.win_rate[model]
        assert 0 <= rate_low < rate < rate_high <= 1
    assert first.strength["m1"][0] > first.strength["m3"][1]  # clearly separated
    assert bootstrap(comparisons=[], resamples=10).strength == {}


def test_bootstrap_without_pseudo_count_skips_resamples_without_a_finite_fit() -> None:
    # Two items only: many resamples repeat one item, where one model never loses.
    data = [Comparison("i1", "a", "b", 1.0), Comparison("i2", "a", "b", 0.0)]
    result = bootstrap(comparisons=data, resamples=50, seed=3, pseudo_count=0)
    assert result.strength["a"] == (1.0, 1.0)  # only the balanced resamples could be fitted
    assert result.win_rate["a"][0] == 0.0 and result.win_rate["a"][1] == 1.0


def test_mean_scores_follow_the_true_identity_of_each_side() -> None:
    judgments = [
        RaterJudgment(
            "r1",
            "i1",
            verdict_true=-1,
            scores={0: SideScores(tc=5, fa=4, aip=3), 1: SideScores(tc=3, fa=None, aip=2)},
        ),
        RaterJudgment("r2", "i2", verdict_true=1, scores={1: SideScores(tc=4, fa=2, aip=5)}),
    ]
    means = mean_scores(judgments=judgments, items=ITEMS)
    # i1: alpha is side 0, beta side 1; i2: beta side 0, alpha side 1
    assert means["alpha"] == {"tc": 4.5, "fa": 3.0, "aip": 4.0}
    assert means["beta"] == {"tc": 3.0, "fa": None, "aip": 2.0}


def test_scoreboard_rows_strongest_first() -> None:
    items = [ItemFacts(f"item{i}", ("m1", "m2")) for i in range(30)]
    judgments = [
        RaterJudgment(
            "r",
            f"item{i}",
            verdict_true=-2 if i % 3 else 1,
            scores={0: SideScores(tc=5), 1: SideScores(tc=3)},
        )
        for i in range(30)
    ]
    rows = scoreboard(judgments=judgments, items=items, resamples=100, seed=7)
    assert [r.model for r in rows] == ["m1", "m2"]
    assert (rows[0].record.wins, rows[0].record.losses) == (20, 10)
    assert rows[0].strength is not None and rows[0].strength > 1
    assert rows[0].strength_ci is not None and rows[0].win_rate_ci is not None
    assert rows[0].mean_scores["tc"] == 5.0
    assert scoreboard(judgments=judgments, items=items, resamples=100, seed=7) == rows


def _rare_model_comparisons() -> list[Comparison]:
    # "c" plays in one item of eleven: about a third of plain resamples would miss it.
    data = [Comparison(f"i{n}", "a", "b", 1.0 if n % 3 else 0.0) for n in range(10)]
    data.append(Comparison("i10", "c", "a", 0.5))
    return data


def test_bootstrap_redraws_resamples_that_miss_a_model() -> None:
    result = bootstrap(comparisons=_rare_model_comparisons(), resamples=100, seed=1)
    assert result.kept == 100
    assert result.redrawn > 10  # (10/11)^11 = 35 % of draws miss "c"
    assert not result.conditional
    assert set(result.strength) == {"a", "b", "c"}


def test_bootstrap_keeps_every_model_on_one_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every kept resample fits all three models, so each model has one value per resample.
    import rater_desktop.qa.scoreboard as module

    seen: list[set[str]] = []
    real = module.bradley_terry

    def spy(**kwargs: object) -> module.BradleyTerryFit:
        fit = real(**kwargs)  # type: ignore[arg-type]
        seen.append(set(fit.strengths))
        return fit

    monkeypatch.setattr(module, "bradley_terry", spy)
    bootstrap(comparisons=_rare_model_comparisons(), resamples=60, seed=2)
    assert len(seen) == 61  # the full fit, then one per kept resample
    assert all(models == {"a", "b", "c"} for models in seen)


def test_bootstrap_says_conditional_when_redrawing_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    import rater_desktop.qa.scoreboard as module

    monkeypatch.setattr(module, "MAX_DRAWS_PER_RESAMPLE", 1)
    result = bootstrap(comparisons=_rare_model_comparisons(), resamples=100, seed=1)
    assert result.conditional
    assert result.kept + result.redrawn == 100 and result.kept < 100


def test_scoreboard_rows_say_when_intervals_are_conditional(monkeypatch: pytest.MonkeyPatch) -> None:
    import rater_desktop.qa.scoreboard as module

    monkeypatch.setattr(module, "MIN_ITEMS_FOR_INTERVAL", 5)  # 11 items: intervals drawn
    items = [ItemFacts(f"i{n}", ("a", "b")) for n in range(10)] + [ItemFacts("i10", ("c", "a"))]
    judgments = [_j("r1", f"i{n}", -1 if n % 3 else 1) for n in range(11)]
    rows = scoreboard(judgments=judgments, items=items, resamples=50, seed=1)
    assert not any(r.ci_conditional for r in rows)
    monkeypatch.setattr(module, "MAX_DRAWS_PER_RESAMPLE", 1)
    rows = scoreboard(judgments=judgments, items=items, resamples=50, seed=1)
    assert all(r.ci_conditional for r in rows)


def test_no_interval_is_drawn_below_the_documented_number_of_items() -> None:
    from rater_desktop.qa.scoreboard import MIN_ITEMS_FOR_INTERVAL

    def rows_for(count: int) -> list[ModelStanding]:
        items = [ItemFacts(f"i{n}", ("a", "b")) for n in range(count)]
        judgments = [_j("r1", f"i{n}", -1 if n % 3 else 1) for n in range(count)]
        return scoreboard(judgments=judgments, items=items, resamples=30, seed=1)

    few = rows_for(MIN_ITEMS_FOR_INTERVAL - 1)
    assert all(r.ci_withheld and r.strength_ci is None and r.win_rate_ci is None for r in few)
    assert all(r.strength is not None for r in few)  # the point estimate stays
    enough = rows_for(MIN_ITEMS_FOR_INTERVAL)
    assert not any(r.ci_withheld for r in enough)
    assert all(r.strength_ci is not None for r in enough)


def test_equal_comparisons_are_one_object() -> None:
    """Report memory (issue 22): many raters' equal verdicts on one item are one
    ``Comparison``, so what the scoreboard holds grows with items, not judgments."""
    items = [ItemFacts(item_id=f"i{n}", identities=("m1", "m2")) for n in range(20)]
    judgments = [RaterJudgment(rater_id=f"r{r}", item_id=f"i{n}", verdict_true=(r + n) % 3 - 1)
                 for r in range(50) for n in range(20)]  # fmt: skip
    found = comparisons(judgments=judgments, items=items)
    assert len(found) == 1000 and len({id(c) for c in found}) <= 3 * 20
    assert [(c.item_id, c.outcome) for c in found] == [
        (j.item_id, 1.0 if j.verdict_true == -1 else 0.0 if j.verdict_true == 1 else 0.5)
        for j in judgments]
