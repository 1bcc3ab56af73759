"""ProfileStore behaves like the rating package's MemoryRatingStore for any save sequence."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rater_desktop.rating.store import MemoryRatingStore, RatingStore
from rater_desktop.storage import ProfileStore, open_profile_store

BATCHES = ["batch-1", "batch-2"]
ITEMS = ["item-a", "item-b", "item-c"]

json_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=20) | st.floats(
    allow_nan=False, allow_infinity=False
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=4),
    max_leaves=12,
)
documents = st.fixed_dictionaries(
    {
        "status": st.sampled_from(["not_started", "in_progress", "done", "flagged"]),
        "current_step": st.sampled_from(["case_file", "compare", "verdict", 3, None]),
    },
    optional={"payload": json_values},
)
Op = tuple[str, str, str, dict[str, Any]]
operations: st.SearchStrategy[list[Op]] = st.lists(
    st.one_of(
        st.tuples(st.just("item"), st.sampled_from(BATCHES), st.sampled_from(ITEMS), documents),
        st.tuples(st.just("state"), st.sampled_from(BATCHES), st.just(""), documents),
        st.tuples(st.just("flush"), st.just(""), st.just(""), st.just({})),
        st.tuples(st.just("reopen"), st.just(""), st.just(""), st.just({})),
    ),
    max_size=25,
)


def _assert_same(expected: RatingStore, actual: RatingStore) -> None:
    for batch in BATCHES:
        assert actual.load_batch_state(batch) == expected.load_batch_state(batch)
        for item in ITEMS:
            assert actual.load_item(batch, item) == expected.load_item(batch, item)


def _apply(op: Op, store: RatingStore) -> None:
    kind, batch, item, document = op
    if kind == "item":
        store.save_item(batch, item, document)
    elif kind == "state":
        store.save_batch_state(batch, document)
    elif kind == "flush":
        store.flush()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations)
def test_same_results_as_memory_store(ops: list[Op]) -> None:
    memory = MemoryRatingStore()
    with tempfile.TemporaryDirectory() as home:
        store: ProfileStore = open_profile_store("eq", data_dir=Path(home), debounce_seconds=0.01)
        try:
            for op in ops:
                if op[0] == "reopen":
                    store.close()
                    store = open_profile_store("eq", data_dir=Path(home), debounce_seconds=0.01)
                else:
                    _apply(op, memory)
                    _apply(op, store)
                _assert_same(memory, store)
        finally:
            store.close()
