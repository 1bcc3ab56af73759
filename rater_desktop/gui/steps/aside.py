"""Helpers laid over the window (the practice tour, the find bar): focus moving into one
leaves no rating field.

Kept apart from ``visits`` because the find bar is built before the first paint, and
``visits`` brings the rating core with it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

ASIDE_PROPERTY = "focusLeavesNoField"


def mark_aside(widget: QWidget) -> QWidget:
    """Focus moving into ``widget`` (a helper: the practice tour, the find bar) leaves no
    field (see ``FocusTrail``)."""
    widget.setProperty(ASIDE_PROPERTY, True)
    return widget


def in_aside(widget: QWidget) -> bool:
    """Whether ``widget`` is inside a helper marked by ``mark_aside``."""
    node: QWidget | None = widget
    while node is not None:
        if node.property(ASIDE_PROPERTY) is True:
            return True
        node = node.parentWidget()
    return False
