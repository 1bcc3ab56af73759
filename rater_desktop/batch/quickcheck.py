"""A fast path of ``parse_item`` plus ``json.dumps`` for the plain text-pair item shape.

Importers write items of one simple shape: id, prompt, two responses of identity, text
and maybe final_answer, maybe context, kind and gold.expected_answer, every value a string.
``TextItemLines`` checks and encodes such an item in one walk. It returns a line only for
an item ``parse_item`` accepts without any problem (no error, no warning), and the line is
exactly ``json.dumps(item, ensure_ascii=False, separators=(",", ":"))``; for anything else
it returns None and the caller runs ``parse_item`` and ``json.dumps`` themselves, which
then find and word the problems. Its rules are those of ``parse_item`` for these fields;
tests/core/test_import_fast_path.py checks both claims on generated items (hypothesis).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from json.encoder import encode_basestring
from operator import gt
from typing import Any

from rater_desktop.batch.limits import DEFAULT_LIMITS, BatchLimits
from rater_desktop.batch.model import ItemKind

_KINDS = frozenset(k.value for k in ItemKind)
_GOLD_ANSWER_CHARS = 20_000  # parse.py: _gold, expected_answer (FieldReader.text default)
# What encode_basestring escapes (and nothing else): '"', '\\' and U+0000-U+001F. In
# UTF-8 these are single bytes that no multi-byte character contains.
_ESCAPED_BYTES = bytes(range(0x20)) + b'"\\'
_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_ITEM_KEYS = frozenset(("id", "kind", "prompt", "context", "responses", "gold"))
_RESPONSE_KEYS = frozenset(("identity", "text", "final_answer"))
Shape = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]
# id, prompt and two responses of identity and text: what most generic pairs become.
PLAIN_PAIR_SHAPE: Shape = (("id", "prompt", "responses"), ("identity", "text"),
                           ("identity", "text"), ())  # fmt: skip
PLAIN_IDENTITIES = ("system-a", "system-b")


@dataclass(frozen=True)
class _Layout:
    """How items of one shape (keys and their order) are checked and written."""

    longest: tuple[int, ...]  # per text, in the order they are written
    kind_at: int | None
    plain: str  # the line (newline included) with %s for each text, quotes included
    escaped: str  # the same without the quotes, for encode_basestring's output
    # The escapable bytes of the plain line when no text holds one: its quotes and newline.
    escapable: int


def _layout(shape: Shape, limits: BatchLimits) -> _Layout | None:
    """The layout of a shape ``parse_item`` accepts without a problem, else None."""
    top, first, second, gold = shape
    if not (_ITEM_KEYS.issuperset(top) and {"prompt", "responses"} <= set(top)) or top[0] != "id":
        return None
    for response in (first, second):
        if not (_RESPONSE_KEYS.issuperset(response) and {"identity", "text"} <= set(response)):
            return None
    if ("gold" in top) != (gold == ("expected_answer",)):
        return None
    item_longest = {"id": 128, "kind": 200, "prompt": limits.max_prompt_chars,
                    "context": limits.max_context_chars}  # fmt: skip
    response_longest = {"identity": 200, "text": limits.max_response_chars, "final_answer": 20_000}
    longest: list[int] = []
    parts: list[str] = []
    for key in top:
        if key == "responses":
            sides = ["{" + ",".join(f'"{k}":%s' for k in side) + "}" for side in (first, second)]
            parts.append('"responses":[' + ",".join(sides) + "]")
            longest += [response_longest[k] for k in first] + [response_longest[k] for k in second]
        elif key == "gold":
            parts.append('"gold":{"expected_answer":%s}')
            longest.append(_GOLD_ANSWER_CHARS)
        else:
            parts.append(f'"{key}":%s')
            longest.append(item_longest[key])
    escaped = "{" + ",".join(parts) + "}"
    return _Layout(
        longest=tuple(longest),
        kind_at=_text_position(top, first, second, "kind") if "kind" in top else None,
        plain=escaped.replace("%s", '"%s"') + "\n",
        escaped=escaped + "\n",
        escapable=2 * (len(top) + len(first) + len(second) + len(gold) + len(longest)) + 1,
    )


def _text_position(top: tuple[Any, ...], first: tuple[Any, ...], second: tuple[Any, ...],
                   key: str) -> int:  # fmt: skip
    position = 0
    for name in top:
        if name == key:
            return position
        position += len(first) + len(second) if name == "responses" else 1
    raise ValueError(key)


@dataclass(slots=True)
class FlatItem:
    """An item of the text-pair shape given as its keys and its texts, in writing order.

    Readers that build this shape hand it over flat: no dicts are built for an item that
    passes; ``as_dict()`` is the item itself, for the full check and for messages.
    """

    shape: Shape
    texts: list[Any]
    line: int = 0  # the input line it came from, for messages (0: none)

    def as_dict(self) -> dict[str, Any]:
        texts = iter(self.texts)
        top, first, second, gold = self.shape
        item: dict[str, Any] = {}
        for key in top:
            if key == "responses":
                item[key] = [{k: next(texts) for k in first}, {k: next(texts) for k in second}]
            elif key == "gold":
                item[key] = {k: next(texts) for k in gold}
            else:
                item[key] = next(texts)
        return item


class TextItemLines:
    """``lines(item)``: the UTF-8 JSON line (with its newline) of an item ``parse_item``
    accepts as it is.

    None means: take the full path (``parse_item``, ``json.dumps``); so does a string
    that UTF-8 cannot hold (an unpaired surrogate). A line returned starts with
    ``{"id":"<id>"``, where the loader's index reads the id. Layouts are learnt per shape
    (keys and their order), so an item costs a few C calls, not a walk in Python.
    """

    def __init__(self, limits: BatchLimits = DEFAULT_LIMITS) -> None:
        self._limits = limits
        self._layouts: dict[Shape, _Layout | None] = {}
        self._last: tuple[Shape | None, _Layout | None] = (None, None)

    def __call__(self, item: Any) -> bytes | None:
        if type(item) is FlatItem:
            last_shape, layout = self._last
            if item.shape is not last_shape:  # a reader passes one shape object per shape
                layout = self._layout(item.shape)
            return _line(layout, item.texts) if layout is not None else None
        if type(item) is not dict:
            return None
        responses, gold = item.get("responses"), item.get("gold", {})
        if type(responses) is not list or len(responses) != 2 or type(gold) is not dict:
            return None
        first, second = responses
        if type(first) is not dict or type(second) is not dict:
            return None
        layout = self._layout((tuple(item), tuple(first), tuple(second), tuple(gold)))
        return _line(layout, _texts(item, first, second, gold)) if layout is not None else None

    def _layout(self, shape: Shape) -> _Layout | None:
        layout = self._layouts.get(shape)
        if layout is None and shape not in self._layouts and len(self._layouts) < 64:
            layout = self._layouts[shape] = _layout(shape, self._limits)
        self._last = (shape, layout)
        return layout


def _texts(item: dict[Any, Any], first: dict[Any, Any], second: dict[Any, Any],
           gold: dict[Any, Any]) -> list[Any]:  # fmt: skip
    texts: list[Any] = []
    for key, value in item.items():
        if key == "responses":
            texts += first.values()
            texts += second.values()
        elif key == "gold":
            texts += gold.values()
        else:
            texts.append(value)
    return texts


def _line(layout: _Layout, texts: list[Any]) -> bytes | None:
    if len(texts) != len(layout.longest) or set(map(type, texts)) != {str}:
        return None
    if any(map(gt, map(len, texts), layout.longest)):
        return None
    # The id comes first (see _layout). fullmatch, not parse_item's ID_PATTERN.match,
    # whose "$" also allows a final newline: such an id is valid for parse_item, but the
    # index could not read it from the line, so it takes the full path (and is refused).
    if _ID.fullmatch(texts[0]) is None:
        return None
    if layout.kind_at is not None and texts[layout.kind_at] not in _KINDS:
        return None
    try:
        # Most texts need no escape: quote them as they are, then count the escapable
        # bytes of the whole line in one C call. Only the quotes and newline of the layout
        # may be found; else the texts are quoted again by json's own function.
        encoded = (layout.plain % tuple(texts)).encode("utf-8")
        if len(encoded) - len(encoded.translate(None, _ESCAPED_BYTES)) == layout.escapable:
            return encoded
        return (layout.escaped % tuple(map(encode_basestring, texts))).encode("utf-8")
    except UnicodeEncodeError:
        return None


PairLines = Callable[[Any, Any, Any, Any], "bytes | None"]


def plain_pair_lines(limits: BatchLimits = DEFAULT_LIMITS) -> PairLines:
    """``lines(id, prompt, text_a, text_b)``: what ``TextItemLines`` gives for
    ``FlatItem(PLAIN_PAIR_SHAPE, [id, prompt, "system-a", text_a, "system-b", text_b])``.

    The same checks and template as ``_line``, with the layout and the two identities
    bound once, for the importer's loop over plain pairs; None: take the full path.
    """
    layout = _layout(PLAIN_PAIR_SHAPE, limits)
    assert layout is not None and layout.kind_at is None  # the shape parse_item accepts
    ident_a, ident_b = PLAIN_IDENTITIES
    # The template's four pieces around the texts: joining is what `%` does, cheaper.
    head, after_id, after_prompt, after_a, tail = (
        layout.plain % ("%s", "%s", ident_a, "%s", ident_b, "%s")).split("%s")
    max_prompt, max_text, escapable = layout.longest[1], layout.longest[3], layout.escapable
    fullmatch, escaped = _ID.fullmatch, _ESCAPED_BYTES

    def lines(item_id: Any, prompt: Any, text_a: Any, text_b: Any) -> bytes | None:
        if not (type(item_id) is str and type(prompt) is str and type(text_a) is str
                and type(text_b) is str and len(prompt) <= max_prompt
                and len(text_a) <= max_text and len(text_b) <= max_text
                and fullmatch(item_id) is not None):  # fmt: skip
            return None
        try:
            encoded = "".join((head, item_id, after_id, prompt, after_prompt, text_a, after_a,
                               text_b, tail)).encode("utf-8")  # fmt: skip
        except UnicodeEncodeError:
            return None
        if len(encoded) - len(encoded.translate(None, escaped)) == escapable:
            return encoded
        return _line(layout, [item_id, prompt, ident_a, text_a, ident_b, text_b])

    return lines


__all__ = ["PLAIN_IDENTITIES", "PLAIN_PAIR_SHAPE", "FlatItem", "PairLines", "TextItemLines",
           "plain_pair_lines"]
