"""Compare's selector of 2,000 items: filled a page of rows at a time, and its popup gives
every row one height instead of measuring each loaded row through Python (issue 22)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QListView

from rater_desktop.gui.qa.compare_items import ROWS_PER_FETCH, CompareItems


def test_the_selectors_popup_has_one_row_height_for_every_row(qtbot: Any) -> None:
    combo = QComboBox()
    qtbot.addWidget(combo)
    items = CompareItems(combo)
    combo.setModel(items)
    items.set_items((f"s{n:04d}", "standard") for n in range(2000))
    assert combo.count() == ROWS_PER_FETCH  # one page of rows made, not 2,000
    view = combo.view()
    assert isinstance(view, QListView) and view.uniformItemSizes()
    # Previous from the first item wraps to the last: every row is then loaded, and the
    # popup (90-160 ms to open with each row measured) still opens on it.
    combo.setCurrentIndex(items.row_of("s1999"))
    combo.show()
    combo.showPopup()
    qtbot.waitUntil(view.isVisible, timeout=5_000)
    assert combo.count() == 2000 and view.currentIndex().row() == 1999
    combo.hidePopup()
