"""Chance-corrected agreement beside alpha: Cohen's kappa (two raters), Fleiss' kappa and
Gwet's AC1 / AC2 (any number of raters, missing values allowed).

All take per-unit value counts (``agreement_counts.UnitCounts``) or, for Cohen, the pairs
two raters gave on their common units. Formulas (docs/qa-statistics.md):

- Cohen (1960): kappa = (p_o - p_e) / (1 - p_e), p_e = sum_k p_k(rater 1) p_k(rater 2).
- Fleiss (1971), units with at least two values, P_u = sum_k n_uk (n_uk - 1) /
  (m_u (m_u - 1)): kappa = (mean P_u - sum_k p_k^2) / (1 - sum_k p_k^2), p_k the share of
  all values in k.
- Gwet (2008; Handbook of Inter-Rater Reliability, 4th ed., ch. 2): with weights w_kl
  (identity for AC1; quadratic 1 - (k-l)^2 / (max-min)^2 for AC2), r*_uk = sum_l w_kl
  n_ul, p_a = mean over units with m_u >= 2 of sum_k n_uk (r*_uk - 1) / (m_u (m_u - 1)),
  pi_k = mean over all rated units of n_uk / m_u, T_w = sum of the weights,
  p_e = T_w / (q (q - 1)) * sum_k pi_k (1 - pi_k); AC = (p_a - p_e) / (1 - p_e).
  AC1/AC2 stay meaningful where most values fall in one category (kappa and alpha drop
  there: the "kappa paradox").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rater_desktop.qa.agreement_counts import UnitCounts


def cohen_kappa(pairs: Sequence[tuple[float, float]]) -> float | None:
    """Cohen's kappa of two raters over the units both rated; None when undefined."""
    n = len(pairs)
    if n == 0:
        return None
    observed = sum(a == b for a, b in pairs) / n
    first = Counter(a for a, _ in pairs)
    second = Counter(b for _, b in pairs)
    expected = sum(first[k] * second.get(k, 0) for k in first) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def fleiss_kappa(table: UnitCounts) -> float | None:
    """Fleiss' kappa over the units with two or more values (raters may differ per unit)."""
    shares = []
    totals: Counter[float] = Counter()
    for counts in table.units.values():
        m = sum(n for _, n in counts)
        if m < 2:
            continue
        shares.append(sum(n * (n - 1) for _, n in counts) / (m * (m - 1)))
        for value, n in counts:
            totals[value] += n
    if not shares:
        return None
    values = sum(totals.values())
    expected = sum((n / values) ** 2 for n in totals.values())
    if expected >= 1.0:
        return None
    return (sum(shares) / len(shares) - expected) / (1.0 - expected)


def _weights(categories: Sequence[float], weighted: bool) -> dict[tuple[float, float], float]:
    low, high = min(categories), max(categories)
    span = (high - low) or 1.0
    return {
        (k, m): (1.0 - ((k - m) / span) ** 2 if weighted else float(k == m))
        for k in categories
        for m in categories
    }


def gwet_ac(table: UnitCounts, categories: Sequence[float], *, weighted: bool = False
            ) -> float | None:  # fmt: skip
    """Gwet's AC1 (``weighted`` False, nominal) or AC2 (quadratic weights, ordinal)."""
    cats = [float(c) for c in categories]
    q = len(cats)
    if q < 2:
        return None
    w = _weights(cats, weighted)
    agree: list[float] = []
    pi = dict.fromkeys(cats, 0.0)
    rated = 0
    for counts in table.units.values():
        n = dict(counts)
        m = sum(n.values())
        if m == 0:
            continue
        rated += 1
        for k, count in n.items():
            pi[k] += count / m
        if m >= 2:
            star = {k: sum(w[(k, ell)] * n.get(ell, 0) for ell in cats) for k in cats}
            agree.append(sum(n.get(k, 0) * (star[k] - 1.0) for k in cats) / (m * (m - 1)))
    if not agree:
        return None
    p_a = sum(agree) / len(agree)
    total_weight = sum(w.values())
    p_e = total_weight / (q * (q - 1)) * sum((p / rated) * (1 - p / rated) for p in pi.values())
    if p_e >= 1.0:
        return None
    return (p_a - p_e) / (1.0 - p_e)
