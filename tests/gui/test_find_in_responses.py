"""Ctrl+F: find in both responses, counts, next / previous, Esc, claims stay marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from batchkit import item, response
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from steps_kit import fill_case_file, open_rated_window

from rater_desktop.gui.find_bar import CURRENT_COLOR, MATCH_COLOR
from rater_desktop.gui.steps.highlight import highlighted_texts
from rater_desktop.gui.text_marks import CLAIMS_LAYER, FIND_LAYER, layer
from rater_desktop.rating.model import Step

QUERY = "the"


def _expected(window: Any, query: str) -> dict[str, int]:
    return {side: pane.text_browser.toPlainText().lower().count(query)
            for side, pane in window.item_view.panes.items()}


def _backgrounds(window: Any, side: str) -> list[str]:
    view = window.item_view.panes[side].text_browser
    return [s.format.background().color().name() for s in layer(view, FIND_LAYER)]


def _reveal(binding: Any) -> None:
    """Write a minimal case file and move on, so the responses are uncovered."""
    from rater_desktop.rating.model import SubRequestKind

    service = binding.service
    service.set_main_goal("Find an umbrella")
    service.add_sub_request(SubRequestKind.LOCATION, "Anywhere")
    service.set_step(Step.TASK_COMPLETION)


def _open_find(qtbot: Any, window: Any, query: str) -> Any:
    window.actions_.find.trigger()
    bar = window.find_bar
    assert bar.isVisible() and bar.field.hasFocus()
    qtbot.keyClicks(bar.field, query)
    return bar


def test_shortcuts_find_is_ctrl_f_and_item_search_ctrl_g(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    assert window.actions_.find.shortcut() == QKeySequence("Ctrl+F")
    assert window.actions_.find.objectName() == "actionFindInResponses"
    assert window.actions_.search.shortcut() == QKeySequence("Ctrl+G")
    window.actions_.search.trigger()
    assert window.item_list.search.hasFocus()


def test_find_counts_highlights_and_steps_through_both_panes(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    _reveal(binding)
    expected = _expected(window, QUERY)
    total = sum(expected.values())
    assert expected["A"] and expected["B"]  # the query occurs in both responses
    bar = _open_find(qtbot, window, "THE")  # case-insensitive
    assert bar.count.text() == f"1 of {total}"
    assert bar.field.objectName() == "findField" and bar.field.accessibleName()
    for side in ("A", "B"):
        assert len(_backgrounds(window, side)) == expected[side]
        view = window.item_view.panes[side].text_browser
        assert all(s.cursor.selectedText().lower() == QUERY for s in layer(view, FIND_LAYER))
    first = bar.matches[0].side
    assert _backgrounds(window, first)[0] == CURRENT_COLOR
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    assert bar.count.text() == f"2 of {total}"
    qtbot.keyClick(bar.field, Qt.Key.Key_F3)
    assert bar.count.text() == f"3 of {total}"
    qtbot.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(bar.field, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert bar.count.text() == f"1 of {total}"
    qtbot.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert bar.count.text() == f"{total} of {total}"  # wraps around
    last = bar.matches[-1].side
    assert _backgrounds(window, last)[-1] == CURRENT_COLOR
    assert _backgrounds(window, first)[0] == MATCH_COLOR
    bar.field.setText("no such words here")
    assert bar.count.text() == "No matches"
    assert _backgrounds(window, "A") == [] and _backgrounds(window, "B") == []
    bar.field.setText(QUERY)
    qtbot.keyClick(bar.field, Qt.Key.Key_Escape)
    assert bar.isHidden()
    assert _backgrounds(window, "A") == [] and _backgrounds(window, "B") == []
    window.actions_.find.trigger()  # opens again on the same query, all of it selected
    assert bar.field.selectedText() == QUERY and bar.count.text() == f"1 of {total}"


def test_claim_highlights_survive_a_search(qtbot: Any, make_window: Any,
                                           tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    fill_case_file(qtbot, binding)
    service = binding.service
    assert service is not None
    service.set_step(Step.TASK_COMPLETION)
    service.set_step(Step.CLAIMS)
    label = "A" if "Red Classic" in window.item_view.panes["A"].text_browser.toPlainText() \
        else "B"
    view = window.item_view.panes[label].text_browser
    service.add_claim_from_selection(service.order.true_index(label),
                                     "The Red Classic costs $18.99")
    qtbot.waitUntil(lambda: highlighted_texts(view) == ["The Red Classic costs $18.99"])
    bar = _open_find(qtbot, window, "classic")
    assert bar.count.text() == "1 of 2"
    assert highlighted_texts(view) == ["The Red Classic costs $18.99"]
    shown = [s.cursor.selectedText() for s in view.extraSelections()]
    assert shown == ["The Red Classic costs $18.99", "Classic", "Classic"]  # both at once
    service.add_claim_from_selection(service.order.true_index(label),
                                     "I added the Red Classic to your cart.")
    qtbot.waitUntil(lambda: len(highlighted_texts(view)) == 2)
    assert len(layer(view, FIND_LAYER)) == 2  # a new claim keeps the find marks
    bar.close_bar()
    assert [s.cursor.selectedText() for s in view.extraSelections()] == \
        [s.cursor.selectedText() for s in layer(view, CLAIMS_LAYER)]
    assert len(view.extraSelections()) == 2


def test_switching_items_searches_again_and_scrolls_to_the_match(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    long_text = "\n\n".join(f"Paragraph {n} about umbrellas." for n in range(80))
    items = [item("item-1", responses=[response("m1", long_text + "\n\nThe needle is here."),
                                       response("m2", "No match on this side.")]),
             item("item-2", responses=[response("m1", "A needle and another needle."),
                                       response("m2", "One more needle.")])]
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                items=items)
    window.item_list.select_item("item-2")
    _reveal(binding)
    window.item_list.select_item("item-1")
    _reveal(binding)
    bar = _open_find(qtbot, window, "needle")
    assert bar.count.text() == "1 of 1"
    pane = window.item_view.panes[bar.matches[0].side]
    qtbot.waitUntil(lambda: pane.scroll_area.verticalScrollBar().value() > 0)
    window.item_list.select_item("item-2")
    qtbot.waitUntil(lambda: bar.count.text() == "1 of 3")
    assert sum(len(_backgrounds(window, s)) for s in ("A", "B")) == 3


def test_find_reveals_nothing_while_the_responses_are_covered(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    assert binding.cover.covering
    bar = _open_find(qtbot, window, QUERY)
    assert bar.count.text() == "Responses hidden"  # not searched, so not "No matches"
    assert bar.matches == []
    _reveal(binding)
    assert not binding.cover.covering
    bar.search()
    assert bar.count.text().startswith("1 of ")


def test_the_next_item_is_searched_when_its_responses_are_uncovered(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """The bar stayed on the next item with the old query and "No matches" until the rater
    typed again; like a browser's find bar it searches the new item once it can be read."""
    items = [item("item-1", responses=[response("m1", "A needle."), response("m2", "Hay.")]),
             item("item-2", responses=[response("m1", "A needle and another needle."),
                                       response("m2", "One more needle.")])]
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot,
                                                items=items)
    window.item_list.select_item("item-1")
    _reveal(binding)
    bar = _open_find(qtbot, window, "needle")
    assert bar.count.text() == "1 of 1"
    window.item_list.select_item("item-2")
    qtbot.waitUntil(lambda: bar.count.text() == "Responses hidden")
    _reveal(binding)
    qtbot.waitUntil(lambda: bar.count.text() == "1 of 3")
    assert sum(len(_backgrounds(window, s)) for s in ("A", "B")) == 3


def test_the_counter_is_as_wide_as_its_longest_text(qtbot: Any, make_window: Any) -> None:
    bar = make_window().find_bar
    metrics = bar.count.fontMetrics()
    assert bar.count.minimumWidth() >= metrics.horizontalAdvance("Responses hidden")


def test_found_text_becomes_a_claim_with_ctrl_m_and_no_mouse(qtbot: Any, make_window: Any,
                                                             tmp_path: Path) -> None:
    from PySide6.QtWidgets import QApplication

    window, binding, _ = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    _reveal(binding)
    service = binding.service
    assert service is not None
    bar = _open_find(qtbot, window, "Crimson Mini costs")
    assert window.item_view.panes[_side_of(service, 1)].text_browser.textCursor().selectedText() \
        == "Crimson Mini costs"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    claims = service.rating.responses[1].claims
    assert [c.text for c in claims] == ["Crimson Mini costs"]
    assert not service.rating.responses[0].claims
    bar.field.selectAll()
    qtbot.keyClicks(bar.field, "red umbrellas")  # the other response: no stale selection
    other = window.item_view.panes[_side_of(service, 1)].text_browser
    assert not other.textCursor().hasSelection()


def _side_of(service: Any, true_index: int) -> str:
    return "A" if service.order.true_index("A") == true_index else "B"
