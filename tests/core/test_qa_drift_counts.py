"""Drift windows from per-(date, rater, agrees) counts equal the row-per-judgment way they
replaced (a report at 100,000 judgments no longer sorts 100,000 rows for them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from rater_desktop.qa.drift import DriftWindow, agreement_drift

START = datetime(2026, 11, 1, tzinfo=UTC)


def _reference(judged: Iterable[tuple[str, str, int, datetime]], agreed: Mapping[str, int],
               width: timedelta) -> list[DriftWindow]:  # fmt: skip
    rows = sorted((when, rater, item, verdict) for rater, item, verdict, when in judged
                  if item in agreed)  # fmt: skip
    if not rows:
        return []
    first = rows[0][0]
    buckets: dict[int, list[tuple[str, bool]]] = {}
    for when, rater, item, verdict in rows:
        buckets.setdefault(int((when - first) / width), []).append((rater, verdict == agreed[item]))
    return [DriftWindow(start=first + i * width, end=first + (i + 1) * width,
                        judgments=len(found), agreeing=sum(ok for _, ok in found),
                        raters=len({r for r, _ in found}))
            for i, found in sorted(buckets.items())]  # fmt: skip


row = st.tuples(st.sampled_from(["ann", "bob", "cy"]), st.sampled_from(["i1", "i2", "i3", "i4"]),
                st.integers(-1, 1), st.integers(0, 40).map(lambda d: START + timedelta(days=d)))
agreed = st.dictionaries(st.sampled_from(["i1", "i2", "i3"]), st.integers(-1, 1))


@settings(max_examples=200, deadline=None)
@given(st.lists(row, max_size=50), agreed, st.integers(1, 10).map(lambda d: timedelta(days=d)))
def test_counted_windows_equal_the_rows(judged: list[tuple[str, str, int, datetime]],
                                        consensus: dict[str, int], width: timedelta) -> None:
    assert agreement_drift(judged, consensus, width=width) == _reference(judged, consensus, width)
