"""Compare from the keyboard alone: previous / next item from whatever of the tab has the
focus, the QA decision saved by key as a click saves it, the cursor into the QA note, and
none of it while typing in the note or while another tab is shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QScrollArea, QWidget
from qa_window_kit import Setup, build_setup, compare_window, stored_decision

from rater_desktop.gui.steps.help import help_text
from rater_desktop.keymap import key_text
from rater_desktop.qa_review.adjudication import Decision

ALT, CTRL = Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ControlModifier
DECISION_KEYS = {Decision.ACCEPT: Qt.Key.Key_1, Decision.NEEDS_FIX: Qt.Key.Key_2,
                 Decision.REJECT: Qt.Key.Key_3}


@pytest.fixture
def setup(tmp_path: Path, memory_keyring: Any) -> Setup:
    return build_setup(tmp_path, memory_keyring)


def _focus(qtbot: Any, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=2_000)


def test_previous_and_next_keys_move_from_the_note_the_selector_and_the_answers(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    items = [compare.items.item_at(row) for row in range(compare.items.total)]
    note = compare.adjudication.note
    _focus(qtbot, note)
    qtbot.keyClick(note, Qt.Key.Key_Right, ALT)
    assert compare.item_id == items[1] and compare.combo.currentIndex() == 1
    assert note.hasFocus()  # the reviewer goes on where they were
    _focus(qtbot, compare.combo)
    qtbot.keyClick(compare.combo, Qt.Key.Key_PageDown, CTRL)
    assert compare.item_id == items[2]
    qtbot.keyClick(compare.combo, Qt.Key.Key_Left, ALT)
    assert compare.item_id == items[1]
    _focus(qtbot, compare.answers)
    qtbot.keyClick(compare.answers, Qt.Key.Key_PageUp, CTRL)
    assert compare.item_id == items[0]
    qtbot.keyClick(compare.answers, Qt.Key.Key_Left, ALT)  # from the first, the last
    assert compare.item_id == items[-1]
    # The buttons' tooltips name the keys, as the F1 sheet does.
    assert compare.next.toolTip() == "Next item (Alt+Right or Ctrl+PgDown)"
    assert compare.previous.toolTip() == "Previous item (Alt+Left or Ctrl+PgUp)"


def test_a_decision_key_saves_as_a_click_and_next_goes_on(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    panel = compare.adjudication
    first = compare.item_id
    assert first is not None and stored_decision(window, first) is None
    _focus(qtbot, compare.combo)
    for decision, key in DECISION_KEYS.items():
        qtbot.keyClick(compare.combo, key, ALT)
        assert panel.chosen() is decision
        assert stored_decision(window, first) == (decision.value, "")
        assert panel.status.text().startswith(f"Saved: {decision.label}, ")
        assert compare.combo.hasFocus()  # the key chose; the focus stayed put
    listing = window.view.disagreements
    decided = {listing.text(r, 0): listing.text(r, 8) for r in range(listing.rows.total)}
    assert decided[first] == "Reject"  # the listing was told, as after a click
    qtbot.keyClick(compare.combo, Qt.Key.Key_Right, ALT)
    assert compare.item_id != first and panel.chosen() is None
    assert panel.status.text() == "No decision yet."
    assert [panel.buttons[d].toolTip() for d in Decision] == [
        "Accept (Alt+1)", "Needs fix (Alt+2)", "Reject (Alt+3)"]
    rows = [line for line in help_text("shortcuts.md").splitlines() if line.startswith("| ")]
    assert f"| {key_text('qa_decision')} |" in "\n".join(rows)
    assert any(row.startswith("| Alt+N |") and "QA note" in row for row in rows)


def test_keys_typed_in_the_note_are_text_and_alt_n_puts_the_cursor_there(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    panel = compare.adjudication
    item = compare.item_id
    assert item is not None
    panel.buttons[Decision.ACCEPT].click()
    _focus(qtbot, compare.combo)
    qtbot.keyClick(compare.combo, Qt.Key.Key_N, ALT)
    assert panel.note.hasFocus()
    assert panel.note.toolTip() == "QA note (Alt+N)"
    qtbot.keyClicks(panel.note, "1 2 3 needs fix, reject")
    assert panel.note.toPlainText() == "1 2 3 needs fix, reject"
    assert panel.chosen() is Decision.ACCEPT
    qtbot.waitUntil(lambda: stored_decision(window, item) == ("accept", "1 2 3 needs fix, reject"),
                    timeout=3_000)
    # Alt+3 from the note: the decision changes, the note and its cursor stay.
    qtbot.keyClick(panel.note, Qt.Key.Key_3, ALT)
    assert stored_decision(window, item) == ("reject", "1 2 3 needs fix, reject")
    assert panel.note.hasFocus()


def _in_view(widget: QWidget, area: QScrollArea) -> bool:
    viewport = area.viewport()
    corner = widget.mapTo(viewport, widget.rect().topLeft())
    return viewport.rect().contains(QRect(corner, widget.size()))


def test_alt_n_scrolls_the_note_into_view_on_a_small_screen(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    window.showNormal()
    window.resize(853, 480)
    qtbot.waitUntil(lambda: window.size().toTuple() == (853, 480), timeout=5_000)
    qtbot.wait(50)  # the column's layout after the resize
    area = compare.findChild(QScrollArea, "qaDecisionScroll")
    note = compare.adjudication.note
    assert not _in_view(note, area)  # a scroll away at this size
    _focus(qtbot, compare.combo)
    qtbot.keyClick(compare.combo, Qt.Key.Key_N, ALT)
    assert note.hasFocus() and _in_view(note, area)


def test_compare_keys_do_nothing_while_another_tab_is_shown(
        qtbot: Any, setup: Setup, temp_settings: QSettings, memory_keyring: Any) -> None:
    window = compare_window(qtbot, setup, temp_settings, memory_keyring)
    compare = window.view.compare
    shown = compare.item_id
    assert shown is not None
    # Results files with its list focused, then Disagreements with its list focused (its
    # keys walk the list; only Enter or a click opens Compare).
    pages: tuple[tuple[Qt.Key, QWidget], ...] = (
        (Qt.Key.Key_1, window.files_panel.tree), (Qt.Key.Key_2, window.view.disagreements.table))
    for tab, page in pages:
        qtbot.keyClick(window, tab, CTRL)
        assert not compare.isVisible()
        if page.focusPolicy() != Qt.FocusPolicy.NoFocus:
            _focus(qtbot, page)
        for key, modifier in ((Qt.Key.Key_Right, ALT), (Qt.Key.Key_PageDown, CTRL),
                              (Qt.Key.Key_Left, ALT), (Qt.Key.Key_1, ALT),
                              (Qt.Key.Key_N, ALT)):
            qtbot.keyClick(page, key, modifier)
        assert not compare.isVisible()
    assert compare.item_id == shown and stored_decision(window, shown) is None
    assert not compare.adjudication.note.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_3, CTRL)  # Compare again: the keys are back
    qtbot.keyClick(window, Qt.Key.Key_Right, ALT)
    assert compare.item_id != shown
