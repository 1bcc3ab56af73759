"""The cards of a practice tour (``gui/practice.py`` shows them), as plain data: each
protocol's window parts register their own (``WindowProtocol.tour``), in that protocol's
words, so the tour over a preference or run audit item explains that protocol."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rater_desktop.keymap import binding, key_text


@dataclass(frozen=True)
class Card:
    """One stop of the tour: the object name of the part it explains (or "" for none)."""

    target: str
    title: str
    text: str


def keys_card(actions: Sequence[str], closing: str) -> Card:
    """The last card: each key with its label from the key table, then ``closing``."""
    lines = (f"{key_text(a)} \u2003{binding(a).label.replace('&', '').rstrip('.…')}"
             for a in actions)
    return Card("", "Keys worth knowing", "\n".join(lines) + "\n\n" + closing)
