"""Reading a results document with its items' places (issue 22): the value and the errors
are json.loads' own, and each noted place holds exactly that item's JSON text."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rater_desktop.results.json_spans import loads_with_item_spans

TAKEN = [
    '{"items":[]}',
    '{"a":1,"items":[{"b":[1,{"c":"]},{"}]},2.5e3,"x\\"y",null,true]}',
    ' \n{ "z" : 0 ,\t"items" : [ {"k" : "caf\\u00e9 \\ud83d\\ude00"} , [ ] , "s" ] , "w":{} }\r\n',
    '{"items":[1,2],"items":[{"last":"wins"}]}',  # a repeated key: the last one counts
    '{"items":{"not":"a list"},"items":[3]}',
    '{"items":[NaN,-Infinity,123456789012345678901234567890]}',  # what json.loads reads
    '{"k":"\\ud800 lone","items":["\\udc00"]}',
]
NO_PLACES = [
    '[{"items":[]}]',  # not an object
    '"items"',
    '{"items":[1,2],"items":"no list"}',
    '{"other":[1]}',
    "{}",
    '{"items":[1,]}',  # errors below: json.loads' own
    '{"items":[1],}',
    '{"items":[1] "x":2}',
    '{"items":[1]} extra',
    "\ufeff{}",
    '{"items":["tab\tinside"]}',
    '{"items":[' + "9" * 5000 + "]}",
    '{"items":' + "[" * 100_000 + "]" * 100_000 + "}",
    "",
    '{"items"',
    "{'items':[]}",
]


def _outcome(read: Any, text: str) -> tuple[str, Any]:
    try:
        return "value", read(text)
    except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("text", TAKEN)
def test_the_value_is_json_loads_and_each_place_holds_its_item(text: str) -> None:
    document, spans = loads_with_item_spans(text)
    assert json.dumps(document) == json.dumps(json.loads(text))  # NaN-safe equality
    assert spans is not None and spans.text is text
    items = document.get("items", [])
    assert len(spans.spans) == len(items)
    for index, item in enumerate(items):
        assert json.dumps(json.loads(spans.entry_text(index))) == json.dumps(item)
        assert spans.entry_text(index) == spans.entry_text(index).strip()


@pytest.mark.parametrize("text", NO_PLACES)
def test_anything_else_is_json_loads_own_value_or_error(text: str) -> None:
    expected = _outcome(json.loads, text)
    found = _outcome(lambda t: loads_with_item_spans(t)[0], text)
    assert found == expected
    if expected[0] == "value":
        assert loads_with_item_spans(text)[1] is None


def test_a_canonical_document_keeps_each_entry_as_json_dumps_writes_it() -> None:
    from rater_desktop.results.canonical import canonical_json_bytes

    items = [{"b": 1.5, "a": "\u00e9\n\"q\"", "c": [0.000001, 1e16, -0.0, {"d": None}]},
             {"item_id": "x", "t": "<&>\x01\u2028"}]  # fmt: skip
    text = canonical_json_bytes({"format": "f", "items": items}).decode("utf-8")
    document, spans = loads_with_item_spans(text)
    assert spans is not None
    for index, item in enumerate(document["items"]):
        assert spans.entry_text(index) == json.dumps(item, ensure_ascii=False,
                                                     separators=(",", ":"))  # fmt: skip


def test_utf8_spans_cut_the_encoded_document_at_the_same_items() -> None:
    # Raw non-ASCII (two, three and four bytes in UTF-8) before and inside the items.
    text = '{"n":"café ✓ 😀","items":[{"t":"ü"},"😀😀",{"t":"ascii"},"é"]}'
    _, spans = loads_with_item_spans(text)
    assert spans is not None
    data = text.encode("utf-8")
    byte_spans = spans.utf8_spans()
    assert byte_spans != spans.spans
    assert [data[s:e].decode("utf-8") for s, e in byte_spans] == [
        spans.entry_text(i) for i in range(len(spans.spans))] == [
        '{"t":"ü"}', '"😀😀"', '{"t":"ascii"}', '"é"']  # fmt: skip
    ascii_text = '{"items":[1,{"a":"b"}]}'
    _, plain = loads_with_item_spans(ascii_text)
    assert plain is not None and plain.utf8_spans() == plain.spans
