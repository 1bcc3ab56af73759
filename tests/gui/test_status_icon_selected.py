"""The current item's status icon reads on its selected row in both themes.

Seen under Xvfb at 1366x768 in the dark theme: Qt's selected mode tinted the icons toward
the selection's blue, the "not started" ring #7287b2 on #3d6bd0 (1.3:1), "complete" 1.5:1:
the status of the item being rated was the one that could not be seen. Now the icon is
drawn as it is on a disc of the list's base colour, and its colours read at 3:1 (WCAG
non-text) on the list's rows (the light theme's amber "in progress" was 2.6:1)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from rater_desktop.batch.model import IndexEntry
from rater_desktop.contrast import contrast_ratio
from rater_desktop.gui.item_list import ItemListModel, ItemProgress
from rater_desktop.gui.theme import _PALETTES, apply_theme, current_theme

NON_TEXT_MINIMUM = 3.0
STATES = ("not_started", "in_progress", "complete", "flagged")


def _colors(icon: QIcon, mode: QIcon.Mode) -> set[str]:
    image = icon.pixmap(32, 32, mode).toImage()
    return {image.pixelColor(x, y).name() for y in range(image.height())
            for x in range(image.width()) if image.pixelColor(x, y).alpha() == 255}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_selected_rows_status_icon_keeps_its_colours(qapp: Any, theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = current_theme(app)
    apply_theme(app, theme)
    try:
        model = ItemListModel()
        model.set_entries([IndexEntry(item_id=s, line=i + 1, offset=i * 10, length=10)
                           for i, s in enumerate(STATES)])
        model.set_status_provider(lambda item_id: ItemProgress(item_id, 0.0))
        for row, state in enumerate(STATES):
            icon = model.index(row, 0).data(Qt.ItemDataRole.DecorationRole)
            assert isinstance(icon, QIcon), state
            normal, selected = _colors(icon, QIcon.Mode.Normal), _colors(icon, QIcon.Mode.Selected)
            base, alt = _PALETTES[theme]["base"], _PALETTES[theme]["alt"]
            ink = max(normal, key=lambda c: contrast_ratio(c, base))
            assert ink in selected, (state, ink, sorted(selected)[:5])  # not tinted
            assert base in selected, state  # on a disc of the list's own background
            for row_color in (base, alt):  # and on an unselected row, plain or alternate
                assert contrast_ratio(ink, row_color) >= NON_TEXT_MINIMUM, (state, row_color)
    finally:
        apply_theme(app, before)
