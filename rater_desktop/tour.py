"""The cards of a practice tour (``gui/practice.py`` shows them), as plain data: each
protocol's window parts register their own (``WindowProtocol.tour``), in that protocol's
words, so the tour over a preference or run audit item explains that protocol."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from rater_desktop.keymap import binding, key_text

CARD_CHARS = 50  # the card's text wraps at about this many characters of its font a line


def card_width(*, char_width: int, least: int, area_width: int) -> int:
    """The tour card's width: ``CARD_CHARS`` characters of its font a line (so a larger
    font, a wider card), at least ``least`` (its buttons side by side), and never wider
    than the window less a character either side."""
    wanted = max(CARD_CHARS * char_width, least)
    return max(1, min(wanted, area_width - 2 * char_width))


@dataclass(frozen=True)
class Card:
    """One stop of the tour: the object name of the part it explains (or "" for none)."""

    target: str
    title: str
    text: str
    rows: tuple[tuple[str, str], ...] = ()  # (key, what it does): shown as two columns
    closing: str = ""  # said under the rows
    tabbed_text: str = ""  # said instead while the responses show one at a time (tabs)


def card_text(card: Card, *, tabbed: bool) -> str:
    """What ``card`` says in the layout on screen: a narrow window shows the responses
    under tabs, so "side by side" would point at something the rater cannot see."""
    return card.tabbed_text if tabbed and card.tabbed_text else card.text


def keys_card(actions: Sequence[str], closing: str) -> Card:
    """The last card: each key with its label from the key table, then ``closing``."""
    rows = tuple((key_text(a), binding(a).label.replace("&", "").rstrip(".…"))
                 for a in actions)
    lines = (f"{key} \u2003{label}" for key, label in rows)
    return Card("", "Keys worth knowing", "\n".join(lines) + "\n\n" + closing,
                rows=rows, closing=closing)


def card_rich_text(card: Card) -> str | None:
    """A card with rows as a table (the keys in a column of their own, aligned); None
    for a card of plain text."""
    if not card.rows:
        return None
    cells = "".join(f"<tr><td style='padding-right:1em; white-space:nowrap'>"
                    f"{html.escape(key)}</td><td>{html.escape(label)}</td></tr>"
                    for key, label in card.rows)
    return f"<table cellspacing='0'>{cells}</table><p>{html.escape(card.closing)}</p>"
