"""The practice pass over the first item: shown once per profile, skippable, from Help."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from steps_kit import open_rated_window

from rater_desktop import appdirs
from rater_desktop.first_run import practice_seen
from rater_desktop.gui.practice import (
    ACTION_NAME,
    CARDS,
    PracticeTour,
    focus_current_step,
    install_practice,
    place_card,
)
from rater_desktop.rating.model import Step


def _install(qtbot: Any, make_window: Any, tmp_path: Path) -> tuple[Any, Any, Any]:
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    controller = install_practice(window, data_dir=appdirs.data_dir(), rater_id="rater-1",
                                  focus_work=lambda: focus_current_step(binding.panel))
    return window, binding, controller


def _tour(qtbot: Any, window: Any) -> PracticeTour:
    qtbot.waitUntil(lambda: window.findChild(PracticeTour, "practiceCard") is not None
                    and window.findChild(PracticeTour, "practiceCard").isVisible(), timeout=3000)
    return window.findChild(PracticeTour, "practiceCard")


def test_the_first_open_item_starts_the_tour_on_the_prompt(qtbot: Any, make_window: Any,
                                                           tmp_path: Path) -> None:
    window, _binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    assert tour.title.text() == "The prompt"
    assert tour.counter.text() == f"Practice \u00b7 1 of {len(CARDS)}"
    prompt = window.findChild(QWidget, "promptHeader")

    def box() -> QRect:
        return QRect(prompt.mapTo(window, prompt.rect().topLeft()), prompt.size())

    # the frame follows the prompt while the item and the layout settle
    qtbot.waitUntil(lambda: tour.highlight.isVisible()
                    and tour.highlight.geometry().contains(box()), timeout=2000)
    assert not tour.geometry().intersects(box())  # the card does not hide what it explains
    assert not tour.back_button.isEnabled()


def test_keys_move_through_every_card_and_end_in_main_goal(qtbot: Any, make_window: Any,
                                                           tmp_path: Path) -> None:
    window, binding, controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    qtbot.keyClick(tour, Qt.Key.Key_Right)
    qtbot.keyClick(tour, Qt.Key.Key_Left)
    assert tour.index == 0
    titles = []
    for _ in CARDS:
        titles.append(tour.title.text())
        qtbot.keyClick(tour, Qt.Key.Key_Return)
    assert titles == [card.title for card in CARDS]
    assert "Rules show their IDs" in titles and any("CF-1" in c.text for c in CARDS)
    assert controller.tour is None and not tour.isVisible()
    assert practice_seen(data_dir=appdirs.data_dir(), rater_id="rater-1")
    main_goal = binding.panel.page(Step.CASE_FILE).main_goal
    qtbot.waitUntil(main_goal.hasFocus, timeout=2000)


def test_esc_skips_and_it_is_not_shown_again(qtbot: Any, make_window: Any,
                                             tmp_path: Path) -> None:
    window, binding, controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    qtbot.keyClick(tour, Qt.Key.Key_Escape)
    assert controller.tour is None
    assert practice_seen(data_dir=appdirs.data_dir(), rater_id="rater-1")
    binding.open_item("item-2")
    window2, _binding2, _controller2 = _install(qtbot, make_window, tmp_path / "again")
    QApplication.processEvents()
    QApplication.processEvents()
    assert window.findChild(PracticeTour) is None or not window.findChild(PracticeTour).isVisible()
    assert window2.findChild(PracticeTour) is None


def test_help_menu_shows_the_tour_again(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    window, _binding, controller = _install(qtbot, make_window, tmp_path)
    qtbot.keyClick(_tour(qtbot, window), Qt.Key.Key_Escape)
    action = window.findChild(QAction, ACTION_NAME)
    assert action is not None and action in window.findChild(QMenu, "menuHelp").actions()
    action.trigger()
    tour = _tour(qtbot, window)
    assert tour.index == 0 and controller.tour is tour


def test_the_card_goes_beside_its_target_and_stays_inside() -> None:
    area = (1366, 700)
    assert place_card(card=(380, 200), target=(0, 0, 700, 100), area=area) == (712, 0)
    assert place_card(card=(380, 200), target=(970, 100, 396, 80), area=area) == (578, 100)
    assert place_card(card=(380, 200), target=(0, 0, 1366, 100), area=area) == (0, 112)
    assert place_card(card=(380, 200), target=(0, 600, 1366, 90), area=area) == (0, 388)
    left, top = place_card(card=(380, 200), target=(0, 0, 1366, 700), area=area)
    assert 0 <= left <= area[0] - 380 and 0 <= top <= area[1] - 200


def test_the_tour_waits_for_a_dialog_in_front(qtbot: Any, make_window: Any,
                                              tmp_path: Path) -> None:
    from PySide6.QtWidgets import QDialog

    window, _binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    instructions = QDialog(window)
    instructions.setModal(True)
    instructions.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is instructions, timeout=2000)
    controller = install_practice(window, data_dir=appdirs.data_dir(), rater_id="rater-1",
                                  focus_work=lambda: None)
    qtbot.wait(100)
    assert controller.tour is None
    instructions.close()
    assert _tour(qtbot, window) is controller.tour


def test_a_returning_rater_starts_with_the_cursor_in_the_work(qtbot: Any, make_window: Any,
                                                              tmp_path: Path) -> None:
    # seen under Xvfb: after a restart the focus sat in the item filter, and the first
    # key typed went nowhere visible
    from PySide6.QtWidgets import QComboBox

    from rater_desktop.first_run import mark_practice_seen

    mark_practice_seen(data_dir=appdirs.data_dir(), rater_id="rater-1")
    window, binding, _store = open_rated_window(make_window, tmp_path, qtbot=qtbot)
    window.show()
    qtbot.waitExposed(window)
    binding.panel.page(Step.CASE_FILE).main_goal.setPlainText("Find wide shoes")
    first_in_chain = window.findChild(QComboBox, "itemFilterCombo")
    first_in_chain.setFocus()  # where Qt puts the focus of a freshly shown window
    qtbot.waitUntil(first_in_chain.hasFocus, timeout=3000)
    controller = install_practice(window, data_dir=appdirs.data_dir(), rater_id="rater-1",
                                  focus_work=lambda: focus_current_step(binding.panel))
    assert controller.tour is None
    page = binding.panel.page(Step.CASE_FILE)
    qtbot.waitUntil(lambda: page.main_goal.hasFocus(), timeout=3000)
    written = page.main_goal.toPlainText()
    qtbot.keyClicks(page.main_goal, " more")
    assert written == "Find wide shoes"
    assert page.main_goal.toPlainText() == written + " more"  # typed after, not before


def test_keys_typed_at_the_focused_card_button_move_the_tour(qtbot: Any, make_window: Any,
                                                             tmp_path: Path) -> None:
    """Real keys go to the focused button, not the card: Right there moved the focus on to
    the item list's filter (a button's own arrow-key focus move) and the tour stood still."""
    window, _binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(tour.next_button.hasFocus, timeout=2000)
    for key, index in ((Qt.Key.Key_Right, 1), (Qt.Key.Key_Right, 2), (Qt.Key.Key_Left, 1),
                       (Qt.Key.Key_Return, 2)):
        focused = QApplication.focusWidget()
        assert focused is not None and tour.isAncestorOf(focused)
        qtbot.keyClick(focused, key)
        assert tour.index == index


def test_the_end_of_the_tour_takes_the_focus_straight_to_the_work(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """Hiding the focused card first sent the focus on to the next widget in the chain
    (the item list's filter) on its way to Main goal (seen under Xvfb)."""
    window, binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(tour.next_button.hasFocus, timeout=2000)
    visited: list[Any] = []
    app = QApplication.instance()
    app.focusChanged.connect(lambda _old, new: visited.append(new))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    main_goal = binding.panel.page(Step.CASE_FILE).main_goal
    qtbot.waitUntil(main_goal.hasFocus, timeout=2000)
    assert visited == [main_goal]


def test_the_keys_card_lists_its_keys_in_a_column_of_their_own(qtbot: Any, make_window: Any,
                                                                tmp_path: Path) -> None:
    # "Ctrl+Enter or Alt+Down  Next step" / "E  Cite ...": the labels started wherever
    # each key ended. Each key now sits in a table cell, its label in the next.
    from html.parser import HTMLParser

    window, _binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    for _ in CARDS[:-1]:
        qtbot.keyClick(tour, Qt.Key.Key_Return)
    assert tour.title.text() == "Keys worth knowing"
    rows: list[list[str]] = []

    class Cells(HTMLParser):
        def handle_starttag(self, tag: str, _attrs: Any) -> None:
            if tag == "tr":
                rows.append([])
            elif tag == "td":
                rows[-1].append("")

        def handle_data(self, data: str) -> None:
            if rows and rows[-1]:
                rows[-1][-1] += data

    assert tour.text.textFormat() == Qt.TextFormat.RichText
    Cells().feed(tour.text.text())
    assert len(rows) == len(CARDS[-1].rows) and all(len(r) == 2 for r in rows)
    assert [r[0] for r in rows] == [key for key, _label in CARDS[-1].rows]
    assert "Practice tour shows this again" in tour.text.text()


def test_the_responses_card_follows_the_layout_on_screen(qtbot: Any, make_window: Any,
                                                         tmp_path: Path) -> None:
    """At 853x480 the responses show one at a time under tabs; the card said "side by
    side" there too, pointing at something the rater could not see."""
    window, _binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    window.resize(853, 480)
    qtbot.waitUntil(lambda: window.item_view.tabbed, timeout=2000)
    tour.advance()
    assert tour.title.text() == "Response A and Response B"
    assert "side by side" not in tour.text.text()
    assert "tabs" in tour.text.text()
    tour.back()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: not window.item_view.tabbed, timeout=2000)
    tour.advance()
    assert "side by side" in tour.text.text()


def test_every_tour_says_side_by_side_only_where_both_responses_show() -> None:
    from rater_desktop.preference.tour import CARDS as PREFERENCE_CARDS
    from rater_desktop.tour import card_text

    for card in (*CARDS, *PREFERENCE_CARDS):
        assert "side by side" not in card_text(card, tabbed=True), card.title


def test_the_keys_card_keeps_each_key_and_its_label_on_one_line(qtbot: Any, make_window: Any,
                                                                tmp_path: Path) -> None:
    """Seen under Xvfb at 853x480: the card kept its 50-character width, the keys'
    column took most of it and each label wrapped to 2-3 lines in a narrow column."""
    from dataclasses import replace

    from PySide6.QtWidgets import QLabel

    from rater_desktop.tour import card_rich_text

    window, _binding, _controller = _install(qtbot, make_window, tmp_path)
    tour = _tour(qtbot, window)
    window.resize(853, 480)
    for _ in CARDS[:-1]:
        qtbot.keyClick(tour, Qt.Key.Key_Return)
    assert tour.title.text() == "Keys worth knowing"
    table = QLabel(card_rich_text(replace(CARDS[-1], closing="")))
    table.setFont(tour.text.font())
    table.setWordWrap(True)
    assert table.heightForWidth(tour.text.width()) == table.heightForWidth(10_000)
    assert tour.geometry().right() < window.width()  # still inside the window
