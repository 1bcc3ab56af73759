"""The plain-text rendering of a response, and verbatim claim spans inside it.

Claims are offsets into ``plain_text(response.text)``; the rendering is deterministic so
offsets stay valid across sessions and machines. Rendering rules: blocks separated by a
blank line, list items one per line with "• " or "1. " (nested lists indented by two
spaces), table rows one per line with cells joined by " | ", links as their text, code as
is, raw HTML shown as literal text (never interpreted).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from rater_desktop.rating.model import Claim
from rater_desktop.render_markdown import formatting_allowed

BULLET = "• "
_MD = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])


@dataclass
class _ListLevel:
    ordered: bool
    number: int


@dataclass
class _Renderer:
    parts: list[str] = field(default_factory=list)
    lists: list[_ListLevel] = field(default_factory=list)
    pending_prefix: str = ""
    loose_next: bool = False
    in_table: bool = False
    row: list[str] = field(default_factory=list)

    def emit(self, text: str) -> None:
        if self.parts:
            tight = (self.lists or self.in_table) and not self.loose_next
            self.parts.append("\n" if tight else "\n\n")
        self.loose_next = False
        depth = len(self.lists)
        if depth:
            indent = "  " * (depth - 1)
            lead = indent + (self.pending_prefix or "  ")
            self.pending_prefix = ""
            text = lead + text.replace("\n", "\n" + indent + "  ")
        self.parts.append(text)

    def open_list(self, token: Token, ordered: bool) -> None:
        start = int(token.attrGet("start") or 1) if ordered else 1
        if not self.lists:
            self.loose_next = True
        self.lists.append(_ListLevel(ordered=ordered, number=start))

    def close_list(self) -> None:
        self.lists.pop()
        if not self.lists:
            self.loose_next = True

    def open_item(self) -> None:
        level = self.lists[-1]
        if level.ordered:
            self.pending_prefix = f"{level.number}. "
            level.number += 1
        else:
            self.pending_prefix = BULLET


def _inline_text(token: Token) -> str:
    out: list[str] = []
    for child in token.children or []:
        kind = child.type
        if kind in ("text", "code_inline", "html_inline"):
            out.append(child.content)
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("\n")
        elif kind == "image":
            out.append(_inline_text(child) if child.children else child.content)
    return "".join(out)


def _handle_table_token(r: _Renderer, token: Token, inline_seen: bool) -> None:
    kind = token.type
    if kind == "table_open":
        r.in_table, r.loose_next = True, True
    elif kind == "table_close":
        r.in_table, r.loose_next = False, True
    elif kind == "tr_open":
        r.row = []
    elif kind == "tr_close":
        r.emit(" | ".join(r.row))
    elif kind in ("th_close", "td_close") and not inline_seen:
        r.row.append("")


def _render(tokens: list[Token]) -> str:
    r = _Renderer()
    cell_has_inline = False
    for token in tokens:
        kind = token.type
        if kind == "inline":
            if r.in_table:
                r.row.append(_inline_text(token).strip())
                cell_has_inline = True
            else:
                r.emit(_inline_text(token))
        elif kind in ("fence", "code_block", "html_block"):
            r.emit(token.content.rstrip("\n"))
        elif kind in ("bullet_list_open", "ordered_list_open"):
            r.open_list(token, ordered=kind == "ordered_list_open")
        elif kind in ("bullet_list_close", "ordered_list_close"):
            r.close_list()
        elif kind == "list_item_open":
            r.open_item()
        elif kind in ("th_open", "td_open"):
            cell_has_inline = False
        elif kind.startswith(("table", "tr_", "th_", "td_")):
            _handle_table_token(r, token, cell_has_inline)
    return "".join(r.parts)


@lru_cache(maxsize=16)
def plain_text(markdown: str) -> str:
    """The response's plain text: what claim offsets index into.

    A text over the window's formatting budget is shown as written, so its plain text
    is the text itself (line ends normalised).
    """
    if not formatting_allowed(markdown):
        return markdown.replace("\r\n", "\n").replace("\r", "\n")
    return _render(_MD.parse(markdown))


def make_claim(plain: str, start: int, end: int, *, claim_id: str = "") -> Claim:
    """A claim for ``plain[start:end]`` (surrounding whitespace trimmed); verbatim by design."""
    if not (0 <= start < end <= len(plain)):
        raise ValueError(f"claim span [{start}, {end}) is outside the response text")
    while start < end and plain[start].isspace():
        start += 1
    while end > start and plain[end - 1].isspace():
        end -= 1
    if start == end:
        raise ValueError("a claim cannot be empty or only whitespace")
    return Claim(id=claim_id, start=start, end=end, text=plain[start:end])


# Between two words of a selection the window may show other whitespace, or drop the list
# bullets/numbers and table bars that the plain text contains.
_MARKER_WORD = re.compile(r"^(?:[•|]|\d+[.)])$")
_TOKEN = re.compile(r"\S+")


@lru_cache(maxsize=16)
def _tokens(plain: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in _TOKEN.finditer(plain))


def _match_from(
    plain: str, tokens: tuple[tuple[int, int], ...], k: int, words: list[str]
) -> tuple[int, int] | None:
    """Match ``words`` starting at token ``k``: first word a token suffix, last a prefix."""
    first_start, first_end = tokens[k]
    if not plain[first_start:first_end].endswith(words[0]):
        return None
    j, last = k + 1, len(words) - 1
    for i in range(1, len(words)):
        while True:
            if j >= len(tokens):
                return None
            text = plain[tokens[j][0] : tokens[j][1]]
            if (text.startswith(words[i]) if i == last else text == words[i]):
                break
            if not _MARKER_WORD.match(text):
                return None
            j += 1
        j += 1
    return first_end - len(words[0]), tokens[j - 1][0] + len(words[-1])


def _occurrences(plain: str, words: list[str]) -> list[tuple[int, int]]:
    if len(words) == 1:
        found, at = [], plain.find(words[0])
        while at != -1:
            found.append((at, at + len(words[0])))
            at = plain.find(words[0], at + 1)
        return found
    tokens = _tokens(plain)
    spans = (_match_from(plain, tokens, k, words) for k in range(len(tokens)))
    return [span for span in spans if span is not None]


def locate_span(plain: str, selected: str, near: int | None = None) -> tuple[int, int] | None:
    """Where a selection made in the window sits in ``plain``, or None if it is not there.

    Whitespace differences (non-breaking spaces, paragraph separators, missing bullets,
    numbers and table bars) are tolerated; the selection may start or end inside a word.
    Of several occurrences, the one starting nearest ``near`` wins (the first if None).
    """
    words = selected.split()
    if not words:
        return None
    content = words
    while content and _MARKER_WORD.match(content[0]):
        content = content[1:]
    found = _occurrences(plain, content or words)
    if not found:
        return None
    if near is None:
        return found[0]
    return min(found, key=lambda span: (abs(span[0] - near), span[0]))
