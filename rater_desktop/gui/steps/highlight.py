"""Claims shown in the response text, and text selected there turned into claim input.

Claim offsets index the core's plain rendering of the Markdown (rating.text.plain_text);
the window shows the rendered HTML, whose document positions differ a little (paragraph
separators, list markers). So a claim is found by its own text, nearest to its offset,
and a selection is handed to the core as text plus a nearby position (locate_span).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextEdit

from rater_desktop.gui.text_marks import CLAIMS_LAYER, layer, set_layer
from rater_desktop.rating.model import Claim

CLAIM_COLOR = "#fde9a6"
ACTION_COLOR = "#f9d2a8"
_SEGMENT_SPLIT = re.compile(r"\n+|\s\|\s")
_MARKER = re.compile(r"^\s*(?:•|\d+[.)])\s+")


def selection_of(browser: QTextEdit) -> tuple[str, int] | None:
    """(selected text with ordinary spaces and newlines, start position), or None."""
    cursor = browser.textCursor()
    if not cursor.hasSelection():
        return None
    text = cursor.selectedText().replace("\u2029", "\n").replace("\u2028", "\n")
    text = text.replace("\u00a0", " ")
    if not text.strip():
        return None
    return text, cursor.selectionStart()


def claim_segments(text: str) -> list[str]:
    """The pieces of a claim that appear contiguously in the rendered document."""
    pieces = [_MARKER.sub("", p).strip() for p in _SEGMENT_SPLIT.split(text)]
    return [p for p in pieces if p]


def _occurrences(document: QTextDocument, piece: str) -> list[QTextCursor]:
    found: list[QTextCursor] = []
    flags = QTextDocument.FindFlag.FindCaseSensitively
    cursor = document.find(piece, 0, flags)
    while not cursor.isNull() and len(found) < 200:
        found.append(QTextCursor(cursor))
        cursor = document.find(piece, cursor.selectionEnd(), flags)
    return found


def find_claim(document: QTextDocument, claim: Claim) -> list[QTextCursor]:
    """Cursors covering the claim in the rendered document (empty if not found)."""
    cursors: list[QTextCursor] = []
    position = claim.start
    for piece in claim_segments(claim.text):
        options = _occurrences(document, piece)
        if not options:
            return []
        best = min(options, key=lambda c: abs(c.selectionStart() - position))
        cursors.append(best)
        position = best.selectionEnd()
    return cursors


def highlight_claims(browser: QTextEdit, claims: Iterable[Claim]) -> int:
    """Mark every claim in ``browser`` (its own layer: other marks stay); returns how many
    claims were found."""
    selections: list[QTextEdit.ExtraSelection] = []
    found = 0
    document = browser.document()
    for claim in claims:
        cursors = find_claim(document, claim)
        found += bool(cursors)
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(ACTION_COLOR if claim.action else CLAIM_COLOR))
        fmt.setForeground(QColor("#1f2430"))
        fmt.setToolTip(f"Claim ({'action' if claim.action else 'claim'})")
        for cursor in cursors:
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor  # type: ignore[misc]
            selection.format = fmt  # type: ignore[misc]
            selections.append(selection)
    set_layer(browser, CLAIMS_LAYER, selections)
    return found


def highlighted_texts(browser: QTextEdit) -> list[str]:
    """The claim texts currently marked in ``browser`` (for tests and accessibility)."""
    return [s.cursor.selectedText() for s in layer(browser, CLAIMS_LAYER)]
