"""Edit > Undo / Redo of the guideline's window: named after the edit they take back."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction

from rater_desktop.gui.main_actions import MainActions
from rater_desktop.rating.edit_names import menu_text
from rater_desktop.rating.service import RatingService


def sync_edit_actions(acts: MainActions, service: RatingService | None) -> None:
    """Undo / Redo name the edit they would take back and are enabled only then."""
    named: dict[QAction, tuple[str, tuple[str, ...]]]
    label: Callable[[int], str] = str
    if service is None or service.current_item_id is None:
        named = {acts.undo: ("Undo", ()), acts.redo: ("Redo", ())}
    else:
        named = {acts.undo: ("Undo", service.undo_fields()),
                 acts.redo: ("Redo", service.redo_fields())}
        label = service.order.display_label
    for action, (verb, fields) in named.items():
        action.setText(menu_text(verb, fields, label))
        action.setEnabled(bool(fields))
