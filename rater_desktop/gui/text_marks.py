"""Layers of extra selections on one text view, so independent marks never clobber each other.

QTextEdit keeps a single list of extra selections; the claim highlights (steps/highlight.py)
and the find-in-responses matches (find_bar.py) each own a named layer here, and the view
always shows every layer together (later layers paint over earlier ones).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QTextEdit

CLAIMS_LAYER = "claims"
FIND_LAYER = "find"
LAYER_ORDER = (CLAIMS_LAYER, FIND_LAYER)
_STORE = "_rater_mark_layers"  # a plain Python attribute on the view's wrapper


def _layers(view: QTextEdit) -> dict[str, list[QTextEdit.ExtraSelection]]:
    layers = getattr(view, _STORE, None)
    if not isinstance(layers, dict):
        layers = {}
        setattr(view, _STORE, layers)
    return layers


def set_layer(view: QTextEdit, layer: str,
              selections: Iterable[QTextEdit.ExtraSelection]) -> None:
    """Replace one layer's selections and show all layers of ``view`` together."""
    layers = _layers(view)
    layers[layer] = list(selections)
    rank = {name: index for index, name in enumerate(LAYER_ORDER)}
    combined: list[QTextEdit.ExtraSelection] = []
    for name in sorted(layers, key=lambda n: rank.get(n, len(rank))):
        combined.extend(layers[name])
    view.setExtraSelections(combined)


def layer(view: QTextEdit, name: str) -> list[QTextEdit.ExtraSelection]:
    """The selections of one layer (empty if never set)."""
    return list(_layers(view).get(name, []))
