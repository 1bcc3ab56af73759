"""The rating reader's shortcuts for the common JSON types (issue 22: a QA import reads
100,000 ratings) take exactly what the general checks take, and refuse the rest with the
same message: numbers at and past a float's range, non-finite floats, booleans where
numbers or integers belong, empty and hostile lists, ids without a counter."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rater_desktop.rating.model import ItemRating


def _rating(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"schema": 1, "item_id": "item-1", "status": "complete",
                            "timing": {"active_seconds": 40, "step_seconds": {"verdict": 20.5},
                                       "sessions": 1}}  # fmt: skip
    for key, value in changes.items():
        if key in ("active_seconds", "step_seconds", "sessions"):
            data["timing"][key] = value
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("value", [0, 40, -3, 2**52 + 1, 2**999, -(2**999), 0.0, -0.0, 12.5,
                                   1e308, -1e308, 5e-324])  # fmt: skip
def test_finite_numbers_read_as_their_float(value: float) -> None:
    read = ItemRating.from_dict(_rating(active_seconds=value, step_seconds={"verdict": value}))
    assert read.timing.active_seconds == float(value)
    assert type(read.timing.active_seconds) is float
    assert read.timing.step_seconds == {"verdict": float(value)}


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, 10**400, -(10**400), True,
                                   False, "40", None, [40], {"s": 40}])  # fmt: skip
def test_numbers_a_float_cannot_hold_are_refused_with_the_field(value: Any) -> None:
    with pytest.raises(ValueError, match=r"rating field timing\.active_seconds: expected a number"):
        ItemRating.from_dict(_rating(active_seconds=value))
    with pytest.raises(ValueError,
                       match=r"rating field timing\.step_seconds\.verdict: expected a number"):
        ItemRating.from_dict(_rating(step_seconds={"verdict": value}))


def test_integers_past_the_shortcut_still_read_while_a_float_holds_them() -> None:
    for value in (2**1000, 2**1000 + 1, 2**1023, -(2**1023)):
        assert ItemRating.from_dict(_rating(active_seconds=value)).timing.active_seconds \
            == float(value)


@pytest.mark.parametrize("value", [True, False, 1.0, "1", None, 2.5])
def test_a_boolean_or_float_is_not_an_integer(value: Any) -> None:
    with pytest.raises(ValueError, match=r"rating field timing\.sessions: expected an integer"):
        ItemRating.from_dict(_rating(sessions=value))
    with pytest.raises(ValueError, match=r"rating field id_counter: expected an integer"):
        ItemRating.from_dict(_rating(id_counter=value))


def test_big_integers_are_integers() -> None:
    assert ItemRating.from_dict(_rating(sessions=10**30)).timing.sessions == 10**30


def test_text_lists_empty_or_hostile() -> None:
    assert ItemRating.from_dict(_rating(reached_steps=[])).reached_steps[0].value == "case_file"
    with pytest.raises(ValueError, match=r"rating field reached_steps\[1\]: expected a string"):
        ItemRating.from_dict(_rating(reached_steps=["case_file", 3]))
    with pytest.raises(ValueError, match=r"rating field reached_steps: expected a list"):
        ItemRating.from_dict(_rating(reached_steps="case_file"))


def test_the_id_counter_covers_ids_written_without_it() -> None:
    claim = {"id": "c7", "start": 0, "end": 1, "text": "x"}
    side = {"claims": [claim]}
    read = ItemRating.from_dict(_rating(responses=[side, {}], id_counter=0))
    assert read.id_counter == 7
    read = ItemRating.from_dict(_rating(case_file={"sub_requests": [{"id": "s12"}]}))
    assert read.id_counter == 12
    assert ItemRating.from_dict(_rating(id_counter=3)).id_counter == 3
