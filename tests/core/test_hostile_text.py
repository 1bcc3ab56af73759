"""Hostile text never stalls a helper or the renderer (issue 13, item 3).

Every text function the rules and the window use gets adversarial input: runs of
punctuation, repeated words, deeply nested emphasis and 200k-character lines. Each
call must finish within a time bound far above its normal cost; the quadratic
patterns of version 1 took seconds to minutes on these inputs.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rater_desktop.rating.detect.hostile import (
    LONG_LINE,
    TEXT_FUNCTIONS,
    TEXT_LIMIT,
    UNITS,
    nested_emphasis,
    repeated,
)

BOUND_SECONDS = 1.0  # per call; typical calls take well under 50 ms at these sizes


def _timed(name: str, text: str) -> float:
    """This thread's CPU time, not the wall clock: CI runs two more suites beside this one
    (at a load of 5 on 2 cores a 0.1 s call took 0.33 s of wall time)."""
    start = time.thread_time()
    TEXT_FUNCTIONS[name](text)
    return time.thread_time() - start


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(TEXT_FUNCTIONS)),
    units=st.lists(st.sampled_from(UNITS), min_size=1, max_size=3),
    length=st.integers(min_value=1_000, max_value=TEXT_LIMIT),
)
def test_repeated_units_within_the_limit(name: str, units: list[str], length: int) -> None:
    text = repeated("".join(units), length)
    assert _timed(name, text) < BOUND_SECONDS, (name, units, length)


@pytest.mark.parametrize("name", sorted(TEXT_FUNCTIONS))
@pytest.mark.parametrize("unit", [".", "!?", "been ", "I been ", "*a", "a. ", "x", "@", "1"])
def test_200k_character_lines(name: str, unit: str) -> None:
    assert _timed(name, repeated(unit, LONG_LINE)) < BOUND_SECONDS, (name, unit)


@pytest.mark.parametrize("name", ["plain_text", "render_markdown", "candidate_claims"])
@pytest.mark.parametrize("depth", [100, 1_000, TEXT_LIMIT // 4 - 1])
def test_deeply_nested_emphasis(name: str, depth: int) -> None:
    assert _timed(name, nested_emphasis(depth)) < BOUND_SECONDS, (name, depth)


def test_version_1_worst_cases() -> None:
    """The two reported cases: "." runs (6.9 s at 20k) and "been " x 8k (14 s)."""
    assert _timed("sentence_spans", "." * 20_000) < 0.2
    assert _timed("candidate_claims", "I " + "been " * 8_000) < 0.5
