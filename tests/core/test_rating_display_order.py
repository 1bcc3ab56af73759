"""Display order: deterministic per (seed, rater, item), independent, balanced; verdict flips."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.display_order import DisplayOrder, display_order


def test_stable_for_same_inputs_and_across_processes() -> None:
    orders = [display_order(batch_seed="s", rater_id="r1", item_id=f"i{n}").swapped for n in range(50)]
    again = [display_order(batch_seed="s", rater_id="r1", item_id=f"i{n}").swapped for n in range(50)]
    assert orders == again
    code = (
        "from rater_desktop.rating.display_order import display_order as d;"
        "print(''.join('1' if d(batch_seed='s', rater_id='r1', item_id=f'i{n}').swapped else '0'"
        " for n in range(50)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123"})
    assert out.stdout.strip() == "".join("1" if o else "0" for o in orders)


def test_balanced_over_many_items() -> None:
    swapped = sum(display_order(batch_seed="b", rater_id="r", item_id=str(n)).swapped for n in range(2000))
    assert 900 < swapped < 1100


def test_raters_get_independent_orders() -> None:
    a = [display_order(batch_seed="b", rater_id="alice", item_id=str(n)).swapped for n in range(1000)]
    b = [display_order(batch_seed="b", rater_id="bob", item_id=str(n)).swapped for n in range(1000)]
    agree = sum(x == y for x, y in zip(a, b, strict=True))
    assert 420 < agree < 580  # independent, not identical and not mirrored
    other_seed = [display_order(batch_seed="c", rater_id="alice", item_id=str(n)).swapped for n in range(1000)]
    assert other_seed != a


def test_mapping_and_verdict_flip() -> None:
    plain, swapped = DisplayOrder(False), DisplayOrder(True)
    assert plain.true_index("A") == 0 and swapped.true_index("A") == 1
    assert swapped.display_label(0) == "B" and plain.display_label(1) == "B"
    assert swapped.true_indices == (1, 0)
    assert swapped.verdict_to_true(Verdict.A_BETTER) is Verdict.B_BETTER
    assert swapped.verdict_to_display(Verdict.B_MUCH_BETTER) is Verdict.A_MUCH_BETTER
    assert plain.verdict_to_true(Verdict.A_BETTER) is Verdict.A_BETTER
    for v in Verdict:
        assert swapped.verdict_to_display(swapped.verdict_to_true(v)) is v
    with pytest.raises(ValueError):
        plain.true_index("C")
    with pytest.raises(ValueError):
        plain.display_label(2)


def test_batch_seed_falls_back_to_batch_id() -> None:
    from rater_desktop.batch.model import Manifest
    from rater_desktop.rating.display_order import batch_seed_of

    base = Manifest(format_version="1.0", batch_id="b-1", title="t", created="2026-01-01T00:00:00Z")
    assert batch_seed_of(base) == "b-1"
    assert batch_seed_of(Manifest("1.0", "b-1", "t", "x", display_seed="s")) == "s"
