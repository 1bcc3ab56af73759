"""The fast reader of a stored rating (issue 22) gives what the careful reader gives: for
every field of two ratings set to every kind of odd JSON value, or left out, the same
rating or the same error message. And a JSON integer too large for a float is a message."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from rater_desktop.batch.model import Verdict
from rater_desktop.rating.model import Claim, ClaimRating, ItemRating, ItemStatus
from rater_desktop.rating.serialize import careful_rating_from_dict, rating_from_dict
from rater_desktop.rating.serialize_fast import common_rating

ODD = [None, True, False, 0, 1, 3, 5, 6, -1, 2.5, 40.0, float("nan"), float("inf"), 10**400,
       "", "x", "complete", "A_better", "verdict", "accurate", [], {}, ["x"], ["verdict"],
       {"a": 1}, {"a": True}, {"a": "b"}, [{"kind": "other", "text": "t"}]]  # fmt: skip
GONE = object()


def _common() -> dict[str, Any]:
    rating = ItemRating(item_id="i1", status=ItemStatus.COMPLETE, verdict=Verdict.A_BETTER)
    rating.case_file.main_goal = "goal"
    rating.case_file.checklist = ["one"]
    side = rating.responses[0]
    side.tc, side.fa, side.aip, side.main_goal_met = 4, 3, 5, True
    side.tc_justification = "Response A did it"
    side.claims = [Claim(id="c7", start=0, end=4, text="says", objective=True,
                         rating=ClaimRating.ACCURATE, sources=["https://x.example"])]  # fmt: skip
    side.sub_request_met = {"s1": True}
    rating.timing.active_seconds = 61.5
    rating.timing.step_seconds = {"case_file": 10.0, "verdict": 20}
    rating.acknowledged = {"SD-1": "fine"}
    return rating.to_dict()


def _rare() -> dict[str, Any]:
    """Sub-requests, step marks and roadblocks: the careful reader's only."""
    data = _common()
    data["case_file"]["sub_requests"] = [{"id": "s1", "kind": "time", "text": "by noon"}]
    data["responses"][1]["step_marks"] = {"2": {"mark": "wrong", "note": "n"}}
    data["responses"][1]["roadblocks"] = [{"kind": "other", "text": "wall"}]
    return data


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield (*path, index)
            yield from _paths(inner, (*path, index))


def _changed(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    where: Any = changed
    for step in path[:-1]:
        where = where[step]
    if value is GONE:
        del where[path[-1]]
    else:
        where[path[-1]] = copy.deepcopy(value)
    return changed


def _outcome(read: Any, data: Any) -> str:
    try:
        rating = read(data)
    except (ValueError, TypeError, AttributeError) as exc:
        return f"{type(exc).__name__}: {exc}"
    # repr keeps what == hides (40 and 40.0, the enum members)
    return repr(rating) + json.dumps(rating.to_dict(), sort_keys=True)


@pytest.mark.parametrize("base", [_common, _rare])
def test_every_odd_value_anywhere_reads_as_the_careful_reader_reads_it(base: Any) -> None:
    data = base()
    cases = 0
    for path in _paths(data):
        for value in (*ODD, GONE):
            changed = _changed(data, path, value)
            assert _outcome(rating_from_dict, changed) == _outcome(
                careful_rating_from_dict, changed), (path, value)  # fmt: skip
            cases += 1
    assert cases > 1000


def test_the_common_shape_takes_the_fast_way_and_the_rest_the_careful_one() -> None:
    assert common_rating(_common()) is not None
    assert common_rating(_rare()) is None and careful_rating_from_dict(_rare()).case_file
    odds: list[Any] = [None, [], "x", {"item_id": ""}, {"item_id": "i", "schema": 2}]
    for odd in odds:
        assert common_rating(odd) is None


def test_an_integer_past_a_float_is_refused_with_a_message() -> None:
    for data in (_common(), _rare()):
        data["timing"]["active_seconds"] = 10**400
        with pytest.raises(ValueError, match="timing.active_seconds: expected a number"):
            rating_from_dict(data)
