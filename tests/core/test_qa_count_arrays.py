"""The coded-array unit counts (``count_arrays``) equal the object path they replaced, to
the last bit, on random cells and judgments; and they hold no Python object per cell."""

from __future__ import annotations

import gc
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.qa import agreement_counts
from rater_desktop.qa.agreement import VERDICT_CATEGORIES, collapse_verdict
from rater_desktop.qa.agreement_counts import (
    _Grouped,
    _one_rater,
    leave_one_out_counts,
    unit_counts,
)
from rater_desktop.qa.chance_agreement import fleiss_kappa, gwet_ac
from rater_desktop.qa.inputs import SCORE_NAMES, RaterJudgment, SideScores
from rater_desktop.qa_review.figures import DIMENSIONS, dimension_categories, dimension_tables

Cell = tuple[str, Hashable, float]
Reference = tuple[dict[Hashable, Any], dict[str, list[tuple[Hashable, float]]]]


def _reference_counts(cells: Iterable[Cell]) -> Reference:
    """The object path as it was: a dict entry per (rater, unit), a tuple per cell."""
    latest: dict[tuple[str, Hashable], float] = {}
    for rater, unit, value in cells:
        latest[(rater, unit)] = float(value)
    grouped: dict[Hashable, dict[float, int]] = defaultdict(dict)
    by_rater: dict[str, list[tuple[Hashable, float]]] = defaultdict(list)
    for (rater, unit), value in latest.items():
        counts = grouped[unit]
        counts[value] = counts.get(value, 0) + 1
        by_rater[rater].append((unit, value))
    return ({unit: tuple(sorted(c.items())) for unit, c in grouped.items()}, dict(by_rater))


def _reference_groups(reference: Reference, rater: str) -> dict[Any, int]:
    units, by_rater = reference
    found: dict[Any, int] = defaultdict(int)
    for unit, value in by_rater.get(rater, ()):
        found[(units[unit], value)] += 1
    return dict(found)


def _reference_tables(judgments: Sequence[RaterJudgment]) -> dict[str, Reference]:
    cells: dict[str, list[Cell]] = {d: [] for d, _, _ in DIMENSIONS}
    for j in judgments:
        if j.kind != "standard":
            continue
        if j.verdict_true is not None:
            cells["verdict"].append((j.rater_id, (j.item_id, -1), float(j.verdict_true)))
            cells["verdict_collapsed"].append(
                (j.rater_id, (j.item_id, -1), float(collapse_verdict(j.verdict_true))))
        for side, scores in j.scores.items():
            for name in SCORE_NAMES:
                score = getattr(scores, name)
                if score is not None:
                    cells[name].append((j.rater_id, (j.item_id, side), float(score)))
    return {d: _reference_counts(found) for d, found in cells.items()}


def _same_as_reference(table: agreement_counts.UnitCounts, reference: Reference,
                       level: Any, categories: Sequence[float]) -> None:  # fmt: skip
    units, by_rater = reference
    assert list(table.units.items()) == list(units.items())  # same units, same order
    assert list(table.by_rater.items()) == list(by_rater.items())  # cells in order
    by_code = table.counts_by_code()
    grouped = _Grouped(table, level, categories)
    g = grouped.g(grouped.marginals)
    alpha = grouped.alpha(grouped.marginals, grouped.all_units(g), g)
    expected = []
    for rater in sorted(by_rater):
        groups = agreement_counts._rater_groups(table, rater, by_code)
        assert list(groups.items()) == list(_reference_groups(reference, rater).items())
        expected.append(_one_rater(grouped, _reference_groups(reference, rater), alpha, rater))
    # leave-one-out on the arrays equals the same sums over the reference's groups: exactly
    found = leave_one_out_counts(table, level=level, categories=categories)
    assert found == expected


cells_strategy = st.lists(
    st.tuples(st.sampled_from(["ann", "bob", "cy", "dee"]),
              st.one_of(st.integers(0, 6), st.tuples(st.sampled_from("xyz"), st.integers(-1, 1))),
              st.integers(-3, 3).map(float)),
    max_size=60,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(cells_strategy, st.sampled_from(["nominal", "ordinal", "interval"]))
def test_unit_counts_equal_the_object_path(cells: list[Cell], level: str) -> None:
    categories = VERDICT_CATEGORIES if level != "interval" else ()
    _same_as_reference(unit_counts(cells), _reference_counts(cells), level, categories)


score = st.one_of(st.none(), st.integers(1, 5))
side = st.builds(SideScores, tc=score, fa=score, aip=score)
judgment = st.builds(
    RaterJudgment,
    rater_id=st.sampled_from(["ann", "bob", "cy"]),
    item_id=st.sampled_from(["i1", "i2", "i3", "i4", "i5"]),
    verdict_true=st.one_of(st.none(), st.integers(-3, 3)),
    kind=st.sampled_from(["standard", "standard", "qualification"]),
    scores=st.one_of(st.fixed_dictionaries({0: side, 1: side}),
                     st.fixed_dictionaries({1: side, 0: side}), st.fixed_dictionaries({1: side})),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(judgment, max_size=40))
def test_dimension_tables_equal_the_object_path(judgments: list[RaterJudgment]) -> None:
    tables = dimension_tables(judgments)
    reference = _reference_tables(judgments)
    for dimension, _label, level in DIMENSIONS:
        categories = dimension_categories(dimension)
        _same_as_reference(tables[dimension], reference[dimension], level, categories)
        # Fleiss and Gwet read the same units in the same order: the same figures
        old = agreement_counts.UnitCounts(reference[dimension][0], {}, [], [])
        assert fleiss_kappa(tables[dimension]) == fleiss_kappa(old)
        weighted = level != "nominal"
        assert gwet_ac(tables[dimension], categories, weighted=weighted) == gwet_ac(
            old, categories, weighted=weighted)


def _held_objects(root: object) -> int:
    """Python objects reachable from ``root`` (a numpy array counts as one)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        found = stack.pop()
        if id(found) in seen or isinstance(found, (str, int, float, type)):
            continue
        seen.add(id(found))
        if not isinstance(found, np.ndarray):
            stack.extend(gc.get_referents(found))
    return len(seen)


def _judgments(raters: int, items: int) -> list[RaterJudgment]:
    return [RaterJudgment(rater_id=f"r{r}", item_id=f"i{i}", verdict_true=(r + i) % 7 - 3,
                          scores={s: SideScores(tc=1 + (r + s) % 5, fa=1 + i % 5, aip=3)
                                  for s in (0, 1)})
            for r in range(raters) for i in range(items)]  # fmt: skip


def test_the_tables_hold_no_object_per_cell() -> None:
    """Structural, not timed: what the tables keep grows with raters and units, not with
    cells. With 8 times the raters on the same items (8 times the cells) the tables hold
    a few objects per added rater; the object path held a tuple per cell (~16,000 more)."""
    small = _held_objects(dimension_tables(_judgments(5, 200)))
    large = _held_objects(dimension_tables(_judgments(40, 200)))
    cells_added = 35 * 200 * 8  # 35 raters, 200 items, 8 cells a judgment
    assert large - small < 20 * 35 * len(DIMENSIONS)  # a few per rater and dimension
    assert large - small < cells_added // 50
