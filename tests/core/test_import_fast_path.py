"""The import's fast paths equal what they replace: parse_item, json.dumps, json.loads."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rater_desktop.batch.errors import ProblemList
from rater_desktop.batch.limits import BatchLimits
from rater_desktop.batch.loader import line_item_id
from rater_desktop.batch.parse import parse_item
from rater_desktop.batch.quickcheck import FlatItem, TextItemLines
from rater_desktop.batch_import.generic import FieldMapping, build_item
from rater_desktop.batch_import.jsonline import dumps_item, loads_line

# Small limits so generated texts cross them; every character, surrogates included.
LIMITS = BatchLimits(max_prompt_chars=40, max_context_chars=30, max_response_chars=35)
plain = st.text("abc XYZ.é日本😀", max_size=12)
any_text = st.text(st.characters(exclude_categories=()), max_size=12)
long_text = st.text("ab\n\"", min_size=28, max_size=45)
tricky = st.sampled_from(['"', "\\", "\n", "\x00", "\x1f", "\x7f", "\u2028", "\ud800", "\udfff\ud83d",
                          '"}\\u0000', "é日本", "plain text"])  # fmt: skip
hostile = st.one_of(plain, plain, plain, plain, any_text, long_text, tricky)
good_ids = st.sampled_from(["a", "item-1", "x" * 128, "A.b_c:d-9"])
bad_ids = st.sampled_from(["x" * 129, "bad id", "", "ok\n", "é", 'q"'])
kinds = st.sampled_from(["standard", "qualification", "attention", "attention", "other", ""])


def _dumps(item: Any) -> bytes | None:
    try:
        return (json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return None


def _problems(item: Any, limits: BatchLimits = LIMITS) -> ProblemList:
    problems = ProblemList()
    parse_item(item, problems=problems, file="items.jsonl", line=1, limits=limits)
    return problems


@st.composite
def responses(draw: st.DrawFn) -> dict[str, Any]:
    response: dict[str, Any] = {"identity": draw(hostile), "text": draw(hostile)}
    if draw(st.booleans()):
        response["final_answer"] = draw(hostile)
    if draw(st.integers(0, 9)) == 0:
        response[draw(st.sampled_from(["text", "identity", "screenshots"]))] = draw(
            st.none() | st.integers() | st.lists(st.integers(), max_size=1))  # fmt: skip
    keys = draw(st.permutations(list(response)))
    return {k: response[k] for k in keys}


@st.composite
def items(draw: st.DrawFn) -> dict[str, Any]:
    item: dict[str, Any] = {"id": draw(bad_ids if draw(st.integers(0, 4)) == 0 else good_ids),
                            "prompt": draw(hostile)}  # fmt: skip
    sizes = (0, 3) if draw(st.integers(0, 9)) == 0 else (2, 2)  # sometimes not two responses
    item["responses"] = draw(st.lists(responses(), min_size=sizes[0], max_size=sizes[1]))
    if draw(st.booleans()):
        item["context"] = draw(hostile)
    if draw(st.booleans()):
        item["kind"] = draw(kinds) if draw(st.integers(0, 4)) == 0 else "attention"
    if draw(st.booleans()):
        item["gold"] = {"expected_answer": draw(hostile)} if draw(st.integers(0, 5)) else {"x": "y"}
    if draw(st.integers(0, 9)) == 0:
        item[draw(st.sampled_from(["extra", "prompt", "context", "id"]))] = draw(
            st.none() | st.integers() | st.just({"a": 1}))  # fmt: skip
    order = draw(st.permutations(list(item))) if draw(st.integers(0, 4)) == 0 else list(item)
    return {k: item[k] for k in order}


def _plain_shape(item: dict[str, Any]) -> bool:
    """Everything the fast path needs besides what parse_item checks."""
    texts = [v for k, v in item.items() if k not in ("responses", "gold")]
    for response in item.get("responses", []):
        texts += response.values() if isinstance(response, dict) else [None]
    texts += item.get("gold", {}).values() if isinstance(item.get("gold"), dict) else []
    return (next(iter(item)) == "id" and isinstance(item["id"], str)
            and not item["id"].endswith("\n") and set(map(type, texts)) == {str})  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(item=items())
def test_fast_line_is_parse_item_plus_json_dumps(item: dict[str, Any]) -> None:
    line = TextItemLines(LIMITS)(item)
    problems = _problems(item)
    if line is not None:
        # Only items parse_item takes without a word, written exactly as json.dumps would,
        # with the id where the loader's index reads it.
        assert not problems.problems
        assert line == _dumps(item)
        assert line_item_id(line) == item["id"] and json.loads(line) == item
    elif not problems.problems and _plain_shape(item) and _dumps(item) is not None:
        pytest.fail(f"the fast path refused an item parse_item accepts: {item!r}")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.dictionaries(
    st.sampled_from(["id", "prompt", "response_a", "response_b", "identity_a", "final_answer_b",
                     "context", "kind", "gold_answer"]),
    hostile | st.integers() | st.none() | st.just(["list"])))  # fmt: skip
def test_flat_items_of_the_generic_reader_equal_their_dicts(record: dict[str, Any]) -> None:
    try:
        flat = build_item(record, FieldMapping.parse([]), where="in.jsonl line 1", number=1)
    except ValueError as exc:
        assert str(exc).startswith("in.jsonl line 1: ")
        return
    lines = TextItemLines(LIMITS)
    as_dict = flat.as_dict()
    assert lines(flat) == lines(as_dict)
    if lines(flat) is not None:
        assert not _problems(as_dict).problems and lines(flat) == _dumps(as_dict)


def test_flat_item_of_every_field_is_the_documented_item() -> None:
    record = {"id": "q 1", "prompt": "P", "response_a": "A", "response_b": "B", "identity_a": "m1",
              "final_answer_b": "42", "context": "C", "kind": "attention", "gold_answer": "G"}  # fmt: skip
    flat = build_item(record, FieldMapping.parse([]), where="x", number=1)
    assert flat.as_dict() == {
        "id": "q-1", "prompt": "P",
        "responses": [{"identity": "m1", "text": "A"},
                      {"identity": "system-b", "text": "B", "final_answer": "42"}],
        "context": "C", "kind": "attention", "gold": {"expected_answer": "G"},
    }  # fmt: skip
    line = TextItemLines()(flat)
    assert line is not None and line == _dumps(flat.as_dict())


def test_long_texts_at_and_over_the_limit() -> None:
    lines = TextItemLines()
    item = {"id": "long", "prompt": "p" * 20_000,
            "responses": [{"identity": "a", "text": "x" * 20_000}, {"identity": "b", "text": "é" * 20_000}]}  # fmt: skip
    assert lines(item) == _dumps(item) and not _problems(item, BatchLimits()).problems
    item["responses"][1]["text"] += "é"
    assert lines(item) is None and _problems(item, BatchLimits()).errors


def test_a_flat_item_with_a_wrong_number_of_texts_takes_the_full_path() -> None:
    shape = (("id", "prompt", "responses"), ("identity", "text"), ("identity", "text"), ())
    assert TextItemLines()(FlatItem(shape, ["a", "p", "x", "t", "y"])) is None
    assert TextItemLines()(FlatItem(shape, ["a", "p", "x", "t", "y", 5])) is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | hostile,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile, inner, max_size=3),
    max_leaves=12,
)


def _outcome(call: Any, arg: Any) -> tuple[str, str]:
    try:
        value = call(arg)
    except Exception as exc:  # noqa: BLE001 - the exception itself is what is compared
        return type(exc).__name__, str(exc)
    return "value", repr(value) if not (isinstance(value, float) and math.isnan(value)) else "nan"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values, prefix=st.sampled_from([b"", b" ", b"\xef\xbb\xbf", b"\t"]),
       suffix=st.sampled_from([b"", b"\n", b"\r\n", b" \n", b"x", b"\x00", b"}"]),
       encoding=st.sampled_from(["utf-8", "utf-16-le", "utf-16"]))  # fmt: skip
def test_loads_line_is_json_loads(value: Any, prefix: bytes, suffix: bytes, encoding: str) -> None:
    try:
        raw = prefix + json.dumps(value, ensure_ascii=False).encode(encoding, "surrogatepass") + suffix
    except UnicodeEncodeError:
        return
    assert _outcome(loads_line, raw) == _outcome(json.loads, raw)


@given(raw=st.binary(max_size=40))
def test_loads_line_is_json_loads_on_any_bytes(raw: bytes) -> None:
    assert _outcome(loads_line, raw) == _outcome(json.loads, raw)


@settings(max_examples=300, deadline=None)
@given(value=st.dictionaries(hostile, json_values, max_size=4))
def test_dumps_item_is_json_dumps(value: dict[str, Any]) -> None:
    assert _outcome(dumps_item, value) == _outcome(
        lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":")), value)  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(texts=st.lists(plain, min_size=6, max_size=6), item_id=good_ids)
def test_plain_texts_take_the_plain_quoting(texts: list[str], item_id: str) -> None:
    prompt, identity_a, text_a, identity_b, text_b, gold = texts
    item = {"id": item_id, "prompt": prompt,
            "responses": [{"identity": identity_a, "text": text_a}, {"identity": identity_b, "text": text_b}],
            "gold": {"expected_answer": gold}}  # fmt: skip
    line = TextItemLines(LIMITS)(item)
    assert line is not None and b"\\" not in line and line == _dumps(item)
