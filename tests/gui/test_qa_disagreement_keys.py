"""The Disagreements list walked from the keyboard: the arrow, page and Home / End keys
move the selection and stay in the list; Enter or Return opens the current row in
Compare, as a click on a row does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from qa_window_kit import Setup, build_setup, make_qa_window, result_files

from rater_desktop.gui.qa.disagreement_panel import DisagreementPanel
from rater_desktop.gui.qa.window import QaWindow
from rater_desktop.qa.disagreement import ItemDisagreement
from rater_desktop.qa_review.review_state import JudgedItem

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _listing(qtbot: Any, setup: Setup, settings: QSettings, keyring: Any) -> QaWindow:
    """The QA window with three raters' results, shown and active, on Disagreements with
    its list focused."""
    window = make_qa_window(qtbot, setup, settings=settings, keyring=keyring, errors=[])
    assert window.import_paths(result_files(setup, "alice", "bob", "carol"))
    qtbot.waitUntil(lambda: not window.runner.busy and len(window.state.raters) == 3,
                    timeout=30_000)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    listing = window.view.disagreements
    qtbot.waitUntil(lambda: listing.isVisible() and listing.rows.total >= 4, timeout=10_000)
    listing.table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(listing.table.hasFocus, timeout=2_000)
    return window


def _row(window: QaWindow) -> int:
    table = window.view.disagreements.table
    rows = table.selectionModel().selectedRows()
    assert [r.row() for r in rows] == [table.currentIndex().row()]  # one row, the current
    return rows[0].row()


def test_walking_the_list_stays_in_it_and_enter_opens_the_row_in_compare(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _listing(qtbot, setup, temp_settings, memory_keyring)
    listing = window.view.disagreements
    table = listing.table
    last = listing.rows.total - 1
    walk = ((Qt.Key.Key_Home, 0), (Qt.Key.Key_Down, 1), (Qt.Key.Key_Down, 2),
            (Qt.Key.Key_Up, 1), (Qt.Key.Key_End, last), (Qt.Key.Key_PageUp, 0),
            (Qt.Key.Key_PageDown, last), (Qt.Key.Key_Home, 0), (Qt.Key.Key_Down, 1))
    for key, row in walk:
        qtbot.keyClick(table, key)
        assert _row(window) == row, key
        assert window.tabs.currentWidget() is listing and table.hasFocus(), key
    compare_built = window.view.built("compare")
    assert not compare_built or not window.view.compare.isVisible()
    chosen = listing.rows.item_at(1)
    qtbot.keyClick(table, Qt.Key.Key_Return)
    compare = window.view.compare
    assert compare.isVisible() and compare.item_id == chosen
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)  # back: the list kept its place
    assert _row(window) == 1
    table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    qtbot.keyClick(table, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert compare.isVisible() and compare.item_id == listing.rows.item_at(2)


def test_a_click_on_a_row_opens_it_in_compare_even_the_row_already_selected(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = _listing(qtbot, setup, temp_settings, memory_keyring)
    listing = window.view.disagreements
    table = listing.table
    qtbot.keyClick(table, Qt.Key.Key_End)
    spot = table.visualRect(table.currentIndex()).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    compare = window.view.compare
    assert compare.isVisible() and compare.item_id == listing.rows.item_at(_row(window))


def test_end_reaches_the_last_of_rows_not_loaded_and_only_enter_or_a_click_opens(
        qtbot: Any) -> None:
    raters = ("alice", "bob")
    items = [ItemDisagreement(item_id=f"item-{n:04d}", raters=raters,
                              verdict_spread=float(n % 7), score_spreads={0: {"tc": 1.0}},
                              claim_clusters=()) for n in range(2000)]
    panel = DisagreementPanel()
    qtbot.addWidget(panel)
    panel.set_data(items, {d.item_id: JudgedItem("standard", (-3, 3)) for d in items}, {})
    panel.show()
    qtbot.waitExposed(panel)
    opened: list[str] = []
    panel.itemActivated.connect(opened.append)
    table = panel.table
    assert panel.rows.rowCount() < 2000  # a part loaded, the rest when asked for
    table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(table.hasFocus, timeout=2_000)
    for key, modifier in ((Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier),
                          (Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier),
                          (Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)):
        qtbot.keyClick(table, key, modifier)
    assert table.currentIndex().row() == 1999
    assert panel.rows.item_at(1999) == panel.visible_items()[-1].item_id
    assert table.visualRect(table.currentIndex()).intersects(table.viewport().rect())
    for key in (Qt.Key.Key_Up, Qt.Key.Key_PageUp, Qt.Key.Key_Home, Qt.Key.Key_Down):
        qtbot.keyClick(table, key)
    assert opened == [] and table.currentIndex().row() == 1
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert opened == [panel.rows.item_at(1)]
