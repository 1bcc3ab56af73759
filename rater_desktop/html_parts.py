"""A long document's HTML cut into parts of about ``PART_CHARS`` characters, so the window
can lay it out a part per event-loop turn (``gui/progressive_html``) instead of all at once.

Cuts fall only between top-level blocks; a long table becomes tables of whole rows, a
paragraph of many ``<br/>`` lines becomes zero-margin paragraphs of a few lines, and a
long paragraph is cut at spaces outside tags and entities (the same text, the same look).
"""

from __future__ import annotations

import re

from rater_desktop.memo import Memo

PART_CHARS = 2_500  # characters of HTML laid out per event-loop turn
LINES_PER_PARAGRAPH = 24
_BLOCK_END = re.compile(r"(</p>|</ul>|</ol>|</h[1-6]>|</table>|</pre>|</blockquote>|<hr ?/>)\n")
_LINE_BREAK = "<br/>"


def _packed(pieces: list[str], size: int, end: str = "") -> list[str]:
    """``pieces`` (each followed by ``end``) gathered in order into runs of about ``size``
    characters: a run takes the next piece while it fits (and its first piece anyway)."""
    runs: list[str] = []
    current = ""
    for piece in pieces:
        if current and len(current) + len(piece) > size:
            runs.append(current)
            current = ""
        current += piece + end
    if current:
        runs.append(current)
    return runs


def _split_table(block: str, size: int) -> list[str]:
    """A long ``<table>`` as several tables of whole rows (the header stays on the first)."""
    head, sep, body = block.partition("<tbody>\n")
    if not sep or len(block) <= size:
        return [block]
    rows = body.removesuffix("</table>").removesuffix("</tbody>\n").split("</tr>\n")
    rows = [row + "</tr>\n" for row in rows if row.strip()]
    groups = _packed(rows, size) or [""]
    return [(head if i == 0 else "<table>\n") + "<tbody>\n" + group + "</tbody>\n</table>"
            for i, group in enumerate(groups)]


_CUT_MARGINS = '<p style="margin-top:0; margin-bottom:0">'


def _cut_points(inner: str, size: int) -> list[int]:
    """Where a long paragraph's HTML may be cut: outside tags, entities and inline
    elements, at a space after ``size`` characters (anywhere after twice that)."""
    cuts, depth, start, i = [], 0, 0, 0
    while i < len(inner):
        char = inner[i]
        if char == "<":
            end = inner.find(">", i)
            if end < 0:
                break
            tag = inner[i + 1 : end]
            depth += -1 if tag.startswith("/") else 0 if tag.endswith("/") or tag == "br" else 1
            i = end + 1
            continue
        if depth == 0 and (i - start >= size and char == " " or i - start >= 2 * size):
            cuts.append(i)  # before an entity is fine too: "&lt;" x 20,000 has no space
            start = i
        if char == "&":
            end = inner.find(";", i, i + 12)
            i = end + 1 if end > 0 else i + 1
            continue
        i += 1
    return cuts


def _split_paragraph(block: str, size: int) -> list[str]:
    """A long ``<p>`` as paragraphs without margins between them, cut at spaces (the
    space becomes the paragraph break: the text keeps its length)."""
    if len(block) <= size or not (block.startswith("<p>") and block.endswith("</p>")):
        return [block]
    inner = block[3:-4]
    pieces, start = [], 0
    for cut in _cut_points(inner, size):
        pieces.append(inner[start:cut])
        start = cut + 1 if inner[cut] == " " else cut
    pieces.append(inner[start:])
    return [_CUT_MARGINS + piece + "</p>" for piece in pieces]


def _split_lines(block: str) -> list[str]:
    """``<p>a<br/>b<br/>...</p>`` -> paragraphs of a few lines each (no margin between)."""
    if not block.startswith("<p>") or block.count(_LINE_BREAK) <= LINES_PER_PARAGRAPH:
        return _split_paragraph(block, PART_CHARS)
    lines = block[3:].removesuffix("</p>").split(_LINE_BREAK)
    return [
        _CUT_MARGINS + _LINE_BREAK.join(lines[i : i + LINES_PER_PARAGRAPH]) + "</p>"
        for i in range(0, len(lines), LINES_PER_PARAGRAPH)
    ]


def _html_parts(html: str, size: int = PART_CHARS) -> list[str]:
    """``html`` in parts of about ``size`` characters, cut only between blocks."""
    if len(html) <= size:
        return [html]
    cut = _BLOCK_END.split(html)  # text, closing tag, text, closing tag, ...
    whole = [cut[i] + (cut[i + 1] if i + 1 < len(cut) else "") for i in range(0, len(cut), 2)]
    blocks = [piece for block in whole if block.strip()
              for table in _split_table(block.strip(), size) for piece in _split_lines(table)]
    return _packed(blocks, size, end="\n")


# remembered: the Markdown worker cuts a long text's HTML once, off the window's thread
html_parts: Memo[str, list[str]] = Memo(_html_parts, size=16)
