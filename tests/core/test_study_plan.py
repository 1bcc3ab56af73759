"""Study plans: each item to exactly k raters, balanced, qualification first, attention mixed in."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.study.coverage import study_coverage
from rater_desktop.study.plan import PlanError, PoolItems, make_plan


def _pool(n: int, quals: int = 0, attention: int = 0) -> PoolItems:
    return PoolItems(standard=tuple(f"s{i}" for i in range(n)),
                     qualification=tuple(f"q{i}" for i in range(quals)),
                     attention=tuple(f"a{i}" for i in range(attention)))  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(items=st.integers(1, 300), raters=st.integers(1, 40), k=st.integers(1, 5), seed=st.text(max_size=8))
def test_every_item_exactly_k_distinct_raters_and_balanced(items: int, raters: int, k: int, seed: str) -> None:
    rater_ids = [f"r{i}" for i in range(raters)]
    if k > raters:
        with pytest.raises(PlanError, match="needs at least"):
            make_plan(pool=_pool(items), raters=rater_ids, raters_per_item=k, seed=seed)
        return
    plan = make_plan(pool=_pool(items), raters=rater_ids, raters_per_item=k, seed=seed, attention_every=0)
    per_item = plan.raters_of()
    assert set(per_item) == {f"s{i}" for i in range(items)}
    assert all(len(rs) == k == len(set(rs)) for rs in per_item.values())
    loads = [len(v) for v in plan.assignments.values()]
    assert max(loads) - min(loads) <= 1
    for rater_items in plan.assignments.values():
        assert len(rater_items) == len(set(rater_items))  # never the same item twice


def test_qualification_first_attention_at_the_rate_and_deterministic() -> None:
    plan = make_plan(pool=_pool(60, quals=10, attention=2), raters=["a", "b", "c"],
                     raters_per_item=3, attention_every=20, seed="x")  # fmt: skip
    for items in plan.assignments.values():
        assert items[:10] == [f"q{i}" for i in range(10)]
        counts = Counter(plan.placements.get(i, i)[0] for i in items)
        assert counts["s"] == 60 and counts["a"] == 3  # one after every 20
        assert items[10 + 20] in plan.placements
    again = make_plan(pool=_pool(60, quals=10, attention=2), raters=["a", "b", "c"],
                      raters_per_item=3, attention_every=20, seed="x")  # fmt: skip
    assert again.assignments == plan.assignments


def test_each_rater_has_a_reproducible_shuffled_order_of_their_own() -> None:
    plan = make_plan(pool=_pool(40), raters=[f"r{i}" for i in range(7)], raters_per_item=7, seed="1",
                     attention_every=0)  # fmt: skip
    orders = [tuple(items) for items in plan.assignments.values()]
    in_pool_order = tuple(f"s{i}" for i in range(40))
    # The old plan gave every rater the items in pool order.
    assert all(order != in_pool_order for order in orders)
    assert len(set(orders)) == 7  # no two raters meet the items in the same order
    again = make_plan(pool=_pool(40), raters=[f"r{i}" for i in range(7)], raters_per_item=7, seed="1",
                      attention_every=0)  # fmt: skip
    assert again.assignments == plan.assignments
    other = make_plan(pool=_pool(40), raters=[f"r{i}" for i in range(7)], raters_per_item=2, seed="2",
                      attention_every=0)  # fmt: skip
    assert other.assignments != plan.assignments


@pytest.mark.parametrize(("raters", "message"), [
    (["ok", "ok"], "listed twice"), (["bad id"], "Invalid rater id"), ([], "empty"),
    (["."], "not usable"), (["con"], "reserved"), (["aux"], "reserved"), (["LPT1"], "reserved"),
    (["alice", "ALICE"], "differ only by case")])
def test_rater_list_problems(raters: list[str], message: str) -> None:
    with pytest.raises(PlanError, match=message):
        make_plan(pool=_pool(3), raters=raters, raters_per_item=1)


def test_coverage_counts_missing_extra_and_wrong_batch() -> None:
    plan = {"study_id": "s", "raters_per_item": 2, "qualification_items": ["q"], "attention_items": [],
            "raters": [{"rater_id": "a", "batch_sha256": "A", "items": ["q", "s1", "s2"]},
                       {"rater_id": "b", "batch_sha256": "B", "items": ["q", "s1", "s2"]}]}  # fmt: skip
    exports = [
        {"rater": {"rater_id": "a"}, "batch": {"sha256": "A"},
         "items": [{"item_id": "q"}, {"item_id": "s1"}, {"item_id": "s9"}, {"item_id": "s2", "incomplete": True}]},
        {"rater": {"rater_id": "b"}, "batch": {"sha256": "other", "batch_id": "x"}, "items": [{"item_id": "s1"}]},
        {"rater": {"rater_id": "zed"}, "batch": {"sha256": "Z"}, "items": []},
    ]  # fmt: skip
    coverage = study_coverage(plan, exports)
    a, b = coverage.raters
    assert a.done == ["q", "s1"] and a.missing == ["s2"] and a.unassigned == ["s9"]
    assert b.done == [] and b.wrong_batch == ["x"]
    assert coverage.unknown_raters == ["zed"]
    assert coverage.items_short == {"s1": 1, "s2": 0}
    assert coverage.done_assignments == 2 and coverage.total_assignments == 6


def test_rater_batch_ids_stay_distinct_and_valid_past_128_characters() -> None:
    from rater_desktop.batch.fields import ID_PATTERN
    from rater_desktop.study.files import rater_batch_id

    assert rater_batch_id("pool-1", "ann") == "pool-1.ann"
    pool = "p" * 120
    first, second = rater_batch_id(pool, "rater-alpha-1"), rater_batch_id(pool, "rater-alpha-2")
    # The old code cut both to the same 128 characters.
    assert f"{pool}.rater-alpha-1"[:128] == f"{pool}.rater-alpha-2"[:128]
    assert first != second
    assert len(first) == len(second) == 128
    assert ID_PATTERN.match(first) and ID_PATTERN.match(second)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcXYZ019._:-", min_size=1, max_size=128),
       st.lists(st.text(alphabet="abz09_-", min_size=1, max_size=64), min_size=2, max_size=6,
                unique=True))  # fmt: skip
def test_rater_batch_ids_are_unique_per_rater(pool: str, raters: list[str]) -> None:
    from rater_desktop.batch.fields import ID_PATTERN
    from rater_desktop.study.files import rater_batch_id

    ids = [rater_batch_id(pool, rater) for rater in raters]
    assert len(set(ids)) == len(ids)
    assert all(ID_PATTERN.match(value) for value in ids)
