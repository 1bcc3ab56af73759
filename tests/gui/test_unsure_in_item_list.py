"""An item marked unsure shows it in its item list row: a mark beside the id, the reason
in its tooltip and accessible text, live as the rater marks or unmarks it, and again when
the batch is reopened; in both protocols' windows, at any font size."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from batchkit import batch_files, item, write_folder
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from steps_kit import open_rated_window

from rater_desktop.gui.item_list import UNSURE_COLUMN, ItemListPanel
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
    """The unsure cell's text and tooltip, the id cell's tooltip and accessible text."""
    model = window.item_list.model
    row = model.row_of(item_id)
    cell, id_cell = model.index(row, UNSURE_COLUMN), model.index(row, 0)
    return (cell.data() or "", cell.data(TIP) or "", id_cell.data(TIP) or "",
            id_cell.data(SAID) or "")


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
    view = window.item_list.view
    assert view.isColumnHidden(UNSURE_COLUMN)  # no item marked: no room taken from the ids
    _mark(window, flow, _set)
    assert not view.isColumnHidden(UNSURE_COLUMN)
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
    assert view.isColumnHidden(UNSURE_COLUMN)
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
    assert not again.item_list.view.isColumnHidden(UNSURE_COLUMN)


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


def test_the_unsure_column_holds_its_mark_at_a_large_font(qtbot: Any) -> None:
    panel = ItemListPanel()
    qtbot.addWidget(panel)
    panel.set_marks({"item-1": "Unsure: Other"})
    header = panel.view.header()
    assert header.visualIndex(UNSURE_COLUMN) == 1  # beside the id
    normal = header.sectionSize(UNSURE_COLUMN)
    assert normal > panel.view.fontMetrics().horizontalAdvance(LIST_MARK)
    points = panel.view.font().pointSizeF()
    panel.setStyleSheet(f"* {{ font-size: {3 * points}pt; }}")  # as the themes set it
    QApplication.processEvents()
    assert header.sectionSize(UNSURE_COLUMN) > panel.view.fontMetrics().horizontalAdvance(
        LIST_MARK)
    assert header.sectionSize(UNSURE_COLUMN) > 1.5 * normal
    fits = panel.view.minimumWidth() - header.sectionSize(UNSURE_COLUMN)
    assert fits > panel.view.fontMetrics().horizontalAdvance("item-0000")
