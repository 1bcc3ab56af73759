"""An item marked unsure shows it in its item list row: a bold "?" at the end of its id,
the reason in its tooltip and accessible text, live as the rater marks or unmarks it, and
again when the batch is reopened; in both protocols' windows, at any font size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from batchkit import batch_files, item, write_folder
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from steps_kit import open_rated_window

from rater_desktop.batch.model import IndexEntry
from rater_desktop.gui.item_list import UNSURE_ROLE, ItemListPanel
from rater_desktop.gui.item_marks import mark_room
from rater_desktop.gui.learning_flow import UNSURE_ACTION
from rater_desktop.gui.preference.binding import PreferenceBinding
from rater_desktop.gui.rating_binding import RatingBinding
from rater_desktop.learning.unsure import LIST_MARK, make_mark
from rater_desktop.rating.store import MemoryRatingStore

UNSURE = {"unsure": {"reasons": ["I do not know the topic", "Both equally wrong"]}}
ITEMS = [item("s-1", shots=False), item("s-2", shots=False), item("s-3", shots=False)]
TIP = Qt.ItemDataRole.ToolTipRole
SAID = Qt.ItemDataRole.AccessibleTextRole


def _row(window: Any, item_id: str) -> tuple[str, str, str, str]:
    """The row's mark (as drawn: the glyph or nothing), its unsure line, the id cell's
    tooltip and accessible text."""
    cell = window.item_list.model.index(window.item_list.model.row_of(item_id), 0)
    line = cell.data(UNSURE_ROLE) or ""
    return (LIST_MARK if line else "", line, cell.data(TIP) or "", cell.data(SAID) or "")


def _mark(window: Any, flow: Any, reply: Any) -> None:
    flow.ask_unsure = lambda _w, reasons, _current: reply(reasons)
    window.findChild(QAction, UNSURE_ACTION).trigger()


def _set(reasons: Any) -> Any:
    return ("set", make_mark(reasons, reasons[1], "the returns"))


def _clear(_reasons: Any) -> Any:
    return ("clear", None)


def _check_live(window: Any, flow: Any) -> None:
    window.item_list.select_item("s-1")
    assert _row(window, "s-1")[0] == ""
    _mark(window, flow, _set)
    mark, tip, id_tip, said = _row(window, "s-1")
    assert mark == LIST_MARK
    assert tip == "Unsure: Both equally wrong: the returns"
    assert tip in id_tip and said.endswith("marked unsure")
    window.item_list.select_item("s-2")  # another item open: the row keeps its mark
    assert _row(window, "s-1")[0] == LIST_MARK
    assert _row(window, "s-2")[0] == ""
    window.item_list.filter_combo.setCurrentIndex(
        window.item_list.filter_combo.findData("unsure"))
    assert window.item_list.visible_item_ids() == ["s-1"]
    window.item_list.filter_combo.setCurrentIndex(0)
    _mark(window, flow, _set)
    _mark(window, flow, _clear)  # the mark of s-2 taken off again
    window.item_list.select_item("s-1")
    _mark(window, flow, _clear)
    assert _row(window, "s-1")[0] == "" and "unsure" not in _row(window, "s-1")[3]
    _mark(window, flow, _set)


def test_the_guideline_window_marks_unsure_rows_live_and_after_reopening(
        qtbot: Any, make_window: Callable[..., Any], tmp_path: Path) -> None:
    store = MemoryRatingStore()
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                store=store, items=ITEMS, **UNSURE)
    _check_live(window, binding.learning)
    path = window.batch_path
    window.close_current_batch()
    assert window.item_list.model.mark("s-1") == ""
    again = make_window()
    RatingBinding(again, store=store, rater_id="rater-1")
    assert again.open_batch_path(path)
    assert again.item_list.current_item_id() == "s-1"
    again.item_list.select_item("s-3")
    assert _row(again, "s-1")[0] == LIST_MARK and _row(again, "s-3")[0] == ""


def test_the_preference_window_marks_unsure_rows_too(
        make_window: Callable[..., Any], tmp_path: Path) -> None:
    root = write_folder(tmp_path / "p", batch_files(ITEMS, protocol="preference", **UNSURE))
    window = make_window()
    store = MemoryRatingStore()
    RatingBinding(window, store=store, rater_id="r1")
    preference = PreferenceBinding(window, store=store, rater_id="r1")
    window.show()
    assert window.open_batch_path(str(root))
    _check_live(window, preference.learning)


def _ink(panel: ItemListPanel, row: int) -> int:
    """Text-coloured pixels in the id cell's right end (a mark's room) of ``row``."""
    view = panel.view
    rect = view.visualRect(panel.proxy.index(row, 0))
    room = mark_room(view.font())
    image = view.viewport().grab(rect.adjusted(rect.width() - 2 * room, 0, 0, 0)).toImage()
    background = image.pixelColor(0, 0)
    return sum(1 for x in range(image.width()) for y in range(image.height())
               if abs(image.pixelColor(x, y).lightness() - background.lightness()) > 60)


def test_a_marked_row_draws_its_mark_after_the_id_at_any_font(qtbot: Any) -> None:
    panel = ItemListPanel()
    qtbot.addWidget(panel)
    panel.resize(panel.sizeHint().width() * 2, panel.sizeHint().height())
    panel.set_entries([IndexEntry(item_id=f"item-{n}", line=n + 1, offset=0, length=1)
                       for n in range(3)])
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_marks({"item-1": "Unsure: Other"})
    QApplication.processEvents()
    assert _ink(panel, 0) == 0 and _ink(panel, 2) == 0  # short ids: the cells' ends empty
    assert _ink(panel, 1) > 0
    points = panel.view.font().pointSizeF()
    panel.setStyleSheet(f"* {{ font-size: {3 * points}pt; }}")  # as the themes set it
    QApplication.processEvents()
    assert _ink(panel, 1) > 0 and _ink(panel, 0) == 0
    panel.set_marks({})
    QApplication.processEvents()
    assert _ink(panel, 1) == 0
