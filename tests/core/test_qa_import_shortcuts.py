"""The QA import's shortcuts (issue 22) answer what the general code answers, for hostile
values too: the display order's exact-list test, the run-dispute flags, and the JSON
encoder made once for the rows' texts (``json.dumps`` where the C encoder is missing or
answers otherwise)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from rater_desktop.qa_review import adapter, import_rows


def _general_order(raw: Any) -> tuple[str, str] | None:
    if not isinstance(raw, list) or sorted(str(x) for x in raw) != ["A", "B"]:
        return None
    return str(raw[0]), str(raw[1])


@pytest.mark.parametrize("raw", [["A", "B"], ["B", "A"], ["A", "A"], ["B"], ["A", "B", "A"],
                                 [], ["a", "b"], ["A ", "B"], [1, 2], [None, "B"], ["A", ["B"]],
                                 "AB", {"A": "B"}, None, 7, ("A", "B"), [True, False]])  # fmt: skip
def test_display_order_shortcut_answers_as_the_general_rule(raw: Any) -> None:
    assert adapter._display_order({"display_order": raw}) == _general_order(raw)


def _general_disputed(side: Any) -> bool:
    return any([side.get(k) is True for k in adapter.DISPUTE_KEYS]) or any(
        [side.get(k) is False for k in adapter.MATCH_KEYS])


@pytest.mark.parametrize("value", [True, False, None, 0, 1, "true", "false", [], {}])
def test_run_dispute_flags_answer_as_before(value: Any) -> None:
    for key in (*adapter.DISPUTE_KEYS, *adapter.MATCH_KEYS):
        side = {key: value}
        flags = adapter.disputed_runs({"responses": [side, {}]})
        assert flags == (_general_disputed(side), False)
        assert adapter.disputed_runs({"responses": [{}, side]}) == (False, flags[0])


HOSTILE: list[Any] = [
    "plain", "é ü 漢字 🙂", "\x00\x01\x1f\x7f", '"quoted" \\ back', "\ud800 lone", "</td><td>",
    0, -1, 10**30, -(10**400), 1.5, -0.0, 1e-320, 1e308, math.inf, -math.inf, math.nan,
    None, True, False, [], {}, [[[]]], {"k": {"k": [1, "x", None]}}, ("a", "b"),
    {"": 1, "é": 2, "\ud800": 3}, [{"rater_id": "r", "seconds": 40.0, "claims": [[0, 1, "t", None]]}],
]  # fmt: skip


@pytest.mark.parametrize("value", HOSTILE)
def test_row_encoders_write_what_json_dumps_writes(value: Any) -> None:
    assert import_rows._COMPACT(value) == json.dumps(value, ensure_ascii=False,
                                                     separators=(",", ":"))  # fmt: skip


def test_without_the_c_encoder_the_standard_one_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json.encoder, "c_make_encoder", None)
    encode = import_rows._encoder((", ", ": "))
    assert encode([1, "é"]) == '[1, "é"]'
    assert getattr(encode, "__self__", None).__class__ is json.JSONEncoder


def test_a_c_encoder_that_answers_otherwise_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json.encoder, "c_make_encoder",
                        lambda *args: lambda value, level: ["not json"])  # fmt: skip
    encode = import_rows._encoder((",", ":"))
    assert encode({"a": [1, 2.5]}) == '{"a":[1,2.5]}'
    monkeypatch.setattr(json.encoder, "c_make_encoder", lambda one: None)  # another signature
    assert import_rows._encoder((", ", ": "))({"a": "é"}) == '{"a": "é"}'
